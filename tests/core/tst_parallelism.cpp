// The parallelism plan (core/estimate/parallelismplanner): Megatron-LM's worked examples and the
// configurations of its Table 1 (Narayanan et al. 2021, "Efficient Large-Scale Language Model
// Training on GPU Clusters Using Megatron-LM", SC'21, arXiv:2104.04473).
#include "core/design/presetlibrary.h"
#include "core/estimate/evaluator.h"
#include "core/estimate/parallelismplanner.h"
#include "core/estimate/paramcounter.h"

#include <QtTest>

using namespace tx;

namespace {

// The GPT models of Table 1: GPT-2/3 architecture, vocabulary 51,200, sequence 2,048.
ModelConfig gpt(int heads, int hidden, int layers)
{
    ModelConfig c = PresetLibrary::builtIn().find(QStringLiteral("gpt3-175b"))->config;
    c.nHeads = c.nKvHeads = heads;
    c.dModel = hidden;
    c.dFf = 4 * hidden;
    c.nLayers = layers;
    c.vocabSize = 51200;
    c.maxPositions = 2048;
    return c;
}

Assumptions megatron(int devices, double achievedFlops)
{
    Assumptions a;
    a.device = QStringLiteral("a100-80gb"); // §5: DGX A100 80 GB nodes
    a.devices = devices;
    a.contextLength = 2048;
    a.batch = 1;
    a.recompute = Recompute::Full;          // "we use activation recomputation"
    a.mfu = achievedFlops / 312e12;         // the achieved per-GPU throughput against the bf16 peak
    return a;
}

} // namespace

class TestParallelism : public QObject
{
    Q_OBJECT

private slots:
    void equationFourWorkedExamples()
    {
        // §5.1: GPT-3 175B on 1,024 A100s at 140 TFLOP/s per GPU for 300 B tokens: 8·T·P/(n·X)
        // = 2.93 × 10^6 s ≈ 34 days; 1 T parameters (Table 1's 1,008 B) on 3,072 A100s at
        // 163 TFLOP/s for 450 B tokens ≈ 84 days.
        const double gpt3 = ParallelismPlanner::megatronSeconds(300e9, 175e9, 1024, 140e12) / 86400;
        QCOMPARE(std::round(gpt3), 34.0);
        const double trillion = ParallelismPlanner::megatronSeconds(450e9, 1008e9, 3072, 163e12) / 86400;
        QCOMPARE(std::round(trillion), 84.0);
    }

    void tableOneParameterCounts_data()
    {
        QTest::addColumn<int>("heads");
        QTest::addColumn<int>("hidden");
        QTest::addColumn<int>("layers");
        QTest::addColumn<double>("billions");
        QTest::addColumn<int>("tensor");
        QTest::addColumn<int>("pipeline");
        QTest::addColumn<int>("gpus");
        QTest::addColumn<int>("batch");
        // Table 1 rows: parameters (B), heads, hidden size, layers, t, p, GPUs, batch size.
        QTest::newRow("1.7B") << 24 << 2304 << 24 << 1.7 << 1 << 1 << 32 << 512;
        QTest::newRow("3.6B") << 32 << 3072 << 30 << 3.6 << 2 << 1 << 64 << 512;
        QTest::newRow("7.5B") << 32 << 4096 << 36 << 7.5 << 4 << 1 << 128 << 512;
        QTest::newRow("18.4B") << 48 << 6144 << 40 << 18.4 << 8 << 1 << 256 << 1024;
        QTest::newRow("39.1B") << 64 << 8192 << 48 << 39.1 << 8 << 2 << 512 << 1536;
        QTest::newRow("76.1B") << 80 << 10240 << 60 << 76.1 << 8 << 4 << 1024 << 1792;
        QTest::newRow("145.6B") << 96 << 12288 << 80 << 145.6 << 8 << 8 << 1536 << 2304;
        QTest::newRow("310.1B") << 128 << 16384 << 96 << 310.1 << 8 << 16 << 1920 << 2160;
        QTest::newRow("529.6B") << 128 << 20480 << 105 << 529.6 << 8 << 35 << 2520 << 2520;
        QTest::newRow("1008.0B") << 160 << 25600 << 128 << 1008.0 << 8 << 64 << 3072 << 3072;
    }

    void tableOneParameterCounts()
    {
        QFETCH(int, heads);
        QFETCH(int, hidden);
        QFETCH(int, layers);
        QFETCH(double, billions);
        QFETCH(int, tensor);
        QFETCH(int, pipeline);
        QFETCH(int, gpus);
        QFETCH(int, batch);
        const ModelConfig c = gpt(heads, hidden, layers);
        // The paper counts P = 12·l·h²·(1 + 13/(12h) + (V + s)/(12·l·h)); the exact count agrees to 0.1 B.
        const double params = double(countParams(c)->total) / 1e9;
        QVERIFY2(std::fabs(params - billions) < 0.1, qPrintable(QString::number(params)));
        // Table 1's split fits an 80 GB A100 in the plan (mixed-precision Adam, 16 bytes per
        // parameter, no ZeRO; full recomputation, micro-batch 1, 1F1B in flight).
        ParallelismPlanner::Options o;
        o.globalBatch = batch;
        const auto plan = ParallelismPlanner::evaluate(c, megatron(gpus, 140e12), HardwareCatalog::builtIn(), tensor,
                                                       pipeline, 1, 0, o);
        QVERIFY2(plan, qPrintable(plan ? QString() : plan.error().toString()));
        QCOMPARE(plan->data, gpus / (tensor * pipeline));
        QVERIFY2(plan->fits, qPrintable(QString::number(plan->totalBytes / 1e9) + QStringLiteral(" GB")));
    }

    void planForGpt3()
    {
        // The planner's own choice for GPT-3 175B on 1,024 A100s at the achieved 140 TFLOP/s and
        // 300 B tokens: it fits, and its time (with attention FLOPs, the pipeline bubble and the
        // communication added to eq. 4's 8·T·P) is no shorter than eq. 4's 34 days.
        const ModelConfig c = PresetLibrary::builtIn().find(QStringLiteral("gpt3-175b"))->config;
        ParallelismPlanner::Options o;
        o.globalBatch = 1536; // §5.1
        const auto plan = ParallelismPlanner::plan(c, megatron(1024, 140e12), HardwareCatalog::builtIn(), o);
        QVERIFY2(plan, qPrintable(plan ? QString() : plan.error().toString()));
        QVERIFY(plan->fits);
        QCOMPARE(plan->tensor * plan->pipeline * plan->data, 1024);
        // It picks Megatron's own split, t = 8 inside a DGX node, p = 16, d = 8, no ZeRO, with
        // m = 1536 / 8 = 192 micro-batches: 22.5 GB per device (the last stage's 32-bit logits,
        // 4·2048·50,257 / t = 51 MB, included).
        QCOMPARE(plan->tensor, 8);
        QCOMPARE(plan->pipeline, 16);
        QCOMPARE(plan->data, 8);
        QCOMPARE(plan->zeroStage, 0);
        QCOMPARE(plan->microBatches, 192);
        QCOMPARE(std::round(plan->totalBytes / 1e8) / 10, 22.5);
        // 95,367 steps of 1,536 · 2,048 tokens. Per step: compute 31.07 s (eq. 4's 8·P per token
        // plus the attention FLOPs), bubble 31.07 · 15/192 = 2.43 s, tensor all-reduces 2.03 s over
        // NVLink, stage sends 0.10 s and the gradient all-reduce 0.19 s over InfiniBand: 35.81 s, so
        // 39.5 days against eq. 4's 34 (which leaves out attention, the bubble and communication).
        QCOMPARE(std::round(plan->steps), 95'367.0);
        QCOMPARE(std::round(plan->computeSeconds * 100) / 100, 31.07);
        QCOMPARE(std::round(plan->bubbleSeconds * 100) / 100, 2.43);
        QCOMPARE(std::round(plan->tensorSeconds * 100) / 100, 2.03);
        QCOMPARE(std::round(plan->stepSeconds * 100) / 100, 35.81);
        QCOMPARE(std::round(plan->days * 10) / 10, 39.5);
        QVERIFY(plan->computeSeconds * plan->steps / 86400 >= 33.9); // compute alone: eq. 4 plus attention
        QVERIFY(plan->dataSeconds > 0 && plan->tensorSeconds > 0);
    }

    void trainingIsTimedOnTheDevicesItNeeds()
    {
        // Llama-2-7B (6,738,415,616 parameters) with mixed-precision AdamW (16 bytes per parameter,
        // 107.8 GB of states before activations) does not train on one 80 GiB H100: it is timed on
        // the fewest that hold it, and the parallelism plan finds a split of that many that fits.
        const ModelConfig c = PresetLibrary::builtIn().find(QStringLiteral("llama-2-7b"))->config;
        Assumptions a; // one H100, 300 B tokens, MFU 0.4
        const auto e = evaluate(c, a);
        QVERIFY(e);
        QVERIFY(!e->hardware.fitsPerDeviceTraining);
        QCOMPARE(e->hardware.trainingDevices, e->hardware.devicesForTraining);
        QCOMPARE(e->hardware.trainingDevices, 2);
        // C / (2 · 989.4 TFLOP/s · 0.4), not / (1 · …): half the days of one device.
        QCOMPARE(e->hardware.trainingSeconds,
                 e->compute.trainingFlops / (2 * e->hardware.trainingPeakFlops * a.mfu));
        QCOMPARE(e->hardware.gpuHours, 2 * e->hardware.trainingSeconds / 3600);
        Assumptions two = a;
        two.devices = e->hardware.trainingDevices;
        const auto plan = ParallelismPlanner::plan(c, two, HardwareCatalog::builtIn());
        QVERIFY2(plan, qPrintable(plan ? QString() : plan.error().toString()));
        QVERIFY(plan->fits);
        // A job that already fits keeps its own count: 8 devices with ZeRO-3.
        Assumptions eight = a;
        eight.devices = 8;
        eight.zeroStage = 3;
        const auto fits = evaluate(c, eight);
        QVERIFY(fits->hardware.fitsPerDeviceTraining);
        QCOMPARE(fits->hardware.trainingDevices, 8);
        // A count is a multiple of the tensor-parallel degree.
        Assumptions tp = a;
        tp.devices = 4;
        tp.tensorParallel = 4;
        const ModelConfig big = PresetLibrary::builtIn().find(QStringLiteral("llama-2-70b"))->config;
        const auto wide = evaluate(big, tp);
        QVERIFY(!wide->hardware.fitsPerDeviceTraining);
        QCOMPARE(wide->hardware.trainingDevices % 4, 0);
        QVERIFY(wide->hardware.trainingDevices >= wide->hardware.devicesForTraining);
    }

    void noSplitFits()
    {
        // GPT-3 175B on 8 A100s: even t = 8 with ZeRO-3 over nothing leaves 350 GB per device.
        const ModelConfig c = PresetLibrary::builtIn().find(QStringLiteral("gpt3-175b"))->config;
        const auto plan = ParallelismPlanner::plan(c, megatron(8, 140e12), HardwareCatalog::builtIn());
        QVERIFY(!plan);
        QCOMPARE(plan.error().field, QStringLiteral("devices"));
        QVERIFY(plan.error().message.startsWith(QStringLiteral("no split of 8 devices fits")));
    }
};

QTEST_APPLESS_MAIN(TestParallelism)
#include "tst_parallelism.moc"
