// Dense checkpoints in fine-grained fp8 with Llama/Qwen3 tensor names, as Qwen's *-FP8 releases
// store them (transformers docs "Fine-grained FP8"): every layer projection's `weight` F8_E4M3 with
// a BF16 `weight_scale_inv` per 128 × 128 block, everything else BF16, quantization_config in
// config.json. The committed fixture (tests/reference/make_qwen3_fp8_checkpoint.py) loads
// dequantised to PyTorch's logits, and saves back quantised byte for byte.
#include "core/formats/checkpointquantisation.h"
#include "core/formats/checkpointresave.h"
#include "core/formats/hfcheckpoint.h"
#include "core/formats/safetensors.h"
#include "core/nn/transformer.h"
#include "tests/support/referencemodel.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <cstring>

using namespace tx;

namespace {

const QString kFolder = QStringLiteral(TX_TEST_DATA_DIR "/engine/qwen3-tiny-fp8");

QJsonObject readJson(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot open %s", qPrintable(path));
    return QJsonDocument::fromJson(f.readAll()).object();
}

// The raw bytes of a tensor as the file holds them.
QByteArray rawBytes(const Safetensors &file, const QString &name)
{
    const Safetensors::Entry *e = file.entry(name);
    auto p = file.bytes(name, e->dtype, e->shape);
    return p ? QByteArray(reinterpret_cast<const char *>(*p), qsizetype(e->end - e->begin)) : QByteArray();
}

} // namespace

class TestDenseFp8 : public QObject
{
    Q_OBJECT

private slots:
    // Dequantised on load (w = e4m3 · scale_inv per block), the engine's logits are PyTorch's on the
    // weights as stored, within 1e-4.
    void loadsToPyTorchLogits()
    {
        const QJsonObject ref = readJson(kFolder + QStringLiteral("/reference.json"));
        std::vector<int> tokens;
        for (const QJsonValue &v : ref.value(QStringLiteral("tokens")).toArray())
            tokens.push_back(v.toInt());
        const QJsonArray rows = ref.value(QStringLiteral("logits")).toArray();
        Mat expected(rows.size(), rows[0].toArray().size());
        for (Eigen::Index t = 0; t < expected.rows(); ++t)
            for (Eigen::Index v = 0; v < expected.cols(); ++v)
                expected(t, v) = float(rows[int(t)].toArray()[int(v)].toDouble());

        auto model = HfCheckpoint::load(kFolder);
        QVERIFY2(model, qPrintable(model ? QString() : model.error().toString()));
        QCOMPARE(int(*HfCheckpoint::familyOf(model->config())), int(HfCheckpoint::Family::Llama));
        QCOMPARE(model->config().dFf, 132);
        auto out = model->forward(tokens);
        QVERIFY(out);
        QCOMPARE(out->logits.rows(), Eigen::Index(9));
        QCOMPARE(out->logits.cols(), Eigen::Index(40));
        QVERIFY2(maxAbsDiff(out->logits, expected) < 1e-4f, qPrintable(QString::number(maxAbsDiff(out->logits, expected))));
    }

    // What the file stored quantised: 3 layers × 7 projections, BF16 scales in 128 × 128 blocks.
    void quantisationOfTheFile()
    {
        auto quant = HfCheckpoint::quantisationOf(kFolder);
        QVERIFY2(quant, qPrintable(quant ? QString() : quant.error().toString()));
        QCOMPARE(int(quant->fp8.size()), 21);
        QCOMPARE(int(quant->mxfp4.size()), 0);
        QCOMPARE(quant->blockRows, 128);
        QCOMPARE(quant->blockCols, 128);
        QCOMPARE(quant->fp8ScaleDtype, QStringLiteral("BF16"));
        // gate_proj (132, 16): two row blocks, the second 4 rows high.
        const Mat &gate = quant->fp8.at(QStringLiteral("model.layers.1.mlp.gate_proj.weight"));
        QCOMPARE(gate.rows(), Eigen::Index(2));
        QCOMPARE(gate.cols(), Eigen::Index(1));
        auto source = CheckpointResave::describe(kFolder);
        QVERIFY(source);
        QCOMPARE(int(source->dtype), int(Safetensors::Dtype::BF16));
        QVERIFY(!source->mixedDtypes);
    }

    // Saved with the file's quantisation at its dtype: every tensor under the same name, dtype and
    // shape, and the same bytes (the loaded weights pack back to their codes and scales), with
    // quantization_config in config.json; read back, the same weights.
    void savesBackByteForByte()
    {
        auto model = HfCheckpoint::load(kFolder);
        auto source = CheckpointResave::describe(kFolder);
        QVERIFY(model && source);
        QTemporaryDir dir;
        auto written = CheckpointResave::save(*model, *source, dir.path(), {});
        QVERIFY2(written, qPrintable(written ? QString() : written.error().toString()));
        QCOMPARE(written->files, (QStringList{QStringLiteral("config.json"), QStringLiteral("model.safetensors")}));

        auto original = Safetensors::open(kFolder + QStringLiteral("/model.safetensors"));
        auto saved = Safetensors::open(dir.filePath(QStringLiteral("model.safetensors")));
        QVERIFY(original && saved);
        QStringList names = original->names(), savedNames = saved->names();
        names.sort();
        savedNames.sort();
        QCOMPARE(savedNames, names);
        QCOMPARE(names.size(), 57);
        for (const QString &n : names) {
            QCOMPARE(saved->entry(n)->dtype, original->entry(n)->dtype);
            QVERIFY2(saved->entry(n)->shape == original->entry(n)->shape, qPrintable(n));
            QVERIFY2(rawBytes(*saved, n) == rawBytes(*original, n), qPrintable(n));
        }
        const QJsonObject q = readJson(dir.filePath(QStringLiteral("config.json"))).value(QStringLiteral("quantization_config")).toObject();
        QCOMPARE(q.value(QStringLiteral("quant_method")).toString(), QStringLiteral("fp8"));
        QCOMPARE(q.value(QStringLiteral("weight_block_size")).toArray(), (QJsonArray{128, 128}));

        auto reloaded = HfCheckpoint::load(dir.path());
        QVERIFY2(reloaded, qPrintable(reloaded ? QString() : reloaded.error().toString()));
        QCOMPARE(reloaded->weightsSha256(), model->weightsSha256());
    }

    // A block whose weights outgrew its scale gets a new one, amax / 448 rounded up to a bfloat16
    // value (a BF16 scale_inv holds it exactly, and the block still fits e4m3's ±448); the reloaded
    // block is within e4m3's half step (1/16 relative) of the trained weights.
    void refitsAnOutgrownBlockInBf16()
    {
        auto model = HfCheckpoint::load(kFolder);
        auto source = CheckpointResave::describe(kFolder);
        QVERIFY(model && source);
        // down_proj (16, 132) is the engine's ffnOut (132, 16); its file columns 128..131 are the
        // second block: engine rows 128..131.
        Mat &down = model->weights().layers[2].ffnOut;
        const float before = source->quantisation.fp8.at(QStringLiteral("model.layers.2.mlp.down_proj.weight"))(0, 1);
        down.middleRows(128, 4) *= 5.0f;
        const Mat grown = down;
        QTemporaryDir dir;
        QVERIFY(CheckpointResave::save(*model, *source, dir.path(), {}));
        auto saved = Safetensors::open(dir.filePath(QStringLiteral("model.safetensors")));
        QVERIFY(saved);
        const QString scaleName = QStringLiteral("model.layers.2.mlp.down_proj.weight_scale_inv");
        QCOMPARE(saved->entry(scaleName)->dtype, QStringLiteral("BF16"));
        auto scale = saved->tensor(scaleName, {1, 2});
        QVERIFY(scale);
        const float amax = grown.middleRows(128, 4).cwiseAbs().maxCoeff();
        QVERIFY2((*scale)(0, 1) >= amax / 448.0f, qPrintable(QString::number((*scale)(0, 1))));
        QVERIFY2((*scale)(0, 1) < amax / 448.0f * 1.01f, qPrintable(QString::number((*scale)(0, 1))));
        QVERIFY((*scale)(0, 1) > before * 4.0f);
        std::uint32_t bits = 0;
        const float s = (*scale)(0, 1);
        std::memcpy(&bits, &s, 4);
        QCOMPARE(bits & 0xffffu, 0u);
        auto reloaded = HfCheckpoint::load(dir.path());
        QVERIFY(reloaded);
        const Mat &back = reloaded->weights().layers[2].ffnOut;
        const Eigen::ArrayXXf err = (back.middleRows(128, 4) - grown.middleRows(128, 4)).array().abs();
        const Eigen::ArrayXXf tol = grown.middleRows(128, 4).array().abs() / 16.0f + s * std::ldexp(1.0f, -9);
        QVERIFY((err <= tol).all());
        // The other block kept its scale and its weights.
        QCOMPARE((*scale)(0, 0), source->quantisation.fp8.at(QStringLiteral("model.layers.2.mlp.down_proj.weight"))(0, 0));
        QVERIFY(Mat(back.topRows(128)) == Mat(grown.topRows(128)));
    }

    // A scale tensor of the wrong shape names the file and the tensor.
    void badScaleNamesTheTensor()
    {
        QTemporaryDir dir;
        QVERIFY(QFile::copy(kFolder + QStringLiteral("/model.safetensors"), dir.filePath(QStringLiteral("model.safetensors"))));
        QJsonObject config = readJson(kFolder + QStringLiteral("/config.json"));
        QJsonObject q = config.value(QStringLiteral("quantization_config")).toObject();
        q.insert(QStringLiteral("weight_block_size"), QJsonArray{4, 4});
        config.insert(QStringLiteral("quantization_config"), q);
        QFile f(dir.filePath(QStringLiteral("config.json")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QJsonDocument(config).toJson());
        f.close();
        auto model = HfCheckpoint::load(dir.path());
        QVERIFY(!model);
        QCOMPARE(model.error().file, dir.filePath(QStringLiteral("model.safetensors")));
        QCOMPARE(model.error().field, QStringLiteral("model.layers.0.self_attn.q_proj.weight_scale_inv"));
        QCOMPARE(model.error().message, QStringLiteral("shape [1, 1], expected [6, 4]"));
    }
};

QTEST_APPLESS_MAIN(TestDenseFp8)
#include "tst_densefp8.moc"
