#pragma once

#include "core/base/error.h"
#include "core/estimate/figure.h"
#include "ui/charts/chartfactory.h"

#include <QDateTime>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace tx {

// A design report to forward: summary, parameter breakdown, memory with device fit, compute,
// time and cost, the scaling law with the design marked, the comparison with a pinned design,
// every assumption, and each figure's formula with its numbers and source. Written as PDF
// (charts as vectors), one self-contained HTML file (inline SVG, no external references) or
// Markdown (PNG charts beside it). Text goes through tr(), so it follows the UI language.
class ReportGenerator
{
public:
    enum class Format { Pdf, Html, Markdown };

    struct Input
    {
        ChartFactory::Input design;
        std::optional<ChartFactory::Input> pinned;
        QDateTime generated; // shown on the title line; null = now
    };

    explicit ReportGenerator(Input input);

    // From the suffix: .pdf, .html/.htm, .md/.markdown.
    static std::optional<Format> formatFor(const QString &path);

    // Writes in the format of the path's suffix; an unknown suffix is an error on "--out".
    std::optional<Error> write(const QString &path) const;
    std::optional<Error> writePdf(const QString &path) const;
    std::optional<Error> writeHtml(const QString &path) const;
    // Also writes <base>-params.png, -memory.png, -compute.png, -scaling.png beside the file.
    std::optional<Error> writeMarkdown(const QString &path) const;

    QString title() const;
    // The HTML file's text (charts inline as SVG) and the Markdown text (charts as
    // `imageBase`-<kind>.png links).
    QString html() const;
    QString markdown(const QString &imageBase) const;

private:
    struct Block
    {
        enum class Type { Heading, Paragraph, Note, Table, Chart, Figures };
        Type type = Type::Paragraph;
        QString text;
        QStringList header;
        QList<QStringList> rows;
        ChartFactory::Kind chart = ChartFactory::Kind::Params;
        bool pageBreak = false; // headings: start a new page when printed
    };
    enum class ChartMode { Placeholder, InlineSvg };

    void build();
    static QList<bool> numericColumns(const Block &b);
    QString htmlText(ChartMode mode) const;
    std::vector<ChartFactory::Kind> chartKinds() const;

    Input m_input;
    std::vector<Block> m_blocks;
    std::vector<Figure> m_figures;
};

} // namespace tx
