#include "ui/report/reportgenerator.h"

#include "ui/charts/chartfactory.h"
#include "ui/charts/charttextobject.h"
#include "ui/charts/chartwriter.h"
#include "ui/widgets/theme.h"

#include <QAbstractTextDocumentLayout>
#include <QChart>
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QLocale>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSaveFile>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>
#include <QTextFragment>

#include <QRegularExpression>

#include <cmath>
#include <functional>

namespace tx {

namespace {

// Charts in the PDF and the HTML: laid out at this logical size, then drawn into the text width.
constexpr double kChartLayoutWidth = 960;
constexpr double kChartLayoutHeight = 560;

} // namespace

ReportGenerator::ReportGenerator(Input input)
    : m_content(std::move(input))
{
}

std::optional<ReportGenerator::Format> ReportGenerator::formatFor(const QString &path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("pdf"))
        return Format::Pdf;
    if (suffix == QLatin1String("html") || suffix == QLatin1String("htm"))
        return Format::Html;
    if (suffix == QLatin1String("md") || suffix == QLatin1String("markdown"))
        return Format::Markdown;
    return std::nullopt;
}

QString ReportGenerator::title() const
{
    return m_content.title();
}

QString ReportGenerator::markdown(const QString &imageBase) const
{
    return m_content.markdown(imageBase);
}

QString ReportGenerator::html() const
{
    const auto design = m_content.input().design;
    const auto &pinned = m_content.input().pinned;
    return m_content.html(
        [&](ChartFactory::Kind kind) {
            auto chart = ChartFactory::create(kind, design, pinned ? &*pinned : nullptr);
            QString svg =
                QString::fromUtf8(ChartWriter::svg(chart.get(), QSize(int(kChartLayoutWidth), int(kChartLayoutHeight)), 96));
            // Inline SVG in HTML needs neither the XML prolog nor the DOCTYPE, and the namespace
            // declarations are implied: dropping them leaves no URL in the file.
            const auto start = svg.indexOf(QStringLiteral("<svg"));
            if (start > 0)
                svg.remove(0, start);
            svg.remove(QRegularExpression(QStringLiteral(" xmlns(:\\w+)?=\"[^\"]*\"")));
            svg.replace(QStringLiteral(" xlink:href="), QStringLiteral(" href="));
            return QStringLiteral("<div class=\"chart\" id=\"chart-%1\">\n%2\n</div>\n").arg(ChartFactory::toString(kind), svg);
        },
        true);
}

namespace {

std::optional<Error> saveText(const QString &path, const QByteArray &bytes)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) < 0 || !file.commit())
        return Error{path, {}, ReportGenerator::tr("cannot write the file: %1").arg(file.errorString())};
    return std::nullopt;
}

} // namespace

std::optional<Error> ReportGenerator::write(const QString &path) const
{
    const auto format = formatFor(path);
    if (!format)
        return Error{path, QStringLiteral("--out"),
                     tr("unknown report type \"%1\" (expected .pdf, .html or .md)").arg(QFileInfo(path).suffix())};
    switch (*format) {
    case Format::Pdf: return writePdf(path);
    case Format::Html: return writeHtml(path);
    case Format::Markdown: return writeMarkdown(path);
    }
    return std::nullopt;
}

std::optional<Error> ReportGenerator::writeHtml(const QString &path) const
{
    return saveText(path, html().toUtf8());
}

std::optional<Error> ReportGenerator::writeMarkdown(const QString &path) const
{
    const QFileInfo info(path);
    const QString base = info.completeBaseName();
    // Write the text first: an unwritable place fails before any image is left behind.
    if (auto e = saveText(path, m_content.markdown(base).toUtf8()))
        return e;
    for (ChartFactory::Kind kind : m_content.chartKinds()) {
        auto chart = ChartFactory::create(kind, m_content.input().design, m_content.input().pinned ? &*m_content.input().pinned : nullptr);
        const QString image = info.dir().filePath(base + QLatin1Char('-') + ChartFactory::toString(kind) + QStringLiteral(".png"));
        if (auto e = ChartWriter::savePng(chart.get(), image, QSize(ChartWriter::kDefaultWidth, ChartWriter::kDefaultHeight),
                                          ChartWriter::kDefaultDpi))
            return e;
    }
    return std::nullopt;
}

std::optional<Error> ReportGenerator::writePdf(const QString &path) const
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return Error{path, {}, tr("cannot write the file: %1").arg(file.errorString())};
    {
        QPdfWriter pdf(&file);
        constexpr int kDpi = 96; // one layout unit = one logical pixel, as on screen
        pdf.setResolution(kDpi);
        pdf.setPageLayout(QPageLayout(QPageSize(QPageSize::A4), QPageLayout::Portrait, QMarginsF(16, 14, 16, 16),
                                      QPageLayout::Millimeter));
        pdf.setTitle(m_content.title());
        pdf.setCreator(QStringLiteral("Transformer Explorer " TX_VERSION));
        const QRectF page = pdf.pageLayout().paintRectPixels(kDpi);
        const double footerHeight = 22;
        const QSizeF body(page.width(), page.height() - footerHeight);

        QTextDocument doc;
        QFont base;
        base.setFamilies(ChartFactory::fontFamilies());
        base.setPointSizeF(9);
        doc.setDefaultFont(base);
        doc.setDocumentMargin(0);
        doc.setHtml(m_content.html(
            [](ChartFactory::Kind kind) {
                return QStringLiteral("<p align=\"center\"><img src=\"txchart:%1\"></p>\n").arg(ChartFactory::toString(kind));
            },
            false));

        std::map<ChartFactory::Kind, std::unique_ptr<QChart>> charts;
        for (ChartFactory::Kind kind : m_content.chartKinds())
            charts[kind] = ChartFactory::create(kind, m_content.input().design, m_content.input().pinned ? &*m_content.input().pinned : nullptr);
        const double chartWidth = body.width() * 0.9;
        auto *handler = new ChartTextObject(std::move(charts), QSizeF(chartWidth, chartWidth * kChartLayoutHeight / kChartLayoutWidth),
                                            QSizeF(kChartLayoutWidth, kChartLayoutHeight), &doc);
        doc.documentLayout()->registerHandler(ChartTextObject::kObjectType, handler);

        // Swap each <img src="txchart:…"> for a chart object so it is drawn as vectors.
        for (QTextBlock block = doc.begin(); block.isValid(); block = block.next()) {
            for (auto it = block.begin(); !it.atEnd(); ++it) {
                const QTextFragment fragment = it.fragment();
                const QTextImageFormat image = fragment.charFormat().toImageFormat();
                if (!image.isValid() || !image.name().startsWith(QLatin1String("txchart:")))
                    continue;
                const auto kind = ChartFactory::kindFromString(image.name().mid(8));
                QTextCharFormat object;
                object.setObjectType(ChartTextObject::kObjectType);
                object.setProperty(ChartTextObject::kKindProperty, int(kind.value_or(ChartFactory::Kind::Params)));
                QTextCursor cursor(&doc);
                cursor.setPosition(fragment.position());
                cursor.setPosition(fragment.position() + fragment.length(), QTextCursor::KeepAnchor);
                cursor.setCharFormat(object);
            }
        }

        // Paginate only now, over the finished content: laying out while the formats above
        // change left the blocks after the first chart unplaced.
        doc.setPageSize(body);
        doc.markContentsDirty(0, doc.characterCount());
        const int pages = doc.pageCount();
        QPainter painter(&pdf);
        QFont footerFont;
        footerFont.setFamilies(ChartFactory::fontFamilies());
        footerFont.setPointSizeF(7.5);
        for (int i = 0; i < pages; ++i) {
            if (i > 0)
                pdf.newPage();
            painter.save();
            painter.translate(0, -i * body.height());
            QAbstractTextDocumentLayout::PaintContext context;
            context.clip = QRectF(0, i * body.height(), body.width(), body.height());
            painter.setClipRect(context.clip);
            doc.documentLayout()->draw(&painter, context);
            handler->drawPending(&painter);
            painter.restore();
            painter.setFont(footerFont);
            painter.setPen(QColor(0x66, 0x66, 0x66));
            const QRectF footer(0, body.height() + 6, body.width(), footerHeight - 6);
            painter.drawText(footer, Qt::AlignLeft | Qt::AlignVCenter,
                             tr("%1 · Transformer Explorer %2 · %3")
                                 .arg(m_content.title(), QStringLiteral(TX_VERSION),
                                      QLocale().toString(m_content.input().generated.date(), QLocale::ShortFormat)));
            painter.drawText(footer, Qt::AlignRight | Qt::AlignVCenter, tr("page %1 of %2").arg(i + 1).arg(pages));
        }
    }
    if (!file.commit())
        return Error{path, {}, tr("cannot write the file: %1").arg(file.errorString())};
    return std::nullopt;
}

} // namespace tx
