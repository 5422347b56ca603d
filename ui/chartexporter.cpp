#include "chartexporter.h"

#include <QChart>
#include <QCoreApplication>
#include <QGraphicsScene>
#include <QImage>
#include <QPainter>
#include <QSaveFile>
#include <QSvgGenerator>

#include <memory>

namespace tx {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("tx::ChartExporter", text);
}

// Paints the chart's scene at `size` into `device`, then puts the chart back where it was.
void paintChart(QChart *chart, const QSize &size, QPaintDevice *device)
{
    QGraphicsScene *scene = chart->scene();
    std::unique_ptr<QGraphicsScene> ownScene;
    if (!scene) {
        ownScene = std::make_unique<QGraphicsScene>();
        ownScene->addItem(chart);
        scene = ownScene.get();
    }
    const QRectF oldGeometry = chart->geometry();
    chart->setGeometry(QRectF(QPointF(0, 0), QSizeF(size)));
    QPainter painter(device);
    painter.setRenderHint(QPainter::Antialiasing);
    scene->render(&painter, QRectF(QPointF(0, 0), QSizeF(size)), chart->sceneBoundingRect());
    painter.end();
    chart->setGeometry(oldGeometry);
    if (ownScene)
        ownScene->removeItem(chart);
}

} // namespace

std::optional<Error> ChartExporter::savePng(QChart *chart, const QSize &pixels, const QString &path)
{
    if (pixels.width() < 16 || pixels.height() < 16 || pixels.width() > 16384 || pixels.height() > 16384)
        return Error{path, QStringLiteral("size"), tr("image size must be between 16 and 16384 pixels a side")};
    QImage image(pixels, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    paintChart(chart, pixels, &image);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || !image.save(&file, "PNG") || !file.commit())
        return Error{path, {}, tr("cannot write the image: %1").arg(file.errorString())};
    return std::nullopt;
}

std::optional<Error> ChartExporter::saveSvg(QChart *chart, const QSize &size, const QString &path, const QString &title)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return Error{path, {}, tr("cannot write: %1").arg(file.errorString())};
    QSvgGenerator svg;
    svg.setOutputDevice(&file);
    svg.setSize(size);
    svg.setViewBox(QRect(QPoint(0, 0), size));
    svg.setTitle(title);
    svg.setDescription(tr("Exported from Transformer Explorer"));
    paintChart(chart, size, &svg);
    if (!file.commit())
        return Error{path, {}, tr("cannot write: %1").arg(file.errorString())};
    return std::nullopt;
}

} // namespace tx
