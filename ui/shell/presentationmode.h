#pragma once

#include <QFont>
#include <QHash>
#include <QObject>
#include <QPalette>
#include <QPen>
#include <QPointer>

#include <functional>

class QChart;
class QDockWidget;
class QMainWindow;
class QTabWidget;

namespace tx {

class PageBar;

class DesignControls;
class ReadoutBar;
class SummaryCards;

// Presentation mode (F11) for a projector: full screen, text and chart lines scaled up, a
// high-contrast palette, every control locked but the knob under discussion, and a large
// readout of that knob. Leaving restores fonts, pens, palette and window state.
class PresentationMode : public QObject
{
    Q_OBJECT
public:
    // How much larger text gets (the brief asks for 1.5–2×) and how much wider chart lines get.
    static constexpr double kFontScale = 1.6;
    static constexpr double kLineScale = 2.0;

    // What presenting changes, handed over by the window (nothing is looked up in it).
    struct Parts
    {
        QMainWindow *window;
        ReadoutBar *readout;
        SummaryCards *cards;
        QTabWidget *tabs; // its charts are scaled up
        PageBar *pages;   // the page buttons above them
        QList<QDockWidget *> hiddenWhilePresenting;
        std::function<DesignControls *()> controls; // the current ones (rebuilt on a language switch)
    };

    PresentationMode(const Parts &parts, QObject *parent = nullptr);

    bool isActive() const { return m_active; }
    void setActive(bool on);

    // The design-file key of the one unlocked knob ("d_model").
    QString focusField() const;
    void setFocusField(const QString &field);

    // Re-applies the locks to `controls` (after a snapshot or a rebuild of the controls).
    void applyLocks(DesignControls *controls);
    void fitDesignPanel();

signals:
    // After leaving, the window redraws its snapshot so the controls restore their own states.
    void activeChanged(bool active);
    void focusFieldChanged(const QString &field);

private:
    void scaleCharts(bool up);

    struct ChartLook
    {
        QFont title;
        QFont legend;
        QMargins margins;
        QHash<QObject *, QFont> axisLabels;
        QHash<QObject *, QFont> axisTitles;
        QHash<QObject *, QPen> seriesPens;
    };

    QMainWindow *m_window;
    ReadoutBar *m_readout;
    Parts m_parts;
    bool m_active = false;
    bool m_wasFullScreen = false;
    bool m_wasMaximized = false;
    QFont m_font;
    QPalette m_palette;
    QHash<QChart *, ChartLook> m_charts;
    QList<QPointer<QDockWidget>> m_hiddenDocks;
};

} // namespace tx
