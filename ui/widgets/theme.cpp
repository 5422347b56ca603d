#include "ui/widgets/theme.h"

#include "ui/widgets/themesignal.h"

#include <QAbstractAxis>
#include <QApplication>
#include <QChart>
#include <QLegend>
#include <QFontDatabase>
#include <QPalette>
#include <QStyle>
#include <QStyleFactory>

namespace tx {

QString Theme::fontFamily()
{
    // fonts-noto-cjk (installed by scripts/setup.sh) covers Latin and Chinese in one face.
    const QStringList families = QFontDatabase::families();
    for (const QString &f : {QStringLiteral("Noto Sans CJK SC"), QStringLiteral("Noto Sans"),
                             QStringLiteral("DejaVu Sans")}) {
        if (families.contains(f))
            return f;
    }
    return QApplication::font().family();
}

void Theme::applyFont(QApplication &app)
{
    QFont font(fontFamily());
    font.setPointSizeF(10);
    app.setFont(font);
}

void Theme::applyPalette(QApplication &app, Mode mode)
{
    app.setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    if (mode == Mode::Light) {
        app.setPalette(app.style()->standardPalette());
        ThemeSignal::instance()->announce(mode);
        return;
    }
    QPalette p;
    const QColor window(0x2b, 0x2d, 0x31);
    const QColor base(0x1e, 0x1f, 0x22);
    const QColor text(0xe6, 0xe6, 0xe6);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, window);
    p.setColor(QPalette::ToolTipBase, base);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::PlaceholderText, QColor(0x9a, 0x9a, 0x9a));
    p.setColor(QPalette::Button, window);
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, Qt::red);
    p.setColor(QPalette::Highlight, QColor(0x3d, 0x8e, 0xe6));
    p.setColor(QPalette::HighlightedText, Qt::black);
    p.setColor(QPalette::Link, QColor(0x56, 0xb4, 0xe9));
    p.setColor(QPalette::Disabled, QPalette::Text, QColor(0x80, 0x80, 0x80));
    p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x80, 0x80, 0x80));
    p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x80, 0x80, 0x80));
    app.setPalette(p);
    ThemeSignal::instance()->announce(mode);
}

void Theme::styleChart(QChart *chart, Mode mode)
{
    const bool dark = mode == Mode::Dark;
    const QColor background = dark ? QColor(0x1e, 0x1f, 0x22) : QColor(Qt::white);
    const QColor text = dark ? QColor(0xe6, 0xe6, 0xe6) : QColor(0x20, 0x20, 0x20);
    const QColor grid = dark ? QColor(0x44, 0x46, 0x4a) : QColor(0xdd, 0xdd, 0xdd);
    chart->setBackgroundBrush(background);
    chart->setTitleBrush(text);
    chart->legend()->setLabelColor(text);
    for (QAbstractAxis *axis : chart->axes()) {
        axis->setLabelsColor(text);
        axis->setTitleBrush(text);
        axis->setGridLineColor(grid);
        axis->setLinePenColor(grid);
    }
}

} // namespace tx
