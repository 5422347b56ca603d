// Training an encoder-decoder (T5): the seq2seq tasks' batches (teacher forcing as Hugging Face
// T5's _shift_right; span corruption as run_t5_mlm_flax.py's random_spans_noise_mask and
// sentinels, Raffel et al. 2020 §3.1.4), the trainer's refusals, every parameter's gradient
// (the encoder's, cross-attention's and both bucket tables'), the head scores of each kind of
// attention, and a small T5 learning to reverse digits and decoding them with the KV cache.
// tst_trainparity matches ten steps of it to PyTorch.
#include "core/nn/enginesizer.h"
#include "core/train/corpus.h"
#include "core/train/spancorruption.h"
#include "core/train/trainer.h"
#include "core/train/trainingpreset.h"
#include "core/train/trainingtask.h"

#include <QTest>

#include <algorithm>
#include <cmath>

using namespace tx;

namespace {

TrainingTask digits(TaskKind kind, int n)
{
    TrainingTask::Options o;
    o.kind = kind;
    o.digits = n;
    o.seq2seq = true;
    return *TrainingTask::create(o);
}

} // namespace

class TestTrainSeq2Seq : public QObject
{
    Q_OBJECT

private slots:
    void digitPairsAreTeacherForced()
    {
        const TrainingTask task = digits(TaskKind::Reverse, 5);
        QCOMPARE(task.vocabSize(), 11); // T5's start token 0 and the digits 1–10
        QCOMPARE(task.seqLen(), 5);
        QCOMPARE(task.encoderSeqLen(), 5);
        Rng rng(3);
        const TrainingBatch b = task.batch(4, rng);
        QVERIFY(b.isSeq2Seq());
        QCOMPARE(int(b.encoderInputs.size()), 20);
        for (int s = 0; s < 4; ++s) {
            for (int t = 0; t < 5; ++t) {
                const std::size_t row = std::size_t(s * 5 + t);
                QVERIFY(b.encoderInputs[row] >= 1 && b.encoderInputs[row] <= 10);
                QCOMPARE(b.targets[row], b.encoderInputs[std::size_t(s * 5 + 4 - t)]); // reversed
                QCOMPARE(b.sourcePosition[row], 4 - t);
                // _shift_right: the start token, then the targets one place later
                QCOMPARE(b.inputs[row], t == 0 ? Transformer::kDecoderStartToken : b.targets[row - 1]);
                QCOMPARE(b.mask[row], 1.0f);
            }
        }
        QCOMPARE(task.encodeSource(QStringLiteral("31 415")), (std::vector<int>{4, 2, 5, 2, 6}));
        QCOMPARE(task.decode({4, 2, 5, 2, 6}), QStringLiteral("31415"));

        const TrainingTask sort = digits(TaskKind::Sort, 6);
        const TrainingBatch sorted = sort.batch(3, rng);
        for (int s = 0; s < 3; ++s)
            for (int t = 0; t < 6; ++t) {
                const std::size_t row = std::size_t(s * 6 + t);
                QCOMPARE(sorted.encoderInputs[std::size_t(s * 6 + sorted.sourcePosition[row])], sorted.targets[row]);
                if (t > 0)
                    QVERIFY(sorted.targets[row - 1] <= sorted.targets[row]);
            }
    }

    void spanCorruptionFollowsT5()
    {
        // run_t5_mlm_flax.py: 64 tokens at noise density 0.15 and mean span 3 hide round(9.6) = 10
        // tokens in round(10 / 3) = 3 spans: sources of 64 − 10 + 3 + 1 = 58, targets of 10 + 3 + 1 = 14.
        const SpanCorruption noise(64, 0.15, 3.0);
        QCOMPARE(noise.noiseTokens(), 10);
        QCOMPARE(noise.spans(), 3);
        QCOMPARE(noise.sourceLength(), 58);
        QCOMPARE(noise.targetLength(), 14);
        Rng rng(11);
        for (int trial = 0; trial < 20; ++trial) {
            const std::vector<char> mask = noise.noiseMask(rng);
            QCOMPARE(std::count(mask.begin(), mask.end(), 1), 10L);
            QCOMPARE(int(mask.front()), 0); // kept tokens first, noise last (the interleaving)
            QCOMPARE(int(mask.back()), 1);
            int starts = 0;
            for (std::size_t i = 0; i < mask.size(); ++i)
                starts += mask[i] && (i == 0 || !mask[i - 1]);
            QCOMPARE(starts, 3);
        }

        auto text = Corpus::load(QStringLiteral("carroll-alice"));
        QVERIFY(text);
        TrainingTask::Options o;
        o.kind = TaskKind::Chars;
        o.seqLen = 64;
        o.text = *text;
        o.seq2seq = true;
        auto task = TrainingTask::create(o);
        QVERIFY(task);
        QCOMPARE(task->encoderSeqLen(), 58);
        QCOMPARE(task->seqLen(), 14);
        const int sentinel = task->tokenizer()->vocabSize();
        QCOMPARE(task->vocabSize(), sentinel + 3); // the characters, then three sentinels
        const TrainingBatch b = task->batch(8, rng);
        for (int s = 0; s < 8; ++s) {
            const std::vector<int> source(b.encoderInputs.begin() + s * 58, b.encoderInputs.begin() + (s + 1) * 58);
            const std::vector<int> target(b.targets.begin() + s * 14, b.targets.begin() + (s + 1) * 14);
            QCOMPARE(source.back(), TrainingTask::kEndOfSequence);
            QCOMPARE(target.back(), TrainingTask::kEndOfSequence);
            QCOMPARE(target.front(), sentinel); // <extra_id_0> first
            // Put every span back behind its sentinel: the window of the book comes back.
            std::vector<int> restored;
            for (const int tok : source) {
                if (tok >= sentinel) {
                    auto at = std::find(target.begin(), target.end(), tok);
                    QVERIFY(at != target.end());
                    for (++at; at != target.end() && *at < sentinel && *at != TrainingTask::kEndOfSequence; ++at)
                        restored.push_back(*at);
                } else if (tok != TrainingTask::kEndOfSequence) {
                    restored.push_back(tok);
                }
            }
            QCOMPARE(int(restored.size()), 64);
            QVERIFY(text->contains(task->decode(restored)));
            // Each target token's source position is its span's sentinel (the end: the source's end).
            for (int t = 0; t < 14; ++t) {
                const int at = b.sourcePosition[std::size_t(s * 14 + t)];
                QVERIFY(source[std::size_t(at)] >= sentinel || t == 13);
            }
        }
        QCOMPARE(task->decode(task->encodeSource(QStringLiteral("Alice was _ by her _"))),
                 QStringLiteral("Alice was <extra_id_0> by her <extra_id_1></s>"));
    }

    void refusals()
    {
        ModelConfig t5 = TrainingPreset::smallT5(11, 32, 1, 1, 2, 16);
        QVERIFY(!EngineSizer::unsupported(t5, EnginePurpose::Train));
        // An encoder alone trains too (on masked characters, tst_trainmaskedlm), but not on pairs.
        ModelConfig encoder = t5;
        encoder.layout = Layout::EncoderOnly;
        QVERIFY(!EngineSizer::unsupported(encoder, EnginePurpose::Train));

        TrainingTask::Options induction;
        induction.kind = TaskKind::Induction;
        induction.seq2seq = true;
        QVERIFY(!TrainingTask::create(induction));
        // A next-token task on an encoder-decoder, and a pair task on a decoder-only model.
        TrainingTask::Options copy;
        copy.kind = TaskKind::Copy;
        copy.digits = 4;
        auto bad = Trainer::create(t5, false, *TrainingTask::create(copy), TrainingSettings{});
        QVERIFY(!bad);
        QCOMPARE(bad.error().field, QStringLiteral("layout"));
        ModelConfig gpt = t5;
        gpt.layout = Layout::DecoderOnly;
        gpt.positions = PositionKind::Learned;
        QVERIFY(!Trainer::create(gpt, false, digits(TaskKind::Copy, 4), TrainingSettings{}));
    }

    void everyParameterGetsAGradient()
    {
        auto model = TrainableModel::create(TrainingPreset::smallT5(11, 32, 2, 2, 2, 16), false, TrainableModel::kDefaultCapBytes,
                                            1e-6f);
        QVERIFY(model);
        model->initGpt2Style(4);
        Rng rng(2);
        const TrainingBatch b = digits(TaskKind::Reverse, 6).batch(4, rng);
        const double loss = model->forward(b);
        QVERIFY(loss > 1.5 && loss < 4.0); // about ln 11 = 2.4 from random weights
        QVERIFY(model->backward());
        int nonzero = 0, total = 0;
        QStringList zero;
        for (const Parameter &p : model->parameters()) {
            ++total;
            if (p.grad.norm() > 0.0f)
                ++nonzero;
            else
                zero << p.name;
        }
        QVERIFY2(nonzero == total, qPrintable(zero.join(QLatin1Char(' '))));
        QVERIFY(total >= 30); // both stacks' layers, cross-attention, two bucket tables, two final norms
    }

    void learnsToReverseAndDecodes()
    {
        TrainingPreset p = TrainingPreset::encoderDecoderFor(TaskKind::Reverse);
        QCOMPARE(p.name, QStringLiteral("t5-reverse-digits"));
        QCOMPARE(p.settings.steps, 2000); // the preset's run, as the training view starts it
        p.settings.evalEvery = p.settings.steps;
        auto task = TrainingTask::create(p.task);
        QVERIFY(task);
        auto t = Trainer::create(p.model, false, *task, p.settings);
        QVERIFY2(t, qPrintable(t ? QString() : t.error().toString()));
        std::optional<TrainingSnapshot> first = t->step(), last;
        while (!t->finished())
            last = t->step();
        qInfo("reverse: loss %.4f -> %.4f, validation %.4f, accuracy %.4f", first->loss, last->loss, last->valLoss,
              last->accuracy);
        QVERIFY(first->loss > 2.0); // about ln 10 at the start
        QVERIFY2(last->valLoss < 0.05, qPrintable(QString::number(last->valLoss)));
        QVERIFY(last->accuracy > 0.99);
        // Scores of every head: encoder (2 × 4), decoder self-attention (2 × 4), cross (2 × 4).
        QCOMPARE(int(last->heads.size()), 24);
        QCOMPARE(last->heads[0].kind, HeadScore::Kind::EncoderSelf);
        QCOMPARE(last->heads[8].kind, HeadScore::Kind::Self);
        QCOMPARE(last->heads[16].kind, HeadScore::Kind::Cross);
        QCOMPARE(int(last->attention.size()), 24);
        QCOMPARE(last->attention[16].rows(), 8); // cross: 8 digits written × 8 read
        double best = 0.0;
        for (const HeadScore &h : last->heads)
            if (h.kind == HeadScore::Kind::Cross)
                best = std::max(best, h.alignment);
        qInfo("best cross-attention alignment %.3f", best);
        QVERIFY(best > 0.5); // some head reads the digit being written
        const std::vector<int> out = t->sample(task->encodeSource(QStringLiteral("31415926")), 8, 0.0, 0, 1);
        QCOMPARE(task->decode(out), QStringLiteral("62951413"));
    }
};

QTEST_APPLESS_MAIN(TestTrainSeq2Seq)
#include "tst_trainseq2seq.moc"
