// The hardware catalog (presets/hardware.json): the shipped devices with their datasheet
// figures, user files, and bad files naming the offending field.
#include "core/design/presetlibrary.h"
#include "core/estimate/evaluator.h"
#include "core/estimate/explainer.h"
#include "core/estimate/hardwarecatalog.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace tx;

namespace {

constexpr double kGiB = 1024.0 * 1024 * 1024;

QByteArray catalogWith(const QByteArray &device)
{
    return "{\"format\": \"transformer-explorer-hardware\", \"version\": 1, \"devices\": [" + device + "]}";
}

const QByteArray kGood = R"({"id": "toy", "name": "Toy GPU", "memory_bytes": 1e10, "bandwidth_bytes_per_s": 1e12,
                             "peak_flops": {"bf16": 1e14}, "price_per_hour": 1.5})";

} // namespace

class TestHardware : public QObject
{
    Q_OBJECT

private slots:
    void builtInCatalogCoversTheIssue()
    {
        const HardwareCatalog &c = HardwareCatalog::builtIn();
        const QStringList required = {
            QStringLiteral("a100-40gb"), QStringLiteral("a100-80gb"), QStringLiteral("h100-sxm-80gb"),
            QStringLiteral("h200-sxm-141gb"), QStringLiteral("b200-180gb"), QStringLiteral("l40s"),
            QStringLiteral("rtx-4090"), QStringLiteral("rtx-3090"), QStringLiteral("mi300x"),
            QStringLiteral("tpu-v5e"), QStringLiteral("m2-ultra"), QStringLiteral("m3-max"),
            QStringLiteral("laptop-cpu"),
            // Issue 19's 2026 additions.
            QStringLiteral("b300-288gb"), QStringLiteral("gb200"), QStringLiteral("mi325x"), QStringLiteral("mi355x"),
            QStringLiteral("rtx-5090"), QStringLiteral("l4"), QStringLiteral("gaudi-3"), QStringLiteral("tpu-v5p"),
            QStringLiteral("tpu-v6e"), QStringLiteral("m4-max"), QStringLiteral("m3-ultra"),
            QStringLiteral("jetson-agx-orin-64gb"), QStringLiteral("phone-16gb")};
        for (const QString &id : required) {
            const Device *d = c.find(id);
            QVERIFY2(d, qPrintable(id));
            QVERIFY(!d->source.isEmpty());
            QVERIFY(!d->priceSource.isEmpty());
            QVERIFY(!d->interconnectSource.isEmpty());
            QVERIFY(d->memoryBytes > 0 && d->bandwidthBytesPerSecond > 0 && d->peakFlops(Precision::BF16) > 0);
            // Every device says which figures are dense (or that they are estimates).
            QVERIFY2(d->source.contains(QLatin1String("dense")) || d->source.contains(QLatin1String("estimate")),
                     qPrintable(id));
        }
        QCOMPARE(c.devices().size(), std::size_t(required.size()));
        QVERIFY(c.find(QStringLiteral("H100-SXM-80GB"))); // case-insensitive
        // A price is an hour rented from a cloud or a purchase spread over three years, and says
        // which: the solver never compares the two (Solver::cheapestDevice).
        for (const Device &d : c.devices()) {
            if (!(d.pricePerHour > 0))
                continue;
            const bool spread = d.priceSource.contains(QLatin1String("spread over 3 years"));
            QCOMPARE(d.priceKind, spread ? QStringLiteral("purchase") : QStringLiteral("rental"));
        }
        QCOMPARE(c.find(QStringLiteral("rtx-5090"))->priceKind, QStringLiteral("purchase"));
        QCOMPARE(c.find(QStringLiteral("h100-sxm-80gb"))->priceKind, QStringLiteral("rental"));
    }

    void datasheetFigures()
    {
        // NVIDIA H100 datasheet (SXM): 80GB HBM3, 3.35 TB/s, BF16 989.4 TFLOP/s dense
        // (1,979 with sparsity), FP8 1,978.9 dense, FP32 67 TFLOP/s.
        const Device *h100 = HardwareCatalog::builtIn().find(QStringLiteral("h100-sxm-80gb"));
        QCOMPARE(h100->memoryBytes, 80 * kGiB);
        QCOMPARE(h100->bandwidthBytesPerSecond, 3.35e12);
        QCOMPARE(h100->peakFlops(Precision::BF16), 989.4e12);
        QCOMPARE(h100->peakFlops(Precision::FP8), 1978.9e12);
        QCOMPARE(h100->peakFlops(Precision::FP32), 67e12);
        // NVIDIA A100 datasheet: 40GB at 1,555 GB/s, BF16 312 TFLOP/s, INT4 1,248 TOPS.
        const Device *a100 = HardwareCatalog::builtIn().find(QStringLiteral("a100-40gb"));
        QCOMPARE(a100->memoryBytes, 40 * kGiB);
        QCOMPARE(a100->bandwidthBytesPerSecond, 1.555e12);
        QCOMPARE(a100->peakFlops(Precision::INT4), 1248e12);
        // The A100 lists no fp8: fp8 falls back to the next wider format it has (bf16).
        QCOMPARE(a100->peakFlops(Precision::FP8), 312e12);
        // Google TPU v5e docs: 16 GiB HBM at 819 GB/s, 197 TFLOP/s bf16; no fp32 entry → bf16 is the floor.
        const Device *tpu = HardwareCatalog::builtIn().find(QStringLiteral("tpu-v5e"));
        QCOMPARE(tpu->memoryBytes, 16 * kGiB);
        QCOMPARE(tpu->peakFlops(Precision::BF16), 197e12);
        QCOMPARE(tpu->peakFlops(Precision::FP32), 0.0);
    }

    void datasheetFigures2026()
    {
        const HardwareCatalog &c = HardwareCatalog::builtIn();
        // HGX B300, per GPU: 288 GB HBM3e at 8 TB/s, BF16 2.25 PFLOP/s dense (4.5 sparse); Blackwell
        // Ultra cuts INT8 to ~0.15 POPS, so an int8 design computes slower than bf16 on it.
        const Device *b300 = c.find(QStringLiteral("b300-288gb"));
        QCOMPARE(b300->memoryBytes, 288 * kGiB);
        QCOMPARE(b300->bandwidthBytesPerSecond, 8e12);
        QCOMPARE(b300->peakFlops(Precision::BF16), 2250e12);
        QCOMPARE(b300->peakFlops(Precision::INT8), 150e12);
        QCOMPARE(b300->interconnectBytesPerSecond, 900e9); // NVLink 5: 1.8 TB/s bidirectional
        QCOMPARE(b300->pricePerHour, 0.0);                  // no public price: says so
        QVERIFY(b300->priceSource.contains(QLatin1String("no public")));
        // GB200 NVL72: 13.4 TB over 72 GPUs = 186 GB each; BF16 2.5 PFLOP/s dense per GPU.
        const Device *gb200 = c.find(QStringLiteral("gb200"));
        QCOMPARE(gb200->memoryBytes, 186 * kGiB);
        QCOMPARE(gb200->peakFlops(Precision::BF16), 2500e12);
        // AMD MI325X: 256 GB HBM3E at 6 TB/s, MI300X compute (BF16 1,307.4, FP8 2,614.9 dense).
        const Device *mi325 = c.find(QStringLiteral("mi325x"));
        QCOMPARE(mi325->memoryBytes, 256 * kGiB);
        QCOMPARE(mi325->bandwidthBytesPerSecond, 6e12);
        QCOMPARE(mi325->peakFlops(Precision::FP8), 2614.9e12);
        QCOMPARE(mi325->pricePerHour, 2.0);
        // MI355X: 288 GB at 8 TB/s; FP8 5 PFLOP/s dense. It lists no int8: int8 falls back to fp8.
        const Device *mi355 = c.find(QStringLiteral("mi355x"));
        QCOMPARE(mi355->memoryBytes, 288 * kGiB);
        QCOMPARE(mi355->peakFlops(Precision::INT8), 5000e12);
        // RTX 5090: 32 GB GDDR7 at 1,792 GB/s; BF16 with FP32 accumulate 209.5 TFLOP/s dense.
        const Device *rtx5090 = c.find(QStringLiteral("rtx-5090"));
        QCOMPARE(rtx5090->memoryBytes, 32 * kGiB);
        QCOMPARE(rtx5090->bandwidthBytesPerSecond, 1792e9);
        QCOMPARE(rtx5090->peakFlops(Precision::BF16), 209.5e12);
        // L4 datasheet: 24 GB at 300 GB/s; 242 TFLOP/s FP16 is with sparsity, 121 dense.
        const Device *l4 = c.find(QStringLiteral("l4"));
        QCOMPARE(l4->memoryBytes, 24 * kGiB);
        QCOMPARE(l4->bandwidthBytesPerSecond, 300e9);
        QCOMPARE(l4->peakFlops(Precision::BF16), 121e12);
        // Gaudi 3 (Hot Chips 2024): 128 GB HBM2e at 3.67 TB/s, 1,835 TFLOP/s BF16 and FP8 matrix;
        // 24 x 200 GbE = 1,200 GB/s bidirectional.
        const Device *gaudi = c.find(QStringLiteral("gaudi-3"));
        QCOMPARE(gaudi->bandwidthBytesPerSecond, 3.67e12);
        QCOMPARE(gaudi->peakFlops(Precision::FP8), 1835e12);
        QCOMPARE(gaudi->interconnectBytesPerSecond, 600e9);
        // Cloud TPU docs: v5p 95 GiB at 2,765 GB/s, 459 TFLOP/s bf16, ICI 1,200 GB/s bidirectional;
        // v6e 32 GB at 1,638 GB/s, 918 TFLOP/s bf16, ICI 800 GB/s bidirectional.
        const Device *v5p = c.find(QStringLiteral("tpu-v5p"));
        QCOMPARE(v5p->memoryBytes, 95 * kGiB);
        QCOMPARE(v5p->bandwidthBytesPerSecond, 2765e9);
        QCOMPARE(v5p->peakFlops(Precision::BF16), 459e12);
        QCOMPARE(v5p->interconnectBytesPerSecond, 600e9);
        const Device *v6e = c.find(QStringLiteral("tpu-v6e"));
        QCOMPARE(v6e->memoryBytes, 32 * kGiB);
        QCOMPARE(v6e->peakFlops(Precision::BF16), 918e12);
        QCOMPARE(v6e->interconnectBytesPerSecond, 400e9);
        // Apple: M4 Max 128 GB at 546 GB/s, M3 Ultra 512 GB at 819 GB/s.
        QCOMPARE(c.find(QStringLiteral("m4-max"))->bandwidthBytesPerSecond, 546e9);
        QCOMPARE(c.find(QStringLiteral("m3-ultra"))->memoryBytes, 512 * kGiB);
        QCOMPARE(c.find(QStringLiteral("m3-ultra"))->bandwidthBytesPerSecond, 819e9);
        // Jetson AGX Orin 64 GB: LPDDR5 at 204.8 GB/s. Phone class: 16 GB LPDDR5X at 84.8 GB/s
        // (64-bit LPDDR5X-10600), no peer link.
        QCOMPARE(c.find(QStringLiteral("jetson-agx-orin-64gb"))->bandwidthBytesPerSecond, 204.8e9);
        const Device *phone = c.find(QStringLiteral("phone-16gb"));
        QCOMPARE(phone->memoryBytes, 16 * kGiB);
        QCOMPARE(phone->bandwidthBytesPerSecond, 84.8e9);
        QCOMPARE(phone->interconnectBytesPerSecond, 0.0);
        QCOMPARE(phone->kind, QStringLiteral("edge"));
        // The existing devices gained their links: H100 NVLink 4 (900 GB/s bidirectional), A100 NVLink 3.
        QCOMPARE(c.find(QStringLiteral("h100-sxm-80gb"))->interconnectBytesPerSecond, 450e9);
        QCOMPARE(c.find(QStringLiteral("a100-80gb"))->interconnectBytesPerSecond, 300e9);
    }

    void fitAndDevicesNeeded()
    {
        // "Does 13B fit one H100 in int8?" Llama-2-13B shape (Touvron et al. 2023: d 5120, 40 layers,
        // 40 heads, d_ff 13824) at int8 with group scales: 13,015,864,320 params · 8.125/8 bytes.
        ModelConfig c = PresetLibrary::builtIn().find(QStringLiteral("llama-2-7b"))->config;
        c.dModel = 5120;
        c.nLayers = 40;
        c.nHeads = c.nKvHeads = 40;
        c.dFf = 13824;
        c.weightPrecision = Precision::INT8;
        Assumptions a;
        a.contextLength = 4096;
        const auto e = evaluate(c, a);
        QVERIFY(e);
        QCOMPARE(e->params.total, std::int64_t(13'015'864'320));
        QVERIFY(e->hardware.fitsOneDeviceInference);
        QCOMPARE(e->hardware.devicesForInference, 1);
        // In bf16 with AdamW it needs 13.0e9 · 16 bytes of states alone: ⌈total / 80 GiB⌉ devices.
        QVERIFY(!e->hardware.fitsOneDeviceTraining);
        QCOMPARE(e->hardware.devicesForTraining, int(std::ceil(e->training.totalBytes / (80 * kGiB))));
        // On an RTX 3090 (24 GiB) the int8 13B (13.2 GB of weights + 3.4 GB cache) fits, a bf16 one does not.
        a.device = QStringLiteral("rtx-3090");
        QVERIFY(evaluate(c, a)->hardware.fitsOneDeviceInference);
        c.weightPrecision = Precision::BF16;
        QCOMPARE(evaluate(c, a)->hardware.devicesForInference, 2);
    }

    void userFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("my-hardware.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(catalogWith(kGood));
        f.close();
        const auto c = HardwareCatalog::load(path);
        QVERIFY2(c, qPrintable(c ? QString() : c.error().toString()));
        QCOMPARE(c->ids(), QStringList{QStringLiteral("toy")});
        QCOMPARE(c->find(QStringLiteral("toy"))->peakFlops(Precision::FP32), 0.0);
        QCOMPARE(c->find(QStringLiteral("toy"))->peakFlops(Precision::INT4), 1e14);
        // Files written before the interconnect field existed still load: the link is 0 (works alone).
        QCOMPARE(c->find(QStringLiteral("toy"))->interconnectBytesPerSecond, 0.0);
        // evaluate() against the user's catalog: a 1e10-byte device.
        Assumptions a;
        a.device = QStringLiteral("toy");
        const ModelConfig gpt2 = PresetLibrary::builtIn().find(QStringLiteral("gpt2"))->config;
        const auto e = evaluate(gpt2, a, *c);
        QVERIFY(e);
        QCOMPARE(e->hardware.pricePerHour, 1.5);
        QCOMPARE(e->hardware.deviceMemoryBytes, 1e10);
        // The built-in catalog has no "toy": the error names the field.
        QCOMPARE(evaluate(gpt2, a).error().field, QStringLiteral("device"));
        const auto missing = HardwareCatalog::load(dir.filePath(QStringLiteral("absent.json")));
        QVERIFY(!missing);
        QVERIFY(missing.error().file.endsWith(QStringLiteral("absent.json")));
    }

    void badFilesNameTheField_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("field");
        QTest::newRow("not json") << QByteArray("{devices: ") << QString();
        QTest::newRow("format") << QByteArray(R"({"format": "x", "version": 1, "devices": []})") << QStringLiteral("format");
        QTest::newRow("version") << QByteArray(R"({"format": "transformer-explorer-hardware", "version": 7, "devices": []})")
                                 << QStringLiteral("version");
        QTest::newRow("no devices") << QByteArray(R"({"format": "transformer-explorer-hardware", "version": 1, "devices": []})")
                                    << QStringLiteral("devices");
        QTest::newRow("no id") << catalogWith(R"({"memory_bytes": 1})") << QStringLiteral("devices[0].id");
        QTest::newRow("memory missing")
            << catalogWith(R"({"id": "x", "bandwidth_bytes_per_s": 1e12, "peak_flops": {"bf16": 1e14}})")
            << QStringLiteral("devices[0](x).memory_bytes");
        QTest::newRow("memory string")
            << catalogWith(R"({"id": "x", "memory_bytes": "80GB", "bandwidth_bytes_per_s": 1e12, "peak_flops": {"bf16": 1e14}})")
            << QStringLiteral("devices[0](x).memory_bytes");
        QTest::newRow("bandwidth negative")
            << catalogWith(R"({"id": "x", "memory_bytes": 1e10, "bandwidth_bytes_per_s": -1, "peak_flops": {"bf16": 1e14}})")
            << QStringLiteral("devices[0](x).bandwidth_bytes_per_s");
        QTest::newRow("absurd memory")
            << catalogWith(R"({"id": "x", "memory_bytes": 1e300, "bandwidth_bytes_per_s": 1e12, "peak_flops": {"bf16": 1e14}})")
            << QStringLiteral("devices[0](x).memory_bytes");
        QTest::newRow("unknown precision")
            << catalogWith(R"({"id": "x", "memory_bytes": 1e10, "bandwidth_bytes_per_s": 1e12, "peak_flops": {"fp64": 1e14}})")
            << QStringLiteral("devices[0](x).peak_flops.fp64");
        QTest::newRow("no usable peak")
            << catalogWith(R"({"id": "x", "memory_bytes": 1e10, "bandwidth_bytes_per_s": 1e12, "peak_flops": {"int8": 1e14}})")
            << QStringLiteral("devices[0](x).peak_flops");
        QTest::newRow("price")
            << catalogWith(R"({"id": "x", "memory_bytes": 1e10, "bandwidth_bytes_per_s": 1e12, "peak_flops": {"bf16": 1e14}, "price_per_hour": -3})")
            << QStringLiteral("devices[0](x).price_per_hour");
        QTest::newRow("price kind")
            << catalogWith(R"({"id": "x", "memory_bytes": 1e10, "bandwidth_bytes_per_s": 1e12, "peak_flops": {"bf16": 1e14}, "price_per_hour": 1, "price_kind": "owned"})")
            << QStringLiteral("devices[0](x).price_kind");
        QTest::newRow("duplicate") << catalogWith(kGood + ", " + kGood) << QStringLiteral("devices[1].id");
        QTest::newRow("interconnect negative")
            << catalogWith(R"({"id": "x", "memory_bytes": 1e10, "bandwidth_bytes_per_s": 1e12, "peak_flops": {"bf16": 1e14}, "interconnect_bytes_per_s": -5})")
            << QStringLiteral("devices[0](x).interconnect_bytes_per_s");
        QTest::newRow("interconnect string")
            << catalogWith(R"({"id": "x", "memory_bytes": 1e10, "bandwidth_bytes_per_s": 1e12, "peak_flops": {"bf16": 1e14}, "interconnect_bytes_per_s": "900GB/s"})")
            << QStringLiteral("devices[0](x).interconnect_bytes_per_s");
        QTest::newRow("typo key")
            << catalogWith(R"({"id": "x", "memory_byte": 1e10, "memory_bytes": 1e10, "bandwidth_bytes_per_s": 1e12, "peak_flops": {"bf16": 1e14}})")
            << QStringLiteral("devices[0](x).memory_byte");
        QTest::newRow("kind")
            << catalogWith(R"({"id": "x", "kind": "fpga", "memory_bytes": 1e10, "bandwidth_bytes_per_s": 1e12, "peak_flops": {"bf16": 1e14}})")
            << QStringLiteral("devices[0](x).kind");
        QTest::newRow("source not text")
            << catalogWith(R"({"id": "x", "memory_bytes": 1e10, "bandwidth_bytes_per_s": 1e12, "peak_flops": {"bf16": 1e14}, "source": 7})")
            << QStringLiteral("devices[0](x).source");
    }

    void badFilesNameTheField()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, field);
        const auto c = HardwareCatalog::parse(bytes, QStringLiteral("hw.json"));
        QVERIFY(!c);
        QCOMPARE(c.error().file, QStringLiteral("hw.json"));
        QCOMPARE(c.error().field, field);
        QVERIFY(!c.error().message.isEmpty());
    }

    void everyFigureShowsItsWork()
    {
        // The formula panel reads these: every figure has a formula, substituted numbers ending in
        // its value, and a source.
        const ModelConfig c = PresetLibrary::builtIn().find(QStringLiteral("llama-2-7b"))->config;
        Assumptions a;
        a.contextLength = 4096;
        const auto e = evaluate(c, a);
        QVERIFY(e);
        const std::vector<Figure> figures = explain(c, a, *e);
        QVERIFY(figures.size() >= 28);
        for (const Figure &f : figures) {
            QVERIFY2(!f.title.isEmpty() && !f.formula.isEmpty() && !f.source.isEmpty() && !f.unit.isEmpty(),
                     qPrintable(f.key));
            QVERIFY2(f.substituted.contains(QLatin1Char('=')), qPrintable(f.key));
        }
        const auto kv = explain(QStringLiteral("memory.inference.kv_cache_bytes"), c, a, *e);
        QVERIFY(kv);
        QCOMPARE(kv->value, 2'147'483'648.0);
        QCOMPARE(kv->formula, QStringLiteral("2 · b · s · L · n_kv · d_head · bytes"));
        QCOMPARE(kv->substituted, QStringLiteral("2 · 1 · 4,096 · 32 · 32 · 128 · 2 = 2,147,483,648"));
        const auto loss = explain(QStringLiteral("scaling.loss"), c, a, *e);
        QVERIFY(loss->source.contains(QStringLiteral("Hoffmann et al. 2022")));
        QVERIFY(!explain(QStringLiteral("no.such.key"), c, a, *e));
    }
};

QTEST_APPLESS_MAIN(TestHardware)
#include "tst_hardware.moc"
