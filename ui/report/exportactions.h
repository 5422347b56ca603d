#pragma once

#include "core/base/error.h"
#include "core/estimate/designsnapshot.h"

#include <QObject>

#include <optional>

class QAction;
class QMenu;
class QWidget;

namespace tx {

class DesignState;

// The window's exports of the current design: the report (PDF, HTML, Markdown), the
// breakdown as CSV, all results as JSON (the same keys as `size --format json`) or as CSV
// (one row per figure, FigureCsv), the design as a Hugging Face config.json, and the
// breakdown copied to the clipboard as tab-separated text. The window adds the actions to
// its menus. Each export takes the state's current snapshot (design, assumptions, estimates);
// the report adds the pinned design, if any, as its comparison.
class ExportActions : public QObject
{
    Q_OBJECT
public:
    ExportActions(DesignState *state, QWidget *window);

    // Sets the actions' texts in the current language (the window calls it on a language
    // switch; the actions, their shortcuts and connections stay).
    void retranslate();
    // Retranslates, then appends the five file exports (report … HF config.json) to `menu`.
    void addFileExports(QMenu *menu);

    QAction *reportAction() const { return m_report; }
    QAction *breakdownCsvAction() const { return m_breakdownCsv; }
    QAction *resultsJsonAction() const { return m_resultsJson; }
    QAction *resultsCsvAction() const { return m_resultsCsv; }
    QAction *hfConfigAction() const { return m_hfConfig; }
    QAction *copyBreakdownAction() const { return m_copyBreakdown; }

    // A copy of the pinned design (ComparisonView::pinnedChanged); nullptr unpins.
    void setPinned(const tx::DesignSnapshot *pinned);

    // The file writers behind the dialogs (errors name the file).
    std::optional<Error> writeReport(const QString &path) const;
    std::optional<Error> writeBreakdownCsv(const QString &path) const;
    std::optional<Error> writeResultsJson(const QString &path) const;
    std::optional<Error> writeResultsCsv(const QString &path) const;
    // The design as a Hugging Face config.json (HfConfigExporter); a design no family
    // expresses is an Error naming the field.
    std::optional<Error> writeHfConfig(const QString &path) const;

    void exportReport();
    void exportBreakdownCsv();
    void exportResultsJson();
    void exportResultsCsv();
    void exportHfConfig();
    void copyBreakdown();

private:
    void warn(const QString &title, const QString &message);

    DesignState *m_state;
    QWidget *m_window;
    std::optional<DesignSnapshot> m_pinned;
    QAction *m_report;
    QAction *m_breakdownCsv;
    QAction *m_resultsJson;
    QAction *m_resultsCsv;
    QAction *m_hfConfig;
    QAction *m_copyBreakdown;
};

} // namespace tx
