// Weights memory at the formats checkpoints ship in, tensor by tensor, scales included
// (core/estimate/weightstorage.h): llama.cpp's mixed file types, DeepSeek's fp8 with 128×128
// block scales, gpt-oss's MXFP4 experts, NVFP4 with its per-tensor scale. Every figure is the
// one evaluate() reports as "Weights", computed by hand in the comment beside it.
#include "core/design/presetlibrary.h"
#include "core/estimate/evaluator.h"
#include "core/estimate/explainer.h"
#include "core/estimate/paramcounter.h"
#include "core/estimate/weightstorage.h"
#include "core/estimate/weighttensors.h"

#include <QtTest>

#include <random>

using namespace tx;

namespace {

using Type = WeightStorage::Type;

ModelConfig preset(const char *id, Precision p)
{
    const Preset *found = PresetLibrary::builtIn().find(QString::fromLatin1(id));
    if (!found)
        qFatal("no preset %s", id);
    ModelConfig c = found->config;
    c.weightPrecision = p;
    return c;
}

double weightsBytes(const ModelConfig &c)
{
    const auto e = evaluate(c, Assumptions{});
    if (!e)
        qFatal("%s", qPrintable(e.error().message));
    return e->inference.weightsBytes;
}

// Tensors (each routed expert counted) per type.
std::int64_t tensorsOf(const ModelConfig &c, Type t)
{
    for (const WeightStorage::Share &s : WeightStorage::shares(c))
        if (s.type == t)
            return s.tensors;
    return 0;
}

} // namespace

class TestWeightStorage : public QObject
{
    Q_OBJECT

private slots:
    // The tensor list is the parameter count, tensor by tensor: over every preset and
    // 2,000 random designs, Σ rows·cols·copies == countParams().total.
    void tensorsSumToTheCount()
    {
        for (const Preset &p : PresetLibrary::builtIn().presets()) {
            std::int64_t sum = 0;
            for (const WeightTensor &t : WeightTensors::of(p.config))
                sum += t.params();
            QCOMPARE(sum, countParams(p.config)->total);
        }
        std::mt19937 rng(15);
        const auto &all = PresetLibrary::builtIn().presets();
        int checked = 0;
        for (int i = 0; i < 2000; ++i) {
            ModelConfig c = all[rng() % all.size()].config;
            c.dModel = 64 * int(1 + rng() % 8) + int(rng() % 3) * 8;
            c.nLayers = 1 + int(rng() % 12);
            c.dFf = 16 * int(1 + rng() % 64) + int(rng() % 2) * 8;
            c.vocabSize = 100 + int(rng() % 5000);
            c.tiedEmbeddings = rng() % 2;
            c.qkvBias = rng() % 2;
            c.sharing = Sharing(rng() % 3);
            c.shareGroupSize = 1 + int(rng() % 3);
            if (c.moe.enabled()) {
                c.moe.firstDense = std::min(int(rng() % 3), c.nLayers);
                c.moe.sharedExperts = int(rng() % 3);
            }
            c.layerTypes.clear();
            c.moe.denseLayers.clear();
            const auto count = countParams(c);
            if (!count)
                continue;
            std::int64_t sum = 0;
            for (const WeightTensor &t : WeightTensors::of(c))
                sum += t.params();
            QCOMPARE(sum, count->total);
            ++checked;
        }
        QVERIFY2(checked > 1000, qPrintable(QString::number(checked)));
    }

    // Uniform precisions keep N · bits/8 (Llama-3.1-8B: 8,030,261,248 · 2 = 16,060,522,496).
    void uniformPrecisionIsNTimesBits()
    {
        QCOMPARE(weightsBytes(preset("llama-3.1-8b", Precision::BF16)), 16'060'522'496.0);
    }

    // llama.cpp Q4_K_M for Llama-3.1-8B (src/llama-quant.cpp llama_tensor_get_type_impl at
    // ggml-org/llama.cpp 007dbbf): Q4_K by default; output.weight Q6_K; attn_v and ffn_down Q6_K
    // in the 16 layers where use_more_bits(i, 32) (i < 4, i >= 28, (i - 4) % 3 == 2); norms F32.
    // Q4_K = 144 bytes per 256, Q6_K = 210 per 256 (ggml-common.h):
    //   token_embd 128,256 · 4,096 · 144/256   =    295,501,824
    //   output     128,256 · 4,096 · 210/256   =    430,940,160
    //   per layer q + o 2 · 4,096² · 144/256 + k 1,024·4,096·144/256 + gate + up 2 · 14,336·4,096·144/256
    //              = 18,874,368 + 2,359,296 + 66,060,288 = 87,293,952; · 32 = 2,793,406,464
    //   attn_v 16 · 3,440,640 + 16 · 2,359,296 = 92,798,976
    //   ffn_down 16 · 48,168,960 + 16 · 33,030,144 = 1,299,185,664
    //   norms 65 · 4,096 · 4 = 1,064,960
    //   Σ = 4,912,898,048 — the llama.cpp file's 4,912,898,304 bytes of tensor data less its
    //   rope_freqs.weight (64 F32 = 256 bytes, which the design does not have); 66 - 1 F32,
    //   193 Q4_K, 33 Q6_K tensors as llama.cpp's loader prints for that file.
    void llama31_8bAtQ4KM()
    {
        const ModelConfig c = preset("llama-3.1-8b", Precision::Q4_K_M);
        QCOMPARE(weightsBytes(c), 4'912'898'048.0);
        QCOMPARE(tensorsOf(c, Type::F32), 65);
        QCOMPARE(tensorsOf(c, Type::Q4_K), 193);
        QCOMPARE(tensorsOf(c, Type::Q6_K), 33);
    }

    // Q5_K_M: Q5_K (176 per 256) by default, the same Q6_K tensors:
    //   token_embd 128,256·4,096·176/256 = 361,168,896; output 430,940,160;
    //   per layer (2·4,096² + 1,024·4,096 + 2·14,336·4,096)·176/256 = 106,692,608 · 32 = 3,414,163,456;
    //   attn_v 16 · 3,440,640 + 16 · 2,883,584 = 101,187,584;
    //   ffn_down 16 · 48,168,960 + 16 · 40,370,176 = 1,416,626,176; norms 1,064,960
    //   Σ = 5,725,151,232.
    // Q3_K_M: Q3_K (110 per 256); attn_v Q5_K in layers 0-1 (i_attention_wv < 2) and Q4_K after;
    // ffn_down Q5_K for i < 32/16 and Q4_K after; attn_output Q4_K; output Q6_K:
    //   token_embd 225,730,560; output 430,940,160;
    //   per layer q 7,208,960 + o 9,437,184 + k 1,802,240 + gate + up 2 · 25,231,360 = 68,911,104;
    //     · 32 = 2,205,155,328
    //   attn_v 2 · 2,883,584 + 30 · 2,359,296 = 76,546,048
    //   ffn_down 2 · 40,370,176 + 30 · 33,030,144 = 1,071,644,672; norms 1,064,960
    //   Σ = 4,011,081,728.
    // Q8_0 (34 bytes per 32; the output stays Q8_0): (2·128,256·4,096 + 32·(2·4,096² +
    //   2·1,024·4,096 + 3·14,336·4,096)) · 34/32 + 1,064,960 = 8,532,934,656.
    void llama31_8bOtherMixes()
    {
        QCOMPARE(weightsBytes(preset("llama-3.1-8b", Precision::Q5_K_M)), 5'725'151'232.0);
        QCOMPARE(weightsBytes(preset("llama-3.1-8b", Precision::Q3_K_M)), 4'011'081'728.0);
        QCOMPARE(weightsBytes(preset("llama-3.1-8b", Precision::Q8_0)), 8'532'934'656.0);
    }

    // llama.cpp's special cases: an 80-layer GQA Llama is LLM_TYPE_70B, whose attn_v never
    // drops to Q4_K (Q5_K instead); Mixtral's 8 experts put attn_v and attn_k in Q8_0 and
    // attn_output in Q5_K. Llama-3.1-70B at Q4_K_M: attn_v is Q6_K in the use_more_bits layers
    // (i < 10, i >= 70, (i - 10) % 3 == 2: 10 + 10 + 20 = 40) and Q5_K in the other 40.
    void llamaCppSpecialCases()
    {
        const ModelConfig l70 = preset("llama-3.1-70b", Precision::Q4_K_M);
        int q5 = 0, q6 = 0;
        for (const WeightStorage::Tensor &t : WeightStorage::tensors(l70)) {
            if (t.tensor.role == WeightTensor::Role::Value) {
                q5 += t.type == Type::Q5_K;
                q6 += t.type == Type::Q6_K;
            }
        }
        QCOMPARE(q6, 40);
        QCOMPARE(q5, 40);
        const ModelConfig mixtral = preset("mixtral-8x22b", Precision::Q4_K_M);
        for (const WeightStorage::Tensor &t : WeightStorage::tensors(mixtral)) {
            if (t.tensor.role == WeightTensor::Role::Value || t.tensor.role == WeightTensor::Role::Key)
                QCOMPARE(t.type, Type::Q8_0);
            if (t.tensor.role == WeightTensor::Role::AttentionOutput)
                QCOMPARE(t.type, Type::Q5_K);
            if (t.tensor.role == WeightTensor::Role::Router)
                QCOMPARE(t.type, Type::F32); // ffn_gate_inp is never quantised
        }
    }

    // tensor_type_fallback: gpt-oss's rows of 2,880 are not a whole number of 256-blocks, so
    // Q4_K falls back to Q5_0 (22 bytes per 32) and the output's Q6_K to Q8_0. One expert
    // gate (2,880 × 2,880): 2,880 · 90 · 22 = 5,702,400 bytes.
    void fallbackForRowsNotDivisibleBy256()
    {
        const ModelConfig c = preset("gpt-oss-20b", Precision::Q4_K_M);
        bool sawGate = false;
        for (const WeightStorage::Tensor &t : WeightStorage::tensors(c)) {
            if (t.tensor.role == WeightTensor::Role::LmHead)
                QCOMPARE(t.type, Type::Q8_0);
            if (t.tensor.role == WeightTensor::Role::Gate && t.tensor.layer == 0) {
                QCOMPARE(t.type, Type::Q5_0);
                QCOMPARE(t.bytes, 32 * 5'702'400.0);
                sawGate = true;
            }
        }
        QVERIFY(sawGate);
        QCOMPARE(WeightStorage::tensorBytes(Type::Q5_0, 2880, 2880, 1, 128), 5'702'400.0);
    }

    // fp8 e4m3 with one fp32 scale per 128×128 block, the edge blocks counted (DeepSeek-V3
    // inference/model.py: scale (ceil(out/128), ceil(in/128))). kv_a_proj_with_mqa (576, 7168):
    // 576 · 7,168 = 4,128,768 + ⌈576/128⌉ = 5 · 56 scales · 4 = 1,120 → 4,129,888 bytes (the half
    // block of rows 512-575 still has its scales).
    // DeepSeek-V3 (61 layers; the MTP module is not in the total, so not here either):
    //   embed + lm_head (bf16) 2 · 129,280 · 7,168 · 2 = 3,706,716,160; final norm 14,336
    //   per layer MLA: q_a (1,536, 7,168) 11,010,048 + 12·56·4 → 11,012,736;
    //     q_b (24,576, 1,536) 37,748,736 + 192·12·4 → 37,757,952; kv_a 4,129,888;
    //     kv_b (32,768, 512) 16,777,216 + 256·4·4 → 16,781,312; o (7,168, 16,384)
    //     117,440,512 + 56·128·4 → 117,469,184; norms (1,536 + 512 + 2 · 7,168) · 2 = 32,768
    //     → 187,183,840 · 61 = 11,418,214,240
    //   3 dense FFNs (18,432 wide): 3 · (132,120,576 + 144·56·4) = 396,458,496 · 3 = 1,189,375,488
    //   58 MoE layers: 257 experts (256 routed + 1 shared) · 3 · (14,680,064 + 16·56·4)
    //     = 11,321,092,608 + router 256 · 7,168 · 2 = 3,670,016 + score bias (fp32) 256 · 4
    //     = 11,324,763,648 · 58 = 656,836,291,584
    //   Σ = 673,150,611,808 bytes.
    void deepSeekV3Fp8Blocks()
    {
        QCOMPARE(WeightStorage::tensorBytes(Type::Fp8Block, 576, 7168, 1, 128), 4'129'888.0);
        QCOMPARE(WeightStorage::tensorBytes(Type::Fp8Block, 32768, 512, 1, 128), 16'781'312.0);
        const ModelConfig c = preset("deepseek-v3", Precision::Fp8Block);
        QCOMPARE(weightsBytes(c), 673'150'611'808.0);
        for (const WeightStorage::Tensor &t : WeightStorage::tensors(c)) {
            if (t.tensor.role == WeightTensor::Role::ScoreBias)
                QCOMPARE(t.type, Type::F32);
            if (t.tensor.role == WeightTensor::Role::Router || t.tensor.role == WeightTensor::Role::LmHead)
                QCOMPARE(t.type, Type::BF16);
        }
    }

    // gpt-oss-20b as OpenAI ships it: MXFP4 experts (17 bytes per 32: 16 of e2m1 pairs + one
    // e8m0 scale), everything else bf16.
    //   experts 24 · 32 · (5,760 · 90 · 17 + 2,880 · 90 · 17) = 10,152,345,600
    //   the rest (20,914,757,184 - 24 · 32 · 3 · 2,880²) · 2 = 1,804,459,584 · 2 = 3,608,919,168
    //   Σ = 13,761,264,768 bytes, the checkpoint's tensor data (tst_modelfile's gpt-oss layout).
    void gptOss20bMxfp4()
    {
        QCOMPARE(weightsBytes(preset("gpt-oss-20b", Precision::Mxfp4)), 13'761'264'768.0);
    }

    // NVFP4 (NVIDIA Model Optimizer): weight (out, in/2) e2m1 pairs, weight_scale (out, in/16)
    // e4m3, weight_scale_2 one fp32 per tensor. Llama-3.1-8B, the 7 projections of 32 layers:
    //   q, o 4,096 · 256 · 9 + 4 = 9,437,188 each; k, v 1,024 · 256 · 9 + 4 = 2,359,300 each;
    //   gate, up 14,336 · 256 · 9 + 4 = 33,030,148 each; down 4,096 · 896 · 9 + 4 = 33,030,148
    //   per layer 122,683,420; · 32 = 3,925,869,440 (224 tensors · 4 = 896 bytes of it per-tensor scales)
    //   embed + lm_head (bf16) 2 · 128,256 · 4,096 · 2 = 2,101,346,304; norms 65 · 4,096 · 2 = 532,480
    //   Σ = 6,027,748,224 bytes.
    void llama31_8bNvfp4()
    {
        QCOMPARE(WeightStorage::tensorBytes(Type::Nvfp4, 4096, 4096, 1, 128), 9'437'188.0);
        QCOMPARE(weightsBytes(preset("llama-3.1-8b", Precision::Nvfp4)), 6'027'748'224.0);
    }

    // The show-the-work text names each type with its parameters and bytes.
    void explainedPerType()
    {
        const ModelConfig c = preset("llama-3.1-8b", Precision::Q4_K_M);
        const auto e = evaluate(c, Assumptions{});
        QVERIFY(e.hasValue());
        const std::vector<Figure> figures = explain(c, Assumptions{}, *e);
        const auto it = std::find_if(figures.begin(), figures.end(),
                                     [](const Figure &f) { return f.key == QLatin1String("memory.inference.weights_bytes"); });
        QVERIFY(it != figures.end());
        QVERIFY2(it->substituted.startsWith(QStringLiteral("F32 266,240 → 1,064,960 + ")), qPrintable(it->substituted));
        QVERIFY2(it->substituted.endsWith(QStringLiteral(" = 4,912,898,048")), qPrintable(it->substituted));
    }
};

QTEST_APPLESS_MAIN(TestWeightStorage)
#include "tst_weightstorage.moc"
