#include "ui/lab/heatmappainter.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QLinearGradient>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace tx {

namespace {

constexpr double kGap = 6.0; // px between labels and cells

QColor mix(const QColor &a, const QColor &b, double t)
{
    t = std::clamp(t, 0.0, 1.0);
    return QColor::fromRgbF(float(a.redF() + (b.redF() - a.redF()) * t), float(a.greenF() + (b.greenF() - a.greenF()) * t),
                            float(a.blueF() + (b.blueF() - a.blueF()) * t));
}

// ColorBrewer "Blues" end points and "RdBu" ends (Brewer, colorbrewer2.org).
const QColor kWhite(0xff, 0xff, 0xff);
const QColor kBlue(0x08, 0x30, 0x6b);
const QColor kDivNeg(0x21, 0x66, 0xac);
const QColor kDivPos(0xb2, 0x18, 0x2b);
// ColorBrewer "Oranges" dark end: the side column (a sink's share) reads apart from the blues.
const QColor kOrange(0x7f, 0x27, 0x04);
constexpr double kSideGap = 4.0;  // px between the cells and the side column
constexpr double kBarWidth = 14.0; // px of a colour bar

// Width of the side column: fixed in the full view, a share of a thumbnail.
double sideWidth(const HeatmapData &data, HeatmapPainter::Mode mode, double areaWidth)
{
    if (data.side.empty())
        return 0.0;
    return mode == HeatmapPainter::Mode::Full ? 28.0 : std::max(4.0, areaWidth * 0.08);
}

double sideMax(const HeatmapData &data)
{
    double hi = 0.0;
    for (float v : data.side)
        if (std::isfinite(v))
            hi = std::max(hi, double(v));
    return hi > 0.0 ? hi : 1.0;
}

QString shortLabel(const QString &s)
{
    return s.size() > 12 ? s.left(11) + QStringLiteral("…") : s;
}

QString valueText(double v)
{
    return std::abs(v) >= 100.0 || (v != 0.0 && std::abs(v) < 0.01) ? QString::number(v, 'g', 2)
                                                                      : QString::number(v, 'f', 2);
}

struct Margins
{
    double title = 0, left = 0, top = 0, right = 0, bottom = 0;
};

Margins fullMargins(const HeatmapData &data, const QFontMetricsF &fm)
{
    Margins m;
    if (!data.title.isEmpty())
        m.title = fm.height() + kGap;
    double rowW = 0, colW = 0;
    for (const QString &l : data.rowLabels)
        rowW = std::max(rowW, fm.horizontalAdvance(shortLabel(l)));
    for (const QString &l : data.columnLabels)
        colW = std::max(colW, fm.horizontalAdvance(shortLabel(l)));
    colW = std::max(colW, fm.horizontalAdvance(data.sideLabel)); // written upwards above the side column
    m.left = rowW + kGap + (data.rowAxis.isEmpty() ? 0 : fm.height() + kGap);
    m.top = colW + kGap + (data.columnAxis.isEmpty() ? 0 : fm.height() + kGap);
    const double bar = kGap * 2 + kBarWidth + fm.horizontalAdvance(QStringLiteral("−000.00")) + kGap;
    m.right = bar + (data.side.empty() ? 0.0 : bar); // the side column's own bar beside the cells' one
    m.bottom = data.masked ? fm.height() + kGap * 2 : kGap;
    return m;
}

} // namespace

std::pair<double, double> HeatmapPainter::range(const HeatmapData &data)
{
    double hi = 0.0, absMax = 0.0;
    for (int r = 0; r < data.values.rows(); ++r) {
        // A causal row with one visible key always holds probability 1 (query 0); letting it set
        // the top of the scale would wash out every row that has a choice.
        int visible = 0;
        for (int c = 0; c < data.values.cols(); ++c)
            visible += data.isMasked(r, c) ? 0 : 1;
        if (data.scale == HeatmapData::Scale::Sequential && visible == 1 && data.values.rows() > 1)
            continue;
        for (int c = 0; c < data.values.cols(); ++c) {
            if (data.isMasked(r, c))
                continue;
            const double v = data.values(r, c);
            if (!std::isfinite(v))
                continue;
            hi = std::max(hi, v);
            absMax = std::max(absMax, std::abs(v));
        }
    }
    if (data.scale == HeatmapData::Scale::Sequential)
        return {0.0, hi > 0.0 ? hi : 1.0};
    if (absMax <= 0.0)
        absMax = 1.0;
    return {-absMax, absMax};
}

QColor HeatmapPainter::colour(const HeatmapData &data, double value, double low, double high)
{
    if (!std::isfinite(value))
        return maskColour();
    const double t = high > low ? (value - low) / (high - low) : 0.0;
    if (data.scale == HeatmapData::Scale::Sequential)
        return mix(kWhite, kBlue, t);
    return t < 0.5 ? mix(kDivNeg, kWhite, t * 2.0) : mix(kWhite, kDivPos, (t - 0.5) * 2.0);
}

QColor HeatmapPainter::sideColour(const HeatmapData &data, double value)
{
    return std::isfinite(value) ? mix(kWhite, kOrange, value / sideMax(data)) : maskColour();
}

QRectF HeatmapPainter::matrixRect(const HeatmapData &data, const QRectF &bounds, Mode mode, const QFont &font)
{
    const int rows = int(data.values.rows()), cols = int(data.values.cols());
    if (rows == 0 || cols == 0)
        return {};
    QRectF area = bounds;
    if (mode == Mode::Full) {
        const Margins m = fullMargins(data, QFontMetricsF(font));
        area = bounds.adjusted(m.left, m.title + m.top, -m.right, -m.bottom);
    }
    if (!data.side.empty())
        area.setRight(area.right() - sideWidth(data, mode, area.width()) - kSideGap);
    if (area.width() <= 0 || area.height() <= 0)
        return {};
    double cw = area.width() / cols, ch = area.height() / rows;
    if (data.squareCells)
        cw = ch = std::min(cw, ch);
    QRectF matrix(area.topLeft(), QSizeF(cw * cols, ch * rows));
    if (mode == Mode::Thumbnail)
        matrix.moveCenter(area.center());
    return matrix;
}

QRectF HeatmapPainter::sideRect(const HeatmapData &data, const QRectF &bounds, Mode mode, const QFont &font)
{
    const QRectF matrix = matrixRect(data, bounds, mode, font);
    if (data.side.empty() || matrix.isEmpty())
        return {};
    // Thumbnails size it from their whole width (as matrixRect reserved it), the full view fixes it.
    return QRectF(matrix.right() + kSideGap, matrix.top(), sideWidth(data, mode, bounds.width()), matrix.height());
}

QRectF HeatmapPainter::cellRect(const HeatmapData &data, const QRectF &matrix, int row, int col)
{
    const double cw = matrix.width() / double(std::max<Eigen::Index>(data.values.cols(), 1));
    const double ch = matrix.height() / double(std::max<Eigen::Index>(data.values.rows(), 1));
    return QRectF(matrix.left() + col * cw, matrix.top() + row * ch, cw, ch);
}

void HeatmapPainter::paint(QPainter &painter, const QRectF &bounds, const HeatmapData &data, Mode mode)
{
    const QRectF matrix = matrixRect(data, bounds, mode, painter.font());
    if (matrix.isEmpty())
        return;
    const int rows = int(data.values.rows()), cols = int(data.values.cols());
    const auto [low, high] = range(data);
    const double cw = matrix.width() / cols, ch = matrix.height() / rows;

    painter.save();
    painter.setPen(Qt::NoPen);
    for (int r = 0; r < rows; ++r) {
        for (int c = 0; c < cols; ++c) {
            const QColor fill = data.isMasked(r, c) ? maskColour() : colour(data, data.values(r, c), low, high);
            // Cells overlap by a fraction of a pixel so no hairline gaps show between them.
            painter.fillRect(QRectF(matrix.left() + c * cw, matrix.top() + r * ch, cw + 0.5, ch + 0.5), fill);
        }
    }
    // The side column, at its own width and on its own scale.
    const QRectF side = sideRect(data, bounds, mode, painter.font());
    const double sideHigh = sideMax(data);
    for (int r = 0; r < rows && r < int(data.side.size()); ++r)
        painter.fillRect(QRectF(side.left(), side.top() + r * ch, side.width(), ch + 0.5), sideColour(data, data.side[std::size_t(r)]));
    painter.restore();
    if (mode == Mode::Thumbnail)
        return;

    const QFontMetricsF fm(painter.font());
    const Margins m = fullMargins(data, fm);
    const QColor text = painter.pen().color();
    painter.save();
    painter.setPen(text);
    if (!data.title.isEmpty()) {
        QFont bold = painter.font();
        bold.setBold(true);
        painter.setFont(bold);
        painter.drawText(QRectF(bounds.left(), bounds.top(), bounds.width(), fm.height()), Qt::AlignLeft | Qt::AlignVCenter,
                         data.title);
        bold.setBold(false);
        painter.setFont(bold);
    }

    // Row labels right-aligned against the cells; thinned when rows are shorter than a line.
    const int rowStep = std::max(1, int(std::ceil(fm.height() / ch)));
    for (int r = 0; r < rows && r < data.rowLabels.size(); r += rowStep) {
        painter.drawText(QRectF(bounds.left(), matrix.top() + r * ch + ch / 2 - fm.height() / 2, matrix.left() - kGap - bounds.left(),
                                fm.height()),
                         Qt::AlignRight | Qt::AlignVCenter, shortLabel(data.rowLabels.at(r)));
    }
    // Column labels written upwards, so long tokens do not collide.
    const int colStep = std::max(1, int(std::ceil(fm.height() / cw)));
    for (int c = 0; c < cols && c < data.columnLabels.size(); c += colStep) {
        painter.save();
        painter.translate(matrix.left() + c * cw + cw / 2 + fm.ascent() / 2 - fm.descent() / 2, matrix.top() - kGap);
        painter.rotate(-90);
        painter.drawText(QPointF(0, 0), shortLabel(data.columnLabels.at(c)));
        painter.restore();
    }
    if (!data.side.empty()) {
        painter.save();
        painter.setPen(QPen(text, 0.5));
        painter.drawRect(side);
        painter.restore();
        painter.save();
        painter.translate(side.center().x() + fm.ascent() / 2 - fm.descent() / 2, matrix.top() - kGap);
        painter.rotate(-90);
        painter.drawText(QPointF(0, 0), data.sideLabel);
        painter.restore();
    }
    if (!data.columnAxis.isEmpty()) {
        painter.drawText(QRectF(matrix.left(), bounds.top() + m.title, matrix.width(), fm.height()), Qt::AlignCenter,
                         data.columnAxis + QStringLiteral(" →"));
    }
    if (!data.rowAxis.isEmpty()) {
        painter.save();
        painter.translate(bounds.left() + fm.ascent(), matrix.center().y());
        painter.rotate(-90);
        painter.drawText(QRectF(-matrix.height() / 2, -fm.ascent(), matrix.height(), fm.height()), Qt::AlignCenter,
                         data.rowAxis + QStringLiteral(" →"));
        painter.restore();
    }

    // Colour bar with its end values, so a reader knows what the darkest cell means.
    const double barLeft = (data.side.empty() ? matrix.right() : side.right()) + kGap * 2;
    const QRectF bar(barLeft, matrix.top(), kBarWidth, std::min(matrix.height(), 240.0));
    QLinearGradient gradient(bar.bottomLeft(), bar.topLeft());
    for (int i = 0; i <= 10; ++i)
        gradient.setColorAt(i / 10.0, colour(data, low + (high - low) * i / 10.0, low, high));
    painter.fillRect(bar, gradient);
    painter.setPen(QPen(text, 0.5));
    painter.drawRect(bar);
    painter.setPen(text);
    const double labelX = bar.right() + kGap / 2;
    painter.drawText(QRectF(labelX, bar.top() - fm.height() / 2, m.right, fm.height()), Qt::AlignLeft | Qt::AlignVCenter,
                     valueText(high));
    painter.drawText(QRectF(labelX, bar.bottom() - fm.height() / 2, m.right, fm.height()), Qt::AlignLeft | Qt::AlignVCenter,
                     valueText(low));
    if (!data.side.empty()) { // the side column's scale, 0 .. its largest value
        const QRectF sideBar(labelX + fm.horizontalAdvance(QStringLiteral("−000.00")) + kGap, bar.top(), kBarWidth, bar.height());
        QLinearGradient orange(sideBar.bottomLeft(), sideBar.topLeft());
        orange.setColorAt(0.0, kWhite);
        orange.setColorAt(1.0, kOrange);
        painter.fillRect(sideBar, orange);
        painter.setPen(QPen(text, 0.5));
        painter.drawRect(sideBar);
        painter.setPen(text);
        const double x = sideBar.right() + kGap / 2;
        painter.drawText(QRectF(x, sideBar.top() - fm.height() / 2, m.right, fm.height()), Qt::AlignLeft | Qt::AlignVCenter,
                         valueText(sideHigh));
        painter.drawText(QRectF(x, sideBar.bottom() - fm.height() / 2, m.right, fm.height()), Qt::AlignLeft | Qt::AlignVCenter,
                         valueText(0.0));
    }

    if (data.masked) {
        const double y = matrix.bottom() + kGap;
        const QRectF swatch(matrix.left(), y + (fm.height() - 10) / 2, 10, 10);
        painter.fillRect(swatch, maskColour());
        painter.drawText(QRectF(swatch.right() + kGap, y, bounds.right() - swatch.right() - kGap, fm.height()),
                         Qt::AlignLeft | Qt::AlignVCenter, tr("grey: masked, the query cannot see this key"));
    }
    painter.restore();
}

} // namespace tx
