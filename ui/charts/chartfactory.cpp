#include "ui/charts/chartfactory.h"

#include "core/report/reportcharts.h"
#include "ui/charts/breakdownchart.h"
#include "ui/charts/concurrencychart.h"
#include "ui/charts/isoflopchart.h"
#include "ui/charts/memorychart.h"
#include "ui/charts/rooflinechart.h"
#include "ui/charts/sensitivitychart.h"
#include "ui/widgets/theme.h"

#include <QChart>
#include <QCoreApplication>
#include <QLegend>

namespace tx {

namespace {

const QColor kInk(0x20, 0x20, 0x20);
const QColor kGrid(0xdd, 0xdd, 0xdd);

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

std::unique_ptr<QChart> computeChart(const ChartFactory::Input &d)
{
    auto chart = std::make_unique<RooflineChart>();
    chart->setEvaluation(d.evaluation);
    applyPrintStyle(chart.get(), ChartFactory::title(ChartFactory::Kind::Compute, d));
    return chart;
}

// The window's iso-FLOP chart: the design on its budget's curve, the compute-optimal frontier
// and the pinned design A.
std::unique_ptr<QChart> scalingChart(const ChartFactory::Input &d, const ChartFactory::Input *pinned)
{
    auto chart = std::make_unique<IsoFlopChart>();
    chart->setEvaluation(d.assumptions, d.evaluation);
    chart->setPinned(pinned ? &pinned->evaluation : nullptr);
    applyPrintStyle(chart.get(), ChartFactory::title(ChartFactory::Kind::Scaling, d));
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
