// What the Inside page shows a class: the architecture diagram's blocks (their titles, shapes and
// exact counts, which add up to countParams' total), and the seed's y = Wx + b comparison with the
// seed's own figures recomputed.
#include "core/design/presetlibrary.h"
#include "core/estimate/paramcounter.h"
#include "core/teach/architecturefigure.h"
#include "core/teach/layercomparison.h"

#include <QtTest>

using namespace tx;

namespace {

ModelConfig preset(const char *id)
{
    return PresetLibrary::builtIn().find(QLatin1String(id))->config;
}

// Every parameter of the diagram: input and output blocks once, each stack block once per
// stored layer. Equal to params.total when nothing is drawn twice or left out.
std::int64_t diagramSum(const ArchitectureFigure &f)
{
    std::int64_t sum = 0;
    for (const auto &b : f.input)
        sum += b.params;
    for (const auto &b : f.output)
        sum += b.params;
    for (const auto &s : f.stacks)
        sum += s.layerParams * s.storedLayers;
    return sum;
}

const ArchitectureBlock *blockOf(const ArchitectureStack &s, ArchitectureBlock::Kind kind)
{
    for (const auto &b : s.blocks)
        if (b.kind == kind)
            return &b;
    return nullptr;
}

} // namespace

class TestTeach : public QObject
{
    Q_OBJECT

private slots:
    void llamaLayerFoldsIntoOneStack()
    {
        // Llama-2-7B (HF meta-llama/Llama-2-7b-hf config.json): d 4096, 32 layers, d_ff 11008, RMSNorm pre.
        const auto f = ArchitectureFigure::build(preset("llama-2-7b"));
        QVERIFY(f.hasValue());
        QCOMPARE(f->total, 6'738'415'616);
        QCOMPARE(f->stacks.size(), std::size_t(1));
        const ArchitectureStack &s = f->stacks.front();
        QCOMPARE(s.layers, 32);
        QCOMPARE(s.title, QStringLiteral("Decoder layer"));
        QCOMPARE(s.layerParams, 202'383'360); // 4·4096² + 3·4096·11008 + 2·4096
        // pre-norm: norm, attention (+), norm, FFN (+)
        QCOMPARE(s.blocks.size(), std::size_t(4));
        QCOMPARE(s.blocks[0].title, QStringLiteral("RMSNorm · before"));
        QCOMPARE(s.blocks[0].params, 4096);
        const ArchitectureBlock *attn = blockOf(s, ArchitectureBlock::Kind::Attention);
        QCOMPARE(attn->title, QStringLiteral("Self-attention · MHA"));
        QCOMPARE(attn->params, 67'108'864);
        QCOMPARE(attn->shapes().first(), QStringLiteral("W_Q (4,096, 4,096)"));
        QCOMPARE(attn->formula, QStringLiteral("4,096·4,096 + 4,096·4,096 + 4,096·4,096 + 4,096·4,096 = 67,108,864"));
        QVERIFY(attn->residualAfter);
        const ArchitectureBlock *ffn = blockOf(s, ArchitectureBlock::Kind::Ffn);
        QCOMPARE(ffn->title, QStringLiteral("Feed-forward · SwiGLU"));
        QCOMPARE(ffn->params, 135'266'304);
        QCOMPARE(ffn->shapes(), QStringList({QStringLiteral("W_gate (4,096, 11,008)"), QStringLiteral("W_up (4,096, 11,008)"),
                                             QStringLiteral("W_down (11,008, 4,096)")}));
        QCOMPARE(f->input.front().params, 131'072'000);
        QCOMPARE(f->input.front().detail, QStringLiteral("positions: RoPE inside each attention (no table)"));
        QCOMPARE(f->output.back().params, 131'072'000); // untied head
        QCOMPARE(diagramSum(*f), f->total);
        QCOMPARE(qRound(1000 * f->share(*ffn, s.storedLayers)), 642); // 32 · 135,266,304 / 6,738,415,616
    }

    void gqaGroupsAndTiedHead()
    {
        // Llama-3-8B: 32 query heads over 8 KV heads; GPT-2: the head reuses the token table.
        const auto llama3 = ArchitectureFigure::build(preset("llama-3-8b"));
        const ArchitectureBlock *attn = blockOf(llama3->stacks.front(), ArchitectureBlock::Kind::Attention);
        QCOMPARE(attn->title, QStringLiteral("Self-attention · GQA"));
        QVERIFY2(attn->detail.startsWith(QStringLiteral("32 query heads · 8 KV heads (4 queries share each K, V) · head_dim 128")),
                 qPrintable(attn->detail));
        QCOMPARE(attn->shapes().at(1), QStringLiteral("W_K (4,096, 1,024)"));
        QCOMPARE(diagramSum(*llama3), 8'030'261'248);

        const auto gpt2 = ArchitectureFigure::build(preset("gpt2"));
        QCOMPARE(gpt2->output.back().params, 0);
        QCOMPARE(gpt2->output.back().formula, QStringLiteral("reuses the token table: 0 new parameters"));
        // Biases and norms: 4·768² + 4·768 (Q, K, V, O biases).
        const ArchitectureBlock *gAttn = blockOf(gpt2->stacks.front(), ArchitectureBlock::Kind::Attention);
        QCOMPARE(gAttn->formula, QStringLiteral("768·768 + 768·768 + 768·768 + 768·768 + 3,072 (biases, norms) = 2,362,368"));
        QCOMPARE(gpt2->input.front().shapes(), QStringList({QStringLiteral("token table (50,257, 768)"),
                                                            QStringLiteral("position table (1,024, 768)")}));
        QCOMPARE(diagramSum(*gpt2), 124'439'808);
    }

    void mixtureOfExpertsGetsItsOwnFrame()
    {
        // DeepSeek-V3: the first 3 layers dense, 58 MoE layers of 256 routed experts (top-8) + 1 shared;
        // MLA attention (HF deepseek-ai/DeepSeek-V3 config.json).
        const auto f = ArchitectureFigure::build(preset("deepseek-v3"));
        QCOMPARE(f->stacks.size(), std::size_t(2));
        QCOMPARE(f->stacks[0].title, QStringLiteral("Dense layer"));
        QCOMPARE(f->stacks[0].layers, 3);
        QCOMPARE(f->stacks[1].title, QStringLiteral("MoE layer"));
        QCOMPARE(f->stacks[1].layers, 58);
        const ArchitectureBlock *experts = blockOf(f->stacks[1], ArchitectureBlock::Kind::Experts);
        QCOMPARE(experts->params, 11'320'164'608); // 656,569,547,264 / 58
        QVERIFY2(experts->detail.startsWith(QStringLiteral("256 routed experts, top-8, + 1 shared")), qPrintable(experts->detail));
        QCOMPARE(experts->shapes().at(1), QStringLiteral("256 × expert W_gate (7,168, 2,048)"));
        const ArchitectureBlock *attn = blockOf(f->stacks[1], ArchitectureBlock::Kind::Attention);
        QCOMPARE(attn->title, QStringLiteral("Self-attention · MLA"));
        QCOMPARE(attn->shapes().at(2), QStringLiteral("W_KVa (7,168, 576)")); // kv_lora_rank 512 + rope 64
        QCOMPARE(diagramSum(*f), 671'026'419'200);
    }

    void encoderDecoderHasCrossAttention()
    {
        const auto f = ArchitectureFigure::build(preset("t5-base"));
        QCOMPARE(f->stacks.size(), std::size_t(2));
        QCOMPARE(f->stacks[0].title, QStringLiteral("Encoder layer"));
        QVERIFY(blockOf(f->stacks[1], ArchitectureBlock::Kind::CrossAttention));
        QCOMPARE(blockOf(f->stacks[1], ArchitectureBlock::Kind::CrossAttention)->params, 2'359'296); // 4·768²
    }

    void seedChecks()
    {
        // The first seed document's examples and its own formula 4d² + 2·d·d_ff + d_ff + d + 2d
        // (issue #18): 100 → 10 is right; the others are not what it printed.
        const auto checks = LayerComparison::seedChecks();
        QCOMPARE(checks.size(), std::size_t(4));
        QCOMPARE(checks[0].params, 1'010);
        QVERIFY(checks[0].seedRight);
        QCOMPARE(checks[1].params, 3'149'312);
        QCOMPARE(checks[1].formula, QStringLiteral("4·512² + 2·512·2,048 + 2,048 + 512 + 2·512 = 3,149,312"));
        QCOMPARE(checks[1].seedSays, QStringLiteral("≈ 2.7 百万"));
        QVERIFY(!checks[1].seedRight);
        QCOMPARE(checks[2].params, 1'812'025'344);
        QCOMPARE(checks[3].params, 173'954'433'024);
    }

    void columnsAtOneWidth()
    {
        LayerComparison::Widths w; // the seed's 100 → 10, hidden 2048, context 2048
        const auto cols = LayerComparison::columns(w, preset("gpt2"));
        QCOMPARE(cols.size(), std::size_t(4));
        QCOMPARE(cols[0].params, 1'010);
        QCOMPARE(cols[0].paramFormula, QStringLiteral("y = W·x + b:  100·10 + 10 = 1,010"));
        QCOMPARE(cols[0].flopFormula, QStringLiteral("2 · 100 · 10 = 2,000"));
        QCOMPARE(cols[1].params, 227'338);  // 100·2048 + 2048 + 2048·10 + 10
        QCOMPARE(cols[1].paramFormula, QStringLiteral("(100·2,048 + 2,048) + (2,048·10 + 10) = 227,338"));
        // The first lesson's digit classifier, 784 → 256 → 10, as editable MLP widths.
        LayerComparison::Widths digits;
        digits.dIn = 784;
        digits.mlpHidden = {256};
        QCOMPARE(LayerComparison::columns(digits, preset("gpt2"))[1].params, 203'530);
        digits.mlpHidden = {256, 64};
        QCOMPARE(LayerComparison::columns(digits, preset("gpt2"))[1].shape, QStringLiteral("784 → 256 → 64 → 10"));
        QCOMPARE(LayerComparison::columns(digits, preset("gpt2"))[1].params, 218'058); // 200,960 + 16,448 + 650
        QCOMPARE(cols[2].params, 80'400);   // 4·(100·200 + 100)
        QCOMPARE(cols[2].flopsPerToken, 160'000.0);

        // GPT-2's layer kind at 512 / 2048: 8 heads of 64; Q, K, V, O with biases, FFN, two LayerNorms.
        w.dIn = 512;
        const auto at512 = LayerComparison::columns(w, preset("gpt2"));
        QCOMPARE(at512[3].params, 3'152'384);
        QCOMPARE(at512[3].paramFormula,
                 QStringLiteral("1,024 (LayerNorm · before) + 1,050,624 (Self-attention · MHA) + 1,024 (LayerNorm · before) "
                                "+ 2,099,712 (Feed-forward · GELU) = 3,152,384"));
        // Kaplan et al. 2020 Table 1: 2 · weights multiplied + 2 · n_ctx · d_attn.
        QCOMPARE(at512[3].flopFormula, QStringLiteral("2 · 3,145,728 + 2 · 2,048 · 512 = 8,388,608"));
    }
};

QTEST_APPLESS_MAIN(TestTeach)
#include "tst_teach.moc"
