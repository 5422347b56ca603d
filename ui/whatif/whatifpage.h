#pragma once

#include "core/estimate/designsnapshot.h"
#include "core/whatif/distillation.h"
#include "core/whatif/factorisation.h"
#include "core/whatif/finetuneoptions.h"
#include "core/whatif/pruning.h"
#include "core/whatif/trainingpipeline.h"
#include "core/whatif/vocabularywhatif.h"
#include "core/whatif/whatifoutcome.h"

#include <QWidget>

#include <optional>

class QComboBox;
class QLabel;
class QPushButton;
class QScrollArea;
class QStackedWidget;
class QTableWidget;
class QTextBrowser;

namespace tx {

class SnapshotSource;

class PartsBar;

// "What if…": one of the seeds' optimisation chapters applied to the current design. Pick a
// what-if, set its knobs, read before → after with the formulas; "Apply to design" asks for the
// design it leads to (the window pushes it as one undo step). Draws snapshots; core computes.
class WhatIfPage : public QWidget
{
    Q_OBJECT
public:
    // Follows `source` (when given) through a SnapshotFeed: draws each snapshot while shown.
    explicit WhatIfPage(SnapshotSource *source = nullptr, QWidget *parent = nullptr);

    void showSnapshot(const DesignSnapshot &snapshot);

    // "finetune", "factorise", "prune", "distil", "pipeline", "guide", "vocabulary".
    void setKind(const QString &id);
    QString kind() const;
    void setFineTuneOptions(const FineTuneOptions &o);
    void setFactorisationOptions(const FactorisationOptions &o);
    void setPruningOptions(const PruningOptions &o);

    const std::optional<WhatIfOutcome> &outcome() const { return m_outcome; }
    QComboBox *kindBox() const { return m_kindBox; }
    QTableWidget *comparison() const { return m_comparison; }
    QTableWidget *details() const { return m_details; }
    PartsBar *bar() const { return m_bar; }
    QTextBrowser *working() const { return m_working; }
    QPushButton *applyButton() const { return m_apply; }
    QLabel *status() const { return m_status; }

signals:
    // The design the what-if leads to, and the undo step's name.
    void applyRequested(const tx::ModelConfig &config, const QString &text);

protected:
    void changeEvent(QEvent *event) override;

private:
    void build();
    void refresh();
    QWidget *fineTuneKnobs();
    QWidget *factoriseKnobs();
    QWidget *pruneKnobs();
    QWidget *distilKnobs();
    QWidget *pipelineKnobs();
    QWidget *guideKnobs();
    QWidget *vocabularyKnobs();

    QWidget *m_body = nullptr;
    QScrollArea *m_scroll = nullptr; // holds m_body: the page scrolls rather than make the window taller
    QComboBox *m_kindBox = nullptr;
    QStackedWidget *m_knobs = nullptr;
    QLabel *m_title = nullptr;
    QLabel *m_status = nullptr;
    QTableWidget *m_comparison = nullptr;
    PartsBar *m_bar = nullptr;
    QTableWidget *m_details = nullptr;
    QTextBrowser *m_working = nullptr;
    QPushButton *m_apply = nullptr;

    int m_kindIndex = 0;
    FineTuneOptions m_fineTune;
    FactorisationOptions m_factorise;
    PruningOptions m_prune;
    DistillationOptions m_distil;
    PipelineOptions m_pipeline;
    QString m_jump;
    VocabularyOptions m_vocabulary;

    bool m_hasDesign = false;
    ModelConfig m_config;
    Assumptions m_assumptions;
    QString m_deviceName;
    double m_deviceBytes = 0;
    std::optional<WhatIfOutcome> m_outcome;
};

} // namespace tx
