#pragma once

#include <QString>

class QApplication;
class QChart;

namespace tx {

// The application's look: a CJK-capable font (the program ships in Chinese too) and a
// light or dark palette on the Fusion style, which follows the palette on every platform.
class Theme
{
public:
    enum class Mode { Light, Dark };

    static void applyFont(QApplication &app);
    static void applyPalette(QApplication &app, Mode mode);
    // The family applyFont() chose (first installed of Noto Sans CJK SC, Noto Sans, DejaVu Sans).
    static QString fontFamily();
    // Chart backgrounds and text follow the palette; series keep their own colours.
    static void styleChart(QChart *chart, Mode mode);
};

} // namespace tx
