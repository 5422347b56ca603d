// Ten AdamW steps against PyTorch 1.13: the same initial weights, batches and hyper-parameters
// (written by tests/reference/train_parity.py into tests/data/train_parity.json) must give the
// same training loss at every step and after the last one, within 1e-4 relative. The DeepSeek
// case (multi-head latent attention, a sigmoid router with groups, shared experts) starts from the
// weights of tests/data/engine-features/deepseek-v3-mla-sigmoid-groups and follows
// tests/reference/make_deepseek_reference.py into tests/data/train_parity_deepseek.json; the
// Qwen3-MoE and gpt-oss cases follow tests/reference/make_moe_reference.py the same way. The T5
// encoder-decoders (v1.0: ReLU, tied head; v1.1: gated-gelu, untied) follow
// tests/reference/make_t5_train_reference.py: teacher forcing (the decoder reads the labels
// shifted right behind the start token, Hugging Face T5's _shift_right), AdamW over both stacks,
// the cross-attention and both relative bias tables. A tiny ALBERT (two layer groups, loaded
// from its Hugging Face checkpoint) and a tiny BERT follow tests/reference/make_mlm_train_reference.py:
// BERT's masked batches (Devlin et al. 2018 §3.1), the loss on the chosen positions only.
#include "core/formats/hfcheckpoint.h"
#include "core/train/adamw.h"
#include "core/train/lrschedule.h"
#include "core/train/trainablemodel.h"
#include "tests/support/referencemodel.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace tx;

class TestTrainParity : public QObject
{
    Q_OBJECT

private:
    QJsonArray m_cases;

    static std::vector<int> ints(const QJsonArray &a)
    {
        std::vector<int> v;
        for (const QJsonValue &x : a)
            v.push_back(x.toInt());
        return v;
    }

private slots:
    void initTestCase()
    {
        QFile f(QStringLiteral(TX_TEST_DATA_DIR "/train_parity.json"));
        QVERIFY(f.open(QIODevice::ReadOnly));
        m_cases = QJsonDocument::fromJson(f.readAll()).object().value(QStringLiteral("cases")).toArray();
        QCOMPARE(m_cases.size(), 2);
    }

    void tenSteps_data()
    {
        QTest::addColumn<int>("index");
        QTest::newRow("gpt2: learned positions, layernorm, gelu_tanh, biases, tied") << 0;
        QTest::newRow("llama: rope, rmsnorm, swiglu, gqa, untied") << 1;
    }
    void tenSteps()
    {
        QFETCH(int, index);
        const QJsonObject c = m_cases.at(index).toObject();
        const QJsonObject cfg = c.value(QStringLiteral("config")).toObject();
        const QJsonObject hp = c.value(QStringLiteral("train")).toObject();
        ModelConfig m;
        m.dModel = cfg.value(QStringLiteral("d_model")).toInt();
        m.nLayers = cfg.value(QStringLiteral("n_layers")).toInt();
        m.nHeads = cfg.value(QStringLiteral("n_heads")).toInt();
        m.nKvHeads = cfg.value(QStringLiteral("n_kv_heads")).toInt();
        m.dFf = cfg.value(QStringLiteral("d_ff")).toInt();
        m.vocabSize = cfg.value(QStringLiteral("vocab_size")).toInt();
        m.maxPositions = cfg.value(QStringLiteral("max_positions")).toInt();
        const bool llama = cfg.value(QStringLiteral("norm")).toString() == QLatin1String("rmsnorm");
        m.positions = llama ? PositionKind::Rotary : PositionKind::Learned;
        m.norm = llama ? NormKind::RmsNorm : NormKind::LayerNorm;
        m.ffn = llama ? FfnKind::Gated3 : FfnKind::Dense2;
        m.activation = llama ? Activation::Silu : Activation::GeluTanh;
        m.qkvBias = m.attnOutBias = m.ffnBias = !llama;
        m.tiedEmbeddings = !llama;
        m.lmHeadBias = false;
        m.ropeTheta = cfg.value(QStringLiteral("rope_theta")).toDouble();
        auto model = TrainableModel::create(m);
        QVERIFY2(model, qPrintable(model ? QString() : model.error().toString()));

        const QJsonObject initial = c.value(QStringLiteral("initial")).toObject();
        QCOMPARE(initial.size(), int(model->parameters().size()));
        for (Parameter &p : model->parameters()) {
            const QJsonObject t = initial.value(p.name).toObject();
            const QJsonArray values = t.value(QStringLiteral("values")).toArray();
            QVERIFY2(values.size() == p.value.size(), qPrintable(p.name));
            for (Eigen::Index i = 0; i < p.value.size(); ++i)
                p.value.data()[i] = float(values.at(int(i)).toDouble());
        }

        AdamW opt(AdamW::Settings{hp.value(QStringLiteral("beta1")).toDouble(), hp.value(QStringLiteral("beta2")).toDouble(),
                                  1e-8, hp.value(QStringLiteral("weight_decay")).toDouble()});
        const QJsonArray batches = c.value(QStringLiteral("batches")).toArray();
        LrSchedule schedule;
        schedule.peak = hp.value(QStringLiteral("lr")).toDouble();
        schedule.minimum = schedule.peak * hp.value(QStringLiteral("min_lr_ratio")).toDouble();
        schedule.warmupSteps = hp.value(QStringLiteral("warmup")).toInt();
        schedule.totalSteps = int(batches.size());
        std::vector<TrainingBatch> data;
        for (const QJsonValue &bv : batches) {
            const QJsonObject o = bv.toObject();
            TrainingBatch b;
            b.inputs = ints(o.value(QStringLiteral("inputs")).toArray());
            b.targets = ints(o.value(QStringLiteral("targets")).toArray());
            for (const QJsonValue &x : o.value(QStringLiteral("mask")).toArray())
                b.mask.push_back(float(x.toDouble()));
            b.seqLen = cfg.value(QStringLiteral("seq_len")).toInt();
            b.batch = cfg.value(QStringLiteral("batch")).toInt();
            data.push_back(b);
        }
        const QJsonArray losses = c.value(QStringLiteral("losses")).toArray();
        for (int step = 0; step < int(data.size()); ++step) {
            const double loss = model->forward(data[std::size_t(step)]);
            QVERIFY(model->backward());
            AdamW::clipGradNorm(model->parameters(), hp.value(QStringLiteral("clip")).toDouble());
            opt.step(model->parameters(), schedule.at(step));
            const double expected = losses.at(step).toDouble();
            QVERIFY2(std::abs(loss - expected) <= 1e-4 * std::abs(expected),
                     qPrintable(QStringLiteral("step %1: %2 vs PyTorch %3").arg(step + 1).arg(loss, 0, 'g', 9).arg(expected, 0, 'g', 9)));
        }
        const double final = model->forward(data[0]);
        const double expected = c.value(QStringLiteral("final_loss")).toDouble();
        QVERIFY2(std::abs(final - expected) <= 1e-4 * std::abs(expected),
                 qPrintable(QStringLiteral("after 10 steps: %1 vs PyTorch %2").arg(final, 0, 'g', 9).arg(expected, 0, 'g', 9)));
    }

    // Models of tests/data/engine-features trained by their reference scripts, file by file.
    void tenStepsFromReference_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("deepseek-v3: mla, sigmoid router with groups, shared expert")
            << QStringLiteral("train_parity_deepseek.json");
        // Qwen3MoeSparseMoeBlock: softmax over 8 experts, top 2 renormalised, QK-norm per head
        QTest::newRow("qwen3-moe: softmax router, top-2 of 8") << QStringLiteral("train_parity_qwen3-moe-train-top2.json");
        // GptOssTopKRouter and GptOssExperts: biased router and experts, clamped SwiGLU, sinks, windows
        QTest::newRow("gpt-oss: biased experts, clamped swiglu, sinks")
            << QStringLiteral("train_parity_gpt-oss-moe-clamped-swiglu.json");
        // T5ForConditionalGeneration with labels: 2 + 2 layers, ReLU, tied head behind d^-0.5
        QTest::newRow("t5 v1.0 encoder-decoder: teacher forcing, tied") << QStringLiteral("train_parity_t5-train-relu-tied.json");
        // 2 + 3 layers, gated-gelu, untied head
        QTest::newRow("t5 v1.1 encoder-decoder: teacher forcing, untied")
            << QStringLiteral("train_parity_t5-train-gated-untied.json");
        // AlbertForMaskedLM from its Hugging Face checkpoint: 4 layers in 2 shared groups, a 6-wide
        // table projected to 16, the masked-LM head tied to the table; BERT's masked batches
        QTest::newRow("albert masked lm: two layer groups, factorised table")
            << QStringLiteral("train_parity_albert-train-two-groups.json");
        // BertForMaskedLM: post-LayerNorm, exact GELU, BertLMPredictionHead tied to the table
        QTest::newRow("bert masked lm: prediction head, token types") << QStringLiteral("train_parity_bert-train-mlm.json");
    }
    void tenStepsFromReference()
    {
        QFETCH(QString, file);
        QFile f(QStringLiteral(TX_TEST_DATA_DIR "/") + file);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject c = QJsonDocument::fromJson(f.readAll()).object();
        const QJsonObject hp = c.value(QStringLiteral("train")).toObject();
        // A Hugging Face checkpoint (ALBERT) or a model in the engine's layout.
        const QString checkpoint = c.value(QStringLiteral("checkpoint")).toString();
        auto transformer = checkpoint.isEmpty() ? ReferenceModel::load(c.value(QStringLiteral("model")).toString())
                                                : HfCheckpoint::load(QStringLiteral(TX_TEST_DATA_DIR "/") + checkpoint);
        QVERIFY2(transformer, qPrintable(transformer ? QString() : transformer.error().toString()));
        auto model = TrainableModel::fromTransformer(std::move(*transformer));
        QVERIFY2(model, qPrintable(model ? QString() : model.error().toString()));
        AdamW opt(AdamW::Settings{hp.value(QStringLiteral("beta1")).toDouble(), hp.value(QStringLiteral("beta2")).toDouble(),
                                  1e-8, hp.value(QStringLiteral("weight_decay")).toDouble()});
        const QJsonArray batches = c.value(QStringLiteral("batches")).toArray();
        LrSchedule schedule;
        schedule.peak = hp.value(QStringLiteral("lr")).toDouble();
        schedule.minimum = schedule.peak * hp.value(QStringLiteral("min_lr_ratio")).toDouble();
        schedule.warmupSteps = hp.value(QStringLiteral("warmup")).toInt();
        schedule.totalSteps = int(batches.size());
        std::vector<TrainingBatch> data;
        for (const QJsonValue &bv : batches) {
            const QJsonObject o = bv.toObject();
            TrainingBatch b;
            b.inputs = ints(o.value(QStringLiteral("inputs")).toArray());
            b.targets = ints(o.value(QStringLiteral("targets")).toArray());
            for (const QJsonValue &x : o.value(QStringLiteral("mask")).toArray())
                b.mask.push_back(float(x.toDouble()));
            b.seqLen = c.value(QStringLiteral("seq_len")).toInt();
            b.batch = c.value(QStringLiteral("batch")).toInt();
            b.encoderInputs = ints(o.value(QStringLiteral("encoder_inputs")).toArray());
            b.encoderSeqLen = c.value(QStringLiteral("encoder_seq_len")).toInt(); // 0: decoder-only
            data.push_back(b);
        }
        const QJsonArray losses = c.value(QStringLiteral("losses")).toArray();
        QCOMPARE(losses.size(), 10);
        QCOMPARE(data[0].isSeq2Seq(), model->isEncoderDecoder());
        if (data[0].isSeq2Seq()) // the decoder reads the labels shifted right behind T5's start token 0
            for (int b = 0; b < data[0].batch; ++b) {
                const int T = data[0].seqLen;
                QCOMPARE(data[0].inputs[std::size_t(b * T)], Transformer::kDecoderStartToken);
                QCOMPARE(data[0].inputs[std::size_t(b * T + 1)], data[0].targets[std::size_t(b * T)]);
            }
        if (model->config().layout == Layout::EncoderOnly) { // BERT's masking: 3 of 20 positions a sequence
            QVERIFY(!model->config().isCausal());
            const int maskToken = c.value(QStringLiteral("mask_token")).toInt();
            int chosen = 0, masked = 0;
            for (const TrainingBatch &b : data)
                for (std::size_t i = 0; i < b.inputs.size(); ++i) {
                    chosen += b.mask[i] > 0.0f;
                    masked += b.inputs[i] == maskToken;
                    QVERIFY(b.mask[i] > 0.0f || b.inputs[i] == b.targets[i]); // only chosen positions change
                }
            QCOMPARE(chosen, 10 * data[0].batch * c.value(QStringLiteral("chosen_per_sequence")).toInt());
            QVERIFY(masked > chosen / 2 && masked < chosen);
        }
        for (int step = 0; step < int(data.size()); ++step) {
            const double loss = model->forward(data[std::size_t(step)]);
            QVERIFY(model->backward());
            AdamW::clipGradNorm(model->parameters(), hp.value(QStringLiteral("clip")).toDouble());
            opt.step(model->parameters(), schedule.at(step));
            const double expected = losses.at(step).toDouble();
            QVERIFY2(std::abs(loss - expected) <= 1e-4 * std::abs(expected),
                     qPrintable(QStringLiteral("step %1: %2 vs PyTorch %3").arg(step + 1).arg(loss, 0, 'g', 9).arg(expected, 0, 'g', 9)));
        }
        const double final = model->forward(data[0]);
        const double expected = c.value(QStringLiteral("final_loss")).toDouble();
        QVERIFY2(std::abs(final - expected) <= 1e-4 * std::abs(expected),
                 qPrintable(QStringLiteral("after 10 steps: %1 vs PyTorch %2").arg(final, 0, 'g', 9).arg(expected, 0, 'g', 9)));
    }
};

QTEST_APPLESS_MAIN(TestTrainParity)
#include "tst_trainparity.moc"
