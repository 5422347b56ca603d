#include "core/estimate/paramcounter.h"

#include "core/design/configvalidator.h"

#include <QCoreApplication>

#include <algorithm>
#include <limits>
#include <utility>

namespace tx {

namespace {

// Every product of validated sizes fits comfortably in 128 bits (the largest is
// layers·experts·d·d_ff < 2^73); totals are checked against int64 at the end.
using Wide = __int128;

constexpr Wide kInt64Max = std::numeric_limits<std::int64_t>::max();

struct Node
{
    QString key;
    Wide params = 0;
    std::vector<Node> children;

    Node &add(QString childKey, Wide p)
    {
        children.push_back({std::move(childKey), p, {}});
        return children.back();
    }
    // Drops empty children and sets params to their sum (leaves keep their own value).
    Wide settle()
    {
        if (children.empty())
            return params;
        Wide sum = 0;
        std::vector<Node> kept;
        kept.reserve(children.size());
        for (Node &c : children) {
            const Wide p = c.settle();
            if (p != 0) {
                sum += p;
                kept.push_back(std::move(c));
            }
        }
        children = std::move(kept);
        params = sum;
        return sum;
    }
    ParamNode narrow() const
    {
        ParamNode n;
        n.key = key;
        n.params = static_cast<std::int64_t>(params);
        n.children.reserve(children.size());
        for (const Node &c : children)
            n.children.push_back(c.narrow());
        return n;
    }
};

Wide normParams(const ModelConfig &c, Wide width)
{
    return c.norm == NormKind::LayerNorm ? 2 * width : width; // scale (+ bias)
}

// Per-layer pieces of one stack, as named flat numbers; the tree is assembled from these.
struct Parts
{
    std::vector<std::pair<QString, Wide>> items;

    void add(const char *key, Wide p) { items.push_back({QString::fromLatin1(key), p}); }
    Wide sum() const
    {
        Wide s = 0;
        for (const auto &[key, p] : items)
            s += p;
        return s;
    }
    void addTo(Node &n) const
    {
        for (const auto &[key, p] : items)
            n.add(key, p);
    }
    // Every part times n (n stored layers of the same attention).
    Parts times(Wide n) const
    {
        Parts out = *this;
        for (auto &item : out.items)
            item.second *= n;
        return out;
    }
};

// One layer's attention, per tensor; sinks only in self-attention.
Parts attentionParts(const ModelConfig &c, bool self = true)
{
    const Wide d = c.dModel;
    const Wide H = c.nHeads;
    Parts a;
    if (c.attention == AttentionKind::Mla) {
        // DeepseekV2Attention / DeepseekV3Attention (transformers): the projections from the
        // residual stream carry attention_bias (qkv_bias here), the up-projections never do.
        const Wide qHead = Wide(c.mla.qkNopeHeadDim) + c.mla.qkRopeHeadDim;
        const Wide qLora = c.mla.qLoraRank;
        const Wide kvLora = c.mla.kvLoraRank;
        const Wide rope = c.mla.qkRopeHeadDim;
        const Wide bias = c.qkvBias ? 1 : 0;
        if (qLora == 0) {
            a.add("q", d * H * qHead + bias * H * qHead); // q_proj (d, H·(nope+rope))
        } else {
            a.add("q_a", d * qLora + bias * qLora);       // q_a_proj (d, q_lora)
            a.add("q_a_norm", normParams(c, qLora));      // q_a_layernorm (q_lora)
            a.add("q_b", qLora * H * qHead);              // q_b_proj (q_lora, H·(nope+rope))
        }
        a.add("kv_a", d * (kvLora + rope) + bias * (kvLora + rope)); // kv_a_proj_with_mqa (d, kv_lora + rope)
        a.add("kv_a_norm", normParams(c, kvLora));                   // kv_a_layernorm (kv_lora)
        a.add("kv_b", kvLora * H * (Wide(c.mla.qkNopeHeadDim) + c.mla.vHeadDim)); // kv_b_proj (kv_lora, H·(nope+v))
        a.add("o", H * c.mla.vHeadDim * d + (c.attnOutBias ? d : 0));            // o_proj (H·v, d)
    } else {
        const Wide hd = c.effectiveHeadDim();
        const Wide qDim = H * hd;
        const Wide kvDim = Wide(c.nKvHeads) * hd;
        a.add("q", d * qDim + (c.qkvBias ? qDim : 0));   // (d, H·hd) + bias
        a.add("k", d * kvDim + (c.qkvBias ? kvDim : 0)); // (d, KV·hd) + bias
        a.add("v", d * kvDim + (c.qkvBias ? kvDim : 0)); // (d, KV·hd) + bias
        a.add("o", qDim * d + (c.attnOutBias ? d : 0));  // (H·hd, d) + bias
        switch (c.qkNorm) {
        case QkNorm::PerHead: // q_norm, k_norm over head_dim, shared by the heads (Qwen3, Gemma 3)
            a.add("q_norm", normParams(c, hd));
            a.add("k_norm", normParams(c, hd));
            break;
        case QkNorm::FullWidth: // over the projected width (OLMo 2)
            a.add("q_norm", normParams(c, qDim));
            a.add("k_norm", normParams(c, kvDim));
            break;
        case QkNorm::None:
        case QkNorm::Weightless: break; // Llama 4's L2 norm has no weights
        }
    }
    if (c.attentionSinks && self)
        a.add("sinks", H); // one learned logit per head (gpt-oss: self_attn.sinks (H))
    return a;
}

struct FfnParts
{
    Wide up = 0, gate = 0, down = 0;
    Wide sum() const { return up + gate + down; }
};

FfnParts ffnParts(const ModelConfig &c, Wide f)
{
    const Wide d = c.dModel;
    FfnParts p;
    p.up = d * f + (c.ffnBias ? f : 0); // (d, d_ff) + bias
    if (c.ffn == FfnKind::Gated3)
        p.gate = d * f + (c.ffnBias ? f : 0); // (d, d_ff) + bias
    p.down = f * d + (c.ffnBias ? d : 0); // (d_ff, d) + bias
    return p;
}

bool isSparseLayer(const ModelConfig &c, int i)
{
    if (!c.moe.enabled() || i < c.moe.firstDense)
        return false;
    if (std::find(c.moe.denseLayers.begin(), c.moe.denseLayers.end(), i) != c.moe.denseLayers.end())
        return false;
    return (i % c.moe.sparseEvery) == c.moe.sparseEvery - 1;
}

// Norms of one layer: two (one before each sublayer, or one after each), one for a parallel
// block that shares it, four for sandwich norms; cross-attention adds its own.
int normsPerLayer(const ModelConfig &c, bool cross)
{
    const int perSublayer = c.normPlacement == NormPlacement::Sandwich ? 2 : 1;
    int n = (c.parallelBlock && !c.parallelTwoNorms ? 1 : 2) * perSublayer;
    if (cross)
        n += perSublayer;
    return n;
}

// The FFN of layer i as stored and as one token runs it.
struct LayerFfn
{
    Wide total = 0, active = 0;
    FfnParts dense;
    Wide router = 0, scoreBias = 0, experts = 0, shared = 0;
};

LayerFfn layerFfn(const ModelConfig &c, bool sparse)
{
    LayerFfn f;
    if (!sparse) {
        f.dense = ffnParts(c, c.dFf);
        f.total = f.active = f.dense.sum();
        return f;
    }
    const Wide d = c.dModel;
    const Wide E = c.moe.numExperts;
    const Wide expert = ffnParts(c, c.moe.effectiveExpertDff(c.dFf)).sum();
    f.router = d * E + (c.moe.routerBias ? E : 0); // gate (d, E) + bias
    f.scoreBias = c.moe.scoreCorrectionBias ? E : 0; // e_score_correction_bias (E)
    f.experts = E * expert;
    f.shared = Wide(c.moe.sharedExperts) * ffnParts(c, c.moe.effectiveSharedDff(c.dFf)).sum();
    f.total = f.router + f.scoreBias + f.experts + f.shared;
    f.active = f.router + f.scoreBias + Wide(c.moe.topK) * expert + f.shared;
    return f;
}

// First layer of the sharing group that executed layer i belongs to.
int groupStart(const ModelConfig &c, int i)
{
    switch (c.sharing) {
    case Sharing::None: return i;
    case Sharing::AllLayers: return 0;
    case Sharing::Groups: return i - i % std::max(1, c.shareGroupSize);
    }
    return i;
}

struct StackTotals
{
    Node node;
    Wide stored = 0;
    Wide storedActive = 0;
    Wide executed = 0;
    Wide executedActive = 0;
    std::vector<LayerParams> layers;
};

// One stack (encoder or decoder). `cross` adds cross-attention to every layer.
StackTotals countStack(const ModelConfig &c, const QString &key, int nLayers, bool cross)
{
    StackTotals s;
    s.node.key = key;
    const Wide d = c.dModel;
    const Parts att = attentionParts(c);
    const Wide attSum = att.sum();
    const Parts crossAtt = attentionParts(c, false);
    const Wide crossAttSum = crossAtt.sum();
    const Wide relativeBias = c.positions == PositionKind::RelativeBuckets
        ? Wide(c.relativeBuckets) * c.nHeads // (buckets, H), only in the stack's first layer (T5)
        : 0;
    const Wide norms = normsPerLayer(c, cross) * normParams(c, d);

    // Stored totals by component, summed over stored layers.
    Wide storedLayers = 0; // every layer's attention has the same tensors: summed once, below
    FfnParts denseSum;
    Wide relSum = 0, routerSum = 0, scoreSum = 0, expertSum = 0, sharedSum = 0, normSum = 0;

    // A layer stores its own weights unless an earlier layer of its sharing group has the
    // same kind (dense or MoE): sharing never turns a sparse layer dense or the reverse, so
    // the executed model is the unshared one and only the stored count shrinks.
    bool groupHasDense = false, groupHasSparse = false;
    // A layer's FFN is one of two (dense or sparse): worked out once, not per layer.
    const LayerFfn denseFfn = layerFfn(c, false);
    const LayerFfn sparseFfn = c.moe.enabled() ? layerFfn(c, true) : denseFfn;
    s.layers.reserve(nLayers);
    for (int i = 0; i < nLayers; ++i) {
        if (groupStart(c, i) == i)
            groupHasDense = groupHasSparse = false;
        const bool sparse = isSparseLayer(c, i);
        bool &seen = sparse ? groupHasSparse : groupHasDense;
        const bool stored = !seen;
        seen = true;

        LayerParams lp;
        lp.stored = stored;
        lp.sparse = sparse;
        lp.attentionType = c.layerAttention(i);
        // The bias table lives in the stack's first layer and is reused by the rest, so it is
        // executed once even when every layer shares layer 0's weights.
        const Wide rel = i == 0 ? relativeBias : 0;
        lp.attention = static_cast<std::int64_t>(attSum + rel);
        lp.crossAttention = cross ? static_cast<std::int64_t>(crossAttSum) : 0;
        lp.norms = static_cast<std::int64_t>(norms);
        const LayerFfn &ffn = sparse ? sparseFfn : denseFfn;
        lp.ffn = static_cast<std::int64_t>(ffn.total);
        lp.ffnActive = static_cast<std::int64_t>(ffn.active);

        const Wide layerTotal = attSum + rel + (cross ? crossAttSum : 0) + norms + ffn.total;
        const Wide layerActive = layerTotal - ffn.total + ffn.active;
        s.executed += layerTotal;
        s.executedActive += layerActive;
        if (stored) {
            s.stored += layerTotal;
            s.storedActive += layerActive;
            ++storedLayers;
            relSum += rel;
            normSum += norms;
            denseSum.up += ffn.dense.up;
            denseSum.gate += ffn.dense.gate;
            denseSum.down += ffn.dense.down;
            routerSum += ffn.router;
            scoreSum += ffn.scoreBias;
            expertSum += ffn.experts;
            sharedSum += ffn.shared;
        }
        s.layers.push_back(lp);
    }

    Node &a = s.node.add(QStringLiteral("attention"), 0);
    if (storedLayers > 0)
        att.times(storedLayers).addTo(a);
    a.add(QStringLiteral("relative_bias"), relSum);
    if (cross) {
        Node &x = s.node.add(QStringLiteral("cross_attention"), 0);
        if (storedLayers > 0)
            crossAtt.times(storedLayers).addTo(x);
    }
    Node &f = s.node.add(QStringLiteral("ffn"), 0);
    f.add(QStringLiteral("gate"), denseSum.gate);
    f.add(QStringLiteral("up"), denseSum.up);
    f.add(QStringLiteral("down"), denseSum.down);
    Node &m = s.node.add(QStringLiteral("moe"), 0);
    m.add(QStringLiteral("router"), routerSum);
    m.add(QStringLiteral("score_bias"), scoreSum);
    m.add(QStringLiteral("experts"), expertSum);
    m.add(QStringLiteral("shared_experts"), sharedSum);
    s.node.add(QStringLiteral("norms"), normSum);
    if (c.finalNorm) {
        const Wide fn = normParams(c, d);
        s.node.add(QStringLiteral("final_norm"), fn);
        s.stored += fn;
        s.storedActive += fn;
        s.executed += fn;
        s.executedActive += fn;
    }
    return s;
}

// DeepSeek-V3 §2.2 multi-token prediction: each module has two RMSNorms (enorm, hnorm), a
// projection eh_proj (2d, d) without bias, one Transformer block (MoE when the layer after the
// stack would be) and the shared head's norm; the embedding and the output head are the main
// model's (DeepseekV3 checkpoints store copies of them in layer 61, not counted here).
std::pair<Wide, Wide> mtpParams(const ModelConfig &c)
{
    if (c.mtpLayers <= 0)
        return {0, 0};
    const Wide d = c.dModel;
    const LayerFfn ffn = layerFfn(c, isSparseLayer(c, c.decoderLayers()));
    const Wide fixed = 2 * normParams(c, d) + 2 * d * d + attentionParts(c).sum() + normsPerLayer(c, false) * normParams(c, d)
        + normParams(c, d);
    return {Wide(c.mtpLayers) * (fixed + ffn.total), Wide(c.mtpLayers) * (fixed + ffn.active)};
}

Wide loraParams(const ModelConfig &c)
{
    if (!c.lora.enabled())
        return 0;
    const Wide r = c.lora.rank;
    const Wide d = c.dModel;
    const Wide hd = c.effectiveHeadDim();
    const Wide qDim = Wide(c.nHeads) * hd;
    const Wide kvDim = Wide(c.nKvHeads) * hd;
    const Wide f = c.dFf;
    // LoRA on a (d_in, d_out) matrix adds A (d_in, r) and B (r, d_out): r·(d_in + d_out).
    Wide perLayer = 0;
    if (c.lora.q)
        perLayer += r * (d + qDim);
    if (c.lora.k)
        perLayer += r * (d + kvDim);
    if (c.lora.v)
        perLayer += r * (d + kvDim);
    if (c.lora.o)
        perLayer += r * (qDim + d);
    if (c.lora.ffn)
        perLayer += (c.ffn == FfnKind::Gated3 ? 3 : 2) * r * (d + f);
    // Self-attention and FFN adapters on every executed layer; cross-attention is left frozen.
    return perLayer * c.totalLayers();
}

struct ParamCounter
{
    Q_DECLARE_TR_FUNCTIONS(tx::ParamCounter)
};

} // namespace

const ParamNode *ParamNode::child(const QString &childKey) const
{
    for (const ParamNode &c : children)
        if (c.key == childKey)
            return &c;
    return nullptr;
}

const ParamNode *ParamNode::find(const QString &path) const
{
    const ParamNode *n = this;
    for (const QStringView part : QStringView(path).split(u'.')) {
        n = n->child(part.toString());
        if (!n)
            return nullptr;
    }
    return n;
}

Expected<ParamCount, Error> countParams(const ModelConfig &c)
{
    if (const std::vector<Error> errors = validate(c); !errors.empty())
        return errors.front();

    const Wide d = c.dModel;
    const Wide e = c.effectiveEmbeddingDim();
    const Wide V = c.vocabSize;

    Node root{QStringLiteral("model"), 0, {}};

    // Embeddings: one token table shared by encoder and decoder (Vaswani §3.4, T5).
    Node &emb = root.add(QStringLiteral("embeddings"), 0);
    const Wide token = V * e; // (V, e)
    const Wide position = c.positions == PositionKind::Learned ? Wide(c.maxPositions) * e : 0; // (P, e)
    const Wide tokenType = Wide(c.tokenTypes) * e; // (T, e)
    emb.add(QStringLiteral("token"), token);
    emb.add(QStringLiteral("position"), position);
    emb.add(QStringLiteral("token_type"), tokenType);
    emb.add(QStringLiteral("norm"), c.embeddingNorm ? normParams(c, e) : 0);
    emb.add(QStringLiteral("projection"), e != d ? e * d + d : 0); // (e, d) + bias (ALBERT)

    Wide stacksStored = 0, stacksStoredActive = 0, stacksExecuted = 0, stacksExecutedActive = 0;
    ParamCount out;
    auto addStack = [&](StackTotals &&s, std::vector<LayerParams> &layersOut) {
        stacksStored += s.stored;
        stacksStoredActive += s.storedActive;
        stacksExecuted += s.executed;
        stacksExecutedActive += s.executedActive;
        layersOut = std::move(s.layers);
        root.children.push_back(std::move(s.node));
    };
    if (c.encoderLayers() > 0)
        addStack(countStack(c, QStringLiteral("encoder"), c.encoderLayers(), false), out.encoderLayers);
    if (c.decoderLayers() > 0) {
        addStack(countStack(c, QStringLiteral("decoder"), c.decoderLayers(), c.layout == Layout::EncoderDecoder),
                 out.decoderLayers);
    }

    Wide lmHead = 0;
    if (c.lmHead) {
        Node &head = root.add(QStringLiteral("lm_head"), 0);
        if (!c.tiedEmbeddings)
            lmHead = d * V; // (d, V)
        head.add(QStringLiteral("weight"), lmHead);
        head.add(QStringLiteral("bias"), c.lmHeadBias ? V : 0);
    }
    const Wide pooler = c.pooler ? d * d + d : 0; // (d, d) + bias
    root.add(QStringLiteral("pooler"), pooler);

    const Wide total = root.settle();
    const Wide outside = total - stacksStored; // embeddings, LM head, pooler
    const Wide executed = outside + stacksExecuted;
    const Wide lora = loraParams(c);
    const auto [mtp, mtpActive] = mtpParams(c);
    if (executed > kInt64Max || lora > kInt64Max || mtp > kInt64Max) {
        return Error{{}, QStringLiteral("d_model"),
                     ParamCounter::tr("the design has more than 9.2 × 10^18 parameters, past what can be counted exactly; "
                        "reduce the width, depth, vocabulary or experts")};
    }

    out.total = static_cast<std::int64_t>(total);
    out.active = static_cast<std::int64_t>(outside + stacksStoredActive);
    out.executed = static_cast<std::int64_t>(executed);
    out.executedActive = static_cast<std::int64_t>(outside + stacksExecutedActive);
    const Wide embeddingTables = token + position + tokenType;
    out.embedding = static_cast<std::int64_t>(embeddingTables + lmHead);
    out.nonEmbedding = out.total - out.embedding;
    const Wide headBias = c.lmHead && c.lmHeadBias ? V : 0;
    out.forwardMatmul = static_cast<std::int64_t>(stacksExecutedActive + (outside - embeddingTables - lmHead - headBias));
    out.lmHeadMatmul = c.lmHead ? static_cast<std::int64_t>(d * V) : 0;
    out.lora = static_cast<std::int64_t>(lora);
    // The input lookup tables a token does not multiply through; a tied table is the head too.
    const Wide inputTables = (c.tiedEmbeddings && c.lmHead ? 0 : token) + position + tokenType;
    out.activeWithoutInputEmbedding = static_cast<std::int64_t>(outside + stacksStoredActive - inputTables);
    out.mtp = static_cast<std::int64_t>(mtp);
    out.mtpActive = static_cast<std::int64_t>(mtpActive);
    out.breakdown = root.narrow();
    return out;
}

std::int64_t linearParams(std::int64_t dIn, std::int64_t dOut, bool bias)
{
    return dIn * dOut + (bias ? dOut : 0); // W (d_in, d_out) + b (d_out)
}

std::int64_t mlpParams(const std::vector<std::int64_t> &widths, bool bias)
{
    std::int64_t sum = 0;
    for (std::size_t i = 1; i < widths.size(); ++i)
        sum += linearParams(widths[i - 1], widths[i], bias);
    return sum;
}

std::int64_t lstmParams(std::int64_t dIn, std::int64_t dHidden)
{
    // Four gates (input, forget, cell, output), each W (d_in + d_h, d_h) + b (d_h).
    return 4 * (dHidden * (dIn + dHidden) + dHidden);
}

} // namespace tx
