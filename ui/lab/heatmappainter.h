#pragma once

#include "ui/lab/heatmapdata.h"

#include <QColor>
#include <QCoreApplication>
#include <QRectF>

class QFont;
class QPainter;

namespace tx {

// Draws a HeatmapData into any QPainter (a widget, a PNG, an SVG), so what is exported is
// exactly what is on screen. Full mode has the title, axis labels and a colour bar;
// thumbnail mode only the cells.
class HeatmapPainter
{
    Q_DECLARE_TR_FUNCTIONS(tx::HeatmapPainter)

public:
    enum class Mode { Full, Thumbnail };

    // Neutral grey: no colour of either scale is grey, so masked cells never read as values.
    static QColor maskColour() { return QColor(0xb4, 0xb4, 0xb4); }

    // The lowest and highest value the colours span (over unmasked cells).
    static std::pair<double, double> range(const HeatmapData &data);
    static QColor colour(const HeatmapData &data, double value, double low, double high);
    // The side column's colour of a value: white → orange over 0 .. the column's largest value.
    static QColor sideColour(const HeatmapData &data, double value);

    // Where the cells go inside `bounds` for this font.
    static QRectF matrixRect(const HeatmapData &data, const QRectF &bounds, Mode mode, const QFont &font);
    static QRectF cellRect(const HeatmapData &data, const QRectF &matrix, int row, int col);
    // Where the side column (HeatmapData::side) goes, right of the cells; empty without one.
    static QRectF sideRect(const HeatmapData &data, const QRectF &bounds, Mode mode, const QFont &font);

    static void paint(QPainter &painter, const QRectF &bounds, const HeatmapData &data, Mode mode);
};

} // namespace tx
