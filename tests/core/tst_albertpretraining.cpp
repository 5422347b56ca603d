// ALBERT's AlbertForPreTraining checkpoints: besides the encoder and the masked-LM head the engine
// runs, albert.pooler.{weight,bias} (d, d) and sop_classifier.classifier.{weight,bias} (2, d) are
// carried from load to save unchanged (modeling_albert.py AlbertModel.pooler, AlbertSOPHead), and
// `inspect` counts them: albert-base-v2's AlbertModel (with its pooler) is HF's published
// 11,683,584 parameters (reference/models.json).
#include "core/formats/hfcheckpoint.h"
#include "core/formats/safetensors.h"
#include "core/modelfile/modelinspection.h"
#include "core/nn/transformer.h"
#include "tests/support/referencemodel.h"
#include "tests/support/sparsecheckpoint.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace tx;

namespace {

const QString kAlbert = QStringLiteral(TX_TEST_DATA_DIR "/engine/albert-mlm-shared");

QJsonObject readJson(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot open %s", qPrintable(path));
    return QJsonDocument::fromJson(f.readAll()).object();
}

bool writeJson(const QString &path, const QJsonObject &o)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(QJsonDocument(o).toJson()) > 0;
}

// A matrix of distinct values: value(i) = 0.01 · (i + 1) · sign.
Mat ramp(Eigen::Index rows, Eigen::Index cols, float sign)
{
    Mat m(rows, cols);
    for (Eigen::Index i = 0; i < m.size(); ++i)
        m.data()[i] = sign * 0.01f * float(i + 1);
    return m;
}

} // namespace

class TestAlbertPreTraining : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_pretraining; // albert-mlm-shared's tensors plus the pooler and the SOP head
    Mat m_poolerW = ramp(16, 16, 1.0f), m_poolerB = ramp(1, 16, -1.0f), m_sopW = ramp(2, 16, 0.5f), m_sopB = ramp(1, 2, 2.0f);

private slots:
    void initTestCase()
    {
        auto file = Safetensors::open(kAlbert + QStringLiteral("/model.safetensors"));
        QVERIFY(file);
        std::vector<Mat> values;
        const QStringList names = file->names();
        values.reserve(std::size_t(names.size()));
        std::vector<Safetensors::Out> out;
        for (const QString &n : names) {
            const Safetensors::Entry *e = file->entry(n);
            auto t = file->tensor(n, e->shape);
            QVERIFY(t);
            values.push_back(*t);
            out.push_back({n, values.back().data(), e->shape.size() == 1 ? 0 : values.back().rows(), values.back().cols(), e->shape});
        }
        out.push_back({QStringLiteral("albert.pooler.weight"), m_poolerW.data(), 16, 16});
        out.push_back({QStringLiteral("albert.pooler.bias"), m_poolerB.data(), 0, 16});
        out.push_back({QStringLiteral("sop_classifier.classifier.weight"), m_sopW.data(), 2, 16});
        out.push_back({QStringLiteral("sop_classifier.classifier.bias"), m_sopB.data(), 0, 2});
        m_pretraining = m_dir.filePath(QStringLiteral("pretraining"));
        QVERIFY(QDir().mkpath(m_pretraining));
        QVERIFY(!Safetensors::save(m_pretraining + QStringLiteral("/model.safetensors"), out, Safetensors::Dtype::F32));
        QJsonObject config = readJson(kAlbert + QStringLiteral("/config.json"));
        config.insert(QStringLiteral("architectures"), QJsonArray{QStringLiteral("AlbertForPreTraining")});
        QVERIFY(writeJson(m_pretraining + QStringLiteral("/config.json"), config));
    }

    // Loaded: the four tensors are carried with their values; the masked-LM logits are unchanged.
    void carriesThePoolerAndTheSopHead()
    {
        auto plain = HfCheckpoint::load(kAlbert);
        auto model = HfCheckpoint::load(m_pretraining);
        QVERIFY2(model, qPrintable(model ? QString() : model.error().toString()));
        QVERIFY(plain);
        QCOMPARE(plain->carried().size(), std::size_t(0));
        const std::vector<CarriedTensor> &c = model->carried();
        QCOMPARE(c.size(), std::size_t(4));
        QCOMPARE(c[0].name, QStringLiteral("albert.pooler.weight"));
        QCOMPARE(c[1].name, QStringLiteral("albert.pooler.bias"));
        QCOMPARE(c[2].name, QStringLiteral("sop_classifier.classifier.weight"));
        QCOMPARE(c[3].name, QStringLiteral("sop_classifier.classifier.bias"));
        QVERIFY(c[0].shape == (std::vector<std::int64_t>{16, 16}));
        QVERIFY(c[3].shape == (std::vector<std::int64_t>{2}));
        QCOMPARE(maxAbsDiff(c[0].values, m_poolerW), 0.0f);
        QCOMPARE(maxAbsDiff(c[1].values, m_poolerB), 0.0f);
        QCOMPARE(maxAbsDiff(c[2].values, m_sopW), 0.0f);
        QCOMPARE(maxAbsDiff(c[3].values, m_sopB), 0.0f);
        QCOMPARE(model->weightsSha256(), plain->weightsSha256());
        const std::vector<int> tokens = {3, 17, 22, 8, 8, 29, 1};
        auto a = plain->forward(tokens), b = model->forward(tokens);
        QVERIFY(a && b);
        QCOMPARE(maxAbsDiff(a->logits, b->logits), 0.0f);
    }

    // Saved and loaded again: the same names and shapes, the values bit for bit.
    void savesThemBack()
    {
        auto model = HfCheckpoint::load(m_pretraining);
        QVERIFY(model);
        const QString out = m_dir.filePath(QStringLiteral("saved"));
        QVERIFY(!HfCheckpoint::save(*model, out));
        auto saved = Safetensors::open(out + QStringLiteral("/model.safetensors"));
        QVERIFY(saved);
        for (const char *n : {"albert.pooler.weight", "albert.pooler.bias", "sop_classifier.classifier.weight",
                              "sop_classifier.classifier.bias"})
            QVERIFY2(saved->contains(QLatin1String(n)), n);
        QVERIFY(saved->entry(QStringLiteral("sop_classifier.classifier.weight"))->shape == (std::vector<std::int64_t>{2, 16}));
        QVERIFY(saved->entry(QStringLiteral("albert.pooler.bias"))->shape == (std::vector<std::int64_t>{16}));
        auto again = HfCheckpoint::load(out);
        QVERIFY(again);
        QCOMPARE(again->carried().size(), std::size_t(4));
        QCOMPARE(maxAbsDiff(again->carried()[0].values, m_poolerW), 0.0f);
        QCOMPARE(maxAbsDiff(again->carried()[2].values, m_sopW), 0.0f);
        QCOMPARE(again->weightsSha256(), model->weightsSha256());
    }

    // A pooler of the wrong shape names the file and the tensor.
    void wrongShapeNamesTheTensor()
    {
        const QString bad = m_dir.filePath(QStringLiteral("bad"));
        QVERIFY(QDir().mkpath(bad));
        QVERIFY(QFile::copy(m_pretraining + QStringLiteral("/config.json"), bad + QStringLiteral("/config.json")));
        auto file = Safetensors::open(m_pretraining + QStringLiteral("/model.safetensors"));
        QVERIFY(file);
        std::vector<Mat> values;
        values.reserve(64);
        std::vector<Safetensors::Out> out;
        for (const QString &n : file->names()) {
            std::vector<std::int64_t> shape = file->entry(n)->shape;
            auto t = file->tensor(n, shape);
            QVERIFY(t);
            values.push_back(*t);
            if (n == QLatin1String("sop_classifier.classifier.weight"))
                shape = {1, 32};
            out.push_back({n, values.back().data(), shape.size() == 1 ? 0 : shape[0], shape.back(), shape});
        }
        QVERIFY(!Safetensors::save(bad + QStringLiteral("/model.safetensors"), out, Safetensors::Dtype::F32));
        auto model = HfCheckpoint::load(bad);
        QVERIFY(!model);
        QCOMPARE(model.error().toString(),
                 bad + QStringLiteral("/model.safetensors: sop_classifier.classifier.weight: shape [1, 32], expected [2, 16]"));
    }

    // inspect counts them: the file's parameters are albert-mlm-shared's plus 16 · 16 + 16 + 2 · 16 + 2.
    void inspectCountsThem()
    {
        auto plain = ModelInspection::inspect(kAlbert);
        auto pre = ModelInspection::inspect(m_pretraining);
        QVERIFY(plain && pre);
        QCOMPARE(pre->file.params() - plain->file.params(), std::int64_t(16 * 16 + 16 + 2 * 16 + 2));
        QCOMPARE(int(pre->file.tensors.size()), int(plain->file.tensors.size()) + 4);
    }

    // albert-base-v2 as AlbertModel's own file (embeddings, encoder, pooler; no prefix), written
    // sparse: inspect's count is HF's published 11,683,584, and the design read from its config
    // agrees group by group.
    void albertBaseV2MatchesThePublishedCount()
    {
        const QString dir = m_dir.filePath(QStringLiteral("albert-base-v2"));
        QVERIFY(QDir().mkpath(dir));
        QJsonObject config = readJson(QStringLiteral(TX_TEST_DATA_DIR "/hf/albert-base-v2/config.json"));
        config.insert(QStringLiteral("architectures"), QJsonArray{QStringLiteral("AlbertModel")});
        QVERIFY(writeJson(dir + QStringLiteral("/config.json"), config));
        const QString f = QStringLiteral("F32");
        const QString layer = QStringLiteral("encoder.albert_layer_groups.0.albert_layers.0.");
        std::vector<SparseTensor> t = {
            {QStringLiteral("embeddings.word_embeddings.weight"), f, {30000, 128}},
            {QStringLiteral("embeddings.position_embeddings.weight"), f, {512, 128}},
            {QStringLiteral("embeddings.token_type_embeddings.weight"), f, {2, 128}},
            {QStringLiteral("embeddings.LayerNorm.weight"), f, {128}},
            {QStringLiteral("embeddings.LayerNorm.bias"), f, {128}},
            {QStringLiteral("encoder.embedding_hidden_mapping_in.weight"), f, {768, 128}},
            {QStringLiteral("encoder.embedding_hidden_mapping_in.bias"), f, {768}},
            {QStringLiteral("pooler.weight"), f, {768, 768}},
            {QStringLiteral("pooler.bias"), f, {768}},
        };
        for (const char *n : {"attention.query", "attention.key", "attention.value", "attention.dense"}) {
            t.push_back({layer + QLatin1String(n) + QStringLiteral(".weight"), f, {768, 768}});
            t.push_back({layer + QLatin1String(n) + QStringLiteral(".bias"), f, {768}});
        }
        for (const char *n : {"attention.LayerNorm", "full_layer_layer_norm"}) {
            t.push_back({layer + QLatin1String(n) + QStringLiteral(".weight"), f, {768}});
            t.push_back({layer + QLatin1String(n) + QStringLiteral(".bias"), f, {768}});
        }
        t.push_back({layer + QStringLiteral("ffn.weight"), f, {3072, 768}});
        t.push_back({layer + QStringLiteral("ffn.bias"), f, {3072}});
        t.push_back({layer + QStringLiteral("ffn_output.weight"), f, {768, 3072}});
        t.push_back({layer + QStringLiteral("ffn_output.bias"), f, {768}});
        QVERIFY(SparseCheckpoint::writeSafetensors(dir + QStringLiteral("/model.safetensors"), t) > 0);
        auto in = ModelInspection::inspect(dir);
        QVERIFY2(in, qPrintable(in ? QString() : in.error().toString()));
        QCOMPARE(in->file.params(), std::int64_t(11'683'584));
        QVERIFY(in->designCount);
        QCOMPARE(in->designCount->total, std::int64_t(11'683'584));
        QVERIFY(in->reconciliation);
        QVERIFY(in->reconciliation->mismatches().empty());

        // As AlbertForPreTraining saves it: the encoder under albert., the masked-LM head and the
        // sentence-order head. inspect counts all of them, and names what the AlbertModel design
        // (config.json) leaves out.
        const QString pre = m_dir.filePath(QStringLiteral("albert-base-v2-pretraining"));
        QVERIFY(QDir().mkpath(pre));
        config.insert(QStringLiteral("architectures"), QJsonArray{QStringLiteral("AlbertForPreTraining")});
        QVERIFY(writeJson(pre + QStringLiteral("/config.json"), config));
        for (SparseTensor &s : t)
            s.name.prepend(QStringLiteral("albert."));
        t.push_back({QStringLiteral("predictions.dense.weight"), f, {128, 768}});
        t.push_back({QStringLiteral("predictions.dense.bias"), f, {128}});
        t.push_back({QStringLiteral("predictions.LayerNorm.weight"), f, {128}});
        t.push_back({QStringLiteral("predictions.LayerNorm.bias"), f, {128}});
        t.push_back({QStringLiteral("predictions.bias"), f, {30000}});
        t.push_back({QStringLiteral("sop_classifier.classifier.weight"), f, {2, 768}});
        t.push_back({QStringLiteral("sop_classifier.classifier.bias"), f, {2}});
        QVERIFY(SparseCheckpoint::writeSafetensors(pre + QStringLiteral("/model.safetensors"), t) > 0);
        auto full = ModelInspection::inspect(pre);
        QVERIFY(full && full->reconciliation);
        // + the MLM head (768 · 128 + 128 + 2 · 128 + 30,000) + the SOP head (2 · 768 + 2)
        QCOMPARE(full->file.params(), std::int64_t(11'683'584 + 128'688 + 1'538));
        QStringList mismatches;
        for (const Mismatch &m : full->reconciliation->mismatches())
            mismatches << m.group + QStringLiteral(": ") + m.explanation;
        QCOMPARE(mismatches,
                 (QStringList{QStringLiteral("head: the design counts 0, the file holds 128,688: +128,688"),
                              QStringLiteral("other: the design counts 590,592, the file holds 592,130; "
                                             "sop_classifier.classifier.bias, sop_classifier.classifier.weight account for +1,538")}));
    }
};

QTEST_APPLESS_MAIN(TestAlbertPreTraining)
#include "tst_albertpretraining.moc"
