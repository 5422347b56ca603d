// DeepSeek's multi-head latent attention and routers in the engine, against PyTorch
// re-implementations of transformers' modeling_deepseek_v3.py (DeepseekV3Attention with and
// without q_lora_rank, DeepseekV3TopkRouter's sigmoid, correction bias and group-limited top-k,
// DeepseekV3MoE's shared experts) and of the softmax router with norm_topk_prob false
// (DeepSeek-V2-Lite, Qwen3-MoE). The references are written by
// tests/reference/make_deepseek_reference.py (PyTorch 1.13).
#include "core/design/presetlibrary.h"
#include "core/nn/enginesizer.h"
#include "core/nn/mlaattentionblock.h"
#include "core/nn/transformer.h"
#include "tests/support/referencemodel.h"

#include <QtTest>

#include <set>

using namespace tx;

class TestEngineMla : public QObject
{
    Q_OBJECT

private slots:
    void matchesPyTorch_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("tensors"); // engine tensors the design holds
        // Per layer: norm1, q_a_proj, q_a_layernorm, q_b_proj, kv_a_proj_with_mqa, kv_a_layernorm,
        // kv_b_proj, o_proj, norm2; layer 0 adds its dense FFN (2), layers 1 and 2 the router, its
        // correction bias, experts in and out and the shared expert (6); then embedding, final norm, head.
        QTest::newRow("deepseek-v3: q latent, sigmoid router, 2 of 4 groups, top 3, ×2.5")
            << QStringLiteral("deepseek-v3-mla-sigmoid-groups") << 3 * 9 + 2 + 2 * 6 + 3;
        // No q_a_proj/q_a_layernorm (q_proj instead of q_b_proj), no correction bias.
        QTest::newRow("deepseek-v2-lite: plain q_proj, softmax router unnormalised")
            << QStringLiteral("deepseek-v2-lite-mla-no-q-latent") << 3 * 7 + 2 + 2 * 5 + 3;
    }
    void matchesPyTorch()
    {
        QFETCH(QString, name);
        QFETCH(int, tensors);
        const ReferenceModel ref = ReferenceModel::read(name);
        auto model = ReferenceModel::load(name);
        QVERIFY2(model.hasValue(), qPrintable(model ? QString() : model.error().toString()));
        QCOMPARE(int(model->weights().registry().size()), tensors);
        QCOMPARE(EngineSizer::weightBytes(model->config()), model->weights().floatCount() * 4);
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

        // Decoding token by token from the cached latent gives the same logits.
        KvCache kv = model->makeKvCache();
        for (std::size_t t = 0; t < ref.tokens.size(); ++t) {
            auto step = model->decode({ref.tokens[t]}, kv);
            QVERIFY(step.hasValue());
            QVERIFY2(maxAbsDiff(*step, ref.logits.row(Eigen::Index(t))) < 1e-4f, qPrintable(QString::number(t)));
        }
        // Each layer caches kv_lora_rank 10 + qk_rope_head_dim 4 floats per token, no values:
        // 14 where expanded keys and values would take 4 heads × (8 + 6) = 56.
        QCOMPARE(MlaAttentionBlock::cacheWidth(model->config()), 14);
        for (const KvCache::Layer &l : kv.layers) {
            QCOMPARE(l.count, 9);
            QCOMPARE(int(l.k.cols()), 14);
            QCOMPARE(int(l.v.size()), 0);
        }
    }

    // The router's choice and weights, as ForwardResult carries them to the JSON dump and the view.
    void routerWeights()
    {
        const ReferenceModel ref = ReferenceModel::read(QStringLiteral("deepseek-v3-mla-sigmoid-groups"));
        auto v3 = ReferenceModel::load(QStringLiteral("deepseek-v3-mla-sigmoid-groups"));
        QVERIFY(v3.hasValue());
        auto out = v3->forward(ref.tokens);
        QVERIFY(out.hasValue());
        QCOMPARE(out->topK, 3);
        QVERIFY(out->routedExperts[0].empty()); // first_k_dense_replace 1
        for (int layer = 1; layer < 3; ++layer) {
            const std::vector<int> &experts = out->routedExperts[std::size_t(layer)];
            QCOMPARE(int(experts.size()), 9 * 3);
            for (int t = 0; t < 9; ++t) {
                // norm_topk_prob, then routed_scaling_factor 2.5: each token's weights sum to 2.5.
                QVERIFY(std::abs(out->routedGates[std::size_t(layer)].row(t).sum() - 2.5f) < 1e-5f);
                // Three experts from at most two groups of two (experts 2g and 2g + 1).
                std::set<int> groups;
                for (int j = 0; j < 3; ++j)
                    groups.insert(experts[std::size_t(t * 3 + j)] / 2);
                QVERIFY(groups.size() <= 2);
            }
        }
        auto v2 = ReferenceModel::load(QStringLiteral("deepseek-v2-lite-mla-no-q-latent"));
        QVERIFY(v2.hasValue());
        auto lite = v2->forward(ref.tokens);
        QVERIFY(lite.hasValue());
        // Unnormalised: the two best of four softmax probabilities, which sum to less than 1.
        for (int t = 0; t < 9; ++t) {
            const float sum = lite->routedGates[1].row(t).sum();
            QVERIFY2(sum > 0.5f && sum < 1.0f, qPrintable(QString::number(sum)));
        }
    }

    // DeepSeek-V3 scaled down to the engine's cap keeps MLA, its shared expert, the sigmoid router
    // with its correction bias and groups, and the dense first layer.
    void scaleDownKeepsMlaAndSharedExperts()
    {
        const Preset *preset = PresetLibrary::builtIn().find(QStringLiteral("deepseek-v3"));
        QVERIFY(preset);
        auto plan = EngineSizer::fit(preset->config, Transformer::kDefaultCapBytes);
        QVERIFY2(plan.hasValue(), qPrintable(plan ? QString() : plan.error().toString()));
        const ModelConfig &c = plan->config;
        QVERIFY(c.attention == AttentionKind::Mla);
        QCOMPARE(c.moe.sharedExperts, 1);
        QVERIFY(c.moe.routerScore == RouterScore::Sigmoid);
        QVERIFY(c.moe.scoreCorrectionBias);
        QCOMPARE(c.moe.routedScale, 2.5);
        QVERIFY(c.moe.firstDense >= 1 && c.moe.firstDense < c.nLayers);
        QCOMPARE(c.mla.qkRopeHeadDim, 64);
        QVERIFY2(plan->weightBytes <= Transformer::kDefaultCapBytes, qPrintable(QString::number(plan->weightBytes)));
        const QString changes = plan->changes.join(QLatin1Char('\n'));
        QVERIFY2(!changes.contains(QLatin1String("attention")), qPrintable(changes));
        QVERIFY2(changes.contains(QStringLiteral("n_layers: 61 → 2")), qPrintable(changes));
        QVERIFY2(changes.contains(QStringLiteral("kv_lora_rank: 512 → ")), qPrintable(changes));
        auto model = Transformer::create(c);
        QVERIFY2(model.hasValue(), qPrintable(model ? QString() : model.error().toString()));
        model->initGpt2Style(1);
        auto out = model->forward({1, 2, 3, 4});
        QVERIFY(out.hasValue());
        QVERIFY(out->logits.allFinite());
    }
};

QTEST_APPLESS_MAIN(TestEngineMla)
#include "tst_enginemla.moc"
