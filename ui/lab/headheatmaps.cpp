#include "ui/lab/headheatmaps.h"

namespace tx {

HeatmapData HeadHeatmaps::heatmap(const AttentionSnapshot &snapshot, int layer, int head, bool full, bool showScores)
{
    HeatmapData d;
    const ForwardResult &r = snapshot.result;
    const bool scores = showScores && !r.scores.empty();
    const Mat &values = scores ? r.scoresAt(layer, head) : r.attentionAt(layer, head); // (T, T)
    const int T = int(values.rows());
    // gpt-oss: what each query gives its head's sink is drawn as one more column, after the keys.
    const bool sinkColumn = r.sinks && !scores;
    if (sinkColumn) {
        d.values.resize(T, T + 1);
        d.values.leftCols(T) = values;
        for (int q = 0; q < T; ++q)
            d.values(q, T) = r.sinkShare(layer, head, q);
    } else {
        d.values = values;
    }
    d.scale = scores ? HeatmapData::Scale::Diverging : HeatmapData::Scale::Sequential;
    d.title = full ? (scores ? tr("Layer %1 · Head %2 — pre-softmax scores q·k/√d")
                             : tr("Layer %1 · Head %2 — attention probabilities"))
                         .arg(layer + 1)
                         .arg(head + 1)
                   : tr("Layer %1 · Head %2").arg(layer + 1).arg(head + 1);
    const AttentionMask mask = r.masks[std::size_t(layer)];
    if (mask.slidingWindow > 0)
        d.title += QStringLiteral(" · ") + tr("sliding window of %1 tokens").arg(mask.slidingWindow);
    if (mask.chunk > 0)
        d.title += QStringLiteral(" · ") + tr("chunks of %1 tokens").arg(mask.chunk);
    if (full) {
        if (const HeadRole *role = HeadRole::find(snapshot.roles, layer, head))
            d.title += tr(" · %1 head (%2)").arg(roleName(role->kind), QString::number(role->score, 'f', 2));
    }
    if (full) {
        d.rowAxis = tr("query");
        d.columnAxis = sinkColumn ? tr("key, then the sink") : tr("key");
        d.rowLabels = snapshot.tokenLabels;
        d.columnLabels = snapshot.tokenLabels;
        if (sinkColumn)
            d.columnLabels << tr("sink");
    }
    if (mask.causal || mask.slidingWindow > 0 || mask.chunk > 0)
        d.masked = [mask, T](int q, int k) { return k < T && !mask.visible(q, k); };
    return d;
}

QString HeadHeatmaps::roleName(HeadRole::Kind kind)
{
    switch (kind) {
    case HeadRole::Kind::PreviousToken:
        return tr("previous token");
    case HeadRole::Kind::Induction:
        return tr("induction");
    case HeadRole::Kind::FirstToken:
        return tr("first token");
    case HeadRole::Kind::Delimiter:
        return tr("punctuation");
    }
    return {};
}

QString HeadHeatmaps::roleCaption(const AttentionSnapshot &snapshot, int layer, int head)
{
    const HeadRole *role = HeadRole::find(snapshot.roles, layer, head);
    return role ? QStringLiteral("%1 %2").arg(roleName(role->kind), QString::number(role->score, 'f', 2)) : QString();
}

} // namespace tx
