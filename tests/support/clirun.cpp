#include "tests/support/clirun.h"

#include <QProcess>

namespace tx {

CliRun CliRun::run(const QStringList &args, const QList<QPair<QString, QString>> &environment, int timeoutMs)
{
    QProcess p;
    if (!environment.isEmpty()) {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        for (const auto &[name, value] : environment)
            env.insert(name, value);
        p.setProcessEnvironment(env);
    }
    p.start(QStringLiteral(TX_APP_PATH), args);
    CliRun r;
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

} // namespace tx
