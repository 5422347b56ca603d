#pragma once

#include "assumptions.h"
#include "error.h"

#include <QObject>

#include <optional>

class QAction;
class QWidget;

namespace tx {

class DesignState;

// The window's exports of the current design: the report (PDF, HTML, Markdown), the
// breakdown as CSV, all results as JSON (the same keys as `size --format json`), and the
// breakdown copied to the clipboard as tab-separated text. The window adds the actions to
// its menus; each one evaluates the design under `assumptions()` when it runs.
class ExportActions : public QObject
{
    Q_OBJECT
public:
    ExportActions(DesignState *state, QWidget *window);

    QAction *reportAction() const { return m_report; }
    QAction *breakdownCsvAction() const { return m_breakdownCsv; }
    QAction *resultsJsonAction() const { return m_resultsJson; }
    QAction *copyBreakdownAction() const { return m_copyBreakdown; }

    // The estimate assumptions exports use (the program's defaults until the window edits them).
    const Assumptions &assumptions() const { return m_assumptions; }
    void setAssumptions(const Assumptions &assumptions) { m_assumptions = assumptions; }

    // The file writers behind the dialogs (errors name the file).
    std::optional<Error> writeReport(const QString &path) const;
    std::optional<Error> writeBreakdownCsv(const QString &path) const;
    std::optional<Error> writeResultsJson(const QString &path) const;

    void exportReport();
    void exportBreakdownCsv();
    void exportResultsJson();
    void copyBreakdown();

private:
    void warn(const QString &title, const QString &message);

    DesignState *m_state;
    QWidget *m_window;
    Assumptions m_assumptions;
    QAction *m_report;
    QAction *m_breakdownCsv;
    QAction *m_resultsJson;
    QAction *m_copyBreakdown;
};

} // namespace tx
