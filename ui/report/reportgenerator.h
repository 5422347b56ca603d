#pragma once

#include "core/base/error.h"
#include "core/report/reportcontent.h"
#include "ui/charts/chartfactory.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace tx {

// Writes a design report (its text: ReportContent, core/report) as PDF (charts as vectors),
// one self-contained HTML file (inline SVG, no external references) or Markdown (PNG charts
// beside it).
class ReportGenerator
{
    Q_DECLARE_TR_FUNCTIONS(tx::ReportGenerator)
public:
    enum class Format { Pdf, Html, Markdown };
    using Input = ReportContent::Input;

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
    ReportContent m_content;
};

} // namespace tx
