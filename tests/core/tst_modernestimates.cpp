// Estimates that follow the 2024–26 architectures: the KV cache per layer type (sliding,
// chunked, MLA), attention FLOPs over the tokens each layer attends to, MoE FLOPs over the
// active plus shared experts. Designs come from the real config.json files in tests/data/hf/.
#include "core/estimate/computeestimator.h"
#include "core/estimate/evaluator.h"
#include "core/estimate/explainer.h"
#include "core/estimate/memoryestimator.h"
#include "core/estimate/paramcounter.h"
#include "core/formats/hfconfigimporter.h"

#include <QtTest>

using namespace tx;

namespace {

ModelConfig imported(const char *id)
{
    const auto c = HfConfigImporter::load(QStringLiteral(TX_TEST_DATA_DIR "/hf/") + QLatin1String(id)
                                          + QStringLiteral("/config.json"));
    return c ? *c : ModelConfig{};
}

} // namespace

class TestModernEstimates : public QObject
{
    Q_OBJECT
private slots:
    void gptOss20bKvAt8k()
    {
        // gpt-oss-20b: 24 layers alternating sliding (window 128) and full; 8 KV heads of 64;
        // bf16. Per token and layer K and V hold 2·8·64 = 1,024 values.
        // 12 sliding layers · 128 tokens + 12 full layers · 8,192 tokens = 99,840 layer-tokens;
        // · 1,024 values · 2 bytes = 204,472,320 bytes at batch 1. Sinks add nothing.
        const ModelConfig c = imported("gpt-oss-20b");
        QCOMPARE(MemoryEstimator::kvCacheBytes(c, 1, 8192), 204'472'320.0);
        Assumptions a;
        a.contextLength = 8192;
        const auto e = evaluate(c, a);
        QVERIFY(e);
        QCOMPARE(e->inference.kvCacheBytes, 204'472'320.0);
        const auto kv = explain(QStringLiteral("memory.inference.kv_cache_bytes"), c, a, *e);
        QVERIFY(kv);
        QCOMPARE(kv->substituted,
                 QStringLiteral("1 · (sliding 12 · 128 · 1,024 + full 12 · 8,192 · 1,024) · 2 = 204,472,320"));
        QVERIFY(kv->source.contains(QStringLiteral("sinks add none")));
    }

    void gemma2_9bKvAt8k()
    {
        // Gemma-2-9B: 42 layers, even ones sliding (window 4,096), odd ones full; 8 KV heads of
        // 256 → 2·8·256 = 4,096 values per token and layer; bf16.
        // (21 · 4,096 + 21 · 8,192) · 4,096 · 2 = 258,048 · 8,192 = 2,113,929,216 bytes.
        const ModelConfig c = imported("gemma-2-9b");
        QCOMPARE(MemoryEstimator::kvCacheBytes(c, 1, 8192), 2'113'929'216.0);
        // At 4,096 tokens the window caps nothing: 42 · 4,096 · 4,096 · 2.
        QCOMPARE(MemoryEstimator::kvCacheBytes(c, 1, 4096), 42.0 * 4096 * 4096 * 2);
    }

    void deepseekV2LiteKvAt32k()
    {
        // DeepSeek-V2-Lite: MLA caches the kv_lora_rank 512 latent plus the 64-dim rotary key per
        // token and layer, shared by all 16 heads (DeepSeek-V2 §2.1.2): 576 values.
        // 27 layers · 32,768 tokens · 576 · 2 bytes = 1,019,215,872 bytes (vs 27 · 32,768 · 2 ·
        // 16 · 128 · 2 = 7,247,757,312 for the same heads without the latent).
        const ModelConfig c = imported("deepseek-v2-lite");
        QCOMPARE(MemoryEstimator::kvCacheBytes(c, 1, 32768), 1'019'215'872.0);
        Assumptions a;
        a.contextLength = 32768;
        const auto e = evaluate(c, a);
        const auto kv = explain(QStringLiteral("memory.inference.kv_cache_bytes"), c, a, *e);
        QCOMPARE(kv->formula, QStringLiteral("b · Σ_types L_type · min(s, window) · (kv_lora_rank + qk_rope_head_dim) · bytes"));
        QCOMPARE(kv->substituted, QStringLiteral("1 · (full 27 · 32,768 · 576) · 2 = 1,019,215,872"));
    }

    void llama4ScoutChunkedKv()
    {
        // Llama 4 Scout: 36 chunked layers (chunk 8,192) and 12 full NoPE layers (every 4th);
        // 8 KV heads of 128 → 2,048 values. At 32,768 tokens:
        // (36 · 8,192 + 12 · 32,768) · 2,048 · 2 = 688,128 · 4,096 = 2,818,572,288 bytes.
        const ModelConfig c = imported("llama-4-scout");
        QCOMPARE(MemoryEstimator::kvCacheBytes(c, 1, 32768), 2'818'572'288.0);
    }

    void attentionFlopsFollowTheWindow()
    {
        // gpt-oss-20b at 8,192 tokens: the mean attended span is (12·128 + 12·8,192)/24 = 4,160
        // tokens; d_attn = 64 heads · 64 = 4,096; 2 · 24 · 4,160 · 4,096 = 817,889,280 FLOP/token.
        const ModelConfig c = imported("gpt-oss-20b");
        QCOMPARE(ComputeEstimator::attendedTokens(c, 8192), 4160.0);
        QCOMPARE(ComputeEstimator::attentionFlopsPerToken(c, 8192), 817'889'280.0);
        // MLA: scores over 16·(128 + 64) dims, values over 16·128: mean width 16·(192 + 128)/2 = 2,560.
        const ModelConfig lite = imported("deepseek-v2-lite");
        QCOMPARE(ComputeEstimator::attentionWidth(lite), 2560.0);
    }

    void moeFlopsUseActiveAndSharedExperts()
    {
        // DeepSeek-V2-Lite forward matmul weights are the active parameters without the input
        // embedding and the head: 6 routed + 2 shared experts of 1,408 in 26 MoE layers.
        const ModelConfig c = imported("deepseek-v2-lite");
        const auto p = countParams(c);
        QVERIFY(p);
        const qint64 head = 102'400LL * 2'048;
        QCOMPARE(p->forwardMatmul, p->active - 2 * head); // norms are in both
        QCOMPARE(p->lmHeadMatmul, head);
    }
};

QTEST_APPLESS_MAIN(TestModernEstimates)
#include "tst_modernestimates.moc"
