#pragma once

#include "error.h"

#include <QSize>
#include <QString>

#include <optional>

class QChart;
class QGraphicsScene;

namespace tx {

// Writes a chart to an image file: PNG at a chosen pixel size, or SVG (vector) through
// QSvgGenerator. Works on a chart shown in a window and on one built headless for a report.
class ChartExporter
{
public:
    // Renders `chart` at `pixels` (the chart is laid out at that size, so text stays sharp).
    static std::optional<Error> savePng(QChart *chart, const QSize &pixels, const QString &path);
    static std::optional<Error> saveSvg(QChart *chart, const QSize &size, const QString &path, const QString &title);
};

} // namespace tx
