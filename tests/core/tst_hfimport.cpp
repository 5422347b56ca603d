// Hugging Face config.json import: the public configs under tests/data/hf/<id>/ import and
// count to the parameter; broken configs give errors naming the key and the file.
#include "core/design/presetlibrary.h"
#include "core/estimate/paramcounter.h"
#include "core/formats/hfconfigimporter.h"

#include <QJsonArray>
#include <QtTest>

using namespace tx;

namespace {

QString fixture(const QString &id)
{
    return QStringLiteral(TX_TEST_DATA_DIR "/hf/") + id + QStringLiteral("/config.json");
}

QByteArray readFixture(const QString &id)
{
    QFile f(fixture(id));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Replaces (or with an undefined value, removes) one key of a fixture.
QByteArray edited(const QString &id, const QString &key, const QJsonValue &value)
{
    QJsonObject o = QJsonDocument::fromJson(readFixture(id)).object();
    if (value.isUndefined())
        o.remove(key);
    else
        o.insert(key, value);
    return QJsonDocument(o).toJson();
}

} // namespace

class TestHfImport : public QObject
{
    Q_OBJECT
private slots:
    void fixturesCountExactly_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<QString>("modelType");
        QTest::addColumn<qint64>("total");
        QTest::addColumn<qint64>("active");
        // Published counts: the same sources as tests/core/tst_presets.cpp (each preset's
        // "source" names them). Active differs only for the two MoE models.
        QTest::newRow("bert-base") << "bert-base" << "bert" << qint64(109'482'240) << qint64(0);
        QTest::newRow("bert-large") << "bert-large" << "bert" << qint64(335'141'888) << qint64(0);
        QTest::newRow("roberta-base") << "roberta-base" << "roberta" << qint64(124'645'632) << qint64(0);
        QTest::newRow("distilbert") << "distilbert" << "distilbert" << qint64(66'362'880) << qint64(0);
        QTest::newRow("albert-base-v2") << "albert-base-v2" << "albert" << qint64(11'683'584) << qint64(0);
        QTest::newRow("gpt2") << "gpt2" << "gpt2" << qint64(124'439'808) << qint64(0);
        QTest::newRow("gpt2-medium") << "gpt2-medium" << "gpt2" << qint64(354'823'168) << qint64(0);
        QTest::newRow("gpt2-large") << "gpt2-large" << "gpt2" << qint64(774'030'080) << qint64(0);
        QTest::newRow("gpt2-xl") << "gpt2-xl" << "gpt2" << qint64(1'557'611'200) << qint64(0);
        QTest::newRow("t5-small") << "t5-small" << "t5" << qint64(60'506'624) << qint64(0);
        QTest::newRow("t5-base") << "t5-base" << "t5" << qint64(222'903'552) << qint64(0);
        QTest::newRow("switch-base-8") << "switch-base-8" << "switch_transformers" << qint64(619'339'008)
                                       << qint64(222'977'280);
        QTest::newRow("llama-1-7b") << "llama-1-7b" << "llama" << qint64(6'738'415'616) << qint64(0);
        QTest::newRow("llama-1-13b") << "llama-1-13b" << "llama" << qint64(13'015'864'320) << qint64(0);
        QTest::newRow("llama-1-65b") << "llama-1-65b" << "llama" << qint64(65'285'660'672) << qint64(0);
        QTest::newRow("llama-2-7b") << "llama-2-7b" << "llama" << qint64(6'738'415'616) << qint64(0);
        QTest::newRow("llama-2-13b") << "llama-2-13b" << "llama" << qint64(13'015'864'320) << qint64(0);
        QTest::newRow("llama-2-70b") << "llama-2-70b" << "llama" << qint64(68'976'648'192) << qint64(0);
        QTest::newRow("llama-3-8b") << "llama-3-8b" << "llama" << qint64(8'030'261'248) << qint64(0);
        QTest::newRow("mistral-7b") << "mistral-7b" << "mistral" << qint64(7'241'732'096) << qint64(0);
        QTest::newRow("mixtral-8x7b") << "mixtral-8x7b" << "mixtral" << qint64(46'702'792'704)
                                      << qint64(12'879'925'248);
        QTest::newRow("qwen2.5-7b") << "qwen2.5-7b" << "qwen2" << qint64(7'615'616'512) << qint64(0);
        QTest::newRow("gemma-2b") << "gemma-2b" << "gemma" << qint64(2'506'172'416) << qint64(0);
        QTest::newRow("phi-2") << "phi-2" << "phi" << qint64(2'779'683'840) << qint64(0);
        QTest::newRow("falcon-7b") << "falcon-7b" << "falcon" << qint64(6'921'720'704) << qint64(0);
    }

    void fixturesCountExactly()
    {
        QFETCH(QString, id);
        QFETCH(QString, modelType);
        QFETCH(qint64, total);
        QFETCH(qint64, active);
        const auto config = HfConfigImporter::load(fixture(id));
        QVERIFY2(config, qPrintable(config ? QString() : config.error().toString()));
        QVERIFY(config->source.contains(modelType));
        const auto count = countParams(*config);
        QVERIFY2(count, qPrintable(count ? QString() : count.error().toString()));
        QCOMPARE(count->total, total);
        QCOMPARE(count->active, active ? active : total);

        // The preset of the same id describes the same module.
        const Preset *preset = PresetLibrary::builtIn().find(id);
        QVERIFY(preset);
        QCOMPARE(count->total, preset->publishedParams);
    }

    // The models of 2024–2026. The eleven configs of /work/shared/reference/modern/ (copied
    // here) are pinned to reference/modern/models.json: unique logical parameters, tied weights
    // once, text model only, no MTP module; active = total minus the routed experts a token
    // does not use, embeddings included (Qwen's convention). activeWithoutInput leaves the
    // input embedding table out (DeepSeek's and OpenAI's convention); for a tied table it is
    // the same as active, since the table is also the head.
    void modernFixturesCountExactly_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<QString>("modelType");
        QTest::addColumn<qint64>("total");
        QTest::addColumn<qint64>("active");
        QTest::addColumn<qint64>("activeWithoutInput");
        QTest::addColumn<qint64>("mtp");
        // models.json; model card "15.7B total, 2.4B active": 2,661,150,208 − 102,400·2,048.
        QTest::newRow("deepseek-v2-lite") << "deepseek-v2-lite" << "deepseek_v2" << qint64(15'706'484'224)
                                          << qint64(2'661'150'208) << qint64(2'661'150'208 - 102'400LL * 2'048)
                                          << qint64(0);
        // models.json; dense, untied: without input = total − 128,256·4,096.
        QTest::newRow("llama-3.1-8b") << "llama-3.1-8b" << "llama" << qint64(8'030'261'248) << qint64(8'030'261'248)
                                      << qint64(8'030'261'248 - 128'256LL * 4'096) << qint64(0);
        // models.json (text model; the vision tower is 871,932,416 more).
        QTest::newRow("llama-4-scout") << "llama-4-scout" << "llama4" << qint64(107'769'861'120)
                                       << qint64(17'172'894'720) << qint64(17'172'894'720 - 202'048LL * 5'120)
                                       << qint64(0);
        QTest::newRow("olmo-2-7b") << "olmo-2-7b" << "olmo2" << qint64(7'298'617'344) << qint64(7'298'617'344)
                                   << qint64(7'298'617'344 - 100'352LL * 4'096) << qint64(0);
        QTest::newRow("phi-3-mini") << "phi-3-mini" << "phi3" << qint64(3'821'079'552) << qint64(3'821'079'552)
                                    << qint64(3'821'079'552 - 32'064LL * 3'072) << qint64(0);
        QTest::newRow("qwen3-30b-a3b") << "qwen3-30b-a3b" << "qwen3_moe" << qint64(30'532'122'624)
                                       << qint64(3'353'032'704) << qint64(3'353'032'704 - 151'936LL * 2'048)
                                       << qint64(0);
        QTest::newRow("qwen3-8b") << "qwen3-8b" << "qwen3" << qint64(8'190'735'360) << qint64(8'190'735'360)
                                  << qint64(8'190'735'360 - 151'936LL * 4'096) << qint64(0);
        QTest::newRow("smollm2-135m") << "smollm2-135m" << "llama" << qint64(134'515'008) << qint64(134'515'008)
                                      << qint64(134'515'008) << qint64(0);
        QTest::newRow("gemma-2-9b") << "gemma-2-9b" << "gemma2" << qint64(9'241'705'984) << qint64(9'241'705'984)
                                    << qint64(9'241'705'984) << qint64(0);
        QTest::newRow("gemma-3-1b") << "gemma-3-1b" << "gemma3_text" << qint64(999'885'952) << qint64(999'885'952)
                                    << qint64(999'885'952) << qint64(0);
        // models.json; model card "3.6B active" = 4,187,440,704 − 201,088·2,880 = 3,608,307,264.
        QTest::newRow("gpt-oss-20b") << "gpt-oss-20b" << "gpt_oss" << qint64(20'914'757'184) << qint64(4'187'440'704)
                                     << qint64(3'608'307'264) << qint64(0);
        // deepseek-ai/DeepSeek-V3 config.json and its per-module num_parameters() printout
        // "Total Parameters: 671,026,419,200" (the main model: no MTP, no fp8 scales).
        // README_WEIGHTS.md: "Activation parameters: 36.6B (including 0.9B for the output Head)"
        // = without the input embedding; MTP "11.5B unique parameters (excluding the shared
        // Embedding and output Head)": enorm, hnorm, eh_proj (2·7168, 7168), one MoE layer and
        // the head's norm = 11,610,068,224 here.
        QTest::newRow("deepseek-v3") << "deepseek-v3" << "deepseek_v3" << qint64(671'026'419'200)
                                     << qint64(37'552'297'472) << qint64(36'625'618'432) << qint64(11'610'068'224);
        // moonshotai/Kimi-K2-Instruct: 1,026,408,232,448 (llama.cpp n_params; mlx-community
        // safetensors element total); "32B activated". The fixture is written from the published
        // config.json keys (model_type kimi_k2, DeepseekV3ForCausalLM).
        QTest::newRow("kimi-k2") << "kimi-k2" << "kimi_k2" << qint64(1'026'408'232'448) << qint64(32'861'500'928)
                                 << qint64(32'861'500'928 - 163'840LL * 7'168) << qint64(0);
        // google/gemma-3-4b-it (multimodal; text_config without vocab_size, heads or head_dim:
        // Gemma3TextConfig defaults 262,208, 8, 4, 256). Text model 3,880,263,168 (published
        // recount of Gemma3ForCausalLM; the SigLIP tower and projector are not counted).
        QTest::newRow("gemma-3-4b") << "gemma-3-4b" << "gemma3" << qint64(3'880'263'168) << qint64(3'880'263'168)
                                    << qint64(3'880'263'168) << qint64(0);
        // zai-org/GLM-4.5: HF safetensors total 358,337,791,296 = main model 352,797,829,024 +
        // the MTP layer 92 (3,988,069,792 here) + that layer's stored copies of the embedding
        // and head (2·151,552·5,120) — checked in modernMtpConventions().
        QTest::newRow("glm-4.5") << "glm-4.5" << "glm4_moe" << qint64(352'797'829'024) << qint64(33'632'266'144)
                                 << qint64(33'632'266'144 - 151'552LL * 5'120) << qint64(3'988'069'792);
    }

    void modernFixturesCountExactly()
    {
        QFETCH(QString, id);
        QFETCH(QString, modelType);
        QFETCH(qint64, total);
        QFETCH(qint64, active);
        QFETCH(qint64, activeWithoutInput);
        QFETCH(qint64, mtp);
        const auto config = HfConfigImporter::load(fixture(id));
        QVERIFY2(config, qPrintable(config ? QString() : config.error().toString()));
        QVERIFY(config->source.contains(modelType));
        const auto count = countParams(*config);
        QVERIFY2(count, qPrintable(count ? QString() : count.error().toString()));
        QCOMPARE(count->total, total);
        QCOMPARE(count->active, active);
        QCOMPARE(count->activeWithoutInputEmbedding, activeWithoutInput);
        QCOMPARE(count->mtp, mtp);
        QCOMPARE(count->breakdown.params, count->total);
    }

    void modernMtpConventions()
    {
        // GLM-4.5's Hugging Face total stores the MTP layer with its own embedding and head.
        const auto glm = countParams(*HfConfigImporter::load(fixture(QStringLiteral("glm-4.5"))));
        QCOMPARE(glm->total + glm->mtp + 2 * 151'552LL * 5'120, qint64(358'337'791'296));
    }

    // What the modern mappings read.
    void modernMappedFields()
    {
        const auto v2 = HfConfigImporter::load(fixture(QStringLiteral("deepseek-v2-lite")));
        QVERIFY(v2);
        QVERIFY(v2->attention == AttentionKind::Mla);
        QCOMPARE(v2->mla.qLoraRank, 0);
        QCOMPARE(v2->mla.kvLoraRank, 512);
        QCOMPARE(v2->moe.firstDense, 1);
        QCOMPARE(v2->moe.sharedExperts, 2);
        QCOMPARE(v2->moe.expertDff, 1408);
        QVERIFY(!v2->moe.scoreCorrectionBias); // topk_method greedy
        QCOMPARE(v2->maxPositions, 163840);    // yarn 40 · 4,096 = max_position_embeddings
        const auto count = countParams(*v2);
        QCOMPARE(count->breakdown.find(QStringLiteral("decoder.attention.q"))->params, 27LL * 2048 * 16 * 192);
        QCOMPARE(count->breakdown.find(QStringLiteral("decoder.attention.kv_a_norm"))->params, 27LL * 512);

        const auto v3 = HfConfigImporter::load(fixture(QStringLiteral("deepseek-v3")));
        QCOMPARE(v3->mla.qLoraRank, 1536);
        QVERIFY(v3->moe.scoreCorrectionBias);
        QCOMPARE(v3->mtpLayers, 1);
        const auto v3count = countParams(*v3);
        // layers.3.mlp.gate.e_score_correction_bias (256) in each of the 58 MoE layers.
        QCOMPARE(v3count->breakdown.find(QStringLiteral("decoder.moe.score_bias"))->params, 58LL * 256);
        QCOMPARE(v3count->breakdown.find(QStringLiteral("decoder.attention.q_a_norm"))->params, 61LL * 1536);

        const auto oss = HfConfigImporter::load(fixture(QStringLiteral("gpt-oss-20b")));
        QVERIFY(oss->attentionSinks);
        QCOMPARE(int(oss->layerTypes.size()), 24);
        QVERIFY(oss->layerTypes[0] == LayerAttention::Sliding);
        QVERIFY(oss->layerTypes[1] == LayerAttention::Full);
        QCOMPARE(oss->slidingWindow, 128);
        QCOMPARE(countParams(*oss)->breakdown.find(QStringLiteral("decoder.attention.sinks"))->params, 24LL * 64);

        const auto g2 = HfConfigImporter::load(fixture(QStringLiteral("gemma-2-9b")));
        QVERIFY(g2->tiedEmbeddings); // no tie_word_embeddings key: Gemma2Config's default True
        QVERIFY(g2->normPlacement == NormPlacement::Sandwich);
        QCOMPARE(g2->globalEvery, 2);
        QCOMPARE(g2->attnSoftcap, 50.0);
        QCOMPARE(g2->finalSoftcap, 30.0);
        QVERIFY(g2->layerAttention(0) == LayerAttention::Sliding);
        QVERIFY(g2->layerAttention(1) == LayerAttention::Full);

        const auto g3 = HfConfigImporter::load(fixture(QStringLiteral("gemma-3-1b")));
        QVERIFY(g3->qkNorm == QkNorm::PerHead);
        QCOMPARE(g3->globalEvery, 6);
        QVERIFY(g3->layerAttention(4) == LayerAttention::Sliding);
        QVERIFY(g3->layerAttention(5) == LayerAttention::Full);

        const auto g34 = HfConfigImporter::load(fixture(QStringLiteral("gemma-3-4b")));
        QCOMPARE(g34->vocabSize, 262208); // absent: Gemma3TextConfig default
        QVERIFY(g34->source.contains(QStringLiteral("vision tower")));
        QCOMPARE(g34->maxPositions, 131072);

        const auto scout = HfConfigImporter::load(fixture(QStringLiteral("llama-4-scout")));
        QVERIFY(scout->qkNorm == QkNorm::Weightless);
        QCOMPARE(scout->attentionChunk, 8192);
        QVERIFY(scout->layerAttention(0) == LayerAttention::Chunked);
        QVERIFY(scout->layerAttention(3) == LayerAttention::FullNoRope); // no_rope_layer_interval 4
        QCOMPARE(scout->moe.sharedExperts, 1);
        QCOMPARE(scout->moe.expertDff, 8192);
        QCOMPARE(scout->dFf, 16384);
        QVERIFY(scout->source.contains(QStringLiteral("vision tower")));

        const auto olmo = HfConfigImporter::load(fixture(QStringLiteral("olmo-2-7b")));
        QVERIFY(olmo->qkNorm == QkNorm::FullWidth);
        QVERIFY(olmo->normPlacement == NormPlacement::Output);
        QCOMPARE(countParams(*olmo)->breakdown.find(QStringLiteral("decoder.attention.q_norm"))->params, 32LL * 4096);

        const auto qwen = HfConfigImporter::load(fixture(QStringLiteral("qwen3-30b-a3b")));
        QCOMPARE(qwen->moe.expertDff, 768);
        QCOMPARE(qwen->moe.numExperts, 128);
        QCOMPARE(qwen->moe.topK, 8);

        const auto llama = HfConfigImporter::load(fixture(QStringLiteral("llama-3.1-8b")));
        QCOMPARE(llama->maxPositions, 131072); // rope_scaling llama3 reads 8 · 8,192 = 65,536 ≤ 131,072
        const auto glm = HfConfigImporter::load(fixture(QStringLiteral("glm-4.5")));
        QVERIFY(glm->qkvBias);
        QVERIFY(!glm->attnOutBias);
        QCOMPARE(glm->rotaryFraction, 0.5);
    }

    // Keys a model type has that the design cannot express are refused by name.
    void modernRefusals_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("messagePart");
        QTest::newRow("deepseek moe_layer_freq")
            << edited(QStringLiteral("deepseek-v3"), QStringLiteral("moe_layer_freq"), 2) << "moe_layer_freq"
            << "only 1";
        QTest::newRow("qwen3 shared expert")
            << edited(QStringLiteral("qwen3-30b-a3b"), QStringLiteral("shared_expert_intermediate_size"), 5632)
            << "shared_expert_intermediate_size" << "not supported";
        QTest::newRow("unknown layer type")
            << edited(QStringLiteral("gpt-oss-20b"), QStringLiteral("layer_types"),
                      QJsonArray{QStringLiteral("linear_attention")})
            << "layer_types" << "linear_attention";
        QTest::newRow("layer_types of the wrong length")
            << edited(QStringLiteral("gpt-oss-20b"), QStringLiteral("layer_types"),
                      QJsonArray{QStringLiteral("sliding_attention"), QStringLiteral("full_attention")})
            << "layer_types" << "one per layer";
        QTest::newRow("gemma3 without text_config")
            << edited(QStringLiteral("gemma-3-4b"), QStringLiteral("text_config"), QJsonValue::Undefined)
            << "text_config" << "missing";
        QTest::newRow("mlp_only_layers past the stack")
            << edited(QStringLiteral("qwen3-30b-a3b"), QStringLiteral("mlp_only_layers"), QJsonArray{48})
            << "mlp_only_layers" << "not a layer";
    }

    void modernRefusals()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, field);
        QFETCH(QString, messagePart);
        const auto config = HfConfigImporter::parse(json, QStringLiteral("m/config.json"));
        QVERIFY(!config);
        QCOMPARE(config.error().field, field);
        QVERIFY2(config.error().message.contains(messagePart), qPrintable(config.error().message));
    }

    void everySupportedTypeHasAFixture()
    {
        const QStringList types = HfConfigImporter::supportedModelTypes();
        QCOMPARE(types.size(), 27);
        QStringList seen;
        const QDir dir(QStringLiteral(TX_TEST_DATA_DIR "/hf"));
        for (const QString &id : dir.entryList(QDir::Dirs | QDir::NoDotAndDotDot))
            seen << QJsonDocument::fromJson(readFixture(id)).object().value(QStringLiteral("model_type")).toString();
        for (const QString &t : types)
            QVERIFY2(seen.contains(t), qPrintable(t));
    }

    // What each family's mapping reads from the file.
    void mappedFields()
    {
        const auto qwen = HfConfigImporter::load(fixture(QStringLiteral("qwen2.5-7b")));
        QVERIFY(qwen);
        QCOMPARE(qwen->nKvHeads, 4);
        QVERIFY(qwen->qkvBias);
        QVERIFY(!qwen->attnOutBias);
        QVERIFY(!qwen->tiedEmbeddings);
        QCOMPARE(qwen->ropeTheta, 1e6);
        QCOMPARE(qwen->slidingWindow, 0); // use_sliding_window: false
        QCOMPARE(qwen->maxPositions, 131072);

        const auto mistral = HfConfigImporter::load(fixture(QStringLiteral("mistral-7b")));
        QVERIFY(mistral);
        QCOMPARE(mistral->slidingWindow, 4096);
        const auto mixtral = HfConfigImporter::load(fixture(QStringLiteral("mixtral-8x7b")));
        QVERIFY(mixtral);
        QCOMPARE(mixtral->slidingWindow, 0); // "sliding_window": null
        QCOMPARE(mixtral->moe.numExperts, 8);
        QCOMPARE(mixtral->moe.topK, 2);

        const auto gemma = HfConfigImporter::load(fixture(QStringLiteral("gemma-2b")));
        QVERIFY(gemma);
        QCOMPARE(gemma->headDim, 256);
        QCOMPARE(gemma->nKvHeads, 1);
        QVERIFY(gemma->tiedEmbeddings); // GemmaConfig default; the file does not say
        QCOMPARE(toString(gemma->ffn), QStringLiteral("gated"));

        const auto phi = HfConfigImporter::load(fixture(QStringLiteral("phi-2")));
        QVERIFY(phi);
        QCOMPARE(phi->rotaryFraction, 0.4);
        QVERIFY(phi->parallelBlock);
        QVERIFY(phi->lmHeadBias);
        QCOMPARE(phi->name, QStringLiteral("microsoft/phi-2"));
        QCOMPARE(toString(phi->weightPrecision), QStringLiteral("fp16"));

        const auto falcon = HfConfigImporter::load(fixture(QStringLiteral("falcon-7b")));
        QVERIFY(falcon);
        QCOMPARE(falcon->nKvHeads, 1);
        QCOMPARE(falcon->dFf, 4 * 4544);
        QVERIFY(falcon->parallelBlock && !falcon->parallelTwoNorms);

        const auto t5 = HfConfigImporter::load(fixture(QStringLiteral("t5-base")));
        QVERIFY(t5);
        QCOMPARE(toString(t5->layout), QStringLiteral("encoder-decoder"));
        QCOMPARE(t5->nDecoderLayers, 12); // num_decoder_layers absent: same as num_layers
        QCOMPARE(toString(t5->positions), QStringLiteral("relative"));
    }

    // Variants the fixtures do not cover, each checked against a hand count.
    void variants()
    {
        // T5 v1.1 / Flan-T5: gated-gelu FFN and an untied head.
        QJsonObject t5 = QJsonDocument::fromJson(readFixture(QStringLiteral("t5-small"))).object();
        t5.insert(QStringLiteral("feed_forward_proj"), QStringLiteral("gated-gelu"));
        t5.insert(QStringLiteral("tie_word_embeddings"), false);
        const auto v11 = HfConfigImporter::parse(QJsonDocument(t5).toJson(), QStringLiteral("t5-v1_1.json"));
        QVERIFY(v11);
        QCOMPARE(toString(v11->ffn), QStringLiteral("gated"));
        const auto c = countParams(*v11);
        QVERIFY(c);
        // t5-small + one more (512 × 2048) matrix in each of 12 layers + a 32128 × 512 head.
        QCOMPARE(c->total, qint64(60'506'624) + 12 * 512 * 2048 + 32128 * 512);

        // Llama with attention_bias: q, k, v and o gain biases (4096 each, 32 layers).
        const auto biased = HfConfigImporter::parse(
            edited(QStringLiteral("llama-2-7b"), QStringLiteral("attention_bias"), true), QStringLiteral("b.json"));
        QVERIFY(biased);
        QCOMPARE(countParams(*biased)->total, qint64(6'738'415'616) + 32 * 4 * 4096);

        // Falcon-7B as re-saved by transformers ≥ 4.33: new key names and num_kv_heads = 71,
        // which multi_query overrides (FalconAttention) — still 6,921,720,704.
        QJsonObject falcon = QJsonDocument::fromJson(readFixture(QStringLiteral("falcon-7b"))).object();
        falcon.insert(QStringLiteral("num_kv_heads"), 71);
        const auto resaved = HfConfigImporter::parse(QJsonDocument(falcon).toJson(), QStringLiteral("f.json"));
        QVERIFY(resaved);
        QCOMPARE(resaved->nKvHeads, 1);
        QCOMPARE(countParams(*resaved)->total, qint64(6'921'720'704));
        // Without multi_query every query head has its own k and v: 2 × 70 × 64 × 4544 more per layer.
        falcon.insert(QStringLiteral("multi_query"), false);
        const auto mha = HfConfigImporter::parse(QJsonDocument(falcon).toJson(), QStringLiteral("f.json"));
        QVERIFY(mha);
        QCOMPARE(countParams(*mha)->total, qint64(6'921'720'704) + qint64(32) * 2 * 70 * 64 * 4544);

        // ALBERT with 3 hidden groups: 12 layers in runs of 4, three stored layers.
        const auto grouped = HfConfigImporter::parse(
            edited(QStringLiteral("albert-base-v2"), QStringLiteral("num_hidden_groups"), 3), QStringLiteral("a.json"));
        QVERIFY(grouped);
        QCOMPARE(toString(grouped->sharing), QStringLiteral("groups"));
        QCOMPARE(grouped->shareGroupSize, 4);
        QCOMPARE(countParams(*grouped)->total, qint64(11'683'584) + 2 * 7'087'872);
    }

    // transformers 5 writes "dtype" and nests the RoPE settings.
    void transformers5Layout()
    {
        QJsonObject o = QJsonDocument::fromJson(readFixture(QStringLiteral("phi-2"))).object();
        o.remove(QStringLiteral("rope_theta"));
        o.remove(QStringLiteral("partial_rotary_factor"));
        o.remove(QStringLiteral("torch_dtype"));
        o.insert(QStringLiteral("dtype"), QStringLiteral("bfloat16"));
        o.insert(QStringLiteral("rope_parameters"),
                 QJsonObject{{QStringLiteral("partial_rotary_factor"), 0.4}, {QStringLiteral("rope_theta"), 50000.0},
                             {QStringLiteral("rope_type"), QStringLiteral("default")}});
        const auto phi = HfConfigImporter::parse(QJsonDocument(o).toJson(), QStringLiteral("phi5.json"));
        QVERIFY(phi);
        QCOMPARE(phi->rotaryFraction, 0.4);
        QCOMPARE(phi->ropeTheta, 50000.0);
        QCOMPARE(toString(phi->weightPrecision), QStringLiteral("bf16"));
        QCOMPARE(countParams(*phi)->total, qint64(2'779'683'840));
    }

    void errorsNameKeyAndFile_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("messagePart");
        QTest::newRow("missing hidden_size")
            << edited(QStringLiteral("llama-2-7b"), QStringLiteral("hidden_size"), QJsonValue::Undefined)
            << "hidden_size" << "missing";
        QTest::newRow("missing n_embd") << edited(QStringLiteral("gpt2"), QStringLiteral("n_embd"), QJsonValue::Undefined)
                                        << "n_embd" << "missing";
        QTest::newRow("missing num_experts")
            << edited(QStringLiteral("switch-base-8"), QStringLiteral("num_experts"), QJsonValue::Undefined)
            << "num_experts" << "missing";
        QTest::newRow("missing model_type")
            << edited(QStringLiteral("bert-base"), QStringLiteral("model_type"), QJsonValue::Undefined) << "model_type"
            << "missing";
        QTest::newRow("string for an integer")
            << edited(QStringLiteral("mistral-7b"), QStringLiteral("num_hidden_layers"), QStringLiteral("32"))
            << "num_hidden_layers" << "integer";
        QTest::newRow("fractional integer")
            << edited(QStringLiteral("gemma-2b"), QStringLiteral("intermediate_size"), 16384.5) << "intermediate_size"
            << "integer";
        QTest::newRow("negative integer")
            << edited(QStringLiteral("phi-2"), QStringLiteral("vocab_size"), -1) << "vocab_size" << "integer";
        QTest::newRow("string for a bool")
            << edited(QStringLiteral("qwen2.5-7b"), QStringLiteral("tie_word_embeddings"), QStringLiteral("no"))
            << "tie_word_embeddings" << "true or false";
        QTest::newRow("string for a number")
            << edited(QStringLiteral("llama-3-8b"), QStringLiteral("rope_theta"), QStringLiteral("5e5")) << "rope_theta"
            << "number";
        QTest::newRow("unknown model_type")
            << edited(QStringLiteral("llama-2-7b"), QStringLiteral("model_type"), QStringLiteral("mamba"))
            << "model_type" << "supported: bert, roberta, distilbert, albert, gpt2, t5, switch_transformers, llama, "
                               "mistral, mixtral, qwen2, gemma, phi, falcon, qwen3, qwen3_moe, deepseek_v2, "
                               "deepseek_v3, kimi_k2, gpt_oss, gemma2, gemma3_text, gemma3, llama4, phi3, olmo2, "
                               "glm4_moe";
        QTest::newRow("model_type not a string")
            << edited(QStringLiteral("llama-2-7b"), QStringLiteral("model_type"), 7) << "model_type" << "string";
        QTest::newRow("unknown activation")
            << edited(QStringLiteral("llama-2-7b"), QStringLiteral("hidden_act"), QStringLiteral("sigmoidish"))
            << "hidden_act" << "sigmoidish";
        // Validation problems point at the config key that carried the value.
        QTest::newRow("kv heads not dividing heads")
            << edited(QStringLiteral("llama-2-70b"), QStringLiteral("num_key_value_heads"), 7) << "num_key_value_heads"
            << "not divisible";
        QTest::newRow("heads not dividing width")
            << edited(QStringLiteral("gpt2"), QStringLiteral("n_head"), 7) << "n_head" << "not divisible";
        QTest::newRow("width past bound")
            << edited(QStringLiteral("bert-base"), QStringLiteral("hidden_size"), 1 << 30) << "hidden_size" << "between";
        QTest::newRow("zero layers")
            << edited(QStringLiteral("falcon-7b"), QStringLiteral("num_hidden_layers"), 0) << "num_hidden_layers"
            << "between";
        QTest::newRow("unsupported variant")
            << edited(QStringLiteral("phi-2"), QStringLiteral("qk_layernorm"), true) << "qk_layernorm" << "not supported";
        QTest::newRow("malformed JSON") << QByteArray("{\"model_type\": \"llama\", \"hidden_size\": 4096,,}") << ""
                                        << "not valid JSON";
        QTest::newRow("not an object") << QByteArray("[1, 2, 3]") << "" << "JSON object";
    }

    void errorsNameKeyAndFile()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, field);
        QFETCH(QString, messagePart);
        const QString file = QStringLiteral("models/broken/config.json");
        const auto config = HfConfigImporter::parse(json, file);
        QVERIFY(!config);
        QCOMPARE(config.error().file, file);
        QCOMPARE(config.error().field, field);
        QVERIFY2(config.error().message.contains(messagePart), qPrintable(config.error().message));
        // What the command line prints: "file: field: message" on one line.
        const QString line = config.error().toString();
        QVERIFY(line.startsWith(file + QStringLiteral(": ") + (field.isEmpty() ? QString() : field + QStringLiteral(": "))));
        QVERIFY(!line.contains(QLatin1Char('\n')));
    }

    void missingFileNamesThePath()
    {
        const QString path = QStringLiteral(TX_TEST_DATA_DIR "/hf/no-such-model/config.json");
        const auto config = HfConfigImporter::load(path);
        QVERIFY(!config);
        QCOMPARE(config.error().file, path);
    }

    void unknownKeysAreIgnored()
    {
        const auto config = HfConfigImporter::parse(
            edited(QStringLiteral("llama-2-7b"), QStringLiteral("quantization_config"),
                   QJsonObject{{QStringLiteral("bits"), 4}}),
            QStringLiteral("q.json"));
        QVERIFY(config);
        QCOMPARE(countParams(*config)->total, qint64(6'738'415'616));
    }
};

QTEST_APPLESS_MAIN(TestHfImport)
#include "tst_hfimport.moc"
