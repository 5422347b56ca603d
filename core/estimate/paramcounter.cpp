#include "core/estimate/paramcounter.h"

#include "core/design/configvalidator.h"

#include <QCoreApplication>

#include <limits>

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

// Per-layer pieces of one stack, as flat numbers; the tree is assembled from these.
struct AttentionParts
{
    Wide q = 0, k = 0, v = 0, o = 0;
    Wide sum() const { return q + k + v + o; }
};

AttentionParts attentionParts(const ModelConfig &c)
{
    const Wide d = c.dModel;
    const Wide hd = c.effectiveHeadDim();
    const Wide qDim = Wide(c.nHeads) * hd;
    const Wide kvDim = Wide(c.nKvHeads) * hd;
    AttentionParts a;
    a.q = d * qDim + (c.qkvBias ? qDim : 0);   // (d, H·hd) + bias
    a.k = d * kvDim + (c.qkvBias ? kvDim : 0); // (d, KV·hd) + bias
    a.v = d * kvDim + (c.qkvBias ? kvDim : 0); // (d, KV·hd) + bias
    a.o = qDim * d + (c.attnOutBias ? d : 0);  // (H·hd, d) + bias
    return a;
}

struct FfnParts
{
    Wide up = 0, gate = 0, down = 0;
    Wide sum() const { return up + gate + down; }
};

FfnParts ffnParts(const ModelConfig &c)
{
    const Wide d = c.dModel;
    const Wide f = c.dFf;
    FfnParts p;
    p.up = d * f + (c.ffnBias ? f : 0); // (d, d_ff) + bias
    if (c.ffn == FfnKind::Gated3)
        p.gate = d * f + (c.ffnBias ? f : 0); // (d, d_ff) + bias
    p.down = f * d + (c.ffnBias ? d : 0); // (d_ff, d) + bias
    return p;
}

bool isSparseLayer(const ModelConfig &c, int i)
{
    return c.moe.enabled() && (i % c.moe.sparseEvery) == c.moe.sparseEvery - 1;
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
    const AttentionParts att = attentionParts(c);
    const FfnParts ffn = ffnParts(c);
    const Wide expertsRouter = d * c.moe.numExperts + (c.moe.routerBias ? c.moe.numExperts : 0); // (d, E)
    const Wide relativeBias = c.positions == PositionKind::RelativeBuckets
        ? Wide(c.relativeBuckets) * c.nHeads // (buckets, H), only in the stack's first layer (T5)
        : 0;

    int normsPerLayer = c.parallelBlock && !c.parallelTwoNorms ? 1 : 2;
    if (cross)
        normsPerLayer += 1;

    // Stored totals by component, summed over stored layers.
    AttentionParts selfSum, crossSum;
    FfnParts denseSum;
    Wide relSum = 0, routerSum = 0, expertSum = 0, sharedSum = 0, normSum = 0;

    // A layer stores its own weights unless an earlier layer of its sharing group has the
    // same kind (dense or MoE): sharing never turns a sparse layer dense or the reverse, so
    // the executed model is the unshared one and only the stored count shrinks.
    bool groupHasDense = false, groupHasSparse = false;
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
        // The bias table lives in the stack's first layer and is reused by the rest, so it is
        // executed once even when every layer shares layer 0's weights.
        const Wide rel = i == 0 ? relativeBias : 0;
        lp.attention = static_cast<std::int64_t>(att.sum() + rel);
        lp.crossAttention = cross ? static_cast<std::int64_t>(att.sum()) : 0;
        const Wide norms = normsPerLayer * normParams(c, d);
        lp.norms = static_cast<std::int64_t>(norms);
        Wide layerFfn = 0;
        Wide layerFfnActive = 0;
        if (sparse) {
            const Wide shared = Wide(c.moe.sharedExperts) * ffn.sum();
            layerFfn = expertsRouter + Wide(c.moe.numExperts) * ffn.sum() + shared;
            layerFfnActive = expertsRouter + Wide(c.moe.topK) * ffn.sum() + shared;
            if (stored) {
                routerSum += expertsRouter;
                expertSum += Wide(c.moe.numExperts) * ffn.sum();
                sharedSum += shared;
            }
        } else {
            layerFfn = layerFfnActive = ffn.sum();
            if (stored) {
                denseSum.up += ffn.up;
                denseSum.gate += ffn.gate;
                denseSum.down += ffn.down;
            }
        }
        lp.ffn = static_cast<std::int64_t>(layerFfn);
        lp.ffnActive = static_cast<std::int64_t>(layerFfnActive);

        const Wide layerTotal = att.sum() + rel + (cross ? att.sum() : 0) + norms + layerFfn;
        const Wide layerActive = layerTotal - layerFfn + layerFfnActive;
        s.executed += layerTotal;
        s.executedActive += layerActive;
        if (stored) {
            s.stored += layerTotal;
            s.storedActive += layerActive;
            selfSum.q += att.q;
            selfSum.k += att.k;
            selfSum.v += att.v;
            selfSum.o += att.o;
            relSum += rel;
            if (cross) {
                crossSum.q += att.q;
                crossSum.k += att.k;
                crossSum.v += att.v;
                crossSum.o += att.o;
            }
            normSum += norms;
        }
        s.layers.push_back(lp);
    }

    Node &a = s.node.add(QStringLiteral("attention"), 0);
    a.add(QStringLiteral("q"), selfSum.q);
    a.add(QStringLiteral("k"), selfSum.k);
    a.add(QStringLiteral("v"), selfSum.v);
    a.add(QStringLiteral("o"), selfSum.o);
    a.add(QStringLiteral("relative_bias"), relSum);
    if (cross) {
        Node &x = s.node.add(QStringLiteral("cross_attention"), 0);
        x.add(QStringLiteral("q"), crossSum.q);
        x.add(QStringLiteral("k"), crossSum.k);
        x.add(QStringLiteral("v"), crossSum.v);
        x.add(QStringLiteral("o"), crossSum.o);
    }
    Node &f = s.node.add(QStringLiteral("ffn"), 0);
    f.add(QStringLiteral("gate"), denseSum.gate);
    f.add(QStringLiteral("up"), denseSum.up);
    f.add(QStringLiteral("down"), denseSum.down);
    Node &m = s.node.add(QStringLiteral("moe"), 0);
    m.add(QStringLiteral("router"), routerSum);
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

QString tr(const char *text)
{
    return QCoreApplication::translate("tx::ParamCounter", text);
}

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
    if (executed > kInt64Max || lora > kInt64Max) {
        return Error{{}, QStringLiteral("d_model"),
                     tr("the design has more than 9.2 × 10^18 parameters, past what can be counted exactly; "
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
