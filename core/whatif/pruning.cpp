#include "core/whatif/pruning.h"

#include "core/base/numberformat.h"
#include "core/estimate/evaluator.h"

#include <algorithm>

namespace tx {

Expected<ModelConfig, Error> Pruning::pruned(const ModelConfig &c, const PruningOptions &o)
{
    ModelConfig p = c;
    if (o.removeHeads < 0 || o.removeHeads >= c.nHeads)
        return Error{{}, QStringLiteral("heads"), tr("expected 0 to %1 heads (at least one must stay)").arg(c.nHeads - 1)};
    const int layers = c.layout == Layout::EncoderDecoder ? c.nDecoderLayers : c.nLayers;
    if (o.removeLayers < 0 || o.removeLayers >= layers)
        return Error{{}, QStringLiteral("layers"), tr("expected 0 to %1 layers (at least one must stay)").arg(layers - 1)};
    if (o.removeHeads > 0) {
        if (c.attention == AttentionKind::Mla)
            return Error{{}, QStringLiteral("heads"), tr("pruning heads of multi-head latent attention is not modelled")};
        const int heads = c.nHeads - o.removeHeads;
        p.headDim = c.effectiveHeadDim(); // the heads that stay keep their width
        if (c.nKvHeads == c.nHeads) {
            p.nKvHeads = heads;
        } else if (heads % c.nKvHeads != 0) {
            return Error{{}, QStringLiteral("heads"),
                         tr("%1 query heads would not share %2 key/value heads evenly; remove a multiple of %2")
                             .arg(heads)
                             .arg(c.nKvHeads)};
        }
        p.nHeads = heads;
    }
    if (o.removeLayers > 0) {
        if (c.layout == Layout::EncoderDecoder)
            p.nDecoderLayers -= o.removeLayers;
        else
            p.nLayers -= o.removeLayers;
        const int left = layers - o.removeLayers;
        if (int(p.layerTypes.size()) > left)
            p.layerTypes.resize(left);
        std::erase_if(p.moe.denseLayers, [left](int i) { return i >= left; });
        p.moe.firstDense = std::min(p.moe.firstDense, left);
    }
    return p;
}

Expected<WhatIfOutcome, Error> Pruning::whatIf(const ModelConfig &c, const Assumptions &a, const PruningOptions &o)
{
    auto design = pruned(c, o);
    if (!design)
        return design.error();
    auto before = evaluate(c, a);
    if (!before)
        return before.error();
    auto after = evaluate(*design, a);
    if (!after)
        return after.error();
    WhatIfOutcome w;
    w.id = QStringLiteral("prune");
    w.title = tr("Structured pruning");
    w.before = sideOf(*before);
    w.after = sideOf(*after);
    w.trainingNote = tr("training memory of one replica under the chosen optimizer");
    const std::int64_t removed = before->params.total - after->params.total;
    w.figures.push_back({QStringLiteral("prune.removed_params"), tr("Parameters removed"), double(removed),
                         QStringLiteral("params"), QStringLiteral("N_before − N_after"),
                         QStringLiteral("%1 − %2 = %3")
                             .arg(NumberFormat::exact(before->params.total), NumberFormat::exact(after->params.total),
                                  NumberFormat::exact(removed)),
                         o.removeHeads > 0 ? tr("Michel et al. 2019, \"Are Sixteen Heads Really Better than One?\"")
                                           : tr("Fan et al. 2019 (LayerDrop); Sajjad et al. 2020 (dropping top layers)")});
    w.figures.push_back({QStringLiteral("prune.decode_tokens_per_second"), tr("Decode speed after"),
                         after->hardware.decodeTokensPerSecond, QStringLiteral("tokens/s"),
                         QStringLiteral("b / max(FLOPs/peak, bytes/bandwidth)"),
                         QStringLiteral("%1 → %2 tokens/s on %3")
                             .arg(QString::number(before->hardware.decodeTokensPerSecond, 'f', 1),
                                  QString::number(after->hardware.decodeTokensPerSecond, 'f', 1), after->hardware.deviceName),
                         tr("roofline (Williams et al. 2009)")});
    WhatIfTable t;
    t.key = QStringLiteral("speed");
    t.title = tr("Speed and memory");
    t.columnKeys = {QStringLiteral("decode_tokens_per_second"), QStringLiteral("prefill_seconds"),
                    QStringLiteral("inference_bytes"), QStringLiteral("kv_cache_bytes")};
    t.columnTitles = {tr("Decode tokens/s"), tr("Prefill"), tr("Inference memory"), tr("KV cache")};
    t.columnUnits = {QStringLiteral("tokens/s"), QStringLiteral("s"), QStringLiteral("bytes"), QStringLiteral("bytes")};
    for (const auto &[key, label, e] : {std::tuple{QStringLiteral("before"), tr("Before"), &*before},
                                        std::tuple{QStringLiteral("after"), tr("After"), &*after}}) {
        t.rows.push_back({key, label,
                          {e->hardware.decodeTokensPerSecond, e->hardware.prefillSeconds, e->inference.totalBytes,
                           e->inference.kvCacheBytes}});
    }
    w.tables.push_back(t);
    w.notes << tr("Every layer loses the same heads: a design has one head count for all layers. Which heads go "
                  "(the engine's lowest head scores) decides the quality, not these counts.");
    w.notes << tr("The predicted loss is the scaling law's for the smaller model trained from scratch; a pruned "
                  "model recovers towards it only with further training.");
    w.design = *design;
    w.changesDesign = *design != c;
    return w;
}

} // namespace tx
