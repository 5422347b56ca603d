// Cold start of the real executable: from launch to the first painted main window
// (issue 12: bar 400 ms on 2 cores). Starts build/app/transformer-explorer under the offscreen
// platform with --fresh (no saved session) and an empty settings folder, TX_STARTUP_PROBE=1 making
// it print "first_paint" after its first paint pass and quit. One warm-up launch (page cache), then
// 10 timed ones; prints the median as startup_ms and the spread.
//   ./build/bench/bench_startup [runs] [platform]   (platform: offscreen, or xcb with DISPLAY set)
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QProcess>
#include <QTemporaryDir>
#include <QTextStream>

#include <algorithm>
#include <vector>

namespace {

// Milliseconds from QProcess::start() to the "first_paint" line, or -1.
double launchMs(const QProcessEnvironment &env)
{
    QProcess p;
    p.setProcessEnvironment(env);
    QElapsedTimer clock;
    clock.start();
    p.start(QStringLiteral(TX_APP_PATH), {QStringLiteral("--fresh")});
    QByteArray out;
    while (!out.contains("first_paint\n")) {
        if (!p.waitForReadyRead(20'000))
            return -1;
        out += p.readAllStandardOutput();
    }
    const double ms = double(clock.nsecsElapsed()) / 1e6;
    p.waitForFinished(10'000);
    return ms;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QTextStream out(stdout);
    const int runs = argc > 1 ? std::max(1, QString::fromLocal8Bit(argv[1]).toInt()) : 10;
    QTemporaryDir settings;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    const QString platform = argc > 2 ? QString::fromLocal8Bit(argv[2]) : QStringLiteral("offscreen");
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), platform);
    env.insert(QStringLiteral("TX_STARTUP_PROBE"), QStringLiteral("1"));
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), settings.path());
    env.insert(QStringLiteral("XDG_DATA_HOME"), settings.path());
    if (launchMs(env) < 0) {
        QTextStream(stderr) << "bench_startup: " << TX_APP_PATH << " did not report its first paint\n";
        return 1;
    }
    std::vector<double> ms;
    for (int i = 0; i < runs; ++i) {
        const double t = launchMs(env);
        if (t < 0) {
            QTextStream(stderr) << "bench_startup: run " << i + 1 << " did not report its first paint\n";
            return 1;
        }
        ms.push_back(t);
    }
    std::sort(ms.begin(), ms.end());
    out << "platform: " << platform << '\n';
    out << "runs: " << runs << '\n';
    out << "startup_ms: " << ms[ms.size() / 2] << '\n';
    out << "startup_min_ms: " << ms.front() << '\n';
    out << "startup_max_ms: " << ms.back() << '\n';
    out << "bar_ms: 400\n";
    return 0;
}
