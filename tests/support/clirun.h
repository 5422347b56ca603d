#pragma once

#include <QByteArray>
#include <QList>
#include <QPair>
#include <QStringList>

namespace tx {

// The command line as a user or a script sees it: transformer-explorer (TX_APP_PATH) run
// through QProcess, with what it printed and its exit code. The one harness of tests/cli.
struct CliRun
{
    int exitCode = -1; // -1: it crashed or did not finish in time (then it was killed)
    QByteArray out;
    QByteArray err;

    // `environment` is set on top of this process's environment (e.g. {"LC_ALL", "zh_CN.UTF-8"}).
    static CliRun run(const QStringList &args, const QList<QPair<QString, QString>> &environment = {},
                      int timeoutMs = 120'000);
};

} // namespace tx
