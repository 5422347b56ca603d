#pragma once

#include <QObject>
#include <QStringList>

class QMenu;

namespace tx {

// The "Open Recent" list, newest first, kept in QSettings under "recentFiles".
class RecentFiles : public QObject
{
    Q_OBJECT
public:
    static constexpr int kMax = 8;

    explicit RecentFiles(QMenu *menu, QObject *parent = nullptr);

    void add(const QString &path);
    QStringList files() const { return m_files; }

signals:
    void openRequested(const QString &path);

private:
    void rebuildMenu();

    QMenu *m_menu;
    QStringList m_files;
};

} // namespace tx
