// Which knob matters (core/estimate/sensitivity, core/report/sensitivityfigure): each knob one
// step down and one step up, the steps landed by the design rules, and the changes a reader of
// the tornado chart sees, pinned where they follow from the counts by hand.
#include "core/design/configvalidator.h"
#include "core/design/presetlibrary.h"
#include "core/estimate/evaluator.h"
#include "core/estimate/sensitivity.h"
#include "core/report/sensitivityfigure.h"

#include <QtTest>

#include <cmath>

using namespace tx;

namespace {

ModelConfig preset(const char *id)
{
    return PresetLibrary::builtIn().find(QLatin1String(id))->config;
}

const Sensitivity::Knob *knob(const Sensitivity::Result &r, const char *field)
{
    for (const Sensitivity::Knob &k : r.knobs)
        if (k.field == QLatin1String(field))
            return &k;
    return nullptr;
}

constexpr int kWeights = int(Sensitivity::Metric::WeightsMemory);
constexpr int kInference = int(Sensitivity::Metric::InferenceMemory);
constexpr int kCompute = int(Sensitivity::Metric::TrainingCompute);
constexpr int kCost = int(Sensitivity::Metric::TrainingCost);

} // namespace

class TestSensitivity : public QObject
{
    Q_OBJECT

private slots:
    void stepsLandWhereTheSlidersDo()
    {
        // Llama-2-7B (Touvron et al. 2023: d 4096, 32 layers, 32 heads, d_ff 11,008, vocab 32,000).
        const auto r = Sensitivity::of(preset("llama-2-7b"), Assumptions{}, HardwareCatalog::builtIn());
        QVERIFY(r);
        // d_model ±10 % = 3,686.4 / 4,505.6, on a multiple of the 32 heads: 3,680 and 4,512.
        const auto *d = knob(*r, "d_model");
        QVERIFY(d);
        QCOMPARE(d->baseValue, QStringLiteral("4,096"));
        QCOMPARE(d->lowValue, QStringLiteral("3,680"));
        QCOMPARE(d->highValue, QStringLiteral("4,512"));
        // 32 layers ± 3.2 → 29 and 35.
        const auto *l = knob(*r, "n_layers");
        QCOMPARE(l->lowValue, QStringLiteral("29"));
        QCOMPARE(l->highValue, QStringLiteral("35"));
        // d_ff and the vocabulary on multiples of 64: 11,008 → 9,920 / 12,096; 32,000 → 28,800 / 35,200.
        QCOMPARE(knob(*r, "d_ff")->lowValue, QStringLiteral("9,920"));
        QCOMPARE(knob(*r, "d_ff")->highValue, QStringLiteral("12,096"));
        QCOMPARE(knob(*r, "vocab_size")->lowValue, QStringLiteral("28,800"));
        QCOMPARE(knob(*r, "vocab_size")->highValue, QStringLiteral("35,200"));
        // MHA: 32 key/value heads step to the divisors of 32 next to it, 16 and (none above 32).
        const auto *kv = knob(*r, "n_kv_heads");
        QCOMPARE(kv->lowValue, QStringLiteral("16"));
        QCOMPARE(kv->highValue, QString());
        QVERIFY(std::isnan(kv->high[kWeights]));
        // The context steps on multiples of 128 and no further than the trained 4,096:
        // 2,048 → 1,792 (1,843.2 snapped) and 2,304 (2,252.8 snapped).
        QCOMPARE(knob(*r, "seq")->lowValue, QStringLiteral("1,792"));
        QCOMPARE(knob(*r, "seq")->highValue, QStringLiteral("2,304"));
        // One sequence: no step down.
        QCOMPARE(knob(*r, "batch")->lowValue, QString());
        QCOMPARE(knob(*r, "batch")->highValue, QStringLiteral("2"));
        // A dense model has no expert knob.
        QVERIFY(!knob(*r, "moe_experts"));
        // Under the d_ff ×4 lock d_ff is no knob of its own: it follows d_model (GPT-2, 768 → 3,072).
        ModelConfig gpt2 = preset("gpt2");
        DesignLocks locks;
        locks.dFfFollowsWidth = true;
        Assumptions a;
        a.contextLength = 1024;
        const auto locked = Sensitivity::of(gpt2, a, HardwareCatalog::builtIn(), locks);
        QVERIFY(!knob(*locked, "d_ff"));
        QCOMPARE(knob(*locked, "d_model")->highValue, QStringLiteral("840")); // 844.8, on a multiple of 12 heads
    }

    void changesFollowTheCounts()
    {
        const auto r = Sensitivity::of(preset("llama-2-7b"), Assumptions{}, HardwareCatalog::builtIn());
        QVERIFY(r);
        // One layer of Llama-2-7B holds 4·4096² + 3·4096·11,008 + 2·4096 = 202,383,360 parameters;
        // three fewer of the 6,738,415,616 take 607,150,080 away. Weights memory is 2 bytes each.
        QCOMPARE(knob(*r, "n_layers")->low[kWeights], -607'150'080.0 / 6'738'415'616.0);
        QCOMPARE(knob(*r, "n_layers")->high[kWeights], 607'150'080.0 / 6'738'415'616.0);
        // bf16 → int8 weights: 8 bits plus one fp16 scale per 128 weights = 8.125 bits of 16.
        const auto *w = knob(*r, "weight_precision");
        QCOMPARE(w->lowValue, QStringLiteral("int8"));
        QCOMPARE(w->highValue, QStringLiteral("fp32"));
        QVERIFY(std::fabs(w->low[kWeights] - (8.125 / 16.0 - 1.0)) < 1e-12);
        QVERIFY(std::fabs(w->high[kWeights] - 1.0) < 1e-12);
        // Training tokens ± 10 %: training compute and its cost move by exactly 10 %.
        const auto *t = knob(*r, "tokens");
        QVERIFY(std::fabs(t->low[kCompute] + 0.1) < 1e-12);
        QVERIFY(std::fabs(t->high[kCost] - 0.1) < 1e-12);
        // The KV cache precision moves inference memory but not the weights.
        const auto *kvp = knob(*r, "kv_precision");
        QCOMPARE(kvp->lowValue, QStringLiteral("fp8"));
        QCOMPARE(kvp->low[kWeights], 0.0);
        QVERIFY(kvp->low[kInference] < 0);
    }

    void figureSortsByEffect()
    {
        const auto r = Sensitivity::of(preset("llama-2-7b"), Assumptions{}, HardwareCatalog::builtIn());
        QVERIFY(r);
        const SensitivityFigure f = SensitivityFigure::of(*r, Sensitivity::Metric::WeightsMemory);
        QCOMPARE(f.title, QStringLiteral("Which knob moves weights memory"));
        QCOMPARE(f.valueAxisTitle, QStringLiteral("change in weights memory (%)"));
        // The largest effect is drawn at the top, the last category: fp32 doubles the weights.
        QCOMPARE(f.categories.last(), QStringLiteral("Weight precision bf16: int8 | fp32"));
        QCOMPARE(f.high.back(), 100.0);
        QCOMPARE(f.extent, 120.0);
        for (int i = 1; i < f.categories.size(); ++i) {
            const double below = std::max(std::fabs(f.low[size_t(i - 1)]), std::fabs(f.high[size_t(i - 1)]));
            const double here = std::max(std::fabs(f.low[size_t(i)]), std::fabs(f.high[size_t(i)]));
            QVERIFY(below <= here);
        }
        // Knobs that leave the weights where they are (context, batch, tokens, KV precision) are not drawn.
        QVERIFY(!f.fields.contains(QStringLiteral("seq")));
        QVERIFY(!f.fields.contains(QStringLiteral("kv_precision")));
        QCOMPARE(f.note, QStringLiteral("To lower weights memory most: Weight precision bf16 → int8, −49 %."));
    }

    void everyStepIsAValidDesign_data()
    {
        QTest::addColumn<QString>("id");
        for (const char *id : {"gpt2", "llama-3.1-8b", "mixtral-8x7b", "deepseek-v3", "gemma-3-27b", "t5-base"})
            QTest::newRow(id) << QString::fromLatin1(id);
    }
    void everyStepIsAValidDesign()
    {
        QFETCH(QString, id);
        const ModelConfig c = PresetLibrary::builtIn().find(id)->config;
        Assumptions a;
        a.contextLength = std::min(a.contextLength, c.maxPositions);
        const auto r = Sensitivity::of(c, a, HardwareCatalog::builtIn());
        QVERIFY2(r, qPrintable(r ? QString() : r.error().toString()));
        QVERIFY(r->knobs.size() >= 8);
        for (const Sensitivity::Knob &k : r->knobs) {
            // A step that exists moved the design somewhere valid, so each of its changes is a number.
            if (!k.lowValue.isEmpty())
                QVERIFY2(std::isfinite(k.low[kInference]), qPrintable(id + QLatin1Char(' ') + k.field));
            if (!k.highValue.isEmpty())
                QVERIFY2(std::isfinite(k.high[kInference]), qPrintable(id + QLatin1Char(' ') + k.field));
        }
    }
};

QTEST_APPLESS_MAIN(TestSensitivity)
#include "tst_sensitivity.moc"
