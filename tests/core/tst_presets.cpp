// Every shipped preset loads (from the embedded library and from presets/ on disk) and
// reproduces its published parameter count to the parameter.
#include "core/design/presetlibrary.h"
#include "core/estimate/paramcounter.h"

#include <QtTest>

using namespace tx;

namespace {

struct Published
{
    const char *id;
    qint64 total;
    qint64 active; // 0: dense, active == total
};

// The published counts, pinned here so that an edit to a preset file cannot move its own
// target. Sources (also in each preset's "source"):
//  keras-hub *_presets.py "params": bert-base, bert-large, distilbert, albert-base-v2, gpt2,
//    gpt2-medium, gpt2-large, gpt2-xl, t5-base, llama-2-7b, llama-3-8b, mixtral-8x7b, gemma-2b;
//  keras-nlp t5_presets: t5-small; llama_presets / PEFT printout: llama-1-7b;
//  together-python model_param_count: llama-2-13b (= llama-1-13b shape), llama-2-70b;
//  GPTQ run printing "Number of parameters: 65285660672": llama-1-65b;
//  pyllama's LLaMAForCausalLM tree printing "trainable_params:32528943616": llama-1-33b;
//  AutoModel num_parameters() lists: roberta-base (RobertaModel with pooler);
//  GGUF general.parameter_count: mistral-7b; HF safetensors totals: qwen2.5-7b, phi-2;
//  derived, no exact figure published (see tests/data/reference/models.json and each
//  preset's source): transformer-base, transformer-big, gpt3-175b, falcon-7b (tied head),
//  switch-base-8 (sum(p.numel()) of the HF checkpoint; 0.62B on the Open LLM Leaderboard),
//  and the MoE active counts (mixtral: Mistral AI's rounded 12.9B).
constexpr Published kPublished[] = {
    {"transformer-base", 63'082'496, 0},
    {"transformer-big", 214'245'376, 0},
    {"bert-base", 109'482'240, 0},
    {"bert-large", 335'141'888, 0},
    {"distilbert", 66'362'880, 0},
    {"albert-base-v2", 11'683'584, 0},
    {"roberta-base", 124'645'632, 0},
    {"gpt2", 124'439'808, 0},
    {"gpt2-medium", 354'823'168, 0},
    {"gpt2-large", 774'030'080, 0},
    {"gpt2-xl", 1'557'611'200, 0},
    {"gpt3-175b", 174'604'259'328, 0},
    {"t5-small", 60'506'624, 0},
    {"t5-base", 222'903'552, 0},
    {"switch-base-8", 619'339'008, 222'977'280},
    {"llama-1-7b", 6'738'415'616, 0},
    {"llama-1-13b", 13'015'864'320, 0},
    {"llama-1-33b", 32'528'943'616, 0},
    {"llama-1-65b", 65'285'660'672, 0},
    {"llama-2-7b", 6'738'415'616, 0},
    {"llama-2-13b", 13'015'864'320, 0},
    {"llama-2-70b", 68'976'648'192, 0},
    {"llama-3-8b", 8'030'261'248, 0},
    {"mistral-7b", 7'241'732'096, 0},
    {"mixtral-8x7b", 46'702'792'704, 12'879'925'248},
    {"qwen2.5-7b", 7'615'616'512, 0},
    {"gemma-2b", 2'506'172'416, 0},
    {"phi-2", 2'779'683'840, 0},
    {"falcon-7b", 6'921'720'704, 0},
    // The models of 2024–26 (issue 15). Convention of /work/shared/reference/modern/models.json:
    // unique logical parameters, tied weights once, dequantised (fp8/MXFP4 scales not counted),
    // text model only, MTP modules not counted; active includes the embeddings. Sources, also
    // in each preset's "source":
    //  models.json (HF safetensors totals, keras-hub, num_parameters(), per-tensor recounts):
    //   qwen3-8b, qwen3-30b-a3b, gpt-oss-20b, gemma-2-9b, gemma-3-1b, llama-3.1-8b, llama-4-scout,
    //   phi-3-mini, smollm2-135m, olmo-2-7b;
    //  deepseek-v3 / deepseek-r1: DeepseekV3ForCausalLM num_parameters() printout
    //   "Total Parameters: 671,026,419,200" (README_WEIGHTS.md: 671B main model, MTP apart);
    //  kimi-k2: llama.cpp n_params 1,026,408,232,448 (= mlx-community safetensors elements);
    //  qwen3-0.6b 596,049,920, qwen3-32b 32,762,123,264, qwen3-235b-a22b 235,093,634,560 /
    //   22,190,763,520 active, llama-3.1-70b 70,553,706,496, llama-3.1-405b 405,853,388,800,
    //   llama-3.2-1b 1,235,814,400, llama-3.2-3b 3,212,749,824, gemma-3-4b (text) 3,880,263,168:
    //   published per-tensor recounts of the HF models (the 3.2 ones are the HF safetensors totals);
    //  gpt-oss-120b: 116,829,156,672 (model card 116.83B; active 5.13B without the input embedding);
    //  gemma-2-2b 2,614,341,888 and gemma-2-27b 27,227,128,320: keras-hub gemma2 presets 'params';
    //  gemma-3-12b 11,766,034,176 and gemma-3-27b 27,009,346,304: llama.cpp n_params (text model);
    //  llama-4-maverick: decoder 400,711,848,960 beside the vision tower's 871,932,416;
    //  mistral-small-24b: HF safetensors BF16 23,572,403,200 (keras-hub the same);
    //  mixtral-8x22b: total_parameters 140,630,071,296; phi-4: GGUF general.parameter_count
    //   14,659,507,200; smollm2-1.7b: num_parameters() 1,711,376,384;
    //  glm-4.5: HF safetensors 358,337,791,296 = 352,797,829,024 (main model) + MTP layer 92
    //   with its stored embedding and head copies (tst_hfimport modernMtpConventions).
    // Active counts of deepseek-v3/r1, kimi-k2, gpt-oss-120b, llama-4-maverick, mixtral-8x22b
    // and glm-4.5 are derived (total minus the routed experts a token skips) and agree with the
    // publishers' rounded figures (37B, 32B, 5.1B without input embedding, 17B, 39B, 32B).
    {"deepseek-v3", 671'026'419'200, 37'552'297'472},
    {"deepseek-r1", 671'026'419'200, 37'552'297'472},
    {"kimi-k2", 1'026'408'232'448, 32'861'500'928},
    {"qwen3-0.6b", 596'049'920, 0},
    {"qwen3-8b", 8'190'735'360, 0},
    {"qwen3-32b", 32'762'123'264, 0},
    {"qwen3-30b-a3b", 30'532'122'624, 3'353'032'704},
    {"qwen3-235b-a22b", 235'093'634'560, 22'190'763'520},
    {"gpt-oss-20b", 20'914'757'184, 4'187'440'704},
    {"gpt-oss-120b", 116'829'156'672, 5'711'982'912},
    {"gemma-2-2b", 2'614'341'888, 0},
    {"gemma-2-9b", 9'241'705'984, 0},
    {"gemma-2-27b", 27'227'128'320, 0},
    {"gemma-3-1b", 999'885'952, 0},
    {"gemma-3-4b", 3'880'263'168, 0},
    {"gemma-3-12b", 11'766'034'176, 0},
    {"gemma-3-27b", 27'009'346'304, 0},
    {"llama-3.1-8b", 8'030'261'248, 0},
    {"llama-3.1-70b", 70'553'706'496, 0},
    {"llama-3.1-405b", 405'853'388'800, 0},
    {"llama-3.2-1b", 1'235'814'400, 0},
    {"llama-3.2-3b", 3'212'749'824, 0},
    {"llama-4-scout", 107'769'861'120, 17'172'894'720},
    {"llama-4-maverick", 400'711'848'960, 17'184'691'200},
    {"mistral-small-24b", 23'572'403'200, 0},
    {"mixtral-8x22b", 140'630'071'296, 39'161'468'928},
    {"phi-3-mini", 3'821'079'552, 0},
    {"phi-4", 14'659'507'200, 0},
    {"smollm2-135m", 134'515'008, 0},
    {"smollm2-1.7b", 1'711'376'384, 0},
    {"olmo-2-7b", 7'298'617'344, 0},
    {"glm-4.5", 352'797'829'024, 33'632'266'144},
};

QString errorsText(const PresetLibrary &lib)
{
    QStringList lines;
    for (const Error &e : lib.errors())
        lines << e.toString();
    return lines.join(QLatin1Char('\n'));
}

} // namespace

class TestPresets : public QObject
{
    Q_OBJECT
private slots:
    void librariesLoadWithoutErrors()
    {
        const PresetLibrary &builtIn = PresetLibrary::builtIn();
        QVERIFY2(builtIn.errors().empty(), qPrintable(errorsText(builtIn)));
        const PresetLibrary onDisk = PresetLibrary::loadDirectory(QStringLiteral(TX_SOURCE_DIR "/presets"));
        QVERIFY2(onDisk.errors().empty(), qPrintable(errorsText(onDisk)));
        // The embedded set is the directory, file for file.
        QCOMPARE(builtIn.ids(), onDisk.ids());
        QCOMPARE(int(onDisk.presets().size()), int(std::size(kPublished)));
    }

    void everyIdIsPresent()
    {
        const QStringList ids = PresetLibrary::builtIn().ids();
        for (const Published &p : kPublished)
            QVERIFY2(ids.contains(QLatin1String(p.id)), p.id);
    }

    // The file name is the id, so `--preset` and the file agree.
    // The picker groups by family and year: every built-in preset names both.
    void everyPresetHasFamilyAndYear()
    {
        for (const Preset &p : PresetLibrary::builtIn().presets()) {
            QVERIFY2(!p.family.isEmpty(), qPrintable(p.id));
            QVERIFY2(p.year >= 2017 && p.year <= 2026, qPrintable(p.id));
        }
        QCOMPARE(PresetLibrary::builtIn().find(QStringLiteral("deepseek-v3"))->year, 2024);
        QCOMPARE(PresetLibrary::builtIn().find(QStringLiteral("qwen3-30b-a3b"))->family, QStringLiteral("Qwen"));
    }

    void fileNameIsId()
    {
        const QDir dir(QStringLiteral(TX_SOURCE_DIR "/presets"));
        for (const QString &name : dir.entryList({QStringLiteral("*.json")}, QDir::Files)) {
            if (name == QLatin1String("hardware.json"))
                continue;
            QVERIFY2(PresetLibrary::builtIn().find(QFileInfo(name).completeBaseName()), qPrintable(name));
        }
    }

    void countsMatchPublished_data()
    {
        QTest::addColumn<QString>("library");
        QTest::addColumn<QString>("id");
        QTest::addColumn<qint64>("total");
        QTest::addColumn<qint64>("active");
        for (const char *library : {"built-in", "directory"}) {
            for (const Published &p : kPublished) {
                QTest::addRow("%s %s", library, p.id)
                    << QString::fromLatin1(library) << QString::fromLatin1(p.id) << p.total
                    << (p.active ? p.active : p.total);
            }
        }
    }

    void countsMatchPublished()
    {
        QFETCH(QString, library);
        QFETCH(QString, id);
        QFETCH(qint64, total);
        QFETCH(qint64, active);
        static const PresetLibrary onDisk = PresetLibrary::loadDirectory(QStringLiteral(TX_SOURCE_DIR "/presets"));
        const PresetLibrary &lib = library == QLatin1String("built-in") ? PresetLibrary::builtIn() : onDisk;
        const Preset *preset = lib.find(id);
        QVERIFY(preset);
        QVERIFY2(!preset->config.source.isEmpty(), "every preset names its source");
        QCOMPARE(preset->publishedParams, total);
        QCOMPARE(preset->publishedActiveParams ? preset->publishedActiveParams : preset->publishedParams, active);

        const auto count = countParams(preset->config);
        QVERIFY2(count, qPrintable(count ? QString() : count.error().toString()));
        QCOMPARE(count->total, total);
        QCOMPARE(count->active, active);
        QCOMPARE(count->breakdown.params, total);
    }

    // A few components a lesson points at, one line per tensor.
    void componentsOfKnownModels()
    {
        const auto falcon = countParams(PresetLibrary::builtIn().find(QStringLiteral("falcon-7b"))->config);
        QVERIFY(falcon);
        // MQA: q (4544 × 71·64), k and v (4544 × 64) each, no biases; 32 layers.
        QCOMPARE(falcon->breakdown.find(QStringLiteral("decoder.attention.k"))->params, qint64(32) * 4544 * 64);
        // Parallel block: one LayerNorm (scale + bias) per layer.
        QCOMPARE(falcon->breakdown.find(QStringLiteral("decoder.norms"))->params, qint64(32) * 2 * 4544);
        QVERIFY(!falcon->breakdown.child(QStringLiteral("lm_head"))); // tied

        const auto phi = countParams(PresetLibrary::builtIn().find(QStringLiteral("phi-2"))->config);
        QVERIFY(phi);
        QCOMPARE(phi->breakdown.find(QStringLiteral("lm_head.weight"))->params, qint64(2560) * 51200);
        QCOMPARE(phi->breakdown.find(QStringLiteral("lm_head.bias"))->params, qint64(51200));

        const auto switchBase = countParams(PresetLibrary::builtIn().find(QStringLiteral("switch-base-8"))->config);
        QVERIFY(switchBase);
        // 6 sparse layers per stack, router Linear(768, 8) without bias.
        QCOMPARE(switchBase->breakdown.find(QStringLiteral("encoder.moe.router"))->params, qint64(6) * 768 * 8);
        QCOMPARE(switchBase->breakdown.find(QStringLiteral("decoder.moe.experts"))->params,
                 qint64(6) * 8 * 2 * 768 * 3072);
    }
};

QTEST_APPLESS_MAIN(TestPresets)
#include "tst_presets.moc"
