#include "ui/widgets/themesignal.h"

namespace tx {

ThemeSignal *ThemeSignal::instance()
{
    static ThemeSignal *signal = new ThemeSignal; // lives as long as the process, as the palette does
    return signal;
}

void ThemeSignal::announce(Theme::Mode mode)
{
    m_mode = mode;
    emit modeChanged(mode);
}

} // namespace tx
