#include "ui/widgets/paintexporter.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QImage>
#include <QPainter>
#include <QSaveFile>
#include <QSvgGenerator>

namespace tx {

namespace {

std::optional<Error> checkSize(const QSize &size, const QString &path)
{
    if (size.width() < 16 || size.height() < 16 || size.width() > 16384 || size.height() > 16384)
        return Error{path, QStringLiteral("size"), PaintExporter::tr("image size must be between 16 and 16384 pixels a side")};
    return std::nullopt;
}

} // namespace

std::optional<Error> PaintExporter::savePng(const PaintFunction &paint, const QSize &pixels, const QString &path)
{
    if (auto error = checkSize(pixels, path))
        return error;
    QImage image(pixels, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    {
        QPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setRenderHint(QPainter::TextAntialiasing);
        painter.setPen(Qt::black);
        paint(painter, QRectF(QPointF(0, 0), QSizeF(pixels)).adjusted(8, 8, -8, -8));
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || !image.save(&file, "PNG") || !file.commit())
        return Error{path, {}, tr("cannot write the image: %1").arg(file.errorString())};
    return std::nullopt;
}

std::optional<Error> PaintExporter::saveSvg(const PaintFunction &paint, const QSize &size, const QString &path,
                                            const QString &title)
{
    if (auto error = checkSize(size, path))
        return error;
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return Error{path, {}, tr("cannot write: %1").arg(file.errorString())};
    QSvgGenerator svg;
    svg.setOutputDevice(&file);
    svg.setSize(size);
    svg.setViewBox(QRect(QPoint(0, 0), size));
    svg.setTitle(title);
    svg.setDescription(tr("Exported from Transformer Explorer"));
    {
        QPainter painter(&svg);
        painter.fillRect(QRect(QPoint(0, 0), size), Qt::white);
        painter.setPen(Qt::black);
        paint(painter, QRectF(QPointF(0, 0), QSizeF(size)).adjusted(8, 8, -8, -8));
    }
    if (!file.commit())
        return Error{path, {}, tr("cannot write: %1").arg(file.errorString())};
    return std::nullopt;
}

std::optional<Error> PaintExporter::save(const PaintFunction &paint, const QSize &size, const QString &path,
                                         const QString &title)
{
    if (QFileInfo(path).suffix().compare(QStringLiteral("svg"), Qt::CaseInsensitive) == 0)
        return saveSvg(paint, size, path, title);
    return savePng(paint, size, path);
}

} // namespace tx
