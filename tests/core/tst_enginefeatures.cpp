// The attention features of modern decoders in the engine, against PyTorch re-implementations
// of the Hugging Face code that introduced them: QK-norm per head (Qwen3, modeling_qwen3.py
// Qwen3Attention), over the whole width with output norms (OLMo 2, modeling_olmo2.py), weightless
// after RoPE with chunked and NoPE layers (Llama 4, modeling_llama4.py), sandwich norms with
// alternating sliding windows and soft-capping (Gemma 2, modeling_gemma2.py), sinks with
// alternating sliding windows (gpt-oss, modeling_gpt_oss.py eager_attention_forward). The
// references are written by tests/reference/make_feature_reference.py (PyTorch 1.13); gpt-oss's
// whole layer with its experts (GptOssTopKRouter, GptOssExperts) and a Qwen3-MoE trained in
// tst_trainparity by tests/reference/make_moe_reference.py; DeepSeek's MLA and routers are in
// tst_enginemla.
#include "core/design/designfile.h"
#include "core/design/presetlibrary.h"
#include "core/nn/enginesizer.h"
#include "core/nn/transformer.h"
#include "tests/support/referencemodel.h"

#include <QtTest>

#include <cmath>

using namespace tx;

class TestEngineFeatures : public QObject
{
    Q_OBJECT

private slots:
    void matchesPyTorch_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("tensors"); // engine tensors the design holds
        // 3 layers × (norm1, qkv, q_norm, k_norm, o, norm2, ffnIn, ffnOut) + embedding, final norm, head
        QTest::newRow("qwen3: qk-norm per head") << QStringLiteral("qwen3-qk-norm-head") << 3 * 8 + 3;
        // OLMo 2: no input norms, post-attention and post-FFN norms instead
        QTest::newRow("olmo2: qk-norm full width, output norms") << QStringLiteral("olmo2-qk-norm-full-output") << 3 * 8 + 3;
        QTest::newRow("llama4: weightless qk-norm, chunked, NoPE") << QStringLiteral("llama4-l2-chunked-nope") << 3 * 6 + 3;
        QTest::newRow("gemma2: sandwich, sliding, soft-capping") << QStringLiteral("gemma2-sandwich-softcap") << 3 * 8 + 3;
        // gpt-oss: q/k/v and o biases and a sink per head
        QTest::newRow("gpt-oss: sinks, alternating sliding window") << QStringLiteral("gpt-oss-sinks-sliding") << 3 * 9 + 3;
        // Qwen3-MoE: layers 0 and 2 route (router, experts in, experts out), layer 1 is in mlp_only_layers
        QTest::newRow("qwen3-moe: top-2 of 4 experts, renormalised") << QStringLiteral("qwen3-moe-top2") << 9 + 8 + 9 + 3;
        // DeepSeek-style: layer 0 dense (first_k_dense_replace 1), then routed and shared experts
        QTest::newRow("deepseek-style: shared expert, first layer dense") << QStringLiteral("deepseek-moe-shared-first-dense") << 6 + 2 * 9 + 3;
        // gpt-oss's whole layer (make_moe_reference.py): norm1, qkv + bias, sinks, o + bias, norm2,
        // router + bias, experts in + bias, experts out + bias; 93 of the chosen experts' 864 gate
        // and up values lie past the ±7 clamp
        QTest::newRow("gpt-oss: biased router and experts, clamped swiglu")
            << QStringLiteral("gpt-oss-moe-clamped-swiglu") << 3 * 13 + 3;
        // Qwen3-MoE as Qwen3-30B-A3B: every layer sparse, top 2 of 8 renormalised (the training parity's model)
        QTest::newRow("qwen3-moe: top-2 of 8, every layer") << QStringLiteral("qwen3-moe-train-top2") << 2 * 9 + 3;
    }
    void matchesPyTorch()
    {
        QFETCH(QString, name);
        QFETCH(int, tensors);
        const ReferenceModel ref = ReferenceModel::read(name);
        auto model = ReferenceModel::load(name);
        QVERIFY2(model.hasValue(), qPrintable(model ? QString() : model.error().toString()));
        QCOMPARE(int(model->weights().registry().size()), tensors);
        auto out = model->forward(ref.tokens, ForwardOptions::everything());
        QVERIFY(out.hasValue());
        QVERIFY2(maxAbsDiff(out->logits, ref.logits) < 1e-4f,
                 qPrintable(QStringLiteral("logits differ by %1").arg(maxAbsDiff(out->logits, ref.logits))));
        QCOMPARE(out->attention.size(), ref.attention.size());
        for (std::size_t i = 0; i < ref.attention.size(); ++i)
            QVERIFY2(maxAbsDiff(out->attention[i], ref.attention[i]) < 1e-4f,
                     qPrintable(QStringLiteral("layer %1 head %2: %3")
                                    .arg(i / 4)
                                    .arg(i % 4)
                                    .arg(maxAbsDiff(out->attention[i], ref.attention[i]))));

        // Decoding token by token through the KV cache gives the same logits.
        KvCache kv = model->makeKvCache();
        for (std::size_t t = 0; t < ref.tokens.size(); ++t) {
            auto step = model->decode({ref.tokens[t]}, kv);
            QVERIFY(step.hasValue());
            QVERIFY2(maxAbsDiff(*step, ref.logits.row(Eigen::Index(t))) < 1e-4f, qPrintable(QString::number(t)));
        }
    }

    // What the attention view draws from a forward result: each layer's mask and the sink share.
    void masksAndSinksPerLayer()
    {
        auto model = ReferenceModel::load(QStringLiteral("gpt-oss-sinks-sliding"));
        QVERIFY(model.hasValue());
        const ReferenceModel ref = ReferenceModel::read(QStringLiteral("gpt-oss-sinks-sliding"));
        auto out = model->forward(ref.tokens, ForwardOptions::everything());
        QVERIFY(out.hasValue());
        QCOMPARE(out->masks.size(), std::size_t(3));
        QCOMPARE(out->masks[0].slidingWindow, 3); // layer_types: sliding, full, sliding
        QCOMPARE(out->masks[1].slidingWindow, 0);
        QVERIFY(out->isMasked(0, 5, 2));  // 5 − 2 = 3 tokens back: outside a window of 3
        QVERIFY(!out->isMasked(0, 5, 3));
        QVERIFY(!out->isMasked(1, 5, 0)); // the full layer sees every earlier token
        QVERIFY(out->isMasked(1, 5, 6));  // and no later one
        QCOMPARE(out->attentionAt(0, 0)(5, 2), 0.0f);
        QVERIFY(out->sinks);
        // Each row's probabilities and its sink share sum to 1; the sinks (≈ N(0, 0.9)) take a real share.
        float most = 0;
        for (int h = 0; h < 4; ++h)
            for (int q = 0; q < 9; ++q) {
                const float share = out->sinkShare(0, h, q);
                QVERIFY(share > 0.0f && share < 1.0f);
                most = std::max(most, share);
            }
        QVERIFY2(most > 0.3f, qPrintable(QString::number(most)));

        auto chunked = ReferenceModel::load(QStringLiteral("llama4-l2-chunked-nope"));
        QVERIFY(chunked.hasValue());
        auto c = chunked->forward(ref.tokens, ForwardOptions::everything());
        QCOMPARE(c->masks[0].chunk, 4);
        QVERIFY(c->isMasked(0, 4, 3));  // position 4 starts the second chunk of 4
        QVERIFY(!c->isMasked(0, 7, 4));
        QVERIFY(!c->isMasked(2, 7, 0)); // the NoPE layer is full attention
        QCOMPARE(c->attentionAt(0, 1)(4, 4), 1.0f); // the first token of a chunk sees only itself
    }

    // The sizer's byte count is what create() allocates, for every new tensor.
    void weightBytesCountTheNewTensors_data()
    {
        QTest::addColumn<QString>("name");
        QTest::newRow("qwen3") << QStringLiteral("qwen3-qk-norm-head");
        QTest::newRow("olmo2") << QStringLiteral("olmo2-qk-norm-full-output");
        QTest::newRow("llama4") << QStringLiteral("llama4-l2-chunked-nope");
        QTest::newRow("gemma2") << QStringLiteral("gemma2-sandwich-softcap");
        QTest::newRow("gpt-oss") << QStringLiteral("gpt-oss-sinks-sliding");
        QTest::newRow("qwen3-moe") << QStringLiteral("qwen3-moe-top2");
        QTest::newRow("deepseek-style moe") << QStringLiteral("deepseek-moe-shared-first-dense");
        QTest::newRow("gpt-oss moe: expert biases") << QStringLiteral("gpt-oss-moe-clamped-swiglu");
    }
    void weightBytesCountTheNewTensors()
    {
        QFETCH(QString, name);
        auto model = ReferenceModel::load(name);
        QVERIFY(model.hasValue());
        QCOMPARE(EngineSizer::weightBytes(model->config()), model->weights().floatCount() * 4);
    }

    // Scaling down keeps these features: only the sizes shrink.
    void scaleDownKeepsTheFeatures()
    {
        auto config = DesignFile::load(ReferenceModel::folder(QStringLiteral("gpt-oss-sinks-sliding")) + QStringLiteral("design.json"));
        QVERIFY(config.hasValue());
        ModelConfig big = *config;
        big.nLayers = 64;
        big.dModel = 4096;
        big.nHeads = 64;
        big.nKvHeads = 8;
        big.headDim = 64;
        big.dFf = 8192;
        big.layerTypes.clear();
        big.globalEvery = 2;
        auto plan = EngineSizer::fit(big, 64'000'000);
        QVERIFY(plan.hasValue());
        QVERIFY(plan->config.attentionSinks);
        QCOMPARE(plan->config.globalEvery, 2);
        QCOMPARE(plan->config.slidingWindow, 3);
        QVERIFY(!plan->changes.join(QLatin1Char('\n')).contains(QLatin1String("sinks")));
        QVERIFY(Transformer::create(plan->config).hasValue());

        // gpt-oss-20b (24 layers alternating sliding and full, window 128, sinks, 32 biased experts,
        // top 4, clamped SwiGLU): the 2 layers it keeps under the default cap are the pattern's
        // first two, and it stays a mixture of the same kind, with fewer and narrower experts.
        const Preset *oss = PresetLibrary::builtIn().find(QStringLiteral("gpt-oss-20b"));
        QVERIFY(oss);
        auto small = EngineSizer::fit(oss->config, Transformer::kDefaultCapBytes);
        QVERIFY2(small.hasValue(), qPrintable(small ? QString() : small.error().toString()));
        QCOMPARE(small->changes, (QStringList{QStringLiteral("n_layers: 24 → 2"), QStringLiteral("d_model: 2880 → 180"),
                                              QStringLiteral("n_heads: 64 → 4"), QStringLiteral("n_kv_heads: 8 → 1"),
                                              QStringLiteral("d_ff: 2880 → 180"), QStringLiteral("moe_experts: 32 → 8"),
                                              QStringLiteral("layer_types: the first 2 of its 24 entries")}));
        QVERIFY(small->config.layerTypes == (std::vector<LayerAttention>{LayerAttention::Sliding, LayerAttention::Full}));
        QVERIFY(small->config.attentionSinks);
        QCOMPARE(small->config.slidingWindow, 128);
        QCOMPARE(small->config.moe.topK, 4);
        QVERIFY(small->config.moe.routerBias && small->config.ffnBias);
        QCOMPARE(small->config.swigluLimit, 7.0);
        auto model = Transformer::create(small->config);
        QVERIFY(model.hasValue());
        // Both layers route: router with bias, experts with biases (8 × (2·180) and 8 × 180).
        for (const TransformerWeights::Layer &l : model->weights().layers) {
            QCOMPARE(int(l.router.cols()), 8);
            QCOMPARE(int(l.routerBias.size()), 8);
            QCOMPARE(int(l.expertsInBias.rows()), 8);
            QCOMPARE(int(l.expertsInBias.cols()), 360);
            QCOMPARE(int(l.expertsOutBias.cols()), 180);
            QCOMPARE(l.ffnIn.size(), Eigen::Index(0));
        }
    }
};

QTEST_APPLESS_MAIN(TestEngineFeatures)
#include "tst_enginefeatures.moc"
