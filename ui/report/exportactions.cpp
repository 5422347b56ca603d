#include "ui/report/exportactions.h"

#include "core/estimate/explainer.h"
#include "core/formats/hfconfigexporter.h"
#include "core/report/breakdowncsv.h"
#include "core/report/evaluationjson.h"
#include "core/report/figurecsv.h"
#include "core/report/resultjson.h"
#include "ui/design/designstate.h"
#include "ui/report/reportgenerator.h"

#include <QAction>
#include <QMenu>
#include <QApplication>
#include <QClipboard>
#include <QFileDialog>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMessageBox>
#include <QSaveFile>

namespace tx {

namespace {

QString baseName(const DesignState *state)
{
    const QString name = state->config().name.isEmpty() ? QStringLiteral("design") : state->config().name;
    return QString(name).replace(QLatin1Char('/'), QLatin1Char('-')).replace(QLatin1Char(' '), QLatin1Char('-'));
}

std::optional<Error> save(const QString &path, const QByteArray &bytes)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) < 0 || !file.commit())
        return Error{path, {}, QCoreApplication::translate("tx::ExportActions", "cannot write the file: %1").arg(file.errorString())};
    return std::nullopt;
}

} // namespace

ExportActions::ExportActions(DesignState *state, QWidget *window)
    : QObject(window)
    , m_state(state)
    , m_window(window)
    , m_report(new QAction(this))
    , m_breakdownCsv(new QAction(this))
    , m_resultsJson(new QAction(this))
    , m_resultsCsv(new QAction(this))
    , m_hfConfig(new QAction(this))
    , m_copyBreakdown(new QAction(this))
{
    setObjectName(QStringLiteral("exportActions"));
    m_report->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    retranslate();
    connect(m_report, &QAction::triggered, this, &ExportActions::exportReport);
    connect(m_breakdownCsv, &QAction::triggered, this, &ExportActions::exportBreakdownCsv);
    connect(m_resultsJson, &QAction::triggered, this, &ExportActions::exportResultsJson);
    connect(m_resultsCsv, &QAction::triggered, this, &ExportActions::exportResultsCsv);
    connect(m_hfConfig, &QAction::triggered, this, &ExportActions::exportHfConfig);
    connect(m_copyBreakdown, &QAction::triggered, this, &ExportActions::copyBreakdown);
}

void ExportActions::warn(const QString &title, const QString &message)
{
    QMessageBox::warning(m_window, title, message);
}

void ExportActions::setPinned(const DesignSnapshot *pinned)
{
    m_pinned.reset();
    if (pinned)
        m_pinned = *pinned;
}

void ExportActions::addFileExports(QMenu *menu)
{
    retranslate();
    for (QAction *a : {m_report, m_breakdownCsv, m_resultsJson, m_resultsCsv, m_hfConfig})
        menu->addAction(a);
}

void ExportActions::retranslate()
{
    m_report->setText(tr("Export &Report…"));
    m_report->setStatusTip(tr("Write a PDF, HTML or Markdown report of this design"));
    m_breakdownCsv->setText(tr("Export Parameter &Breakdown as CSV…"));
    m_resultsJson->setText(tr("Export Results as &JSON…"));
    m_resultsCsv->setText(tr("Export Results as CS&V…"));
    m_hfConfig->setText(tr("Export Design as &Hugging Face Config…"));
    m_hfConfig->setStatusTip(tr("Write a config.json that Hugging Face Transformers, torchtitan and Megatron-Bridge "
                                "read"));
    m_copyBreakdown->setText(tr("Copy Parameter Breakdown as &Text"));
}

std::optional<Error> ExportActions::writeReport(const QString &path) const
{
    const DesignSnapshot &s = m_state->snapshot();
    if (!s.evaluation)
        return s.errors.empty() ? Error{path, {}, tr("the design is invalid")} : s.errors.front();
    ReportGenerator::Input input{{s.config, s.assumptions, *s.evaluation}, std::nullopt, {}};
    if (m_pinned && m_pinned->evaluation)
        input.pinned = ChartFactory::Input{m_pinned->config, m_pinned->assumptions, *m_pinned->evaluation};
    return ReportGenerator(input).write(path);
}

std::optional<Error> ExportActions::writeBreakdownCsv(const QString &path) const
{
    const auto &params = m_state->snapshot().params;
    if (!params)
        return m_state->snapshot().errors.empty() ? Error{path, {}, tr("the design is invalid")}
                                                  : m_state->snapshot().errors.front();
    return save(path, BreakdownCsv::write(*params));
}

std::optional<Error> ExportActions::writeResultsJson(const QString &path) const
{
    const DesignSnapshot &s = m_state->snapshot();
    if (!s.evaluation)
        return s.errors.empty() ? Error{path, {}, tr("the design is invalid")} : s.errors.front();
    QJsonObject root;
    root.insert(QStringLiteral("name"), s.config.name);
    root.insert(QStringLiteral("params"), ResultJson::params(s.evaluation->params));
    EvaluationJson::write(root, s.config, s.assumptions, *s.evaluation);
    return save(path, QJsonDocument(root).toJson(QJsonDocument::Indented));
}

std::optional<Error> ExportActions::writeResultsCsv(const QString &path) const
{
    const DesignSnapshot &s = m_state->snapshot();
    if (!s.evaluation)
        return s.errors.empty() ? Error{path, {}, tr("the design is invalid")} : s.errors.front();
    return save(path, FigureCsv::write(explain(s.config, s.assumptions, *s.evaluation)));
}

std::optional<Error> ExportActions::writeHfConfig(const QString &path) const
{
    return HfConfigExporter::write(m_state->snapshot().config, path);
}

void ExportActions::exportHfConfig()
{
    const QString path = QFileDialog::getSaveFileName(m_window, tr("Export as Hugging Face config"),
                                                      QStringLiteral("config.json"), tr("JSON files (*.json)"));
    if (path.isEmpty())
        return;
    if (auto e = writeHfConfig(path))
        warn(tr("Export as Hugging Face config"), e->toString());
}

void ExportActions::exportResultsCsv()
{
    const QString path = QFileDialog::getSaveFileName(m_window, tr("Export results"),
                                                      baseName(m_state) + QStringLiteral("-results.csv"),
                                                      tr("CSV files (*.csv)"));
    if (path.isEmpty())
        return;
    if (auto e = writeResultsCsv(path))
        warn(tr("Export results"), e->toString());
}

void ExportActions::exportReport()
{
    const QString path = QFileDialog::getSaveFileName(
        m_window, tr("Export report"), baseName(m_state) + QStringLiteral("-report.pdf"),
        tr("PDF document (*.pdf);;Web page, one file (*.html);;Markdown with PNG charts (*.md)"));
    if (path.isEmpty())
        return;
    QApplication::setOverrideCursor(Qt::WaitCursor);
    const auto error = writeReport(path);
    QApplication::restoreOverrideCursor();
    if (error)
        warn(tr("Export report"), error->toString());
}

void ExportActions::exportBreakdownCsv()
{
    const QString path = QFileDialog::getSaveFileName(m_window, tr("Export parameter breakdown"),
                                                      baseName(m_state) + QStringLiteral("-parameters.csv"),
                                                      tr("CSV files (*.csv)"));
    if (path.isEmpty())
        return;
    if (auto e = writeBreakdownCsv(path))
        warn(tr("Export breakdown"), e->toString());
}

void ExportActions::exportResultsJson()
{
    const QString path = QFileDialog::getSaveFileName(m_window, tr("Export results"),
                                                      baseName(m_state) + QStringLiteral("-results.json"),
                                                      tr("JSON files (*.json)"));
    if (path.isEmpty())
        return;
    if (auto e = writeResultsJson(path))
        warn(tr("Export results"), e->toString());
}

void ExportActions::copyBreakdown()
{
    if (const auto &params = m_state->snapshot().params)
        QGuiApplication::clipboard()->setText(QString::fromUtf8(BreakdownCsv::write(*params, QLatin1Char('\t'))));
}

} // namespace tx
