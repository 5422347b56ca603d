// Central-difference gradient checks through whole models of every kind the engine trains:
// every parameter's gradient from Transformer::backward against the loss's central differences.
// The op-by-op checks are tst_gradcheck.cpp.
#include "core/base/rng.h"
#include "core/train/trainablemodel.h"
#include "tests/support/gradientcheck.h"

#include <QTest>

using namespace tx;

namespace {

// float32 forward passes: central differences with h = 1e-2 agree to about 1e-3 relative
// (round-off ~1e-7 · loss / h plus O(h²) curvature); a wrong backward is off by O(1).
constexpr double kTolerance = 1e-2;
// Whole models compute the loss through ~10 float32 layers: its round-off (~1e-6 of a loss near
// 2.4) divided by 2h = 0.02 leaves ~1e-4 of noise, so gradients below 1e-2 are compared in
// absolute terms (error < 1e-4) rather than relative ones.
constexpr double kModelFloor = 1e-2;

} // namespace

class TestGradCheckModel : public QObject
{
    Q_OBJECT

private slots:
    // Whole models: every parameter's gradient against central differences of the loss.
    void model_data()
    {
        QTest::addColumn<int>("positions");
        QTest::addColumn<int>("norm");
        QTest::addColumn<int>("placement");
        QTest::addColumn<int>("ffn");
        QTest::addColumn<int>("activation");
        QTest::addColumn<bool>("tied");
        QTest::addColumn<bool>("attentionOnly");
        QTest::addColumn<int>("kvHeads");
        QTest::newRow("gpt2: learned, layernorm, pre, gelu_tanh, tied")
            << int(PositionKind::Learned) << int(NormKind::LayerNorm) << int(NormPlacement::Pre) << int(FfnKind::Dense2)
            << int(Activation::GeluTanh) << true << false << 4;
        QTest::newRow("llama: rope, rmsnorm, swiglu, untied, gqa")
            << int(PositionKind::Rotary) << int(NormKind::RmsNorm) << int(NormPlacement::Pre) << int(FfnKind::Gated3)
            << int(Activation::Silu) << false << false << 2;
        // ReLU is checked op by op above: through a whole model some pre-activation always sits
        // within h of its kink, where central differences are meaningless.
        QTest::newRow("post-norm, sinusoidal, exact gelu, mqa")
            << int(PositionKind::Sinusoidal) << int(NormKind::LayerNorm) << int(NormPlacement::Post)
            << int(FfnKind::Dense2) << int(Activation::Gelu) << true << false << 1;
        QTest::newRow("attention-only, no positions")
            << int(PositionKind::None) << int(NormKind::LayerNorm) << int(NormPlacement::Pre) << int(FfnKind::Dense2)
            << int(Activation::Gelu) << true << true << 4;
    }
    void model()
    {
        QFETCH(int, positions);
        QFETCH(int, norm);
        QFETCH(int, placement);
        QFETCH(int, ffn);
        QFETCH(int, activation);
        QFETCH(bool, tied);
        QFETCH(bool, attentionOnly);
        QFETCH(int, kvHeads);
        ModelConfig c;
        c.vocabSize = 11;
        c.dModel = 8;
        c.nLayers = 2;
        c.nHeads = 4;
        c.nKvHeads = kvHeads;
        c.dFf = 12;
        c.maxPositions = 16;
        c.positions = PositionKind(positions);
        c.norm = NormKind(norm);
        c.normPlacement = NormPlacement(placement);
        c.ffn = FfnKind(ffn);
        c.activation = Activation(activation);
        c.tiedEmbeddings = tied;
        c.lmHeadBias = !tied;
        c.rotaryFraction = 1.0; // head_dim 2: one rotated pair per head keeps RoPE shapes small but real
        auto model = TrainableModel::create(c, attentionOnly);
        QVERIFY2(model, qPrintable(model ? QString() : model.error().toString()));
        // Larger weights than GPT-2's 0.02 so gradients stand well above float round-off.
        Rng rng(7);
        for (Parameter &p : model->parameters())
            for (Eigen::Index i = 0; i < p.value.size(); ++i)
                p.value.data()[i] += float(rng.normal() * 0.3);

        TrainingBatch b;
        b.batch = 2;
        b.seqLen = 6;
        for (int i = 0; i < b.batch * b.seqLen; ++i) {
            b.inputs.push_back(rng.uniformInt(c.vocabSize));
            b.targets.push_back(rng.uniformInt(c.vocabSize));
            b.mask.push_back(i % 3 == 0 ? 0.0f : 1.0f);
        }
        model->forward(b);
        QVERIFY(model->backward());
        std::vector<Mat> grads;
        for (const Parameter &p : model->parameters())
            grads.push_back(p.grad);
        auto loss = [&] { return model->forward(b); };
        const std::vector<Parameter> params = model->parameters();
        for (std::size_t i = 0; i < grads.size(); ++i) {
            const Parameter &p = params[i];
            const GradientCheck r = GradientCheck::run(loss, p.value, grads[i], 1e-2f, 24, kModelFloor);
            QVERIFY2(r.maxRelError < kTolerance,
                     qPrintable(QStringLiteral("%1: rel error %2, abs error %3").arg(p.name).arg(r.maxRelError).arg(r.maxAbsError)));
        }
    }

    // What the one engine trains beyond the designs above: the backward passes beside the
    // forward's parallel blocks, shared layers, sliding-window attention and embedding norms.
    void modelMoreDesigns_data()
    {
        QTest::addColumn<int>("variant");
        QTest::newRow("gpt-j: parallel block, one norm, rope") << 0;
        QTest::newRow("gpt-neox: parallel block, two norms") << 1;
        QTest::newRow("albert-like: all layers shared") << 2;
        QTest::newRow("sliding window 3, embedding norm, rmsnorm") << 3;
        // The attention features of modern decoders (tst_enginefeatures checks their forward).
        QTest::newRow("qwen3/gemma2: qk-norm per head, sandwich norms, soft-capping") << 4;
        QTest::newRow("olmo2: qk-norm full width, output norms") << 5;
        QTest::newRow("llama4: weightless qk-norm, chunked and NoPE layers") << 6;
        QTest::newRow("gpt-oss: sinks, alternating sliding window, biases") << 7;
        // DeepSeek's multi-head latent attention (tst_enginemla checks its forward).
        QTest::newRow("deepseek-v3: mla with a query latent") << 8;
        QTest::newRow("deepseek-v2-lite: mla without one, layernorm latents, biases") << 9;
    }
    void modelMoreDesigns()
    {
        QFETCH(int, variant);
        ModelConfig c;
        c.vocabSize = 11;
        c.dModel = 8;
        c.nLayers = 2;
        c.nHeads = 4;
        c.nKvHeads = 2;
        c.dFf = 12;
        c.maxPositions = 16;
        c.activation = Activation::Gelu;
        if (variant == 0 || variant == 1) {
            c.parallelBlock = true;
            c.parallelTwoNorms = variant == 1;
            c.positions = PositionKind::Rotary;
            c.rotaryFraction = 1.0;
        } else if (variant == 2) {
            c.sharing = Sharing::AllLayers;
        } else if (variant == 3) {
            c.slidingWindow = 3;
            c.embeddingNorm = true;
            c.norm = NormKind::RmsNorm;
        } else {
            c.positions = PositionKind::Rotary;
            c.norm = NormKind::RmsNorm;
            c.ffn = FfnKind::Gated3;
            c.headDim = 4; // two rotated pairs per head
            c.nLayers = 3;
        }
        if (variant == 4) {
            c.qkNorm = QkNorm::PerHead;
            c.normPlacement = NormPlacement::Sandwich;
            c.attnSoftcap = 1.5; // small caps: tanh well away from linear
            c.finalSoftcap = 2.0;
            c.slidingWindow = 2;
            c.globalEvery = 2;
        } else if (variant == 5) {
            c.qkNorm = QkNorm::FullWidth;
            c.normPlacement = NormPlacement::Output;
        } else if (variant == 6) {
            c.qkNorm = QkNorm::Weightless;
            c.headDim = 8; // an RMS over 4 dims bends the loss past what central differences resolve
            c.attentionChunk = 4;
            c.layerTypes = {LayerAttention::Chunked, LayerAttention::FullNoRope, LayerAttention::Chunked};
        } else if (variant == 7) {
            c.attentionSinks = true;
            c.slidingWindow = 3;
            c.layerTypes = {LayerAttention::Sliding, LayerAttention::Full, LayerAttention::Sliding};
        } else if (variant >= 8) {
            c.attention = AttentionKind::Mla;
            c.nKvHeads = c.nHeads;
            c.headDim = 0;
            c.mla = MlaConfig{variant == 8 ? 6 : 0, 5, 2, 4, 3}; // q_lora, kv_lora, nope, rope, v
            c.qkvBias = c.attnOutBias = variant == 9;
            if (variant == 9)
                c.norm = NormKind::LayerNorm;
        }
        auto model = TrainableModel::create(c);
        QVERIFY2(model, qPrintable(model ? QString() : model.error().toString()));
        Rng rng(17);
        for (Parameter &p : model->parameters())
            for (Eigen::Index i = 0; i < p.value.size(); ++i)
                p.value.data()[i] += float(rng.normal() * 0.2); // smaller than above: less curvature within h
        TrainingBatch b;
        b.batch = 2;
        b.seqLen = 6;
        for (int i = 0; i < b.batch * b.seqLen; ++i) {
            b.inputs.push_back(rng.uniformInt(c.vocabSize));
            b.targets.push_back(rng.uniformInt(c.vocabSize));
            b.mask.push_back(i % 3 == 0 ? 0.0f : 1.0f);
        }
        model->forward(b);
        QVERIFY(model->backward());
        std::vector<Mat> grads;
        for (const Parameter &p : model->parameters())
            grads.push_back(p.grad);
        auto loss = [&] { return model->forward(b); };
        // The capped tanh and the RMS of 4-wide heads bend the loss more: with h = 1e-2 the
        // embedding's error is ~1e-3 and falls to ~2e-4 at h = 4e-3, the (0.4)² of truncation
        // error, not a wrong gradient; so these designs are checked with the smaller step.
        const float h = variant >= 4 ? 4e-3f : 1e-2f;
        const std::vector<Parameter> params = model->parameters();
        for (std::size_t i = 0; i < grads.size(); ++i) {
            const GradientCheck r = GradientCheck::run(loss, params[i].value, grads[i], h, 24, kModelFloor);
            QVERIFY2(r.maxRelError < kTolerance, qPrintable(QStringLiteral("%1: rel error %2, abs error %3")
                                                                .arg(params[i].name).arg(r.maxRelError).arg(r.maxAbsError)));
        }
    }
};

QTEST_APPLESS_MAIN(TestGradCheckModel)
#include "tst_gradcheckmodel.moc"
