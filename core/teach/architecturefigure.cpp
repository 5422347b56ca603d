#include "core/teach/architecturefigure.h"

#include "core/base/numberformat.h"
#include "core/estimate/paramcounter.h"

#include <algorithm>

namespace tx {

namespace {

using Block = ArchitectureBlock;
using Matrix = ArchitectureBlock::Matrix;

std::int64_t breakdownParams(const ParamCount &p, const char *path)
{
    const ParamNode *n = p.breakdown.find(QString::fromLatin1(path));
    return n ? n->params : 0;
}

Block normBlock(const ModelConfig &c, const QString &where)
{
    Block b;
    b.kind = Block::Kind::Norm;
    const bool layerNorm = c.norm == NormKind::LayerNorm;
    b.title = (layerNorm ? QStringLiteral("LayerNorm") : QStringLiteral("RMSNorm")) + QStringLiteral(" · ") + where;
    b.detail = layerNorm ? ArchitectureFigure::tr("scale and bias (%1 each)").arg(NumberFormat::exact(c.dModel))
                         : ArchitectureFigure::tr("scale (%1)").arg(NumberFormat::exact(c.dModel));
    b.params = b.activeParams = (layerNorm ? 2 : 1) * std::int64_t(c.dModel);
    b.formula = layerNorm ? QStringLiteral("2 · %1 = %2").arg(NumberFormat::exact(c.dModel), NumberFormat::exact(b.params))
                          : QStringLiteral("%1").arg(NumberFormat::exact(b.params));
    return b;
}

QString attentionDetail(const ModelConfig &c, const LayerParams &lp)
{
    QString kind;
    switch (lp.attentionType) {
    case LayerAttention::Full: kind = ArchitectureFigure::tr("sees every earlier token"); break;
    case LayerAttention::Sliding:
        kind = ArchitectureFigure::tr("sliding window of %1 tokens").arg(NumberFormat::exact(c.slidingWindow));
        break;
    case LayerAttention::Chunked:
        kind = ArchitectureFigure::tr("chunks of %1 tokens").arg(NumberFormat::exact(c.attentionChunk));
        break;
    case LayerAttention::FullNoRope: kind = ArchitectureFigure::tr("every earlier token, no RoPE"); break;
    }
    if (!c.isCausal())
        kind = ArchitectureFigure::tr("sees every token (bidirectional)");
    if (c.attention == AttentionKind::Mla)
        return ArchitectureFigure::tr("%1 heads · key/value latent %2 · %3")
            .arg(c.nHeads).arg(NumberFormat::exact(c.mla.kvLoraRank), kind);
    QString heads = ArchitectureFigure::tr("%1 query heads · %2 KV heads").arg(c.nHeads).arg(c.nKvHeads);
    if (c.nKvHeads < c.nHeads && c.nKvHeads > 0)
        heads += ArchitectureFigure::tr(" (%1 queries share each K, V)").arg(c.nHeads / c.nKvHeads);
    return heads + ArchitectureFigure::tr(" · head_dim %1 · %2").arg(c.effectiveHeadDim()).arg(kind);
}

Block attentionBlock(const ModelConfig &c, const LayerParams &lp, bool cross)
{
    Block b;
    b.kind = cross ? Block::Kind::CrossAttention : Block::Kind::Attention;
    b.title = (cross ? ArchitectureFigure::tr("Cross-attention") : ArchitectureFigure::tr("Self-attention"))
              + QStringLiteral(" · ") + c.attentionLabel();
    const std::int64_t d = c.dModel, h = c.nHeads, hd = c.effectiveHeadDim();
    if (c.attention == AttentionKind::Mla && !cross) {
        const MlaConfig &m = c.mla;
        const std::int64_t qk = m.qkNopeHeadDim + m.qkRopeHeadDim;
        if (m.qLoraRank > 0)
            b.matrices = {{QStringLiteral("W_Qa"), d, m.qLoraRank}, {QStringLiteral("W_Qb"), m.qLoraRank, h * qk}};
        else
            b.matrices = {{QStringLiteral("W_Q"), d, h * qk}};
        b.matrices.push_back({QStringLiteral("W_KVa"), d, std::int64_t(m.kvLoraRank) + m.qkRopeHeadDim});
        b.matrices.push_back({QStringLiteral("W_KVb"), m.kvLoraRank, h * (m.qkNopeHeadDim + m.vHeadDim)});
        b.matrices.push_back({QStringLiteral("W_O"), h * m.vHeadDim, d});
    } else {
        const std::int64_t kv = cross ? h : c.nKvHeads;
        b.matrices = {{QStringLiteral("W_Q"), d, h * hd}, {QStringLiteral("W_K"), d, kv * hd},
                      {QStringLiteral("W_V"), d, kv * hd}, {QStringLiteral("W_O"), h * hd, d}};
    }
    b.detail = attentionDetail(c, lp);
    b.params = b.activeParams = cross ? lp.crossAttention : lp.attention;
    b.formula = ArchitectureFigure::formulaOf(b.matrices, b.params);
    return b;
}

QString activationName(const ModelConfig &c)
{
    switch (c.activation) {
    case Activation::Relu: return c.ffn == FfnKind::Gated3 ? QStringLiteral("ReGLU") : QStringLiteral("ReLU");
    case Activation::Gelu:
    case Activation::GeluTanh: return c.ffn == FfnKind::Gated3 ? QStringLiteral("GeGLU") : QStringLiteral("GELU");
    case Activation::Silu: return c.ffn == FfnKind::Gated3 ? QStringLiteral("SwiGLU") : QStringLiteral("SiLU");
    }
    return {};
}

std::vector<Matrix> ffnMatrices(const ModelConfig &c, std::int64_t width, std::int64_t count, const QString &prefix)
{
    const std::int64_t d = c.dModel;
    std::vector<Matrix> m;
    if (c.ffn == FfnKind::Gated3)
        m.push_back({prefix + QStringLiteral("W_gate"), d, width, count});
    m.push_back({prefix + QStringLiteral("W_up"), d, width, count});
    m.push_back({prefix + QStringLiteral("W_down"), width, d, count});
    return m;
}

Block ffnBlock(const ModelConfig &c, const LayerParams &lp)
{
    Block b;
    b.params = lp.ffn;
    b.activeParams = lp.sparse ? lp.ffnActive : lp.ffn;
    if (!lp.sparse) {
        b.kind = Block::Kind::Ffn;
        b.title = ArchitectureFigure::tr("Feed-forward · %1").arg(activationName(c));
        b.detail = ArchitectureFigure::tr("%1 → %2 → %1").arg(NumberFormat::exact(c.dModel), NumberFormat::exact(c.dFf));
        b.matrices = ffnMatrices(c, c.dFf, 1, QString());
    } else {
        const MoeConfig &m = c.moe;
        b.kind = Block::Kind::Experts;
        b.title = ArchitectureFigure::tr("Experts · %1").arg(activationName(c));
        b.detail = ArchitectureFigure::tr("%1 routed experts, top-%2").arg(m.numExperts).arg(m.topK);
        if (m.sharedExperts > 0)
            b.detail += ArchitectureFigure::tr(", + %1 shared").arg(m.sharedExperts);
        b.detail += ArchitectureFigure::tr(" · a token runs %1 of %2 parameters")
                        .arg(NumberFormat::exact(b.activeParams), NumberFormat::exact(b.params));
        b.matrices = {{ArchitectureFigure::tr("router"), c.dModel, m.numExperts}};
        for (const Matrix &x : ffnMatrices(c, m.effectiveExpertDff(c.dFf), m.numExperts, ArchitectureFigure::tr("expert ")))
            b.matrices.push_back(x);
        if (m.sharedExperts > 0)
            for (const Matrix &x : ffnMatrices(c, m.effectiveSharedDff(c.dFf), m.sharedExperts, ArchitectureFigure::tr("shared ")))
                b.matrices.push_back(x);
    }
    b.formula = ArchitectureFigure::formulaOf(b.matrices, b.params);
    return b;
}

// The blocks of one layer in the order the data flows, norms where the placement puts them.
std::vector<Block> layerBlocks(const ModelConfig &c, const LayerParams &lp, bool cross)
{
    std::vector<Block> out;
    std::vector<Block> sublayers{attentionBlock(c, lp, false)};
    if (cross && lp.crossAttention > 0)
        sublayers.push_back(attentionBlock(c, lp, true));
    sublayers.push_back(ffnBlock(c, lp));
    if (c.parallelBlock) {
        out.push_back(normBlock(c, ArchitectureFigure::tr("before both")));
        if (c.parallelTwoNorms)
            out.push_back(normBlock(c, ArchitectureFigure::tr("before the FFN")));
        for (Block &s : sublayers) {
            s.detail += ArchitectureFigure::tr(" · in parallel");
            out.push_back(s);
        }
        out.back().residualAfter = true;
        return out;
    }
    for (Block &s : sublayers) {
        const bool pre = c.normPlacement == NormPlacement::Pre || c.normPlacement == NormPlacement::Sandwich;
        const bool after = c.normPlacement != NormPlacement::Pre;
        if (pre)
            out.push_back(normBlock(c, ArchitectureFigure::tr("before")));
        if (c.normPlacement == NormPlacement::Post) {
            s.residualAfter = true;
            out.push_back(s);
            out.push_back(normBlock(c, ArchitectureFigure::tr("after the add")));
            continue;
        }
        out.push_back(s);
        if (after) {
            out.push_back(normBlock(c, ArchitectureFigure::tr("after")));
        }
        out.back().residualAfter = true;
    }
    return out;
}

void addStacks(const ModelConfig &c, const std::vector<LayerParams> &layers, bool decoder, bool cross,
               std::vector<ArchitectureStack> &out)
{
    // One frame per kind of layer (dense, MoE), in the order they first appear.
    for (const bool sparse : {false, true}) {
        ArchitectureStack s;
        const LayerParams *first = nullptr;
        for (const LayerParams &lp : layers) {
            if (lp.sparse != sparse)
                continue;
            first = first ? first : &lp;
            ++s.layers;
            s.storedLayers += lp.stored ? 1 : 0;
        }
        if (!first)
            continue;
        const bool mixed = std::any_of(layers.begin(), layers.end(), [&](const LayerParams &l) { return l.sparse != sparse; });
        if (!decoder)
            s.title = ArchitectureFigure::tr("Encoder layer");
        else if (sparse)
            s.title = ArchitectureFigure::tr("MoE layer");
        else
            s.title = mixed ? ArchitectureFigure::tr("Dense layer") : ArchitectureFigure::tr("Decoder layer");
        s.blocks = layerBlocks(c, *first, cross);
        s.layerParams = first->total();
        out.push_back(std::move(s));
        // Sliding and full layers share one frame; the attention line says the first one's kind.
        if (std::any_of(layers.begin(), layers.end(),
                        [&](const LayerParams &l) { return l.sparse == sparse && l.attentionType != first->attentionType; }))
            for (Block &b : out.back().blocks)
                if (b.kind == Block::Kind::Attention)
                    b.detail += ArchitectureFigure::tr(" (layer types alternate)");
    }
}

} // namespace

double ArchitectureFigure::share(const ArchitectureBlock &block, int storedLayers) const
{
    return total > 0 ? double(block.params) * storedLayers / double(total) : 0.0;
}

QString ArchitectureFigure::formulaOf(const std::vector<ArchitectureBlock::Matrix> &matrices, std::int64_t params)
{
    QStringList terms;
    std::int64_t sum = 0;
    for (const Matrix &m : matrices) {
        QString t = NumberFormat::exact(m.in) + QStringLiteral("·") + NumberFormat::exact(m.out);
        if (m.count > 1)
            t = NumberFormat::exact(m.count) + QStringLiteral("·") + t;
        terms << t;
        sum += m.count * m.in * m.out;
    }
    if (params != sum)
        terms << tr("%1 (biases, norms)").arg(NumberFormat::exact(params - sum));
    return terms.join(QStringLiteral(" + ")) + QStringLiteral(" = ") + NumberFormat::exact(params);
}

Expected<ArchitectureFigure, Error> ArchitectureFigure::build(const ModelConfig &config)
{
    const auto counted = countParams(config);
    if (!counted)
        return counted.error();
    const ParamCount &p = *counted;
    ArchitectureFigure f;
    f.title = config.name;
    f.total = p.total;
    const std::int64_t d = config.dModel, e = config.effectiveEmbeddingDim();

    Block emb;
    emb.kind = Block::Kind::Embedding;
    emb.title = tr("Token embedding");
    emb.matrices = {{tr("token table"), config.vocabSize, e}};
    if (config.positions == PositionKind::Learned)
        emb.matrices.push_back({tr("position table"), config.maxPositions, d});
    if (config.tokenTypes > 0)
        emb.matrices.push_back({tr("segment table"), config.tokenTypes, d});
    if (e != d)
        emb.matrices.push_back({tr("projection"), e, d});
    switch (config.positions) {
    case PositionKind::Rotary: emb.detail = tr("positions: RoPE inside each attention (no table)"); break;
    case PositionKind::Learned: emb.detail = tr("positions: a learned table of %1").arg(NumberFormat::exact(config.maxPositions)); break;
    case PositionKind::Sinusoidal: emb.detail = tr("positions: fixed sinusoids (no parameters)"); break;
    case PositionKind::RelativeBuckets: emb.detail = tr("positions: relative buckets in attention"); break;
    case PositionKind::None: emb.detail = tr("no position information"); break;
    }
    emb.params = emb.activeParams = breakdownParams(p, "embeddings");
    emb.formula = formulaOf(emb.matrices, emb.params);
    f.input.push_back(emb);
    if (config.embeddingNorm)
        f.input.push_back(normBlock(config, tr("after the embeddings")));

    if (!p.encoderLayers.empty())
        addStacks(config, p.encoderLayers, false, false, f.stacks);
    if (!p.decoderLayers.empty())
        addStacks(config, p.decoderLayers, true, config.layout == Layout::EncoderDecoder, f.stacks);
    if (config.finalNorm)
        f.output.push_back(normBlock(config, tr("final")));
    if (config.lmHead) {
        Block head;
        head.kind = Block::Kind::Head;
        head.title = tr("Output head → logits");
        head.matrices = {{QStringLiteral("W_vocab"), d, config.vocabSize}};
        head.params = head.activeParams = breakdownParams(p, "lm_head");
        head.detail = config.tiedEmbeddings ? tr("tied to the token table: no parameters of its own")
                                            : tr("its own matrix, one score per vocabulary entry");
        head.formula = config.tiedEmbeddings ? tr("reuses the token table: 0 new parameters")
                                             : formulaOf(head.matrices, head.params);
        f.output.push_back(head);
    }
    return f;
}

} // namespace tx
