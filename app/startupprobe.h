#pragma once

#include <QObject>

namespace tx {

// Start-up measurement hook (bench_startup): with TX_STARTUP_PROBE=1 in the environment the
// program prints "first_paint" on stdout once the main window has been painted for the first
// time, and quits. Before that line it prints each dialog on screen (a file that failed to
// open at start-up) as "dialog: TEXT | INFORMATIVE LINES", so tests can read what a user sees. Watches the application's events; costs nothing when not installed.
class StartupProbe : public QObject
{
    Q_OBJECT

public:
    static bool requested();
    explicit StartupProbe(QObject *window);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QObject *m_window = nullptr;
    bool m_fired = false;
};

} // namespace tx
