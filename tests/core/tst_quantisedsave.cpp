// Quantised checkpoints save back quantised: gpt-oss's MXFP4 experts as `*_blocks` and `*_scales`
// (OCP Microscaling Formats (MX) v1.0, §5.3.3 FP4 E2M1 and §5.4.1 E8M0 scales; transformers
// integrations/mxfp4.py convert_moe_packed_tensors for the layout: (E, out, in/32, 16) bytes, low
// nibble first, scale − 127), DeepSeek-V3's fp8 as F8_E4M3 with `weight_scale_inv` per block
// (DeepSeek-V3 inference/kernel.py weight_dequant). The committed tiny fixtures
// (tests/reference/make_moe_checkpoints.py) load, save and load again to the same dequantised
// weights bit for bit, under the same names, dtypes and shapes.
#include "core/formats/checkpointquantisation.h"
#include "core/formats/hfcheckpoint.h"
#include "core/formats/safetensors.h"
#include "core/nn/transformer.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace tx;

namespace {

QString folder(const QString &name)
{
    return QStringLiteral(TX_TEST_DATA_DIR "/engine/") + name;
}

} // namespace

class TestQuantisedSave : public QObject
{
    Q_OBJECT

private slots:
    void roundTrips_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("mxfp4");  // tensors stored as blocks + scales
        QTest::addColumn<int>("fp8");    // tensors stored as F8_E4M3 + scale_inv
        QTest::addColumn<QString>("method");
        // 2 layers × (gate_up_proj, down_proj)
        QTest::newRow("gpt-oss: MXFP4 experts") << QStringLiteral("gpt-oss-tiny-mxfp4") << 4 << 0 << QStringLiteral("mxfp4");
        // every nn.Linear of the layers: the F8_E4M3 tensors the fixture holds
        QTest::newRow("deepseek-v3: fp8 with block scales") << QStringLiteral("deepseek-v3-tiny-fp8") << 0 << 72 << QStringLiteral("fp8");
    }
    void roundTrips()
    {
        QFETCH(QString, name);
        QFETCH(int, mxfp4);
        QFETCH(int, fp8);
        QFETCH(QString, method);
        auto quant = HfCheckpoint::quantisationOf(folder(name));
        QVERIFY2(quant.hasValue(), qPrintable(quant ? QString() : quant.error().toString()));
        QCOMPARE(int(quant->mxfp4.size()), mxfp4);
        QCOMPARE(int(quant->fp8.size()), fp8);
        auto model = HfCheckpoint::load(folder(name));
        QVERIFY2(model.hasValue(), qPrintable(model ? QString() : model.error().toString()));

        QTemporaryDir dir;
        QVERIFY(!HfCheckpoint::save(*model, dir.path(), Safetensors::Dtype::F32, &*quant));
        auto original = Safetensors::open(folder(name) + QStringLiteral("/model.safetensors"));
        auto saved = Safetensors::open(dir.filePath(QStringLiteral("model.safetensors")));
        QVERIFY(original && saved);
        QStringList names = original->names(), savedNames = saved->names();
        names.sort();
        savedNames.sort();
        QCOMPARE(savedNames, names);
        for (const QString &n : names) {
            QVERIFY2(saved->entry(n)->dtype == original->entry(n)->dtype,
                     qPrintable(n + QLatin1Char(' ') + saved->entry(n)->dtype));
            QVERIFY2(saved->entry(n)->shape == original->entry(n)->shape, qPrintable(n));
        }
        QFile config(dir.filePath(QStringLiteral("config.json")));
        QVERIFY(config.open(QIODevice::ReadOnly));
        const QJsonObject q = QJsonDocument::fromJson(config.readAll()).object().value(QStringLiteral("quantization_config")).toObject();
        QCOMPARE(q.value(QStringLiteral("quant_method")).toString(), method);

        auto reloaded = HfCheckpoint::load(dir.path());
        QVERIFY2(reloaded.hasValue(), qPrintable(reloaded ? QString() : reloaded.error().toString()));
        QCOMPARE(reloaded->weightsSha256(), model->weightsSha256()); // dequantised, bit for bit
        // Without the quantisation the same weights go out as float32 tensors under the plain names.
        QTemporaryDir plain;
        QVERIFY(!HfCheckpoint::save(*model, plain.path()));
        auto floats = Safetensors::open(plain.filePath(QStringLiteral("model.safetensors")));
        QVERIFY(floats);
        for (const QString &n : floats->names())
            QVERIFY2(floats->entry(n)->dtype == QLatin1String("F32"), qPrintable(n));
    }

    // Asked for by family (a model never stored quantised): the layout the loader reads and the
    // fixtures use, the same names and dtypes. MXFP4's exponent rule gives back the values it was
    // read from exactly; fp8 from amax / 448 scales within half an e4m3 step (1/16 of a value).
    void layoutForTheFamily_data() { roundTrips_data(); }
    void layoutForTheFamily()
    {
        QFETCH(QString, name);
        QFETCH(int, mxfp4);
        QFETCH(int, fp8);
        auto model = HfCheckpoint::load(folder(name));
        QVERIFY(model.hasValue());
        auto quant = HfCheckpoint::quantisationFor(*model);
        QVERIFY2(quant.hasValue(), qPrintable(quant ? QString() : quant.error().toString()));
        QCOMPARE(int(quant->mxfp4.size()), mxfp4);
        QCOMPARE(int(quant->fp8.size()), fp8);
        QTemporaryDir dir;
        QVERIFY(!HfCheckpoint::save(*model, dir.path(), Safetensors::Dtype::F32, &*quant));
        auto original = Safetensors::open(folder(name) + QStringLiteral("/model.safetensors"));
        auto saved = Safetensors::open(dir.filePath(QStringLiteral("model.safetensors")));
        QVERIFY(original && saved);
        QStringList names = original->names(), savedNames = saved->names();
        names.sort();
        savedNames.sort();
        QCOMPARE(savedNames, names);
        for (const QString &n : names) {
            QVERIFY2(saved->entry(n)->dtype == original->entry(n)->dtype, qPrintable(n));
            // DeepSeek-V3's 128 × 128 blocks: one scale for each of these small weights (the fixture has 4 × 4).
            const auto expected = n.endsWith(QLatin1String("_scale_inv")) ? std::vector<std::int64_t>{1, 1} : original->entry(n)->shape;
            QVERIFY2(saved->entry(n)->shape == expected, qPrintable(n));
        }
        auto reloaded = HfCheckpoint::load(dir.path());
        QVERIFY(reloaded.hasValue());
        if (mxfp4 > 0) {
            QCOMPARE(reloaded->weightsSha256(), model->weightsSha256());
            return;
        }
        for (const TransformerWeights::Slot &s : model->tensors()) {
            const Mat &a = s.in(model->weights());
            const Mat &b = s.in(reloaded->weights());
            const float amax = a.cwiseAbs().maxCoeff();
            QVERIFY2((a - b).cwiseAbs().maxCoeff() <= amax / 16.0f, qPrintable(s.name));
        }
        // The float model of another family has no quantised layout.
        auto llama = HfCheckpoint::load(folder(QStringLiteral("llama-tiny-gqa")));
        QVERIFY(llama.hasValue());
        const auto none = HfCheckpoint::quantisationFor(*llama);
        QVERIFY(!none.hasValue());
        QCOMPARE(none.error().field, QStringLiteral("model_type"));
    }

    // The packing on values that were never quantised: MXFP4 rounds each element to the nearest
    // E2M1 multiple of its block's power of two, fp8 to the nearest e4m3 multiple of amax / 448.
    void packsFloats()
    {
        Mat m(32, 1); // one block: amax 5.5 → shared exponent floor(log2 5.5) − 2 = 0
        for (int i = 0; i < 32; ++i)
            m(i, 0) = float(i % 8) * 0.75f - 0.25f * float(i % 3);
        m(5, 0) = 5.5f;
        QByteArray blocks, scales;
        CheckpointQuantisation::packMxfp4(m, 1, 32, 1, blocks, scales);
        QCOMPARE(uchar(scales[0]), uchar(127));
        QCOMPARE(blocks.size(), 16);
        // Element 5 (high nibble of byte 2): 5.5 is nearer 6 (code 7) than 4; element 4 (low): 3.0 − 0.25 → 3 (code 5).
        QCOMPARE(uchar(blocks[2]) >> 4, 7);
        QCOMPARE(uchar(blocks[2]) & 0x0f, 5);
        QCOMPARE(CheckpointQuantisation::toE4m3(448.0f), uchar(0x7e));
        QCOMPARE(CheckpointQuantisation::toE4m3(1000.0f), uchar(0x7e)); // saturates, never NaN
        QCOMPARE(CheckpointQuantisation::toE4m3(-1.0f), uchar(0xb8));
        QCOMPARE(CheckpointQuantisation::toE4m3(1.0625f), uchar(0x38)); // halfway 1 and 1.125: the even code
        for (int c = 0; c < 127; ++c)
            QCOMPARE(CheckpointQuantisation::toE4m3(Safetensors::e4m3(uchar(c))), uchar(c));
        Mat w(2, 3);
        w << 0.5f, -1.0f, 2.0f, 4.0f, 0.0f, -8.96f;
        Mat scale;
        QByteArray codes;
        CheckpointQuantisation::packFp8(w, 128, 128, scale, codes);
        QCOMPARE(scale.rows(), Eigen::Index(1));
        QCOMPARE(scale(0, 0), 8.96f / 448.0f);
        QCOMPARE(uchar(codes[5]), uchar(0xfe)); // −amax is −448
        QVERIFY(std::abs(Safetensors::e4m3(uchar(codes[3])) * scale(0, 0) - 4.0f) < 4.0f / 16);
    }
};

QTEST_APPLESS_MAIN(TestQuantisedSave)
#include "tst_quantisedsave.moc"
