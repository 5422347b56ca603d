#pragma once

#include <QObject>

#include <functional>

class QMainWindow;
class QTabWidget;

namespace tx {

class Autosave;
class ComparisonView;
class DesignFiles;

// The window's session across starts. restore() puts back what QSettings keeps (geometry, docks,
// the open tab, the palette, the last design) and, once the window has been painted (so the
// question does not sit on a black window), offers an autosave left by a session that did not quit
// cleanly, with its comparison pin and lesson step. save() writes the settings on a clean quit.
class WindowSession : public QObject
{
    Q_OBJECT

public:
    struct Parts
    {
        QMainWindow *window;
        QTabWidget *tabs;
        DesignFiles *files;
        Autosave *autosave;
        ComparisonView *comparison;
        std::function<bool()> isDark;          // the View menu's palette choice (rebuilt on retranslate)
        std::function<void(bool)> setDark;
        std::function<void(int lesson, int step)> resumeLesson; // opens the lesson panel at that step
    };

    WindowSession(const Parts &parts, QObject *parent);

    void restore();
    void save();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void offerRestore();

    Parts m_parts;
    bool m_pending = false; // restore() ran; the offer waits for the window's first paint
};

} // namespace tx
