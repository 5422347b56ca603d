#include "ui/shell/presentationmode.h"

#include "ui/design/designcontrols.h"
#include "ui/design/presetpicker.h"
#include "ui/pages/readoutbar.h"
#include "ui/pages/summarycards.h"
#include "ui/widgets/theme.h"

#include <QAbstractAxis>
#include <QAbstractBarSeries>
#include <QApplication>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QLegend>
#include <QLineSeries>
#include <QMainWindow>
#include <QDockWidget>
#include <QTabBar>
#include <QTabWidget>
#include <QTimer>
#include <QScrollArea>
#include <QSlider>
#include <QSpinBox>

#include <algorithm>

namespace tx {

namespace {

QFont scaled(QFont f, double factor)
{
    if (f.pointSizeF() > 0)
        f.setPointSizeF(f.pointSizeF() * factor);
    else if (f.pixelSize() > 0)
        f.setPixelSize(int(f.pixelSize() * factor));
    return f;
}

// Black on white is what projectors wash out least; pure colours for selection and links.
QPalette highContrast()
{
    QPalette p;
    const QColor black(Qt::black);
    const QColor white(Qt::white);
    p.setColor(QPalette::Window, black);
    p.setColor(QPalette::WindowText, white);
    p.setColor(QPalette::Base, black);
    p.setColor(QPalette::AlternateBase, QColor(0x20, 0x20, 0x20));
    p.setColor(QPalette::Text, white);
    p.setColor(QPalette::PlaceholderText, QColor(0xd0, 0xd0, 0xd0));
    p.setColor(QPalette::Button, black);
    p.setColor(QPalette::ButtonText, white);
    p.setColor(QPalette::ToolTipBase, black);
    p.setColor(QPalette::ToolTipText, white);
    p.setColor(QPalette::Highlight, QColor(0xff, 0xd7, 0x00));
    p.setColor(QPalette::HighlightedText, black);
    p.setColor(QPalette::Link, QColor(0x00, 0xff, 0xff));
    p.setColor(QPalette::BrightText, QColor(0xff, 0xd7, 0x00));
    for (QPalette::ColorRole role : {QPalette::Text, QPalette::ButtonText, QPalette::WindowText})
        p.setColor(QPalette::Disabled, role, QColor(0xa0, 0xa0, 0xa0));
    return p;
}

} // namespace

PresentationMode::PresentationMode(const Parts &parts, QObject *parent)
    : QObject(parent)
    , m_window(parts.window)
    , m_readout(parts.readout)
    , m_parts(parts)
{
    connect(m_readout, &ReadoutBar::fieldChosen, this, &PresentationMode::setFocusField);
}

QString PresentationMode::focusField() const
{
    return m_readout->field();
}

void PresentationMode::setFocusField(const QString &field)
{
    if (field.isEmpty())
        return;
    m_readout->setField(field);
    if (m_active)
        applyLocks(m_parts.controls());
    emit focusFieldChanged(field);
}

void PresentationMode::setActive(bool on)
{
    if (on == m_active)
        return;
    m_active = on;
    auto *app = qobject_cast<QApplication *>(QCoreApplication::instance());
    if (on) {
        m_wasFullScreen = m_window->isFullScreen();
        m_wasMaximized = m_window->isMaximized();
        m_font = QApplication::font();
        m_palette = QApplication::palette();
        QApplication::setFont(scaled(m_font, kFontScale));
        if (app)
            app->setPalette(highContrast());
        scaleCharts(true);
        m_readout->show();
        m_readout->setField(m_readout->field()); // draws the readout now that it shows
        // The readout states the headline number in large type; the cards would only take the
        // height the charts need for their enlarged labels.
        m_parts.cards->hide();
        // Only the knobs and a running lesson stay beside the charts: the charts need the width
        // for their enlarged legends.
        m_hiddenDocks.clear();
        for (QDockWidget *dock : std::as_const(m_parts.hiddenWhilePresenting)) {
            if (dock->isVisible()) {
                m_hiddenDocks << dock;
                dock->hide();
            }
        }
        // The page buttons take the application's enlarged font and wrap into more rows.
        m_window->showFullScreen();
    } else {
        QApplication::setFont(m_font);
        if (app)
            app->setPalette(m_palette);
        scaleCharts(false);
        m_readout->hide();
        m_parts.cards->show();
        for (const QPointer<QDockWidget> &dock : std::as_const(m_hiddenDocks))
            if (dock)
                dock->show();
        m_hiddenDocks.clear();
        if (!m_wasFullScreen)
            m_wasMaximized ? m_window->showMaximized() : m_window->showNormal();
    }
    applyLocks(m_parts.controls());
    // The design panel is made as wide as its contents at the new font size once the widgets
    // have taken the font: their size hints still have the old font until then.
    QTimer::singleShot(0, this, &PresentationMode::fitDesignPanel);
    emit activeChanged(on);
}

void PresentationMode::fitDesignPanel()
{
    DesignControls *controls = m_parts.controls();
    if (!controls)
        return;
    // Presenting: as narrow as the knobs allow at this font size (combo boxes elide), and never
    // more than a third of the window: the charts need the width for their enlarged labels.
    // Back at the desk: as wide as the contents, as MainWindow sets it up.
    const int width = m_active ? std::min(controls->minimumSizeHint().width(), m_window->width() / 3)
                               : controls->sizeHint().width();
    for (QWidget *w = controls->parentWidget(); w; w = w->parentWidget()) {
        if (auto *scroll = qobject_cast<QScrollArea *>(w))
            scroll->setMinimumWidth(width + 24);
        if (auto *dock = qobject_cast<QDockWidget *>(w)) {
            m_window->resizeDocks({dock}, {width + 40}, Qt::Horizontal);
            break;
        }
    }
}

void PresentationMode::applyLocks(DesignControls *controls)
{
    if (controls)
        controls->setPresenting(m_active, focusField());
}

void PresentationMode::scaleCharts(bool up)
{
    const bool dark = m_palette.color(QPalette::Window).lightness() < 128;
    for (QChartView *view : m_parts.tabs->findChildren<QChartView *>()) {
        QChart *chart = view->chart();
        if (!chart)
            continue;
        if (up) {
            ChartLook look{chart->titleFont(), chart->legend()->font(), chart->margins(), {}, {}, {}};
            // Larger labels need the height the default 20 px margins take.
            chart->setMargins(QMargins(4, 4, 4, 4));
            chart->setTitleFont(scaled(look.title, kFontScale));
            chart->legend()->setFont(scaled(look.legend, kFontScale));
            for (QAbstractAxis *axis : chart->axes()) {
                look.axisLabels.insert(axis, axis->labelsFont());
                look.axisTitles.insert(axis, axis->titleFont());
                axis->setLabelsFont(scaled(axis->labelsFont(), kFontScale));
                axis->setTitleFont(scaled(axis->titleFont(), kFontScale));
            }
            for (QAbstractSeries *series : chart->series()) {
                if (auto *line = qobject_cast<QLineSeries *>(series)) {
                    look.seriesPens.insert(line, line->pen());
                    QPen pen = line->pen();
                    pen.setWidthF(std::max(1.0, pen.widthF()) * kLineScale);
                    line->setPen(pen);
                } else if (auto *bars = qobject_cast<QAbstractBarSeries *>(series)) {
                    for (QBarSet *set : bars->barSets()) {
                        look.seriesPens.insert(set, set->pen());
                        QPen pen = set->pen();
                        pen.setColor(Qt::black);
                        pen.setWidthF(std::max(1.0, pen.widthF()) * kLineScale);
                        set->setPen(pen);
                    }
                }
            }
            m_charts.insert(chart, look);
            Theme::styleChart(chart, Theme::Mode::Dark);
            chart->setBackgroundBrush(Qt::black);
            chart->setTitleBrush(Qt::white);
            chart->legend()->setLabelColor(Qt::white);
            for (QAbstractAxis *axis : chart->axes()) {
                axis->setLabelsColor(Qt::white);
                axis->setTitleBrush(Qt::white);
            }
        } else if (m_charts.contains(chart)) {
            const ChartLook look = m_charts.take(chart);
            chart->setTitleFont(look.title);
            chart->legend()->setFont(look.legend);
            chart->setMargins(look.margins);
            for (QAbstractAxis *axis : chart->axes()) {
                if (look.axisLabels.contains(axis))
                    axis->setLabelsFont(look.axisLabels.value(axis));
                if (look.axisTitles.contains(axis))
                    axis->setTitleFont(look.axisTitles.value(axis));
            }
            for (QAbstractSeries *series : chart->series()) {
                if (auto *line = qobject_cast<QLineSeries *>(series); line && look.seriesPens.contains(line)) {
                    line->setPen(look.seriesPens.value(line));
                } else if (auto *bars = qobject_cast<QAbstractBarSeries *>(series)) {
                    for (QBarSet *set : bars->barSets()) {
                        if (look.seriesPens.contains(set))
                            set->setPen(look.seriesPens.value(set));
                    }
                }
            }
            Theme::styleChart(chart, dark ? Theme::Mode::Dark : Theme::Mode::Light);
        }
        view->updateGeometry(); // a panel's minimum height follows its chart's fonts (ChartPanel)
    }
}

} // namespace tx
