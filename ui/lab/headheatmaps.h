#pragma once

#include "core/nn/headrole.h"
#include "ui/lab/attentionsnapshot.h"
#include "ui/lab/heatmapdata.h"

#include <QCoreApplication>
#include <QString>

namespace tx {

// What the attention view draws for one head of a run: its heat map (probabilities, with the
// sink's share beside them and the layer's mask, or pre-softmax scores), the title naming the layer's window
// and the head's role, and the caption under its thumbnail.
class HeadHeatmaps
{
    Q_DECLARE_TR_FUNCTIONS(tx::HeadHeatmaps)

public:
    // full: the enlarged head (axis names, token labels, role in the title); else a thumbnail.
    static HeatmapData heatmap(const AttentionSnapshot &snapshot, int layer, int head, bool full, bool showScores);
    // The sink column's label: "sink · mean 23.4 %" (the mean over the queries of their sink share).
    static QString sinkLabel(double meanShare);
    // "previous token", "induction", … in the window's language.
    static QString roleName(HeadRole::Kind kind);
    // What the grid writes under head (layer, head): its role and score, empty when it has none.
    static QString roleCaption(const AttentionSnapshot &snapshot, int layer, int head);
};

} // namespace tx
