#pragma once

#include "ui/widgets/theme.h"

#include <QObject>

namespace tx {

// Tells whoever draws in the theme's colours that the palette switched (Theme::applyPalette).
// Qt's own palette events do not reach every widget: a child whose resolved palette does not
// change (a QChartView) gets none, so the charts listen here instead.
class ThemeSignal : public QObject
{
    Q_OBJECT
public:
    static ThemeSignal *instance();
    // The mode applyPalette() last set (Light before any call).
    Theme::Mode mode() const { return m_mode; }
    void announce(Theme::Mode mode);

signals:
    void modeChanged(tx::Theme::Mode mode);

private:
    ThemeSignal() = default;
    Theme::Mode m_mode = Theme::Mode::Light;
};

} // namespace tx
