// Training an encoder alone (BERT, ALBERT) on masked characters: BERT's masking (Devlin et al.
// 2018 §3.1: 15 % of the positions chosen, 80 % of those [MASK], 10 % a random token, 10 %
// unchanged), the task's [MASK] id and its vocabulary, the trainer's refusals, central
// differences through a BERT-shaped model's masked loss, the encoder heads' scores and
// bidirectional maps, and filling in [MASK]. tst_trainparity matches ten steps to PyTorch.
#include "core/base/rng.h"
#include "core/train/corpus.h"
#include "core/train/tokenmasking.h"
#include "core/train/trainer.h"
#include "core/train/trainingpreset.h"
#include "core/train/trainingtask.h"
#include "tests/support/gradientcheck.h"

#include <QTest>

#include <algorithm>
#include <numeric>

using namespace tx;

namespace {

TrainingTask::Options aliceMasked(int seqLen = 64)
{
    TrainingTask::Options o;
    o.kind = TaskKind::Chars;
    o.seqLen = seqLen;
    o.text = *Corpus::load(QStringLiteral("carroll-alice"));
    o.textSource = QStringLiteral("carroll-alice");
    o.maskedLm = true;
    return o;
}

} // namespace

class TestTrainMaskedLm : public QObject
{
    Q_OBJECT

private slots:
    void maskingFollowsBert()
    {
        // num_to_predict = max(1, round(length · 0.15)): 64 → round(9.6) = 10, 20 → 3, 4 → 1.
        QCOMPARE(TokenMasking(64).chosen(), 10);
        QCOMPARE(TokenMasking(20).chosen(), 3);
        QCOMPARE(TokenMasking(4).chosen(), 1);
        const TokenMasking masking(64);
        std::vector<int> window(64), alphabet(50);
        std::iota(window.begin(), window.end(), 1000); // never drawn as a random token
        std::iota(alphabet.begin(), alphabet.end(), 0);
        const int maskToken = 999;
        std::vector<int> inputs(64), targets(64);
        std::vector<float> mask(64);
        Rng rng(7);
        int chosen = 0, masked = 0, unchanged = 0, random = 0;
        for (int w = 0; w < 4000; ++w) {
            masking.corrupt(window.data(), maskToken, alphabet, rng, inputs.data(), targets.data(), mask.data());
            QCOMPARE(targets, window);
            int here = 0;
            for (int t = 0; t < 64; ++t) {
                if (mask[std::size_t(t)] == 0.0f) {
                    QCOMPARE(inputs[std::size_t(t)], window[std::size_t(t)]);
                    continue;
                }
                ++here;
                const int in = inputs[std::size_t(t)];
                masked += in == maskToken;
                unchanged += in == window[std::size_t(t)];
                random += in >= 0 && in < 50;
            }
            QCOMPARE(here, 10);
            chosen += here;
        }
        QCOMPARE(masked + unchanged + random, chosen);
        // 40,000 choices: the shares within 1.5 points of 80 / 10 / 10 (standard deviations 0.2 and 0.15).
        QVERIFY2(std::abs(masked / double(chosen) - 0.8) < 0.015, qPrintable(QString::number(masked / double(chosen))));
        QVERIFY2(std::abs(unchanged / double(chosen) - 0.1) < 0.015, qPrintable(QString::number(unchanged / double(chosen))));
        QVERIFY2(std::abs(random / double(chosen) - 0.1) < 0.015, qPrintable(QString::number(random / double(chosen))));
    }

    void taskHasAMaskToken()
    {
        auto task = TrainingTask::create(aliceMasked());
        QVERIFY2(task, qPrintable(task ? QString() : task.error().toString()));
        QVERIFY(task->isMaskedLm());
        const int characters = task->tokenizer()->vocabSize();
        QCOMPARE(task->maskToken(), characters); // the token after the characters
        QCOMPARE(task->vocabSize(), characters + 1);
        QCOMPARE(task->seqLen(), 64);
        QCOMPARE(task->encoderSeqLen(), 0);
        Rng rng(3);
        const TrainingBatch b = task->batch(8, rng);
        QCOMPARE(b.batch, 8);
        QCOMPARE(b.seqLen, 64);
        QVERIFY(!b.isSeq2Seq());
        int masks = 0;
        for (int s = 0; s < 8; ++s) {
            const auto at = b.targets.begin() + s * 64;
            // The targets are a window of the text itself (the originals at their own positions).
            QVERIFY(task->options().text.contains(task->decode(std::vector<int>(at, at + 64))));
            float chosen = 0.0f;
            for (int t = 0; t < 64; ++t) {
                const std::size_t i = std::size_t(s * 64 + t);
                chosen += b.mask[i];
                masks += b.inputs[i] == task->maskToken();
                QVERIFY(b.inputs[i] >= 0 && b.inputs[i] < task->vocabSize());
                QVERIFY(b.mask[i] > 0.0f || b.inputs[i] == b.targets[i]);
                QVERIFY(b.targets[i] != task->maskToken());
            }
            QCOMPARE(chosen, 10.0f);
        }
        QVERIFY(masks >= 50 && masks <= 75); // 80 choices, 80 % of them [MASK]
        // What the user types: each [MASK] is the mask token, and it reads back the same.
        const std::vector<int> typed = task->encodeSource(QStringLiteral("the [MASK]at sat"));
        QCOMPARE(int(typed.size()), 11);
        QCOMPARE(typed[4], task->maskToken());
        QCOMPARE(int(std::count(typed.begin(), typed.end(), task->maskToken())), 1);
        QCOMPARE(task->decode(typed), QStringLiteral("the [MASK]at sat"));

        ModelConfig model = TrainingPreset::maskedLmFor(true).model;
        task->fitModel(model);
        QCOMPARE(model.vocabSize, characters + 1);
    }

    void refusals()
    {
        TrainingTask::Options o = aliceMasked();
        o.kind = TaskKind::Copy;
        auto copy = TrainingTask::create(o);
        QVERIFY(!copy);
        QCOMPARE(copy.error().field, QStringLiteral("task"));
        o = aliceMasked();
        o.seq2seq = true;
        QVERIFY(!TrainingTask::create(o));
        o = aliceMasked();
        o.maskShare = 1.0;
        QCOMPARE(TrainingTask::create(o).error().field, QStringLiteral("mask_share"));

        // An encoder on next characters, and a decoder on masked ones.
        TrainingTask::Options next = aliceMasked();
        next.maskedLm = false;
        auto nextTask = TrainingTask::create(next);
        QVERIFY(nextTask);
        ModelConfig encoder = TrainingPreset::maskedLmFor(false).model;
        nextTask->fitModel(encoder);
        auto bad = Trainer::create(encoder, false, *nextTask, TrainingSettings{});
        QVERIFY(!bad);
        QCOMPARE(bad.error().field, QStringLiteral("layout"));
        QVERIFY(bad.error().message.startsWith(QStringLiteral("an encoder alone (BERT, ALBERT) trains on masked")));
        ModelConfig decoder = TrainingPreset::defaultFor(TaskKind::Chars).model;
        auto masked = TrainingTask::create(aliceMasked());
        masked->fitModel(decoder);
        auto wrong = Trainer::create(decoder, false, *masked, TrainingSettings{});
        QVERIFY(!wrong);
        QCOMPARE(wrong.error().field, QStringLiteral("layout"));
    }

    // Central differences through a small BERT's masked loss (TrainableModel: post-LayerNorm,
    // exact GELU, token types, the prediction head at the full width), every tensor.
    void bertGradients()
    {
        ModelConfig c = TrainingPreset::smallEncoder(false, 13, 8, 2, 2, 12);
        c.dFf = 12;
        auto created = TrainableModel::create(c, false, TrainableModel::kDefaultCapBytes, 1e-6f);
        QVERIFY2(created, qPrintable(created ? QString() : created.error().toString()));
        TrainableModel &model = *created;
        model.initGpt2Style(3);
        Rng rng(11);
        for (Parameter &p : model.parameters())
            for (Eigen::Index i = 0; i < p.value.size(); ++i)
                p.value.data()[i] += float(rng.normal() * 0.3);
        TrainingBatch b;
        b.batch = 2;
        b.seqLen = 10;
        const TokenMasking masking(10, 0.3);
        std::vector<int> window(10), alphabet(12);
        std::iota(alphabet.begin(), alphabet.end(), 0);
        b.inputs.resize(20);
        b.targets.resize(20);
        b.mask.resize(20);
        for (int s = 0; s < 2; ++s) {
            for (int &t : window)
                t = rng.uniformInt(12);
            masking.corrupt(window.data(), 12, alphabet, rng, b.inputs.data() + s * 10, b.targets.data() + s * 10,
                            b.mask.data() + s * 10);
        }
        QCOMPARE(std::accumulate(b.mask.begin(), b.mask.end(), 0.0f), 6.0f);
        QVERIFY(model.forward(b) > 0.0);
        QVERIFY(model.backward());
        std::vector<Mat> analytic;
        for (const Parameter &p : model.parameters())
            analytic.push_back(p.grad);
        auto loss = [&] {
            model.parameters(); // the weights changed behind the model's back: drop its transposed copies
            return model.forward(b);
        };
        int i = 0, checked = 0;
        for (Parameter &p : model.parameters()) {
            const GradientCheck r = GradientCheck::run(loss, p.value, analytic[std::size_t(i++)], 4e-3f, 24, 1e-2);
            QVERIFY2(r.maxRelError < 1e-2,
                     qPrintable(QStringLiteral("%1: rel %2, abs %3").arg(p.name).arg(r.maxRelError).arg(r.maxAbsError)));
            checked += r.checked;
        }
        // 5 embedding tensors, 12 per layer, 5 in the head (dense, its bias, LayerNorm, the vocabulary bias).
        QCOMPARE(i, 5 + 2 * 12 + 5);
        QVERIFY(checked > 300);
    }

    // A few steps of the ALBERT preset: every head an encoder head, maps without a masked half,
    // the accuracy counted on the chosen positions, and [MASK] filled in.
    void albertStepsScoresAndFills()
    {
        TrainingPreset p = TrainingPreset::maskedLmFor(true);
        auto task = TrainingTask::create(aliceMasked());
        QVERIFY(task);
        ModelConfig model = p.model;
        task->fitModel(model);
        QVERIFY(model.sharing == Sharing::AllLayers);
        QCOMPARE(model.effectiveEmbeddingDim(), 32);
        TrainingSettings s = p.settings;
        s.steps = 3;
        s.batch = 4;
        s.evalEvery = 3;
        s.evalBatch = 5;
        s.probeBatch = 2;
        auto trainer = Trainer::create(model, false, *task, s);
        QVERIFY2(trainer, qPrintable(trainer ? QString() : trainer.error().toString()));
        // One stored layer of attention, FFN and norms serves all 4 (ALBERT's sharing).
        QCOMPARE(trainer->model().transformer().storedLayerCount(), 1);
        std::optional<TrainingSnapshot> last;
        while (!trainer->finished())
            last = trainer->step();
        QVERIFY(last && last->evaluated);
        QVERIFY(!last->causal);
        QVERIFY(!last->encoderDecoder);
        QCOMPARE(int(last->heads.size()), 4 * 4);
        for (const HeadScore &h : last->heads) {
            QVERIFY(h.kind == HeadScore::Kind::EncoderSelf);
            QCOMPARE(h.induction, 0.0); // no repeated segment in a masked window
        }
        QCOMPARE(int(last->attention.size()), 16);
        const Mat &map = last->attention[0];
        QCOMPARE(map.rows(), Eigen::Index(64));
        QCOMPARE(map.cols(), Eigen::Index(64));
        QVERIFY(map(0, 63) > 0.0f); // the first character sees the last one
        QVERIFY(std::abs(map.row(0).sum() - 1.0f) < 1e-5f);
        // The accuracy counts the chosen positions only: 10 of each window of 64.
        Rng rng(5);
        int correct = -1, counted = -1;
        QVERIFY(trainer->model().forward(task->validationBatch(5, rng), &correct, &counted) > 0.0);
        QCOMPARE(counted, 50);
        QVERIFY(correct >= 0 && correct <= 50);

        const std::vector<int> typed = task->encodeSource(QStringLiteral("the [MASK]at s[MASK]t"));
        SamplingOptions greedy;
        greedy.temperature = 0.0;
        const std::vector<int> filled = trainer->fillMasks(typed, greedy);
        QCOMPARE(filled.size(), typed.size());
        for (std::size_t t = 0; t < typed.size(); ++t) {
            if (typed[t] == task->maskToken())
                QVERIFY(filled[t] != task->maskToken() && filled[t] >= 0 && filled[t] < task->vocabSize());
            else
                QCOMPARE(filled[t], typed[t]);
        }
        QCOMPARE(trainer->fillMasks(typed, greedy), filled); // one forward, the argmax: the same again
        QVERIFY(trainer->fillMasks(std::vector<int>(65, 5), greedy).empty()); // longer than the window
    }
};

QTEST_APPLESS_MAIN(TestTrainMaskedLm)
#include "tst_trainmaskedlm.moc"
