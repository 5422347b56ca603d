#pragma once

#include <QObject>

class QMenu;
class QSettings;
class QWidget;

namespace tx {

class DesignState;
class RecentFiles;

// The window's File menu work on design files: new, open, save, save as, the question about
// unsaved changes, the recent-files list, and the window title naming the file.
class DesignFiles : public QObject
{
    Q_OBJECT
public:
    DesignFiles(DesignState *state, QWidget *window);

    // Fills `recentMenu` with the recent files (again after a language switch).
    void setRecentMenu(QMenu *recentMenu);

    void newDesign();
    void open();
    bool save();
    bool saveAs();
    // Opens a design file without asking about unsaved changes; false on error (shown).
    bool openFile(const QString &path);
    // Asks to save unsaved changes; false when the user cancels.
    bool maybeSave();
    // The design of the last session ("lastDesign"), with its file when that still holds it.
    void restoreLastDesign(const QSettings &settings);
    void saveLastDesign(QSettings &settings) const;
    // Moves what a save killed in its commit left beside the recent files to the trash
    // (core/base/saveleftovers.h); the window does it at start.
    void clearSaveLeftovers() const;
    // "name[*] — Transformer Explorer" with the modified mark.
    void updateTitle();

private:
    bool saveTo(const QString &path);

    DesignState *m_state;
    QWidget *m_window;
    RecentFiles *m_recent = nullptr;
};

} // namespace tx
