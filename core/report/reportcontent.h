#pragma once

#include "core/estimate/evaluateddesign.h"
#include "core/estimate/figure.h"
#include "core/report/reportcharts.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QList>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>
#include <vector>

namespace tx {

// What a design report says: summary, parameter breakdown, memory with device fit, compute,
// time and cost, the scaling law with the design marked, the comparison with a pinned design,
// every assumption, and each figure's formula with its numbers and source. As blocks, and as
// HTML or Markdown text; drawing the charts and writing PDF is ReportGenerator's (ui/report).
// Text goes through tr(), so it follows the UI language.
class ReportContent
{
    Q_DECLARE_TR_FUNCTIONS(tx::ReportContent)
public:
    struct Input
    {
        EvaluatedDesign design;
        std::optional<EvaluatedDesign> pinned;
        QDateTime generated; // shown on the title line; null = now
    };

    struct Block
    {
        enum class Type { Heading, Paragraph, Note, Table, Chart, Figures };
        Type type = Type::Paragraph;
        QString text;
        QStringList header;
        QList<QStringList> rows;
        ReportCharts::Kind chart = ReportCharts::Kind::Params;
        bool pageBreak = false; // headings: start a new page when printed
    };

    explicit ReportContent(Input input);

    const Input &input() const { return m_input; }
    const std::vector<Block> &blocks() const { return m_blocks; }
    const std::vector<Figure> &figures() const { return m_figures; }
    // The charts the report shows, in order.
    std::vector<ReportCharts::Kind> chartKinds() const;

    QString title() const;
    // The whole report as one HTML file; `chartHtml` gives each chart's HTML (inline SVG, or a
    // placeholder the PDF writer swaps). `screen` adds a readable column width for browsers.
    QString html(const std::function<QString(ReportCharts::Kind)> &chartHtml, bool screen) const;
    // Markdown with each chart as an `imageBase`-<kind>.png link.
    QString markdown(const QString &imageBase) const;

    // Columns after the first whose every cell is a number read right-aligned.
    static QList<bool> numericColumns(const Block &block);

private:
    void build();

    Input m_input;
    std::vector<Block> m_blocks;
    std::vector<Figure> m_figures;
};

} // namespace tx
