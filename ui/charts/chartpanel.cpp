#include "ui/charts/chartpanel.h"

#include "ui/charts/chartwriter.h"
#include "ui/widgets/theme.h"
#include "ui/widgets/themesignal.h"

#include <QApplication>
#include <QAbstractAxis>
#include <QChart>
#include <QClipboard>
#include <QContextMenuEvent>
#include <QFileDialog>
#include <QInputDialog>
#include <QMenu>
#include <QMessageBox>

#include <algorithm>
#include <cmath>

namespace tx {

ChartPanel::ChartPanel(QChart *chart, QWidget *parent, Edges edges)
    : QChartView(chart, parent)
{
    // With antialiasing off on every chart, bench_slider's GUI-thread CPU p50 fell about 9%
    // (6.7 -> 6.1 ms, one run each on a shared machine). Text keeps its own
    // QPainter::TextAntialiasing either way, and exports always antialias.
    setRenderHint(QPainter::Antialiasing, edges == Edges::Curved);
    setFocusPolicy(Qt::StrongFocus);
    // A palette switch (View ▸ Dark palette) restyles the chart: each panel follows it itself.
    connect(ThemeSignal::instance(), &ThemeSignal::modeChanged, this, [this](Theme::Mode mode) {
        if (this->chart())
            Theme::styleChart(this->chart(), mode);
        claimReadableHeight(); // the fonts may have changed the height the chart needs
    });
    // The chart's minimum grows once it is laid out with its labels and fonts.
    if (chart)
        connect(chart, &QChart::plotAreaChanged, this, &ChartPanel::claimReadableHeight);
    if (ThemeSignal::instance()->mode() == Theme::Mode::Dark)
        Theme::styleChart(chart, Theme::Mode::Dark);
}

QSize ChartPanel::minimumSizeHint() const
{
    // The chart's own minimum counts its title, legend and axes, but Qt Charts elides the axis
    // labels once the plot area is shorter than about four label lines (measured: a breakdown
    // bar chart at 760 px wide kept "parameters (millions)" at 220 px tall and lost it at 210,
    // when its minimum hint was 153 px and a label line 14 px). Five lines leave room for that.
    const QChart *c = chart();
    int height = 180;
    if (c) {
        const QList<QAbstractAxis *> axes = c->axes();
        const QFontMetrics labels(axes.isEmpty() ? c->font() : axes.first()->labelsFont());
        height = std::max(height, int(std::ceil(c->effectiveSizeHint(Qt::MinimumSize).height())) + 5 * labels.height());
    }
    return QSize(240, height);
}

void ChartPanel::resizeEvent(QResizeEvent *event)
{
    QChartView::resizeEvent(event);
    claimReadableHeight();
}

void ChartPanel::claimReadableHeight()
{
    if (const QSize wanted = minimumSizeHint(); minimumSize() != wanted)
        setMinimumSize(wanted); // at most once per change of the hint: no resize loop
}

void ChartPanel::contextMenuEvent(QContextMenuEvent *event)
{
    QMenu menu(this);
    menu.addAction(tr("Export as &PNG…"), this, &ChartPanel::exportPng);
    menu.addAction(tr("Export as &SVG…"), this, &ChartPanel::exportSvg);
    menu.addAction(tr("Export as P&DF…"), this, &ChartPanel::exportPdf);
    menu.addSeparator();
    menu.addAction(tr("&Copy as Image"), this, &ChartPanel::copyImage);
    menu.exec(event->globalPos());
}

void ChartPanel::exportPng()
{
    const QStringList sizes = {tr("1600 × 1000 (slides)"), tr("3200 × 2000 (print)"), tr("800 × 500 (web)"),
                               tr("As shown (%1 × %2)").arg(width()).arg(height())};
    bool ok = false;
    const QString choice = QInputDialog::getItem(this, tr("Export chart"), tr("Image size in pixels:"), sizes, 0,
                                                 false, &ok);
    if (!ok)
        return;
    const int index = sizes.indexOf(choice);
    const QSize pixels = index == 0 ? QSize(1600, 1000) : index == 1 ? QSize(3200, 2000)
                       : index == 2 ? QSize(800, 500) : size();
    // DPI sets the text size relative to the picture: 96 keeps the on-screen proportions.
    const int suggested = index == 3 ? 96 : index == 1 ? 300 : ChartWriter::kDefaultDpi;
    const int dpi = QInputDialog::getInt(this, tr("Export chart"), tr("Resolution in dots per inch:"), suggested, 36,
                                         1200, 1, &ok);
    if (!ok)
        return;
    const QString path = QFileDialog::getSaveFileName(this, tr("Export chart as PNG"), chart()->title() + QStringLiteral(".png"),
                                                      tr("PNG images (*.png)"));
    if (path.isEmpty())
        return;
    if (auto error = ChartWriter::savePng(chart(), path, pixels, dpi))
        QMessageBox::warning(this, tr("Export chart"), error->toString());
}

void ChartPanel::exportSvg()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Export chart as SVG"), chart()->title() + QStringLiteral(".svg"),
                                                      tr("SVG drawings (*.svg)"));
    if (path.isEmpty())
        return;
    // 96 DPI: the drawing is laid out at the on-screen size, as the user sees it.
    if (auto error = ChartWriter::saveSvg(chart(), path, size(), 96))
        QMessageBox::warning(this, tr("Export chart"), error->toString());
}

void ChartPanel::exportPdf()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Export chart as PDF"), chart()->title() + QStringLiteral(".pdf"),
                                                      tr("PDF documents (*.pdf)"));
    if (path.isEmpty())
        return;
    // The page measures what the chart shows on screen (96 logical pixels per inch).
    if (auto error = ChartWriter::savePdf(chart(), path, size(), 96))
        QMessageBox::warning(this, tr("Export chart"), error->toString());
}

void ChartPanel::copyImage()
{
    // Twice the on-screen pixels at twice the DPI: the same layout, sharp when pasted into slides.
    QGuiApplication::clipboard()->setImage(ChartWriter::image(chart(), size() * 2, 192));
}

} // namespace tx
