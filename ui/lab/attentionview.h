#pragma once

#include "core/design/modelconfig.h"
#include "core/nn/headrole.h"
#include "ui/lab/attentionrequest.h"
#include "ui/lab/attentionsnapshot.h"
#include "ui/lab/headsummarytable.h"
#include "ui/lab/heatmapdata.h"

#include <QThread>
#include <QWidget>

#include <functional>
#include <optional>

class QCheckBox;
class QComboBox;
class QHBoxLayout;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QRadioButton;
class QTabWidget;
class QTableWidget;

namespace tx {

class SnapshotSource;

class AttentionLinesView;
class CheckpointSaveButton;
class CrossAttentionPanel;
class RouterTable;
class AttentionWorker;
class HeatmapGrid;
class HeatmapWidget;
class TokenChips;

// "What does each head look at?": a teacher types a sentence, the current design runs on it
// (scaled down under the memory cap, seeded weights) on a worker thread, and the view shows
// the tokens, every head as a heatmap, the line view, the position encodings and per-head numbers.
class AttentionView : public QWidget
{
    Q_OBJECT
public:
    // Follows `source` (when given) through a SnapshotFeed: draws each snapshot while shown.
    explicit AttentionView(SnapshotSource *source = nullptr, QWidget *parent = nullptr);
    ~AttentionView() override;

    // The design to run next time; nothing runs until the user asks.
    void setDesign(const ModelConfig &config);
    void setCapBytes(std::int64_t bytes) { m_capBytes = bytes; }
    void setText(const QString &text);
    // Runs a Hugging Face checkpoint folder instead of the design; empty: back to the design.
    void setCheckpoint(const QString &path);
    QString checkpoint() const { return m_checkpoint; }
    // Starts a run with the typed text (cancels and replaces a run in progress).
    void run();
    void cancel();
    bool isRunning() const { return m_running; }

    // Shows head (layer, head) enlarged and selects it in the grid and the line view's layer.
    void selectHead(int layer, int head);
    void setShowScores(bool scores);

    const std::optional<AttentionSnapshot> &snapshot() const { return m_snapshot; }
    TokenChips *chips() const { return m_chips; }
    HeatmapGrid *grid() const { return m_grid; }
    HeatmapWidget *enlarged() const { return m_enlarged; }
    AttentionLinesView *lines() const { return m_lines; }
    HeatmapWidget *positions() const { return m_positions; }
    QLabel *positionsNote() const { return m_positionsNote; }
    QTableWidget *summary() const { return m_summary; }
    RouterTable *router() const { return m_router; }
    CrossAttentionPanel *crossAttention() const { return m_cross; }
    QLabel *message() const { return m_message; }
    QLabel *source() const { return m_source; }
    CheckpointSaveButton *saveCheckpoint() const { return m_saveCheckpoint; }
    QTabWidget *tabs() const { return m_tabs; }

protected:
    // The first time the view is shown it runs the demo model on its sentence.
    void showEvent(QShowEvent *event) override;
    void changeEvent(QEvent *event) override;

signals:
    void shown(); // a snapshot has been drawn
    void runFailed(const QString &message);
    void runCancelled();

private:
    void showSnapshot(); // draws m_snapshot
    QString sourceText(const QString &checkpoint) const; // the source line for a checkpoint ("": the design)
    void showFailure(const QString &message);
    void finishRun();
    void refreshHeatmaps();
    void showLinesLayer(int layer);
    void rebuildHeadToggles(int heads);
    void fillSummary();
    void exportPicture(const QString &what);

    ModelConfig m_design;
    QString m_checkpoint;
    std::int64_t m_capBytes;
    std::optional<AttentionSnapshot> m_snapshot;
    std::optional<AttentionRequest> m_pending; // asked for while a run was still going
    bool m_running = false;
    std::function<void()> m_retranslate; // sets every fixed text in the current language
    bool m_startedOnce = false; // the first showEvent has started a run
    bool m_showScores = false;
    int m_layer = 0;
    int m_head = 0;

    QThread m_thread;
    AttentionWorker *m_worker;

    QLineEdit *m_text;
    QPushButton *m_run;
    QPushButton *m_cancel;
    QPushButton *m_openCheckpoint;
    CheckpointSaveButton *m_saveCheckpoint; // re-saves the checkpoint the view runs
    QPushButton *m_useDesign;
    QPushButton *m_useDemo;
    QLabel *m_source;
    QRadioButton *m_probabilities;
    QRadioButton *m_scores;
    QProgressBar *m_progress;
    QLabel *m_message;
    TokenChips *m_chips;
    QTabWidget *m_tabs;
    HeatmapGrid *m_grid;
    HeatmapWidget *m_enlarged;
    AttentionLinesView *m_lines;
    QComboBox *m_linesLayer;
    QHBoxLayout *m_headToggles;
    std::vector<QCheckBox *> m_headBoxes;
    HeatmapWidget *m_positions;
    QLabel *m_positionsNote;
    HeadSummaryTable *m_summary;
    QLabel *m_summaryNote;
    RouterTable *m_router; // mixtures of experts: each token's experts per sparse layer
    CrossAttentionPanel *m_cross; // encoder-decoders: each decoder layer's attention over the encoder
};

} // namespace tx
