#include "ui/lab/headheatmaps.h"

namespace tx {

HeatmapData HeadHeatmaps::heatmap(const AttentionSnapshot &snapshot, int layer, int head, bool full, bool showScores)
{
    HeatmapData d;
    const ForwardResult &r = snapshot.result;
    const bool scores = showScores && !r.scores.empty();
    const Mat &values = scores ? r.scoresAt(layer, head) : r.attentionAt(layer, head); // (T, T)
    const int T = int(values.rows());
    // gpt-oss: what each query gives its head's sink is drawn beside the keys, as a column of its
    // own width and colour scale, so it stays readable however many keys there are.
    const bool sinkColumn = r.sinks && !scores;
    d.values = values;
    if (sinkColumn) {
        double sum = 0;
        for (int q = 0; q < T; ++q) {
            d.side.push_back(r.sinkShare(layer, head, q));
            sum += d.side.back();
        }
        d.sideLabel = full ? sinkLabel(T > 0 ? sum / T : 0.0) : QString();
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
        d.columnAxis = tr("key");
        d.rowLabels = snapshot.tokenLabels;
        d.columnLabels = snapshot.tokenLabels;
    }
    if (mask.causal || mask.slidingWindow > 0 || mask.chunk > 0)
        d.masked = [mask](int q, int k) { return !mask.visible(q, k); };
    return d;
}

QString HeadHeatmaps::sinkLabel(double meanShare)
{
    return tr("sink · mean %1 %").arg(meanShare * 100.0, 0, 'f', 1);
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
