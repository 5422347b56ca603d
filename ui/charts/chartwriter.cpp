#include "ui/charts/chartwriter.h"

#include <QBuffer>
#include <QChart>
#include <QCoreApplication>
#include <QFileInfo>
#include <QGraphicsScene>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSaveFile>
#include <QSvgGenerator>

#include <memory>

namespace tx {

namespace {

constexpr double kLogicalDpi = 96.0; // Qt's logical DPI; chart fonts are laid out against it
constexpr double kMetresPerInch = 0.0254;

QSizeF layoutSize(const QSize &pixels, int dpi)
{
    return QSizeF(pixels) * (kLogicalDpi / dpi);
}

Error writeError(const QString &path, const QString &reason)
{
    return Error{path, {}, ChartWriter::tr("cannot write the file: %1").arg(reason)};
}

} // namespace

std::optional<Error> ChartWriter::check(const QSize &pixels, int dpi)
{
    if (pixels.width() < 16 || pixels.width() > 16384)
        return Error{{}, QStringLiteral("--width"), tr("must be between 16 and 16384 pixels")};
    if (pixels.height() < 16 || pixels.height() > 16384)
        return Error{{}, QStringLiteral("--height"), tr("must be between 16 and 16384 pixels")};
    if (dpi < 36 || dpi > 1200)
        return Error{{}, QStringLiteral("--dpi"), tr("must be between 36 and 1200")};
    return std::nullopt;
}

void ChartWriter::paint(QChart *chart, QPainter *painter, const QRectF &target, const QSizeF &layout)
{
    QGraphicsScene *scene = chart->scene();
    std::unique_ptr<QGraphicsScene> ownScene;
    if (!scene) {
        ownScene = std::make_unique<QGraphicsScene>();
        ownScene->addItem(chart);
        scene = ownScene.get();
    }
    const QRectF oldGeometry = chart->geometry();
    chart->setGeometry(QRectF(QPointF(0, 0), layout));
    if (ownScene)
        scene->setSceneRect(QRectF(QPointF(0, 0), layout));
    // No processEvents() here: Qt Charts lays out synchronously on setGeometry, and delivering
    // events in the middle of a PDF page lets the font cache drop engines the PDF engine still
    // maps, which loses glyphs from the embedded subsets.
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setRenderHint(QPainter::TextAntialiasing);
    scene->render(painter, target, QRectF(QPointF(0, 0), layout));
    painter->restore();
    if (ownScene)
        ownScene->removeItem(chart);
    else
        chart->setGeometry(oldGeometry);
}

QImage ChartWriter::image(QChart *chart, const QSize &pixels, int dpi)
{
    QImage image(pixels, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    const int dotsPerMetre = int(dpi / kMetresPerInch + 0.5);
    image.setDotsPerMeterX(dotsPerMetre);
    image.setDotsPerMeterY(dotsPerMetre);
    QPainter painter(&image);
    paint(chart, &painter, QRectF(QPointF(0, 0), QSizeF(pixels)), layoutSize(pixels, dpi));
    return image;
}

QByteArray ChartWriter::svg(QChart *chart, const QSize &pixels, int dpi)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    const QSizeF layout = layoutSize(pixels, dpi);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setSize(layout.toSize());
    generator.setViewBox(QRectF(QPointF(0, 0), layout));
    generator.setResolution(int(kLogicalDpi));
    generator.setTitle(chart->title());
    generator.setDescription(tr("Exported from Transformer Explorer"));
    QPainter painter(&generator);
    paint(chart, &painter, QRectF(QPointF(0, 0), layout), layout);
    painter.end();
    return buffer.data();
}

std::optional<Error> ChartWriter::savePng(QChart *chart, const QString &path, const QSize &pixels, int dpi)
{
    if (auto e = check(pixels, dpi))
        return e;
    const QImage picture = image(chart, pixels, dpi);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return writeError(path, file.errorString());
    if (!picture.save(&file, "PNG") || !file.commit())
        return writeError(path, file.errorString());
    return std::nullopt;
}

std::optional<Error> ChartWriter::saveSvg(QChart *chart, const QString &path, const QSize &pixels, int dpi)
{
    if (auto e = check(pixels, dpi))
        return e;
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return writeError(path, file.errorString());
    if (file.write(svg(chart, pixels, dpi)) < 0 || !file.commit())
        return writeError(path, file.errorString());
    return std::nullopt;
}

std::optional<Error> ChartWriter::savePdf(QChart *chart, const QString &path, const QSize &pixels, int dpi)
{
    if (auto e = check(pixels, dpi))
        return e;
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return writeError(path, file.errorString());
    {
        const QSizeF layout = layoutSize(pixels, dpi);
        QPdfWriter pdf(&file);
        pdf.setResolution(int(kLogicalDpi));
        // The page is exactly the picture: pixels/DPI inches = layout/96 inches, in points (1/72 in).
        pdf.setPageSize(QPageSize(layout * (72.0 / kLogicalDpi), QPageSize::Point, QString(), QPageSize::ExactMatch));
        pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
        pdf.setTitle(chart->title());
        pdf.setCreator(QStringLiteral("Transformer Explorer " TX_VERSION));
        QPainter painter(&pdf);
        paint(chart, &painter, QRectF(QPointF(0, 0), layout), layout);
    }
    if (!file.commit())
        return writeError(path, file.errorString());
    return std::nullopt;
}

std::optional<Error> ChartWriter::save(QChart *chart, const QString &path, const QSize &pixels, int dpi)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("png"))
        return savePng(chart, path, pixels, dpi);
    if (suffix == QLatin1String("svg"))
        return saveSvg(chart, path, pixels, dpi);
    if (suffix == QLatin1String("pdf"))
        return savePdf(chart, path, pixels, dpi);
    return Error{path, QStringLiteral("--out"), tr("unknown image type \"%1\" (expected .png, .svg or .pdf)").arg(suffix)};
}

} // namespace tx
