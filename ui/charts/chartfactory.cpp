#include "ui/charts/chartfactory.h"

#include "core/base/numberformat.h"
#include "core/estimate/paramcomponents.h"
#include "core/estimate/scalingcurves.h"
#include "core/estimate/scalinglaw.h"
#include "core/report/componentnames.h"
#include "core/report/reportcharts.h"
#include "ui/charts/breakdownchart.h"
#include "ui/charts/concurrencychart.h"
#include "ui/charts/memorychart.h"
#include "ui/charts/rooflinechart.h"
#include "ui/charts/sensitivitychart.h"
#include "ui/widgets/theme.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QCoreApplication>
#include <QHorizontalBarSeries>
#include <QHorizontalStackedBarSeries>
#include <QLegend>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace tx {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("tx::ChartFactory", text);
}

// Okabe-Ito palette: distinguishable with the common colour-vision deficiencies.
const QColor kColors[] = {QColor(0x00, 0x72, 0xB2), QColor(0xE6, 0x9F, 0x00), QColor(0x00, 0x9E, 0x73),
                          QColor(0xCC, 0x79, 0xA7), QColor(0x56, 0xB4, 0xE9), QColor(0xD5, 0x5E, 0x00),
                          QColor(0xF0, 0xE4, 0x42), QColor(0x99, 0x99, 0x99)};
const QColor kInk(0x20, 0x20, 0x20);
const QColor kGrid(0xdd, 0xdd, 0xdd);

QString designName(const ChartFactory::Input &d)
{
    return ReportCharts::designName(d);
}

QFont font(double points, bool bold = false)
{
    QFont f;
    f.setFamilies(ChartFactory::fontFamilies());
    f.setPointSizeF(points);
    f.setBold(bold);
    return f;
}

// Fonts sized for a slide seen from the back of a room at the default export size.
void styleAxis(QAbstractAxis *axis, const QString &title)
{
    axis->setTitleText(title);
    axis->setTitleFont(font(12, true));
    axis->setLabelsFont(font(11));
    axis->setLabelsColor(kInk);
    axis->setTitleBrush(kInk);
    axis->setGridLineColor(kGrid);
    axis->setLinePenColor(QColor(0x88, 0x88, 0x88));
}

std::unique_ptr<QChart> newChart(const QString &title)
{
    auto chart = std::make_unique<QChart>();
    chart->setTitle(title);
    chart->setTitleFont(font(16, true));
    chart->setTitleBrush(kInk);
    chart->setBackgroundBrush(Qt::white);
    chart->setBackgroundRoundness(0);
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->legend()->setFont(font(11));
    chart->legend()->setLabelColor(kInk);
    chart->setMargins(QMargins(12, 8, 12, 8));
    return chart;
}

// The window's chart, styled for a slide or a page: the same figure, the same drawing.
void applyPrintStyle(QChart *chart, const QString &title)
{
    chart->setTitle(title);
    chart->setTitleFont(font(16, true));
    chart->setTitleBrush(kInk);
    chart->setBackgroundBrush(Qt::white);
    chart->setBackgroundRoundness(0);
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->legend()->setFont(font(11));
    chart->legend()->setLabelColor(kInk);
    chart->setMargins(QMargins(12, 8, 12, 8));
    for (QAbstractAxis *axis : chart->axes())
        styleAxis(axis, axis->titleText());
}

std::unique_ptr<QChart> paramsChart(const ChartFactory::Input &d, const ChartFactory::Input *pinned)
{
    auto chart = std::make_unique<BreakdownChart>();
    chart->setParams(d.evaluation.params);
    if (pinned)
        chart->setPinned(&pinned->evaluation.params);
    applyPrintStyle(chart.get(), ChartFactory::title(ChartFactory::Kind::Params, d));
    return chart;
}

std::unique_ptr<QChart> memoryChart(const ChartFactory::Input &d, const ChartFactory::Input *pinned)
{
    auto chart = std::make_unique<MemoryChart>();
    chart->setEvaluation(d.evaluation);
    if (pinned)
        chart->setPinned(&pinned->evaluation);
    applyPrintStyle(chart.get(), ChartFactory::title(ChartFactory::Kind::Memory, d));
    return chart;
}

double positive(double x, double fallback)
{
    return std::isfinite(x) && x > 0 ? x : fallback;
}

std::unique_ptr<QChart> computeChart(const ChartFactory::Input &d)
{
    auto chart = std::make_unique<RooflineChart>();
    chart->setEvaluation(d.evaluation);
    applyPrintStyle(chart.get(), ChartFactory::title(ChartFactory::Kind::Compute, d));
    return chart;
}

std::unique_ptr<QChart> scalingChart(const ChartFactory::Input &d, const ChartFactory::Input *pinned)
{
    auto chart = newChart(ChartFactory::title(ChartFactory::Kind::Scaling, d));
    const ScalingLaw law = ScalingLaw::of(d.assumptions.law);
    const auto &sc = d.evaluation.scaling;
    const double n = positive(sc.params, 1e6);
    const double nOpt = positive(sc.optimalParams, n);
    double nMin = std::min(n, nOpt) / 10;
    double nMax = std::max(n, nOpt) * 10;
    if (pinned) {
        nMin = std::min(nMin, positive(pinned->evaluation.scaling.params, n) / 10);
        nMax = std::max(nMax, positive(pinned->evaluation.scaling.params, n) * 10);
    }
    double lossMin = std::min(sc.loss, sc.optimalLoss);
    double lossFocus = std::max(sc.loss, sc.optimalLoss);

    const auto addCurve = [&](const QString &name, const std::vector<ScalingPoint> &points, const QColor &color,
                              Qt::PenStyle style) {
        auto *s = new QLineSeries;
        s->setName(name);
        QPen pen(color);
        pen.setWidthF(3);
        pen.setStyle(style);
        s->setPen(pen);
        for (const ScalingPoint &p : points) {
            if (std::isfinite(p.loss) && p.params > 0) {
                s->append(p.params, p.loss);
                lossMin = std::min(lossMin, p.loss);
            }
        }
        chart->addSeries(s);
    };
    addCurve(tr("Same compute"),
             ScalingCurves::isoFlop(law, sc.computeBudget, nMin, nMax, 80), kColors[0], Qt::SolidLine);
    addCurve(tr("Same tokens (%1)").arg(NumberFormat::count(sc.tokens)),
             ScalingCurves::lossVsParams(law, sc.tokens, nMin, nMax, 80), kColors[2], Qt::DashLine);

    const auto addPoint = [&](const QString &name, double params, double loss, const QColor &color,
                              QScatterSeries::MarkerShape shape) {
        auto *s = new QScatterSeries;
        s->setName(name);
        s->setMarkerShape(shape);
        s->setMarkerSize(18);
        s->setColor(color);
        s->setBorderColor(kInk);
        s->append(params, loss);
        chart->addSeries(s);
    };
    addPoint(designName(d), n,
             sc.loss, kColors[5], QScatterSeries::MarkerShapeCircle);
    addPoint(tr("Compute-optimal"), nOpt, sc.optimalLoss, kColors[1], QScatterSeries::MarkerShapeRectangle);
    if (pinned) {
        const auto &ps = pinned->evaluation.scaling;
        addPoint(tr("%1 (pinned)").arg(designName(*pinned)), ps.params, ps.loss,
                 kColors[3], QScatterSeries::MarkerShapeCircle);
        lossFocus = std::max(lossFocus, ps.loss);
        lossMin = std::min(lossMin, ps.loss);
    }

    auto *x = new QLogValueAxis;
    auto *y = new QValueAxis;
    styleAxis(x, law.usesNonEmbeddingParams() ? tr("Non-embedding parameters N (log scale)")
                                              : tr("Parameters N (log scale)"));
    styleAxis(y, tr("Predicted loss (nats/token)"));
    x->setLabelFormat(QStringLiteral("%.0e"));
    x->setRange(nMin, nMax);
    // The curves climb steeply far from the optimum; keep the design's neighbourhood readable.
    const double span = std::max(lossFocus - lossMin, 0.05);
    y->setRange(std::max(0.0, lossMin - 0.2 * span), lossFocus + 1.5 * span);
    y->applyNiceNumbers();
    y->setLabelFormat(QStringLiteral("%.2f"));
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    for (QAbstractSeries *s : chart->series()) {
        s->attachAxis(x);
        s->attachAxis(y);
    }
    return chart;
}

} // namespace

QStringList ChartFactory::fontFamilies()
{
    QStringList families = {QStringLiteral("DejaVu Sans")};
    if (!families.contains(Theme::fontFamily()))
        families << Theme::fontFamily();
    return families;
}

std::unique_ptr<QChart> ChartFactory::create(Kind kind, const Input &design, const Input *pinned)
{
    switch (kind) {
    case Kind::Params:
        return paramsChart(design, pinned);
    case Kind::Memory:
        return memoryChart(design, pinned);
    case Kind::Compute:
        return computeChart(design);
    case Kind::Scaling:
        return scalingChart(design, pinned);
    case Kind::Sensitivity: {
        auto chart = std::make_unique<SensitivityChart>();
        chart->setDesign(design);
        applyPrintStyle(chart.get(), title(kind, design));
        return chart;
    }
    case Kind::Concurrency: {
        auto chart = std::make_unique<ConcurrencyChart>();
        chart->setDesign(design);
        applyPrintStyle(chart.get(), title(kind, design));
        return chart;
    }
    }
    return paramsChart(design, pinned);
}

} // namespace tx
