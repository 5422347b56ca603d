#include "core/modelfile/packedweights.h"

#include <QSet>

namespace tx {

namespace {

bool isBuffer(const TensorInfo &t)
{
    if (t.name == QLatin1String("rope_freqs.weight") || t.name.endsWith(QLatin1String(".rope_freqs.weight"))
        || t.name.endsWith(QLatin1String("rotary_emb.inv_freq")) || t.name.endsWith(QLatin1String(".attn.masked_bias")))
        return true;
    // GPT-2's lower-triangular mask [1, 1, n_positions, n_positions], saved by older transformers.
    return t.name.endsWith(QLatin1String(".attn.bias")) && t.shape.size() == 4;
}

} // namespace

void PackedWeights::classify(std::vector<TensorInfo> &tensors)
{
    QSet<QString> names;
    names.reserve(qsizetype(tensors.size()));
    for (const TensorInfo &t : tensors)
        names.insert(t.name);

    static const QString blocks = QStringLiteral("_blocks");
    static const QString scales = QStringLiteral("_scales");
    static const QStringList fp8Scales = {QStringLiteral(".weight_scale_inv"), QStringLiteral(".weight_scale"),
                                          QStringLiteral(".input_scale")};
    for (TensorInfo &t : tensors) {
        t.role = TensorRole::Weight;
        t.packed = false;
        t.params = t.elements;
        if (isBuffer(t)) {
            t.role = TensorRole::Buffer;
            t.params = 0;
            continue;
        }
        if (t.name.endsWith(blocks) && t.dtype == QLatin1String("U8")
            && names.contains(t.name.chopped(blocks.size()) + scales)) {
            t.packed = true;
            t.params = 2 * t.elements; // two E2M1 values per byte
            continue;
        }
        if (t.name.endsWith(scales) && names.contains(t.name.chopped(scales.size()) + blocks)) {
            t.role = TensorRole::Scale;
            t.params = 0;
            continue;
        }
        for (const QString &suffix : fp8Scales) {
            if (t.name.endsWith(suffix) && names.contains(t.name.chopped(suffix.size()) + QStringLiteral(".weight"))) {
                t.role = TensorRole::Scale;
                t.params = 0;
                break;
            }
        }
    }
}

} // namespace tx
