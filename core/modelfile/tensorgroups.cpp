#include "core/modelfile/tensorgroups.h"

#include <QRegularExpression>

#include <limits>
#include <map>

namespace tx {

namespace {

const QRegularExpression &layerPattern()
{
    // model.layers.3., transformer.h.3., blk.3., encoder.layer.3., model.decoder.layers.3., …
    static const QRegularExpression re(QStringLiteral("(^|\\.)(layers|layer|h|blk|block|blocks)\\.(\\d+)\\."));
    return re;
}

bool containsAny(const QString &s, std::initializer_list<const char *> parts)
{
    for (const char *p : parts)
        if (s.contains(QLatin1String(p)))
            return true;
    return false;
}

} // namespace

QString toString(TensorKind kind)
{
    switch (kind) {
    case TensorKind::Embeddings: return QStringLiteral("embeddings");
    case TensorKind::Attention: return QStringLiteral("attention");
    case TensorKind::Mlp: return QStringLiteral("mlp");
    case TensorKind::Experts: return QStringLiteral("experts");
    case TensorKind::Norms: return QStringLiteral("norms");
    case TensorKind::Head: return QStringLiteral("head");
    case TensorKind::Other: return QStringLiteral("other");
    }
    return {};
}

TensorKind TensorGroups::kindOf(const QString &name, int *layer)
{
    const QRegularExpressionMatch m = layerPattern().match(name);
    if (layer)
        *layer = m.hasMatch() ? m.captured(3).toInt() : -1;
    if (m.hasMatch()) {
        const QString rest = name.mid(m.capturedEnd());
        // Norms first: post_attention_layernorm is a norm, not attention.
        if (containsAny(rest, {"norm", "ln_", "ln1", "ln2"}))
            return TensorKind::Norms;
        if (containsAny(rest, {"experts", "_exps", "_shexp", "router", "block_sparse_moe", "ffn_gate_inp", "mlp.gate.",
                               "shared_expert"}))
            return TensorKind::Experts;
        if (containsAny(rest, {"attn", "attention"}))
            return TensorKind::Attention;
        if (containsAny(rest, {"mlp", "ffn", "feed_forward"}))
            return TensorKind::Mlp;
        return TensorKind::Other;
    }
    if (containsAny(name, {"embed_tokens", "wte.", "wpe.", "token_embd", "position_embd", "word_embeddings",
                           "position_embeddings", "token_type_embeddings", "tok_embeddings", "embed_positions"}))
        return TensorKind::Embeddings;
    if (name.startsWith(QLatin1String("lm_head")) || name == QLatin1String("output.weight")
        || name == QLatin1String("output.bias") || name.startsWith(QLatin1String("embed_out")))
        return TensorKind::Head;
    if (containsAny(name, {"norm", "ln_f"}))
        return TensorKind::Norms;
    return TensorKind::Other;
}

QString TensorGroups::pattern(const QString &name)
{
    const QRegularExpressionMatch m = layerPattern().match(name);
    if (!m.hasMatch())
        return name;
    return name.left(m.capturedStart(3)) + QLatin1Char('N') + name.mid(m.capturedEnd(3));
}

TensorGroups TensorGroups::build(const ModelFile &file)
{
    TensorGroups out;
    std::map<std::pair<int, int>, TensorGroup> byKey; // (layer, kind) in tree order
    for (int i = 0; i < int(file.tensors.size()); ++i) {
        const TensorInfo &t = file.tensors[std::size_t(i)];
        int layer = -1;
        const TensorKind kind = kindOf(t.name, &layer);
        // Tree order: embeddings (-2), layers 0…, then final norm, head and other at the end.
        int order = layer;
        if (layer < 0)
            order = kind == TensorKind::Embeddings ? -2 : std::numeric_limits<int>::max() - 3 + int(kind == TensorKind::Head) +
                                                             2 * int(kind == TensorKind::Other);
        TensorGroup &g = byKey[{order, int(kind)}];
        if (g.tensors.empty()) {
            g.kind = kind;
            g.layer = layer;
            if (layer >= 0)
                g.key = QStringLiteral("layers.%1.").arg(layer) + toString(kind);
            else
                g.key = kind == TensorKind::Norms ? QStringLiteral("norm") : toString(kind);
        }
        g.tensors.push_back(i);
        g.params += t.params;
        g.elements += t.elements;
        g.bytes += t.bytes;
        out.m_layers = std::max(out.m_layers, layer + 1);
    }
    for (auto &[key, g] : byKey)
        out.m_groups.push_back(std::move(g));
    return out;
}

std::int64_t TensorGroups::params(TensorKind kind) const
{
    std::int64_t n = 0;
    for (const TensorGroup &g : m_groups)
        if (g.kind == kind)
            n += g.params;
    return n;
}

std::int64_t TensorGroups::bytes(TensorKind kind) const
{
    std::int64_t n = 0;
    for (const TensorGroup &g : m_groups)
        if (g.kind == kind)
            n += g.bytes;
    return n;
}

} // namespace tx
