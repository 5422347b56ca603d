#pragma once

#include <QString>

#include <cstdint>
#include <vector>

namespace tx {

// One ggml tensor type as GGUF stores it: `blockElements` values packed into `blockBytes`
// bytes. A tensor's first dimension (ne[0]) must be a whole number of blocks.
struct GgmlType
{
    std::uint32_t id = 0;   // the ggml_type value written in the file
    QString name;           // upper case, as gguf-py names it: "Q4_K", "F32"
    int blockElements = 1;  // values per block
    int blockBytes = 0;     // bytes per block
    bool quantized = false;

    double bitsPerWeight() const { return 8.0 * blockBytes / blockElements; }
};

// The element formats of safetensors and GGUF, from their specifications (cited in the .cpp).
class TensorFormat
{
public:
    // Bits per element of a safetensors dtype ("BF16" → 16, "F4" → 4); 0 when the format's
    // specification does not name it.
    static int safetensorsBits(const QString &dtype);
    static QStringList safetensorsDtypes();

    // The ggml type with that id, or nullptr for an unknown or removed one.
    static const GgmlType *ggml(std::uint32_t id);
    static const std::vector<GgmlType> &ggmlTypes();
};

} // namespace tx
