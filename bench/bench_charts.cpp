// Per-chart update-and-repaint cost, to find what limits bench_slider. Each chart sits in its
// own ChartPanel (800×500, offscreen) and is fed alternating designs (Llama-2-7B with 32 and
// 31 layers); a sample runs from the update call until the event loop has painted it.
//   ./build/bench/bench_charts [samples]   (default 200 per chart)
#include "core/design/presetlibrary.h"
#include "ui/charts/breakdownchart.h"
#include "ui/charts/chartpanel.h"
#include "ui/charts/isoflopchart.h"
#include "ui/charts/layerchart.h"
#include "ui/charts/memorychart.h"
#include "ui/charts/rooflinechart.h"
#include "ui/charts/scalinglawchart.h"
#include "ui/design/designstate.h"
#include "ui/widgets/theme.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QTextStream>

#include <algorithm>
#include <functional>
#include <vector>

namespace {

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[v.size() / 2];
}

void settle()
{
    for (int i = 0; i < 4; ++i) {
        QCoreApplication::sendPostedEvents();
        QCoreApplication::processEvents();
    }
}

} // namespace

int main(int argc, char *argv[])
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    tx::Theme::applyFont(app);
    const int samples = argc > 1 ? std::max(1, atoi(argv[1])) : 200;

    tx::ModelConfig a = tx::PresetLibrary::builtIn().find(QStringLiteral("llama-2-7b"))->config;
    tx::ModelConfig b = a;
    b.nLayers = 31;
    const tx::DesignSnapshot designs[] = {tx::DesignSnapshot::compute(a, {}),
                                          tx::DesignSnapshot::compute(b, {})};

    QTextStream out(stdout);
    const auto run = [&](const char *name, QChart *chart, const std::function<void(const tx::DesignSnapshot &)> &feed) {
        tx::ChartPanel panel(chart);
        panel.resize(800, 500);
        panel.show();
        feed(designs[0]);
        settle();
        std::vector<double> update, total;
        for (int i = 0; i < samples; ++i) {
            QElapsedTimer t;
            t.start();
            feed(designs[(i + 1) % 2]);
            update.push_back(double(t.nsecsElapsed()) / 1e6);
            settle();
            total.push_back(double(t.nsecsElapsed()) / 1e6);
        }
        out << name << "  update_median_ms: " << median(update) << "  painted_median_ms: " << median(total) << '\n';
    };
    auto *breakdown = new tx::BreakdownChart;
    run("breakdown", breakdown, [breakdown](const tx::DesignSnapshot &s) { breakdown->setParams(*s.params); });
    auto *layers = new tx::LayerChart;
    run("layers", layers, [layers](const tx::DesignSnapshot &s) { layers->setParams(*s.params); });
    auto *memory = new tx::MemoryChart;
    run("memory", memory, [memory](const tx::DesignSnapshot &s) { memory->setEvaluation(*s.evaluation); });
    auto *roofline = new tx::RooflineChart;
    run("roofline", roofline, [roofline](const tx::DesignSnapshot &s) { roofline->setEvaluation(*s.evaluation); });
    auto *isoFlop = new tx::IsoFlopChart;
    run("isoflop", isoFlop, [isoFlop](const tx::DesignSnapshot &s) { isoFlop->setEvaluation(s.assumptions, *s.evaluation); });
    auto *loss = new tx::ScalingLawChart;
    run("loss", loss, [loss](const tx::DesignSnapshot &s) { loss->setEvaluation(s.assumptions, *s.evaluation); });
    return 0;
}
