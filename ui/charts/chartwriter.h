#pragma once

#include "core/base/error.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QImage>
#include <QSize>
#include <QString>

#include <optional>

class QChart;
class QPainter;
class QRectF;
class QSizeF;

namespace tx {

// Writes a chart as PNG (raster), SVG or PDF (vectors). A size is given in pixels with a DPI:
// the picture measures pixels/DPI inches in every format, and the chart is laid out at
// pixels·96/DPI logical pixels, so a higher DPI at the same pixel size gives larger text.
class ChartWriter
{
    Q_DECLARE_TR_FUNCTIONS(tx::ChartWriter)

public:
    static constexpr int kDefaultWidth = 1600; // pixels: a 16:10 slide
    static constexpr int kDefaultHeight = 1000;
    static constexpr int kDefaultDpi = 150;

    // Picks the format from the file's suffix (.png, .svg, .pdf); other suffixes are an error
    // whose field is "--out".
    static std::optional<Error> save(QChart *chart, const QString &path, const QSize &pixels = {kDefaultWidth, kDefaultHeight},
                                     int dpi = kDefaultDpi);
    static std::optional<Error> savePng(QChart *chart, const QString &path, const QSize &pixels, int dpi);
    static std::optional<Error> saveSvg(QChart *chart, const QString &path, const QSize &pixels, int dpi);
    static std::optional<Error> savePdf(QChart *chart, const QString &path, const QSize &pixels, int dpi);

    // The same pictures in memory (clipboard, reports).
    static QImage image(QChart *chart, const QSize &pixels, int dpi);
    static QByteArray svg(QChart *chart, const QSize &pixels, int dpi);

    // Lays the chart out at `layoutSize` (logical pixels) and paints it scaled into `target`.
    static void paint(QChart *chart, QPainter *painter, const QRectF &target, const QSizeF &layoutSize);

    // Checked sizes: 16 to 16384 pixels a side, 36 to 1200 DPI (field names as on the command line).
    static std::optional<Error> check(const QSize &pixels, int dpi);
};

} // namespace tx
