// Opens a 700 GB checkpoint from its headers: a DeepSeek-V3-sized fp8 MoE layout (about 91,000
// tensors) in 163 sparse shards written here, then ModelInspection::inspect on the folder
// (index, every shard's header, tensor tree, design, reconciliation). Prints the median of
// `runs` (default 5) and the figures read, as `key: value` lines. Bar: inspect_ms < 1000.
#include "core/base/numberformat.h"
#include "core/estimate/paramcounter.h"
#include "core/modelfile/modelfilereader.h"
#include "core/modelfile/modelinspection.h"
#include "tests/support/modellayouts.h"
#include "tests/support/sparsecheckpoint.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTextStream>

#include <algorithm>
#include <ctime>
#include <vector>

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const int runs = argc > 1 ? std::max(1, QString::fromLocal8Bit(argv[1]).toInt()) : 5;
    QTextStream out(stdout);
    QTemporaryDir dir;
    const QString folder = dir.filePath(QStringLiteral("moe-700GB"));
    QElapsedTimer writeTimer;
    writeTimer.start();
    const std::int64_t bytes = tx::SparseCheckpoint::writeSharded(folder, tx::ModelLayouts::moe700GB(), 163);
    out << "write_ms: " << writeTimer.elapsed() << '\n';

    std::vector<double> times, cpuTimes;
    std::int64_t params = 0, tensors = 0, data = 0;
    for (int i = 0; i < runs; ++i) {
        QElapsedTimer t;
        t.start();
        const std::clock_t cpu = std::clock();
        auto inspection = tx::ModelInspection::inspect(folder);
        times.push_back(double(t.nsecsElapsed()) / 1e6);
        cpuTimes.push_back(1000.0 * double(std::clock() - cpu) / CLOCKS_PER_SEC);
        if (!inspection) {
            QTextStream(stderr) << inspection.error().toString() << '\n';
            return 1;
        }
        params = inspection->file.params();
        tensors = std::int64_t(inspection->file.tensors.size());
        data = inspection->file.tensorDataBytes();
    }
    std::sort(times.begin(), times.end());
    std::sort(cpuTimes.begin(), cpuTimes.end());
    // Where the time goes, once: headers, tree, design, reconciliation.
    QElapsedTimer stage;
    stage.start();
    auto file = tx::ModelFileReader::open(folder);
    const double readMs = double(stage.nsecsElapsed()) / 1e6;
    stage.restart();
    const tx::TensorGroups groups = tx::TensorGroups::build(*file);
    const double groupsMs = double(stage.nsecsElapsed()) / 1e6;
    stage.restart();
    const auto design = tx::ModelDesignReader::read(*file);
    const double designMs = double(stage.nsecsElapsed()) / 1e6;
    stage.restart();
    if (design)
        if (auto count = tx::countParams(design->config))
            tx::Reconciliation::compare(*design, *count, *file, groups);
    const double reconcileMs = double(stage.nsecsElapsed()) / 1e6;
    out << "read_headers_ms: " << QString::number(readMs, 'f', 1) << '\n';
    out << "tensor_tree_ms: " << QString::number(groupsMs, 'f', 1) << '\n';
    out << "design_ms: " << QString::number(designMs, 'f', 1) << '\n';
    out << "reconciliation_ms: " << QString::number(reconcileMs, 'f', 1) << '\n';
    out << "files_bytes: " << bytes << " (" << tx::NumberFormat::bytes(double(bytes)) << ")\n";
    out << "shards: 163\n";
    out << "tensors: " << tensors << '\n';
    out << "params: " << params << '\n';
    out << "tensor_data_bytes: " << data << '\n';
    out << "runs: " << runs << '\n';
    out << "inspect_ms: " << QString::number(times[times.size() / 2], 'f', 1) << '\n';
    // CPU time of the process: on a loaded shared machine the wall time above is several times it.
    out << "inspect_cpu_ms: " << QString::number(cpuTimes[cpuTimes.size() / 2], 'f', 1) << '\n';
    out << "inspect_ms_min: " << QString::number(times.front(), 'f', 1) << '\n';
    return 0;
}
