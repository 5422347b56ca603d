#pragma once

#include "ui/lab/attentionsnapshot.h"
#include "ui/lab/heatmapdata.h"

#include <QWidget>

#include <optional>

class QComboBox;
class QLabel;

namespace tx {

class HeatmapWidget;

// The attention view's Cross-attention tab for an encoder-decoder (T5): one decoder layer's head
// at a time, its rows the decoder's tokens (queries), its columns the encoder's (keys), every
// cell visible (cross-attention has no mask). Chosen by layer and head; empty for other designs.
class CrossAttentionPanel : public QWidget
{
    Q_OBJECT
public:
    explicit CrossAttentionPanel(QWidget *parent = nullptr);

    void setSnapshot(const AttentionSnapshot &snapshot);
    bool hasCrossAttention() const { return m_snapshot.has_value(); }
    // What the panel draws for (layer, head) of a snapshot: the probabilities and both axes' labels.
    static HeatmapData heatmap(const AttentionSnapshot &snapshot, int layer, int head);
    HeatmapWidget *heatmapWidget() const { return m_heatmap; }
    void select(int layer, int head);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void refresh();

    std::optional<AttentionSnapshot> m_snapshot; // with crossAttention captured
    QLabel *m_note;
    QLabel *m_layerLabel;
    QLabel *m_headLabel;
    QComboBox *m_layer;
    QComboBox *m_head;
    HeatmapWidget *m_heatmap;
};

} // namespace tx
