#include "core/estimate/weighttensors.h"

#include <algorithm>

namespace tx {

namespace {

using Role = WeightTensor::Role;
using Expert = WeightTensor::Expert;

// Appends tensors of one layer (or of the embeddings, layer -1) with the same stack flags.
struct Emitter
{
    std::vector<WeightTensor> &out;
    int layer = -1;
    bool decoder = true;
    bool cross = false;
    Expert expert = Expert::None;
    std::int64_t copies = 1;

    void tensor(Role role, std::int64_t rows, std::int64_t cols) const
    {
        WeightTensor t;
        t.role = role;
        t.layer = layer;
        t.decoder = decoder;
        t.cross = cross;
        t.expert = expert;
        t.rows = rows;
        t.cols = cols;
        t.copies = copies;
        out.push_back(t);
    }
    void bias(Role of, std::int64_t width) const
    {
        tensor(Role::Bias, 1, width);
        out.back().biasOf = of;
    }
    // A linear layer y = Wx (+ b): W (out, in), b (out).
    void linear(Role role, std::int64_t in, std::int64_t outFeatures, bool withBias) const
    {
        tensor(role, outFeatures, in);
        if (withBias)
            bias(role, outFeatures);
    }
    // RMSNorm: a scale; LayerNorm: a scale and a bias (both of `width`).
    void norm(const ModelConfig &c, std::int64_t width) const
    {
        tensor(Role::Norm, 1, width);
        if (c.norm == NormKind::LayerNorm)
            tensor(Role::Norm, 1, width);
    }
};

// Same rules as countParams (core/estimate/paramcounter.cpp).
bool isSparseLayer(const ModelConfig &c, int i)
{
    if (!c.moe.enabled() || i < c.moe.firstDense)
        return false;
    if (std::find(c.moe.denseLayers.begin(), c.moe.denseLayers.end(), i) != c.moe.denseLayers.end())
        return false;
    return (i % c.moe.sparseEvery) == c.moe.sparseEvery - 1;
}

int groupStart(const ModelConfig &c, int i)
{
    switch (c.sharing) {
    case Sharing::None: return i;
    case Sharing::AllLayers: return 0;
    case Sharing::Groups: return i - i % std::max(1, c.shareGroupSize);
    }
    return i;
}

void attention(const ModelConfig &c, const Emitter &e, bool self)
{
    const std::int64_t d = c.dModel, H = c.nHeads;
    if (c.attention == AttentionKind::Mla) {
        const std::int64_t qHead = std::int64_t(c.mla.qkNopeHeadDim) + c.mla.qkRopeHeadDim;
        const std::int64_t qLora = c.mla.qLoraRank, kvLora = c.mla.kvLoraRank, rope = c.mla.qkRopeHeadDim;
        if (qLora == 0) {
            e.linear(Role::Query, d, H * qHead, c.qkvBias);        // q_proj (H·(nope+rope), d)
        } else {
            e.linear(Role::QueryA, d, qLora, c.qkvBias);           // q_a_proj (q_lora, d)
            e.norm(c, qLora);                                      // q_a_layernorm
            e.linear(Role::QueryB, qLora, H * qHead, false);       // q_b_proj (H·(nope+rope), q_lora)
        }
        e.linear(Role::KvA, d, kvLora + rope, c.qkvBias);          // kv_a_proj_with_mqa (kv_lora+rope, d)
        e.norm(c, kvLora);                                         // kv_a_layernorm
        e.linear(Role::KvB, kvLora, H * (std::int64_t(c.mla.qkNopeHeadDim) + c.mla.vHeadDim), false);
        e.linear(Role::AttentionOutput, H * c.mla.vHeadDim, d, c.attnOutBias); // o_proj (d, H·v)
    } else {
        const std::int64_t hd = c.effectiveHeadDim(), q = H * hd, kv = std::int64_t(c.nKvHeads) * hd;
        e.linear(Role::Query, d, q, c.qkvBias);
        e.linear(Role::Key, d, kv, c.qkvBias);
        e.linear(Role::Value, d, kv, c.qkvBias);
        e.linear(Role::AttentionOutput, q, d, c.attnOutBias);
        if (c.qkNorm == QkNorm::PerHead) {
            e.norm(c, hd);
            e.norm(c, hd);
        } else if (c.qkNorm == QkNorm::FullWidth) {
            e.norm(c, q);
            e.norm(c, kv);
        }
    }
    if (c.attentionSinks && self)
        e.tensor(Role::Sinks, 1, H);
}

void ffn(const ModelConfig &c, const Emitter &e, std::int64_t f)
{
    const std::int64_t d = c.dModel;
    if (c.ffn == FfnKind::Gated3)
        e.linear(Role::Gate, d, f, c.ffnBias);
    e.linear(Role::Up, d, f, c.ffnBias);
    e.linear(Role::Down, f, d, c.ffnBias);
}

// Layer i's tensors (a stored layer: the first of its sharing group for its kind).
void layer(const ModelConfig &c, std::vector<WeightTensor> &out, int i, bool decoder, bool cross, bool sparse)
{
    const int perSublayer = c.normPlacement == NormPlacement::Sandwich ? 2 : 1;
    const int norms = (c.parallelBlock && !c.parallelTwoNorms ? 1 : 2) * perSublayer + (cross ? perSublayer : 0);
    Emitter e{out, i, decoder};
    for (int n = 0; n < norms; ++n)
        e.norm(c, c.dModel);
    attention(c, e, true);
    if (i == 0 && c.positions == PositionKind::RelativeBuckets)
        e.tensor(Role::RelativeBias, c.relativeBuckets, c.nHeads); // (buckets, H), T5's first layer
    if (cross) {
        Emitter x = e;
        x.cross = true;
        attention(c, x, false);
    }
    if (!sparse) {
        ffn(c, e, c.dFf);
        return;
    }
    const std::int64_t E = c.moe.numExperts;
    e.linear(Role::Router, c.dModel, E, c.moe.routerBias); // gate (E, d)
    if (c.moe.scoreCorrectionBias)
        e.tensor(Role::ScoreBias, 1, E);                  // e_score_correction_bias (E)
    Emitter routed = e;
    routed.expert = Expert::Routed;
    routed.copies = E;
    ffn(c, routed, c.moe.effectiveExpertDff(c.dFf));
    if (c.moe.sharedExperts > 0) {
        Emitter shared = e;
        shared.expert = Expert::Shared;
        shared.copies = c.moe.sharedExperts;
        ffn(c, shared, c.moe.effectiveSharedDff(c.dFf));
    }
}

// One stack's tensors: every stored layer (byKind false), or one entry per kind of layer with
// its count in `layers` (byKind true), kinds in the order their first layers come.
void stack(const ModelConfig &c, std::vector<WeightTensor> &out, int nLayers, bool decoder, bool cross, bool byKind,
           std::vector<WeightTensors::StoredLayer> *order)
{
    struct Kind
    {
        int first = -1;          // its first stored layer
        std::int64_t layers = 0; // its stored layers
    };
    Kind kinds[3]; // dense, sparse, the first layer of relative-bucket positions (its bias table)
    const std::size_t orderStart = order ? order->size() : 0;
    bool groupHasDense = false, groupHasSparse = false;
    for (int i = 0; i < nLayers; ++i) {
        if (groupStart(c, i) == i)
            groupHasDense = groupHasSparse = false;
        const bool sparse = isSparseLayer(c, i);
        bool &seen = sparse ? groupHasSparse : groupHasDense;
        const bool stored = !seen;
        seen = true;
        if (!stored)
            continue;
        if (!byKind) {
            layer(c, out, i, decoder, cross, sparse);
            continue;
        }
        const int kind = i == 0 && c.positions == PositionKind::RelativeBuckets ? 2 : sparse ? 1 : 0;
        Kind &k = kinds[kind];
        if (k.first < 0)
            k.first = i;
        ++k.layers;
        if (order)
            order->push_back({i, std::uint32_t(kind), 0}); // the kind for now; its entries below
    }
    if (byKind) {
        std::vector<const Kind *> byFirst;
        for (const Kind &k : kinds)
            if (k.layers > 0)
                byFirst.push_back(&k);
        std::sort(byFirst.begin(), byFirst.end(), [](const Kind *a, const Kind *b) { return a->first < b->first; });
        std::uint32_t begin[3] = {}, end[3] = {};
        for (const Kind *k : byFirst) {
            const std::size_t first = out.size();
            layer(c, out, k->first, decoder, cross, isSparseLayer(c, k->first));
            for (std::size_t t = first; t < out.size(); ++t)
                out[t].layers = k->layers;
            begin[k - kinds] = std::uint32_t(first);
            end[k - kinds] = std::uint32_t(out.size());
        }
        if (order)
            for (std::size_t n = orderStart; n < order->size(); ++n) {
                WeightTensors::StoredLayer &l = (*order)[n];
                const std::uint32_t kind = l.begin;
                l.begin = begin[kind];
                l.end = end[kind];
            }
    }
    if (c.finalNorm) {
        Emitter e{out, -1, decoder};
        e.norm(c, c.dModel);
    }
}

std::vector<WeightTensor> tensorsOf(const ModelConfig &c, bool byKind, std::vector<WeightTensors::StoredLayer> *order)
{
    std::vector<WeightTensor> out;
    const std::int64_t d = c.dModel, e = c.effectiveEmbeddingDim(), V = c.vocabSize;
    const Emitter outside{out};
    outside.tensor(Role::TokenEmbedding, V, e);
    if (c.positions == PositionKind::Learned)
        outside.tensor(Role::PositionEmbedding, c.maxPositions, e);
    if (c.tokenTypes > 0)
        outside.tensor(Role::TokenTypeEmbedding, c.tokenTypes, e);
    if (c.embeddingNorm)
        outside.norm(c, e);
    if (e != d)
        outside.linear(Role::EmbeddingProjection, e, d, true); // ALBERT (d, e) + bias
    if (c.encoderLayers() > 0)
        stack(c, out, c.encoderLayers(), false, false, byKind, order);
    if (c.decoderLayers() > 0)
        stack(c, out, c.decoderLayers(), true, c.layout == Layout::EncoderDecoder, byKind, order);
    if (c.lmHead) {
        if (c.mlmHead) { // AlbertMLMHead: predictions.dense (e, d) + bias, predictions.LayerNorm (e)
            outside.linear(Role::LmHead, d, e, true);
            outside.norm(c, e);
        }
        if (!c.tiedEmbeddings)
            outside.tensor(Role::LmHead, V, c.mlmHead ? e : d);
        if (c.lmHeadBias)
            outside.bias(Role::LmHead, V);
    }
    if (c.pooler)
        outside.linear(Role::Pooler, d, d, true);
    return out;
}

} // namespace

bool WeightTensor::layerMatrix() const
{
    switch (role) {
    case Role::Query:
    case Role::Key:
    case Role::Value:
    case Role::AttentionOutput:
    case Role::QueryA:
    case Role::QueryB:
    case Role::KvA:
    case Role::KvB:
    case Role::Gate:
    case Role::Up:
    case Role::Down: return true;
    default: return false;
    }
}

std::vector<WeightTensor> WeightTensors::of(const ModelConfig &c)
{
    return tensorsOf(c, false, nullptr);
}

std::vector<WeightTensor> WeightTensors::kinds(const ModelConfig &c)
{
    return tensorsOf(c, true, nullptr);
}

std::vector<WeightTensor> WeightTensors::kinds(const ModelConfig &c, std::vector<StoredLayer> &order)
{
    order.clear();
    return tensorsOf(c, true, &order);
}

} // namespace tx
