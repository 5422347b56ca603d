#include "core/modelfile/tensorgroups.h"


#include <limits>
#include <map>

namespace tx {

namespace {

// Finds the layer number in model.layers.3., transformer.h.3., blk.3., encoder.layer.3.,
// model.decoder.layers.3., …: a segment naming a stack of layers, then a number, then more.
// Sets the number's span; false when the name has none. (A hand scan: 90,000 names a
// checkpoint, where a regular expression per name cost a tenth of a second.)
bool findLayer(const QString &name, qsizetype *digitsBegin, qsizetype *digitsEnd, int *layer)
{
    static const QLatin1String stacks[] = {QLatin1String("layers"), QLatin1String("layer"), QLatin1String("h"),
                                           QLatin1String("blk"), QLatin1String("block"), QLatin1String("blocks"),
                                           QLatin1String("albert_layer_groups")}; // ALBERT: one per stored group
    const qsizetype n = name.size();
    qsizetype segment = 0;
    while (segment < n) {
        qsizetype dot = name.indexOf(QLatin1Char('.'), segment);
        if (dot < 0)
            return false;
        const QStringView word = QStringView(name).mid(segment, dot - segment);
        bool isStack = false;
        for (const QLatin1String &s : stacks)
            if (word == s)
                isStack = true;
        if (isStack) {
            qsizetype i = dot + 1;
            while (i < n && name[i].isDigit())
                ++i;
            if (i > dot + 1 && i < n && name[i] == QLatin1Char('.')) {
                *digitsBegin = dot + 1;
                *digitsEnd = i;
                *layer = QStringView(name).mid(dot + 1, i - dot - 1).toInt();
                return true;
            }
        }
        segment = dot + 1;
    }
    return false;
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
    qsizetype begin = 0, end = 0;
    int number = -1;
    const bool inLayer = findLayer(name, &begin, &end, &number);
    if (layer)
        *layer = inLayer ? number : -1;
    if (inLayer) {
        const QString rest = name.mid(end + 1);
        // Norms first: post_attention_layernorm is a norm, not attention.
        if (containsAny(rest, {"norm", "LayerNorm", "ln_", "ln1", "ln2"}))
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
    // BERT's and ALBERT's embedding LayerNorm and ALBERT's e → d projection count with the
    // embeddings, as ParamCounter counts them.
    if (containsAny(name, {"embed_tokens", "wte.", "wpe.", "token_embd", "position_embd", "word_embeddings",
                           "position_embeddings", "token_type_embeddings", "tok_embeddings", "embed_positions",
                           "embeddings.LayerNorm", "embedding_hidden_mapping_in"}))
        return TensorKind::Embeddings;
    // The masked-LM head (AlbertMLMHead predictions.*, BERT's cls.predictions.*) with its transform.
    if (name.startsWith(QLatin1String("lm_head")) || name == QLatin1String("output.weight")
        || name == QLatin1String("output.bias") || name.startsWith(QLatin1String("embed_out"))
        || name.startsWith(QLatin1String("predictions.")) || name.startsWith(QLatin1String("cls.predictions.")))
        return TensorKind::Head;
    if (containsAny(name, {"norm", "ln_f"}))
        return TensorKind::Norms;
    return TensorKind::Other;
}

QString TensorGroups::pattern(const QString &name)
{
    qsizetype begin = 0, end = 0;
    int layer = -1;
    if (!findLayer(name, &begin, &end, &layer))
        return name;
    return name.left(begin) + QLatin1Char('N') + name.mid(end);
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
