#include "core/teach/layercomparison.h"

#include "core/base/numberformat.h"
#include "core/estimate/paramcounter.h"
#include "core/lessons/layerformulas.h"
#include "core/teach/architecturefigure.h"

#include <algorithm>

namespace tx {

namespace {

QString n(std::int64_t v) { return NumberFormat::exact(v); }
QString f(double v) { return NumberFormat::exact(std::int64_t(v)); }

} // namespace

ModelConfig LayerComparison::resized(const ModelConfig &design, const Widths &w)
{
    ModelConfig c = design;
    c.layout = Layout::DecoderOnly;
    c.nLayers = 1;
    c.nDecoderLayers = 0;
    c.dModel = w.dIn;
    c.dFf = w.hidden;
    c.embeddingDim = 0;
    c.sharing = Sharing::None;
    c.mtpLayers = 0;
    c.moe.firstDense = 0;
    c.moe.denseLayers.clear();
    c.moe.sparseEvery = 1;
    c.layerTypes.clear();
    // Heads of the design's head_dim across the new width (one head of the whole width when it
    // does not divide), keeping the design's queries per key/value head.
    const int hd = std::max(1, design.effectiveHeadDim());
    const int group = std::max(1, design.nHeads / std::max(1, design.nKvHeads));
    c.nHeads = w.dIn % hd == 0 ? w.dIn / hd : 1;
    c.headDim = w.dIn % hd == 0 ? hd : w.dIn;
    c.nKvHeads = c.nHeads % group == 0 ? c.nHeads / group : c.nHeads;
    return c;
}

std::vector<LayerColumn> LayerComparison::columns(const Widths &w, const ModelConfig &design)
{
    const std::int64_t d = w.dIn, o = w.dOut, h = w.hidden;
    std::vector<LayerColumn> out;

    LayerColumn lin;
    lin.title = tr("Linear layer");
    lin.shape = QStringLiteral("%1 → %2").arg(n(d), n(o));
    lin.params = LayerFormulas::linear(d, o);
    lin.paramFormula = QStringLiteral("y = W·x + b:  %1·%2 + %2 = %3").arg(n(d), n(o), n(lin.params));
    lin.flopsPerToken = 2.0 * double(d) * double(o);
    lin.flopFormula = QStringLiteral("2 · %1 · %2 = %3").arg(n(d), n(o), f(lin.flopsPerToken));
    lin.buys = tr("One fixed weighted sum of the inputs: it can only draw straight lines.");
    out.push_back(lin);

    LayerColumn mlp;
    mlp.title = tr("MLP");
    std::vector<std::int64_t> widths{d};
    for (int hw : w.mlpHidden.empty() ? std::vector<int>{w.hidden} : w.mlpHidden)
        widths.push_back(hw);
    widths.push_back(o);
    QStringList shape, paramTerms, flopTerms;
    double macs = 0;
    for (std::size_t i = 0; i < widths.size(); ++i) {
        shape << n(widths[i]);
        if (i == 0)
            continue;
        paramTerms << QStringLiteral("(%1·%2 + %2)").arg(n(widths[i - 1]), n(widths[i]));
        flopTerms << QStringLiteral("%1·%2").arg(n(widths[i - 1]), n(widths[i]));
        macs += double(widths[i - 1]) * double(widths[i]);
    }
    mlp.shape = shape.join(QStringLiteral(" → "));
    mlp.params = LayerFormulas::mlp(widths);
    mlp.paramFormula = paramTerms.join(QStringLiteral(" + ")) + QStringLiteral(" = ") + n(mlp.params);
    mlp.flopsPerToken = 2.0 * macs;
    mlp.flopFormula = QStringLiteral("2 · (%1) = %2").arg(flopTerms.join(QStringLiteral(" + ")), f(mlp.flopsPerToken));
    mlp.buys = tr("A non-linearity between two layers: curved boundaries, but each token alone.");
    out.push_back(mlp);

    LayerColumn lstm;
    lstm.title = tr("LSTM layer");
    lstm.shape = QStringLiteral("%1 → %1").arg(n(d));
    lstm.params = LayerFormulas::lstm(d, d);
    lstm.paramFormula = QStringLiteral("4·(%1·(%1 + %1) + %1) = %2").arg(n(d), n(lstm.params));
    lstm.flopsPerToken = 2.0 * 4.0 * double(d) * double(2 * d);
    lstm.flopFormula = QStringLiteral("2 · 4 · %1 · (%1 + %1) = %2").arg(n(d), f(lstm.flopsPerToken));
    lstm.buys = tr("A memory of earlier tokens, carried one step at a time: training cannot run the steps in parallel.");
    out.push_back(lstm);

    LayerColumn tf;
    tf.title = tr("Transformer layer");
    const ModelConfig c = resized(design, w);
    tf.shape = QStringLiteral("%1 → %2 → %1").arg(n(d), n(h));
    const auto fig = ArchitectureFigure::build(c);
    if (fig && !fig->stacks.empty()) {
        const ArchitectureStack &s = fig->stacks.front();
        tf.params = s.layerParams;
        QStringList terms;
        double matmul = 0;
        std::int64_t attnWidth = 0;
        for (const ArchitectureBlock &b : s.blocks) {
            terms << QStringLiteral("%1 (%2)").arg(n(b.params), b.title);
            if (b.kind == ArchitectureBlock::Kind::Attention || b.kind == ArchitectureBlock::Kind::Ffn) {
                for (const auto &m : b.matrices)
                    matmul += double(m.in) * double(m.out) * double(m.count);
            }
            if (b.kind == ArchitectureBlock::Kind::Attention) {
                attnWidth = std::int64_t(c.nHeads) * (c.attention == AttentionKind::Mla
                                                          ? c.mla.qkNopeHeadDim + c.mla.qkRopeHeadDim
                                                          : c.effectiveHeadDim());
            } else if (b.kind == ArchitectureBlock::Kind::Experts) {
                matmul += double(b.activeParams); // router + the top-k and shared experts (their biases are a rounding error)
            }
        }
        tf.paramFormula = terms.join(QStringLiteral(" + ")) + QStringLiteral(" = ") + n(tf.params);
        // Kaplan et al. 2020, Table 1: 2 FLOPs per weight a token multiplies, plus 2·n_ctx·d_attn for the scores.
        tf.flopsPerToken = 2.0 * matmul + 2.0 * double(w.context) * double(attnWidth);
        tf.flopFormula = QStringLiteral("2 · %1 + 2 · %2 · %3 = %4")
                             .arg(f(matmul), n(w.context), n(attnWidth), f(tf.flopsPerToken));
    } else {
        tf.paramFormula = fig ? QString() : fig.error().toString();
    }
    tf.buys = tr("Every token looks at every earlier token at once (attention), then thinks alone (FFN): "
                 "parallel over the sequence, but the attention cost grows with the context.");
    out.push_back(tf);
    return out;
}

std::int64_t LayerComparison::seedLayer(std::int64_t d, std::int64_t dFf)
{
    return 4 * d * d + (2 * d * dFf + dFf + d) + 2 * d; // Q, K, V, O; W1, b1, W2, b2; one LayerNorm (γ, β)
}

std::vector<SeedCheck> LayerComparison::seedChecks()
{
    std::vector<SeedCheck> out;
    SeedCheck lin;
    lin.what = tr("a linear layer, d_in 100 → d_out 10");
    lin.params = LayerFormulas::linear(100, 10);
    lin.formula = QStringLiteral("100·10 + 10 = %1").arg(n(lin.params));
    lin.seedSays = QStringLiteral("1,010");
    lin.seedRight = true;
    out.push_back(lin);

    const auto layer = [](std::int64_t d, std::int64_t dFf) {
        return QStringLiteral("4·%1² + 2·%1·%2 + %2 + %1 + 2·%1 = %3").arg(n(d), n(dFf), n(seedLayer(d, dFf)));
    };
    SeedCheck small;
    small.what = tr("a Transformer layer, d_model 512, d_ff 2048");
    small.params = seedLayer(512, 2048);
    small.formula = layer(512, 2048);
    small.seedSays = QStringLiteral("≈ 2.7 百万");
    out.push_back(small);

    SeedCheck gpt3;
    gpt3.what = tr("one GPT-3 layer, d_model 12288, d_ff 49152");
    gpt3.params = seedLayer(12288, 49152);
    gpt3.formula = layer(12288, 49152);
    gpt3.seedSays = QStringLiteral("1.82 亿");
    out.push_back(gpt3);

    SeedCheck all;
    all.what = tr("GPT-3's 96 layers");
    all.params = 96 * seedLayer(12288, 49152);
    all.formula = QStringLiteral("96 · %1 = %2").arg(n(seedLayer(12288, 49152)), n(all.params));
    all.seedSays = QStringLiteral("175 亿");
    out.push_back(all);
    return out;
}

} // namespace tx
