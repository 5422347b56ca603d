// Slider-to-pixels latency of the explorer window (issue 4: p95 <= 16 ms, one 60 Hz frame).
// Drives slider changes through the real widgets offscreen at 1600×1000 with Llama-2-7B
// loaded, on each page of the window in turn. Each sample runs from QSlider::setValue()
// (the signal a drag emits) until the window is painted: the event loop is run pass after
// pass until a pass paints nothing more (every QEvent::Paint is counted by an application
// event filter), so layout requests, chart scene updates and the repaint of every visible
// view that changed are all inside the sample. Wall-clock time is the measure (p50_ms,
// p95_ms); the GUI thread's CPU time is printed beside it because this 2-core machine is
// shared and wall time includes waiting for a core.
//   ./build/bench/bench_slider [changes-per-page]   (default 250 × 8 pages = 2000 changes)
// Diagnostics: TX_PAINT_STATS=1 lists the widgets painted most; TX_PAINT_TRACE=1 prints every
// paint (with its rectangle), move, resize and layout request of one change on each page;
// TX_BENCH_PAGE=N runs page N only (for a profiler).
#include "ui/design/designcontrols.h"
#include "ui/design/designstate.h"
#include "ui/shell/mainwindow.h"
#include "ui/widgets/knobcontrol.h"
#include "ui/widgets/theme.h"

#include <QApplication>
#include <map>
#include <algorithm>
#include <QElapsedTimer>
#include <QSlider>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTextStream>
#include <QPaintEvent>

#include <algorithm>
#include <ctime>
#include <vector>

namespace {

double threadCpuMs()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) / 1e6;
}

double percentile(std::vector<double> v, double p)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    const size_t i = std::min(v.size() - 1, size_t(p * double(v.size() - 1) + 0.5));
    return v[i];
}

class PaintCounter : public QObject
{
public:
    long long paints = 0;
    bool trace = false;
    std::map<QString, long long> byClass;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (trace && (event->type() == QEvent::Resize || event->type() == QEvent::Move || event->type() == QEvent::LayoutRequest)) {
            QTextStream(stderr) << "  " << event->type() << " " << watched->metaObject()->className() << ':' << watched->objectName() << '\n';
        }
        if (event->type() == QEvent::Paint) {
            ++paints;
            if (trace) {
                const QRect r = static_cast<QPaintEvent *>(event)->rect();
                QTextStream(stderr) << "  paint " << watched->metaObject()->className() << ':' << watched->objectName()
                                    << " " << r.x() << ',' << r.y() << ' ' << r.width() << 'x' << r.height() << '\n';
            }
            if (qEnvironmentVariableIsSet("TX_PAINT_STATS"))
                byClass[QString::fromLatin1(watched->metaObject()->className()) + QLatin1Char(':') + watched->objectName()]++;
        }
        return QObject::eventFilter(watched, event);
    }
};

// Runs the event loop until a pass paints nothing; returns how many widgets were painted.
long long settle(PaintCounter &counter)
{
    const long long start = counter.paints;
    for (int pass = 0; pass < 50; ++pass) {
        const long long before = counter.paints;
        QCoreApplication::sendPostedEvents();
        QCoreApplication::processEvents();
        if (counter.paints == before && pass > 0)
            break;
    }
    return counter.paints - start;
}

} // namespace

int main(int argc, char *argv[])
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true);
    tx::Theme::applyFont(app);
    tx::Theme::applyPalette(app, tx::Theme::Mode::Light);
    const int perPage = argc > 1 ? std::max(1, atoi(argv[1])) : 250;

    PaintCounter counter;
    app.installEventFilter(&counter);

    tx::MainWindow window;
    window.resize(1600, 1000);
    window.loadPreset(QStringLiteral("llama-2-7b"));
    window.show();
    settle(counter);
    // Knobs a user drags, each swept back and forth over the middle of its slider.
    const QStringList fields = {QStringLiteral("n_layers"), QStringLiteral("d_model"), QStringLiteral("seq"),
                                QStringLiteral("d_ff"), QStringLiteral("batch"), QStringLiteral("vocab_size")};
    QTextStream out(stdout);
    std::vector<double> all, cpu;
    long long unchanged = 0, painted = 0;
    const int onlyPage = qEnvironmentVariableIsSet("TX_BENCH_PAGE") ? qEnvironmentVariableIntValue("TX_BENCH_PAGE") : -1;
    for (int page = 0; page < window.tabs()->count(); ++page) {
        if (onlyPage >= 0 && page != onlyPage)
            continue;
        window.tabs()->setCurrentIndex(page);
        settle(counter);
        std::vector<double> samples;
        std::map<QString, std::vector<double>> byField;
        for (int i = 0; samples.size() < size_t(perPage) && i < perPage * 4; ++i) {
            QSlider *slider = window.controls()->knob(fields[i % fields.size()])->slider();
            const int span = slider->maximum() - slider->minimum();
            const int step = (i / int(fields.size())) % 40; // a triangle sweep, 20 steps each way
            const int pos = slider->minimum() + span / 5 + (span * 3 / 5) * (step < 20 ? step : 40 - step) / 20;
            const tx::ModelConfig configBefore = window.state()->config();
            const tx::Assumptions assumptionsBefore = window.state()->assumptions();

            counter.trace = qEnvironmentVariableIsSet("TX_PAINT_TRACE") && i == 7;
            if (counter.trace)
                QTextStream(stderr) << "=== page " << page << " field " << fields[i % fields.size()] << '\n';
            const double cpuStart = threadCpuMs();
            QElapsedTimer timer;
            timer.start();
            slider->setValue(pos == slider->value() ? pos + 1 : pos);
            painted += settle(counter);
            const double ms = double(timer.nsecsElapsed()) / 1e6;
            counter.trace = false;
            const double cpuMs = threadCpuMs() - cpuStart;

            // A position that snaps back to the same design changes nothing; it is not a sample.
            if (window.state()->config() == configBefore && window.state()->assumptions() == assumptionsBefore) {
                ++unchanged;
                continue;
            }
            samples.push_back(ms);
            cpu.push_back(cpuMs);
            byField[fields[i % fields.size()]].push_back(ms);
        }
        out << "page: " << window.tabs()->tabText(page).remove(QLatin1Char('&')) << "  changes: " << samples.size()
            << "  p50_ms: " << percentile(samples, 0.5) << "  p95_ms: " << percentile(samples, 0.95) << '\n';
        if (qEnvironmentVariableIsSet("TX_PAINT_STATS"))
            for (const auto &[field, v] : byField)
                out << "    " << field << "  p50_ms: " << percentile(v, 0.5) << "  p95_ms: " << percentile(v, 0.95) << '\n';
        all.insert(all.end(), samples.begin(), samples.end());
    }
    out << "changes: " << all.size() << "  (skipped " << unchanged << " positions that snapped to the same design; "
        << painted << " widget paints)\n";
    if (qEnvironmentVariableIsSet("TX_PAINT_STATS")) {
        std::vector<std::pair<long long, QString>> v;
        for (auto &[k, n] : counter.byClass) v.push_back({n, k});
        std::sort(v.rbegin(), v.rend());
        for (size_t i = 0; i < v.size() && i < 25; ++i) out << v[i].first << " " << v[i].second << "\n";
    }
    out << "p50_ms: " << percentile(all, 0.5) << '\n';
    out << "p95_ms: " << percentile(all, 0.95) << '\n';
    // The same samples in CPU time of the GUI thread: what the window itself spent, without
    // the time other processes held the CPU (the machine is shared).
    out << "cpu_p50_ms: " << percentile(cpu, 0.5) << '\n';
    out << "cpu_p95_ms: " << percentile(cpu, 0.95) << '\n';
    return 0;
}
