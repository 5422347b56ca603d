// Teaching tasks, the trainer's repeatability and cancel, head scores, sampling, and the one
// engine: the training forward (with its activation cache) computes the running forward's
// logits, which tst_engine pins to Hugging Face, and one seed gives one set of weights.
#include "core/train/lrschedule.h"
#include "core/train/trainer.h"
#include "core/nn/decoder.h"
#include "core/nn/headscore.h"
#include "core/train/trainingpreset.h"
#include "core/train/trainingtask.h"

#include <QTest>

#include <algorithm>
#include <cmath>

using namespace tx;

namespace {

ModelConfig tiny(int vocab, int d, int layers, int heads, int context)
{
    ModelConfig c;
    c.vocabSize = vocab;
    c.dModel = d;
    c.nLayers = layers;
    c.nHeads = heads;
    c.nKvHeads = heads;
    c.dFf = 4 * d;
    c.maxPositions = context;
    return c;
}

TrainingTask makeTask(TaskKind kind, int digits = 4)
{
    TrainingTask::Options o;
    o.kind = kind;
    o.digits = digits;
    o.seqLen = 32;
    o.vocab = 16;
    o.minSegment = 4;
    o.maxSegment = 12;
    return *TrainingTask::create(o);
}

} // namespace

class TestTraining : public QObject
{
    Q_OBJECT

private slots:
    void digitTasks_data()
    {
        QTest::addColumn<int>("kind");
        QTest::newRow("copy") << int(TaskKind::Copy);
        QTest::newRow("reverse") << int(TaskKind::Reverse);
        QTest::newRow("sort") << int(TaskKind::Sort);
    }
    void digitTasks()
    {
        QFETCH(int, kind);
        const TrainingTask task = makeTask(TaskKind(kind), 5);
        QCOMPARE(task.vocabSize(), 11); // digits 0–9 and the separator
        QCOMPARE(task.seqLen(), 10);
        Rng rng(3);
        const TrainingBatch b = task.batch(4, rng);
        QCOMPARE(b.batch, 4);
        QCOMPARE(int(b.inputs.size()), 40);
        for (int s = 0; s < 4; ++s) {
            const int *in = b.inputs.data() + s * 10;
            const int *tg = b.targets.data() + s * 10;
            const float *mk = b.mask.data() + s * 10;
            QCOMPARE(in[5], 10); // separator after the 5 digits
            for (int t = 0; t < 9; ++t)
                QCOMPARE(tg[t], in[t + 1]); // targets are the next token
            const std::vector<int> digits(in, in + 5);
            // Loss only on the 5 answer digits: positions 5..9 (the separator and the answer
            // so far) predict the answer's tokens.
            for (int t = 0; t < 10; ++t)
                QCOMPARE(mk[t], t >= 5 ? 1.0f : 0.0f);
            std::vector<int> expected = digits;
            if (TaskKind(kind) == TaskKind::Reverse)
                std::reverse(expected.begin(), expected.end());
            if (TaskKind(kind) == TaskKind::Sort)
                std::sort(expected.begin(), expected.end());
            QCOMPARE(std::vector<int>(tg + 5, tg + 10), expected);
        }
    }

    void inductionTask()
    {
        const TrainingTask task = makeTask(TaskKind::Induction);
        Rng rng(4);
        const TrainingBatch b = task.batch(64, rng);
        QCOMPARE(b.seqLen, 32);
        QCOMPARE(int(b.repeatStart.size()), 64);
        std::vector<int> starts;
        for (int s = 0; s < 64; ++s) {
            const int start = b.repeatStart[std::size_t(s)], len = b.repeatLength[std::size_t(s)];
            QVERIFY(len >= 4 && len <= 12);
            QVERIFY(start >= 0 && start + 2 * len <= 33);
            const int *in = b.inputs.data() + s * 32;
            const int *tg = b.targets.data() + s * 32;
            // The full sequence is in[0..31] then tg[31]; its second copy repeats the first.
            auto token = [&](int i) { return i < 32 ? in[i] : tg[31]; };
            for (int i = 0; i < len; ++i)
                QCOMPARE(token(start + len + i), token(start + i));
            int counted = 0;
            for (int t = 0; t < 32; ++t) {
                QVERIFY(in[t] >= 0 && in[t] < 16);
                const bool inSecondCopy = t >= start + len && t <= start + 2 * len - 2;
                QCOMPARE(b.mask[std::size_t(s * 32 + t)], inSecondCopy ? 1.0f : 0.0f);
                counted += inSecondCopy;
            }
            QCOMPARE(counted, len - 1); // the first token of the copy is unpredictable
            starts.push_back(start);
        }
        // Random offsets: the copy does not always start at the same place.
        std::sort(starts.begin(), starts.end());
        QVERIFY(std::unique(starts.begin(), starts.end()) - starts.begin() > 5);
    }

    void charsTask()
    {
        TrainingTask::Options o;
        o.kind = TaskKind::Chars;
        o.seqLen = 8;
        o.text = QStringLiteral("床前明月光，疑是地上霜。举头望明月，低头思故乡。").repeated(5);
        auto task = TrainingTask::create(o);
        QVERIFY(task);
        // 256 byte tokens (the fallback) + the poem's 19 distinct characters, punctuation included.
        QCOMPARE(task->vocabSize(), 256 + 19);
        // The characters the poem has twice come first, by code point: 。头明月，
        QCOMPARE(task->encode(QStringLiteral("明月")), (std::vector<int>{258, 259}));
        QCOMPARE(task->encode(QStringLiteral("猫")), (std::vector<int>{0xE7, 0x8C, 0xAB}));  // not in the poem: bytes
        QCOMPARE(task->decode(task->encode(QStringLiteral("明月光"))), QStringLiteral("明月光"));
        Rng rng(5);
        const TrainingBatch b = task->batch(3, rng);
        QCOMPARE(int(b.inputs.size()), 24);
        QCOMPARE(std::count(b.mask.begin(), b.mask.end(), 1.0f), 24L);

        o.text = QStringLiteral("too short");
        o.textSource = QStringLiteral("pasted");
        auto bad = TrainingTask::create(o);
        QVERIFY(!bad);
        QCOMPARE(bad.error().field, QStringLiteral("text"));
        QCOMPARE(bad.error().file, QStringLiteral("pasted"));
    }

    void schedule()
    {
        // Warmup 10 steps to 1e-3, cosine to 1e-4 at step 110.
        const LrSchedule s{1e-3, 1e-4, 10, 110};
        QCOMPARE(s.at(0), 1e-4);
        QCOMPARE(s.at(9), 1e-3);
        QCOMPARE(s.at(10), 1e-3);
        QVERIFY(std::abs(s.at(60) - 5.5e-4) < 1e-12); // halfway: (peak + min) / 2
        QCOMPARE(s.at(110), 1e-4);
    }

    void sameSeedSameRun()
    {
        const TrainingTask task = makeTask(TaskKind::Copy);
        TrainingSettings s;
        s.steps = 12;
        s.batch = 8;
        s.evalEvery = 6;
        s.seed = 42;
        auto a = Trainer::create(tiny(11, 32, 2, 4, 16), false, task, s);
        auto b = Trainer::create(tiny(11, 32, 2, 4, 16), false, task, s);
        s.seed = 43;
        auto c = Trainer::create(tiny(11, 32, 2, 4, 16), false, task, s);
        QVERIFY(a && b && c);
        std::vector<double> la, lb, lc;
        while (!a->finished()) {
            la.push_back(a->step()->loss);
            lb.push_back(b->step()->loss);
            lc.push_back(c->step()->loss);
        }
        QCOMPARE(la, lb); // bit for bit
        QVERIFY(la != lc);
        for (std::size_t i = 0; i < a->model().parameters().size(); ++i)
            QVERIFY(a->model().parameters()[i].value == b->model().parameters()[i].value);
    }

    void cancelLeavesStateUntouched()
    {
        const TrainingTask task = makeTask(TaskKind::Copy);
        TrainingSettings s;
        s.steps = 3;
        s.batch = 4;
        auto a = Trainer::create(tiny(11, 16, 2, 2, 16), false, task, s);
        auto b = Trainer::create(tiny(11, 16, 2, 2, 16), false, task, s);
        std::atomic<bool> stop{true};
        QVERIFY(!a->step(&stop));
        QCOMPARE(a->stepsDone(), 0);
        QCOMPARE(a->step()->loss, b->step()->loss); // the cancelled step runs again, same batch
    }

    void lossFallsOnCopy()
    {
        // Copying 4 digits: the answer loss starts at ln 10 = 2.30 nats (a uniform guess among
        // the digits) and a 2-layer model drops well below it within 300 steps.
        const TrainingTask task = makeTask(TaskKind::Copy);
        TrainingSettings s;
        s.steps = 300;
        s.batch = 32;
        s.lr = 3e-3;
        s.evalEvery = 300;
        auto t = Trainer::create(tiny(11, 32, 2, 4, 16), false, task, s);
        QVERIFY(t);
        std::optional<TrainingSnapshot> first = t->step(), last;
        while (!t->finished())
            last = t->step();
        QVERIFY(first->loss > 2.0);
        QVERIFY(last->evaluated);
        QVERIFY2(last->valLoss < 1.0, qPrintable(QString::number(last->valLoss)));
        QVERIFY(last->accuracy > 0.6);
    }

    void uniformAttentionScores()
    {
        // With zero query/key weights every query attends uniformly to keys 0..i, so the
        // scores follow from the probe's layout: previous-token = mean 1/(i+1) over i ≥ 1,
        // entropy = mean log2(i+1) bits, induction = mean 1/(i+1) over the second copy.
        auto model = TrainableModel::create(tiny(16, 8, 1, 2, 32), true);
        QVERIFY(model);
        for (Parameter &p : model->parameters())
            if (p.name.endsWith(QLatin1String(".qkv")))
                p.value.setZero();
        Rng rng(6);
        const TrainingBatch probe = TrainingTask::inductionBatch(3, 10, 16, 2, 5, rng);
        model->forward(probe);
        const std::vector<HeadScore> scores = model->headScores(probe);
        QCOMPARE(int(scores.size()), 2);
        double prev = 0.0, entropy = 0.0, induction = 0.0;
        for (int i = 1; i < 10; ++i)
            prev += 1.0 / (i + 1);
        for (int i = 0; i < 10; ++i)
            entropy += std::log2(double(i + 1));
        int n = 0;
        for (int s = 0; s < 3; ++s) {
            const int start = probe.repeatStart[std::size_t(s)], len = probe.repeatLength[std::size_t(s)];
            for (int i = start + len; i < start + 2 * len && i < 10; ++i, ++n)
                induction += 1.0 / (i + 1);
        }
        for (const HeadScore &h : scores) {
            QVERIFY(std::abs(h.previousToken - prev / 9.0) < 1e-6);
            QVERIFY(std::abs(h.entropyBits - entropy / 10.0) < 1e-5);
            QVERIFY(std::abs(h.induction - induction / n) < 1e-6);
        }
    }

    void handMadeInductionPattern()
    {
        // Olsson et al. 2022 (§2, "induction heads"): a head that, at position i of the second
        // copy, attends to the token just after the earlier occurrence of token[i] (i − len + 1)
        // scores 1.0. Head 0 does exactly that (and attends to itself elsewhere); head 1 attends
        // one key early, to the earlier occurrence itself (i − len); head 2 to i − 1 everywhere.
        Rng rng(11);
        const int B = 4, T = 24, nH = 3;
        const TrainingBatch probe = TrainingTask::inductionBatch(B, T, 32, 3, 8, rng);
        Mat probs = Mat::Zero(Eigen::Index(B) * nH * T, T);
        int second = 0;
        for (int b = 0; b < B; ++b) {
            const int start = probe.repeatStart[std::size_t(b)], len = probe.repeatLength[std::size_t(b)];
            QVERIFY(len >= 3);
            for (int i = 0; i < T; ++i) {
                const bool inSecond = i >= start + len && i < start + 2 * len;
                second += inSecond ? 1 : 0;
                const auto row = [&](int h) { return (Eigen::Index(b) * nH + h) * T + i; };
                probs(row(0), inSecond ? i - len + 1 : i) = 1.0f;
                probs(row(1), inSecond ? i - len : i) = 1.0f;
                probs(row(2), std::max(0, i - 1)) = 1.0f;
            }
        }
        QVERIFY(second > 0);
        const std::vector<HeadScore> s =
            HeadScore::measureLayer(probs, 1, nH, B, T, probe.repeatStart, probe.repeatLength);
        QCOMPARE(int(s.size()), nH);
        QCOMPARE(s[0].layer, 1);
        QCOMPARE(s[0].induction, 1.0);
        QCOMPARE(s[0].previousToken, 0.0); // len ≥ 3, so i − len + 1 is never i − 1
        QCOMPARE(s[0].entropyBits, 0.0);
        QCOMPARE(s[1].induction, 0.0);
        QCOMPARE(s[2].induction, 0.0);
        QCOMPARE(s[2].previousToken, 1.0);
        // A pattern of the wrong shape is refused, not read out of bounds.
        QVERIFY(HeadScore::measureLayer(Mat::Zero(T, T), 0, nH, B, T, probe.repeatStart, probe.repeatLength).empty());
    }

    void inductionPresetFormsTheHead()
    {
        // The "Watch an induction head form" bar (issue 7): within the preset's own run (2,000
        // steps) some layer-2 head's induction score passes 0.5, a layer-1 head's previous-token
        // score passes 0.3 and the second-copy loss falls below 0.5. Counted in steps, not seconds.
        // The release build crosses all three by step 700 (README "Training"); the path depends on
        // the build's rounding: the Sanitize build (-O1) was still at loss 0.515 at step 1,000.
        const auto demo = TrainingPreset::find(QStringLiteral("induction-head"));
        QVERIFY(demo);
        auto task = TrainingTask::create(demo->task);
        QVERIFY(task);
        auto t = Trainer::create(demo->model, demo->attentionOnly, *task, demo->settings);
        QVERIFY(t);
        double best = 0.0, bestPrevious = 0.0, valLoss = 1e9;
        int step = 0;
        for (; step < demo->settings.steps; ++step) {
            const std::optional<TrainingSnapshot> s = t->step();
            QVERIFY(s);
            if (!s->evaluated)
                continue;
            best = bestPrevious = 0.0;
            for (const HeadScore &h : s->heads) {
                if (h.layer == 1)
                    best = std::max(best, h.induction);
                else
                    bestPrevious = std::max(bestPrevious, h.previousToken);
            }
            valLoss = s->valLoss;
            if (best > 0.5 && bestPrevious > 0.3 && valLoss < 0.5)
                break;
        }
        qInfo("formed at step %d: induction %.3f, previous-token %.3f, second-copy loss %.3f", step + 1, best,
              bestPrevious, valLoss);
        QVERIFY2(best > 0.5, qPrintable(QString::number(best)));
        QVERIFY2(bestPrevious > 0.3, qPrintable(QString::number(bestPrevious)));
        QVERIFY2(valLoss < 0.5, qPrintable(QString::number(valLoss)));
    }

    void trainingForwardIsTheRunningForward_data()
    {
        QTest::addColumn<bool>("llama");
        QTest::addColumn<bool>("attentionOnly");
        QTest::newRow("gpt2") << false << false;
        QTest::newRow("llama") << true << false;
        QTest::newRow("attention-only") << false << true;
    }
    void trainingForwardIsTheRunningForward()
    {
        // One engine: the cached forward training runs and the plain forward `run` and the
        // attention view use give the same logits and attention, and a saved checkpoint
        // (HfCheckpoint writes transformer()) trains on from the same weights.
        QFETCH(bool, llama);
        QFETCH(bool, attentionOnly);
        ModelConfig c = tiny(23, 16, 2, 4, 12);
        if (llama) {
            c.positions = PositionKind::Rotary;
            c.norm = NormKind::RmsNorm;
            c.ffn = FfnKind::Gated3;
            c.activation = Activation::Silu;
            c.nKvHeads = 2;
            c.qkvBias = c.attnOutBias = c.ffnBias = false;
            c.tiedEmbeddings = false;
        }
        auto model = TrainableModel::create(c, attentionOnly);
        QVERIFY(model);
        model->initGpt2Style(9);
        Rng rng(10);
        for (Parameter &p : model->parameters()) // move off the init so every tensor matters
            for (Eigen::Index i = 0; i < p.value.size(); ++i)
                p.value.data()[i] += float(rng.normal() * 0.1);
        TrainingBatch b;
        b.batch = 1;
        b.seqLen = 12;
        for (int i = 0; i < 12; ++i) {
            b.inputs.push_back(rng.uniformInt(23));
            b.targets.push_back(0);
            b.mask.push_back(0.0f);
        }
        model->forward(b);
        auto r = model->transformer().forward(b.inputs, ForwardOptions::everything());
        QVERIFY(r);
        QVERIFY((r->logits - model->logits()).cwiseAbs().maxCoeff() < 1e-5f);
        QVERIFY((r->attentionAt(1, 3) - model->attention(1).block(3 * 12, 0, 12, 12)).cwiseAbs().maxCoeff() < 1e-6f);

        auto back = TrainableModel::fromTransformer(model->transformer());
        QVERIFY(back);
        back->forward(b);
        QCOMPARE(back->logits(), model->logits());
    }

    void splitBatchIsTheWholeBatch()
    {
        // On two threads a batch of five sequences runs as two shards (two and three sequences),
        // each with its own activations and gradients, added in shard order. The loss, the
        // accuracy counts, every gradient and the logits and attention read afterwards are the
        // whole batch's on one thread up to float rounding, and two runs on two threads give the
        // same gradients bit for bit.
        ModelConfig c = tiny(23, 16, 2, 4, 12);
        auto make = [&](int threads) {
            auto m = TrainableModel::create(c);
            m->initGpt2Style(3);
            m->setThreads(threads);
            return m;
        };
        Rng rng(4);
        TrainingBatch b;
        b.batch = 5;
        b.seqLen = 12;
        for (int i = 0; i < b.batch * b.seqLen; ++i) {
            b.inputs.push_back(rng.uniformInt(23));
            b.targets.push_back(rng.uniformInt(23));
            b.mask.push_back(i < 30 && i % 3 == 0 ? 0.0f : 1.0f); // the first shard has fewer counted rows
        }
        auto whole = make(1);
        auto split = make(2);
        auto again = make(2);
        QVERIFY(whole && split && again);
        int rightWhole = 0, seenWhole = 0, rightSplit = 0, seenSplit = 0;
        const double lossWhole = whole->forward(b, &rightWhole, &seenWhole);
        const double lossSplit = split->forward(b, &rightSplit, &seenSplit);
        again->forward(b);
        QVERIFY(whole->backward() && split->backward() && again->backward());
        QVERIFY(std::abs(lossWhole - lossSplit) <= 1e-6 * lossWhole);
        QCOMPARE(seenSplit, 50);
        QCOMPARE(seenWhole, 50);
        QCOMPARE(rightSplit, rightWhole);
        const std::vector<Parameter> pw = whole->parameters(), ps = split->parameters(), pa = again->parameters();
        for (std::size_t i = 0; i < pw.size(); ++i) {
            const float scale = std::max(1e-3f, pw[i].grad.cwiseAbs().maxCoeff());
            QVERIFY2((pw[i].grad - ps[i].grad).cwiseAbs().maxCoeff() <= 1e-5f * scale, qPrintable(pw[i].name));
            QVERIFY2(ps[i].grad == pa[i].grad, qPrintable(pw[i].name));
        }
        QCOMPARE(split->logits().rows(), 60);
        QVERIFY((whole->logits() - split->logits()).cwiseAbs().maxCoeff() < 1e-5f);
        QCOMPARE(split->attention(1).rows(), 5 * 4 * 12);
        QVERIFY((whole->attention(1) - split->attention(1)).cwiseAbs().maxCoeff() < 1e-6f);
    }

    void sameSeedSameWeightsForRunningAndTraining()
    {
        // One initialiser, tx::Rng draws (not std::normal_distribution) in registry order: a
        // Trainer with seed s starts from exactly the weights Transformer::initGpt2Style gives
        // the running engine for the same seed (the trainer's weight stream, initSeed(s)).
        const TrainingTask task = makeTask(TaskKind::Copy);
        TrainingSettings s;
        s.steps = 1;
        s.seed = 42;
        const ModelConfig c = tiny(11, 16, 2, 2, 16);
        auto trainer = Trainer::create(c, false, task, s);
        QVERIFY(trainer);
        auto running = Transformer::create(c);
        QVERIFY(running);
        running->initGpt2Style(Trainer::initSeed(42));
        const auto registry = running->tensors();
        QCOMPARE(int(registry.size()), int(trainer->model().transformer().tensors().size()));
        for (const TransformerWeights::Slot &slot : registry)
            QVERIFY2(slot.in(running->weights()) == slot.in(trainer->model().transformer().weights()), qPrintable(slot.name));
        // GPT-2's init: N(0, 0.02) for the embedding.
        const Mat &e = running->weights().tokenEmbedding;
        QVERIFY(std::abs(std::sqrt((e.array() - e.mean()).square().mean()) - 0.02f) < 0.004f);
    }

    void sampling()
    {
        const TrainingTask task = makeTask(TaskKind::Copy);
        TrainingSettings s;
        s.steps = 1;
        auto t = Trainer::create(tiny(11, 16, 1, 2, 16), false, task, s);
        QVERIFY(t);
        const std::vector<int> greedy = t->sample({1, 2, 3}, 5, 0.0, 0, 1);
        QCOMPARE(int(greedy.size()), 5);
        QCOMPARE(t->sample({1, 2, 3}, 5, 1.0, 1, 7), greedy); // top-1 is greedy at any temperature
        const std::vector<int> a = t->sample({1}, 20, 1.0, 0, 8), b = t->sample({1}, 20, 1.0, 0, 8);
        QCOMPARE(a, b); // seeded
        for (int tok : a)
            QVERIFY(tok >= 0 && tok < 11);
    }

    void presetsAreValid()
    {
        for (const TrainingPreset &p : TrainingPreset::all()) {
            if (p.task.kind == TaskKind::Chars)
                continue; // needs a text
            auto task = TrainingTask::create(p.task);
            QVERIFY2(task, qPrintable(p.name));
            TrainingSettings s = p.settings;
            QVERIFY2(Trainer::create(p.model, p.attentionOnly, *task, s), qPrintable(p.name));
        }
        const auto demo = TrainingPreset::find(QStringLiteral("induction-head"));
        QVERIFY(demo);
        QCOMPARE(demo->model.nLayers, 2);
        QVERIFY(demo->attentionOnly);
    }
};

QTEST_APPLESS_MAIN(TestTraining)
#include "tst_training.moc"
