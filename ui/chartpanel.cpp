#include "chartpanel.h"

#include "chartexporter.h"

#include <QChart>
#include <QContextMenuEvent>
#include <QFileDialog>
#include <QInputDialog>
#include <QMenu>
#include <QMessageBox>

namespace tx {

ChartPanel::ChartPanel(QChart *chart, QWidget *parent)
    : QChartView(chart, parent)
{
    setRenderHint(QPainter::Antialiasing);
    setFocusPolicy(Qt::StrongFocus);
    setMinimumSize(240, 180);
}

void ChartPanel::contextMenuEvent(QContextMenuEvent *event)
{
    QMenu menu(this);
    menu.addAction(tr("Export as &PNG…"), this, &ChartPanel::exportPng);
    menu.addAction(tr("Export as &SVG…"), this, &ChartPanel::exportSvg);
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
    const QString path = QFileDialog::getSaveFileName(this, tr("Export chart as PNG"), chart()->title() + QStringLiteral(".png"),
                                                      tr("PNG images (*.png)"));
    if (path.isEmpty())
        return;
    if (auto error = ChartExporter::savePng(chart(), pixels, path))
        QMessageBox::warning(this, tr("Export chart"), error->toString());
}

void ChartPanel::exportSvg()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Export chart as SVG"), chart()->title() + QStringLiteral(".svg"),
                                                      tr("SVG drawings (*.svg)"));
    if (path.isEmpty())
        return;
    if (auto error = ChartExporter::saveSvg(chart(), size(), path, chart()->title()))
        QMessageBox::warning(this, tr("Export chart"), error->toString());
}

} // namespace tx
