#include "core/modelfile/tensorformat.h"

#include <QStringList>

#include <map>

namespace tx {

namespace {

// safetensors' Dtype::bitsize (huggingface/safetensors, safetensors/src/tensor.rs at
// 24b0b28, 2026-05-12): sub-byte MX formats (F4, F6_*) since 0.6, a tensor of them must end on a
// byte boundary.
const std::map<QString, int> &safetensorsTable()
{
    static const std::map<QString, int> table = {
        {QStringLiteral("BOOL"), 8},        {QStringLiteral("F4"), 4},
        {QStringLiteral("F6_E2M3"), 6},     {QStringLiteral("F6_E3M2"), 6},
        {QStringLiteral("U8"), 8},          {QStringLiteral("I8"), 8},
        {QStringLiteral("F8_E5M2"), 8},     {QStringLiteral("F8_E4M3"), 8},
        {QStringLiteral("F8_E8M0"), 8},     {QStringLiteral("F8_E4M3FNUZ"), 8},
        {QStringLiteral("F8_E5M2FNUZ"), 8}, {QStringLiteral("I16"), 16},
        {QStringLiteral("U16"), 16},        {QStringLiteral("F16"), 16},
        {QStringLiteral("BF16"), 16},       {QStringLiteral("I32"), 32},
        {QStringLiteral("U32"), 32},        {QStringLiteral("F32"), 32},
        {QStringLiteral("C64"), 64},        {QStringLiteral("F64"), 64},
        {QStringLiteral("I64"), 64},        {QStringLiteral("U64"), 64},
    };
    return table;
}

} // namespace

int TensorFormat::safetensorsBits(const QString &dtype)
{
    const auto it = safetensorsTable().find(dtype);
    return it == safetensorsTable().end() ? 0 : it->second;
}

QStringList TensorFormat::safetensorsDtypes()
{
    QStringList names;
    for (const auto &[name, bits] : safetensorsTable())
        names << name;
    return names;
}

// ggml's type_traits table (ggml-org/ggml src/ggml.c at d99724f, 2026-08-21: blck_size and
// type_size) with the block structs of src/ggml-common.h, whose static_asserts fix each size:
// e.g. block_q4_K = 2 halves + K_SCALE_SIZE (12) + QK_K/2 = 144 bytes per QK_K = 256 values.
// Ids are the file's ggml_type values (docs/gguf.md; 4, 5, 31-33 and 36-38 were removed).
const std::vector<GgmlType> &TensorFormat::ggmlTypes()
{
    auto t = [](std::uint32_t id, const char *name, int elements, int bytes, bool quantized) {
        return GgmlType{id, QString::fromLatin1(name), elements, bytes, quantized};
    };
    static const std::vector<GgmlType> types = {
        t(0, "F32", 1, 4, false),
        t(1, "F16", 1, 2, false),
        t(2, "Q4_0", 32, 18, true),      // half d + 16 bytes of nibbles
        t(3, "Q4_1", 32, 20, true),      // d, m + 16
        t(6, "Q5_0", 32, 22, true),      // d + 4 bytes of high bits + 16
        t(7, "Q5_1", 32, 24, true),      // d, m + 4 + 16
        t(8, "Q8_0", 32, 34, true),      // d + 32
        t(9, "Q8_1", 32, 36, true),      // d, s + 32
        t(10, "Q2_K", 256, 84, true),    // 2 halves + 16 scales + 64
        t(11, "Q3_K", 256, 110, true),   // half + 64 + 32 + 12
        t(12, "Q4_K", 256, 144, true),   // 2 halves + 12 + 128
        t(13, "Q5_K", 256, 176, true),   // 2 halves + 12 + 128 + 32
        t(14, "Q6_K", 256, 210, true),   // half + 16 + 192
        t(15, "Q8_K", 256, 292, true),   // float + 256 + 16 int16 sums
        t(16, "IQ2_XXS", 256, 66, true), // half + 32 uint16
        t(17, "IQ2_XS", 256, 74, true),  // half + 32 uint16 + 8
        t(18, "IQ3_XXS", 256, 98, true), // half + 96
        t(19, "IQ1_S", 256, 50, true),   // half + 32 + 16
        t(20, "IQ4_NL", 32, 18, true),   // half + 16
        t(21, "IQ3_S", 256, 110, true),  // half + 13·8 + 4
        t(22, "IQ2_S", 256, 82, true),   // half + 64 + 16
        t(23, "IQ4_XS", 256, 136, true), // half + uint16 + 4 + 128
        t(24, "I8", 1, 1, false),
        t(25, "I16", 1, 2, false),
        t(26, "I32", 1, 4, false),
        t(27, "I64", 1, 8, false),
        t(28, "F64", 1, 8, false),
        t(29, "IQ1_M", 256, 56, true),   // 32 + 16 + 8
        t(30, "BF16", 1, 2, false),
        t(34, "TQ1_0", 256, 54, true),   // 48 + 4 + half
        t(35, "TQ2_0", 256, 66, true),   // 64 + half
        t(39, "MXFP4", 32, 17, true),    // E8M0 scale + 16 bytes of E2M1 pairs
        t(40, "NVFP4", 64, 36, true),    // 4 E4M3 scales + 32
        t(41, "Q1_0", 128, 18, true),    // half + 16
        t(42, "Q2_0", 64, 18, true),     // half + 16
    };
    return types;
}

const GgmlType *TensorFormat::ggml(std::uint32_t id)
{
    for (const GgmlType &type : ggmlTypes())
        if (type.id == id)
            return &type;
    return nullptr;
}

} // namespace tx
