// Export to a Hugging Face config.json and back: HfConfigImporter reads what
// HfConfigExporter writes to the same design (canonical form) and the same exact count,
// for every preset of an exportable family and for 10,000 random designs of those families.
#include "core/design/configvalidator.h"
#include "core/design/designfile.h"
#include "core/design/presetlibrary.h"
#include "core/estimate/paramcounter.h"
#include "core/formats/hfconfigexporter.h"
#include "core/formats/hfconfigimporter.h"

#include <QJsonDocument>
#include <QTemporaryDir>
#include <QtTest>

#include <random>

using namespace tx;

namespace {

constexpr int kDesigns = 10'000;
constexpr std::uint64_t kSeed = 20'261'201;

QString describe(const ModelConfig &c)
{
    return QString::fromUtf8(QJsonDocument(DesignFile::toJson(c)).toJson(QJsonDocument::Compact));
}

// Exports, imports, and compares; returns an empty string when the round trip is exact.
QString roundTrip(const ModelConfig &c, QString *modelType = nullptr)
{
    const auto json = HfConfigExporter::toJson(c);
    if (!json)
        return QStringLiteral("export refused: ") + json.error().toString();
    if (modelType)
        *modelType = json->value(QStringLiteral("model_type")).toString();
    const auto back = HfConfigImporter::parse(QJsonDocument(*json).toJson(), QStringLiteral("config.json"));
    if (!back)
        return QStringLiteral("import refused: ") + back.error().toString();
    const ModelConfig a = HfConfigExporter::canonical(c);
    const ModelConfig b = HfConfigExporter::canonical(*back);
    if (!(a == b))
        return QStringLiteral("designs differ:\n  %1\n  %2").arg(describe(a), describe(b));
    const auto ca = countParams(c);
    const auto cb = countParams(*back);
    if (!ca || !cb || ca->total != cb->total || ca->active != cb->active || ca->mtp != cb->mtp)
        return QStringLiteral("counts differ");
    return {};
}

class Generator
{
public:
    explicit Generator(std::uint64_t seed) : m_rng(seed) {}

    int uniform(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(m_rng); }
    bool coin(double p = 0.5) { return std::bernoulli_distribution(p)(m_rng); }
    int logUniform(int lo, int hi)
    {
        std::uniform_real_distribution<double> u(std::log(double(lo)), std::log(double(hi) + 1));
        return std::clamp(int(std::exp(u(m_rng))), lo, hi);
    }
    template <typename E>
    E pick(std::initializer_list<E> values)
    {
        return *(values.begin() + uniform(0, int(values.size()) - 1));
    }

    // A design of one of the exported families: llama, mistral, mixtral, qwen3(_moe), gemma2,
    // gemma3_text, olmo2, gpt_oss, glm4_moe, deepseek_v2/v3.
    ModelConfig design()
    {
        ModelConfig c;
        c.layout = Layout::DecoderOnly;
        c.positions = PositionKind::Rotary;
        c.norm = NormKind::RmsNorm;
        c.ffn = FfnKind::Gated3;
        c.finalNorm = true;
        c.lmHead = true;
        c.lmHeadBias = false;
        c.activation = pick({Activation::Silu, Activation::Gelu, Activation::GeluTanh, Activation::Relu});
        c.nHeads = logUniform(1, 64);
        std::vector<int> divisors;
        for (int k = 1; k <= c.nHeads; ++k)
            if (c.nHeads % k == 0)
                divisors.push_back(k);
        c.nKvHeads = divisors[std::size_t(uniform(0, int(divisors.size()) - 1))];
        c.headDim = coin(0.5) ? 8 * logUniform(1, 32) : 0;
        c.dModel = c.headDim > 0 ? 8 * logUniform(1, 1024) : c.nHeads * 8 * logUniform(1, 32);
        c.nLayers = logUniform(1, 48);
        c.dFf = logUniform(1, 32768);
        c.vocabSize = logUniform(1, 262144);
        c.maxPositions = logUniform(1, 1 << 20);
        c.ropeTheta = logUniform(1, 10'000'000);
        c.rotaryFraction = coin(0.8) ? 1.0 : uniform(1, 100) / 100.0;
        c.tiedEmbeddings = coin();
        c.ffnBias = coin(0.2);
        c.qkvBias = c.attnOutBias = coin(0.3);
        c.weightPrecision = pick({Precision::FP32, Precision::FP16, Precision::BF16});
        const bool moe = coin(0.5);
        if (moe) {
            c.moe.numExperts = logUniform(2, 256);
            c.moe.topK = uniform(1, std::min(8, c.moe.numExperts));
            c.moe.expertDff = coin() ? logUniform(1, 8192) : 0;
        }
        auto window = [&] { c.slidingWindow = logUniform(1, 8192); };
        auto pattern = [&] {
            window();
            if (coin()) {
                c.globalEvery = uniform(1, 8);
            } else {
                for (int i = 0; i < c.nLayers; ++i)
                    c.layerTypes.push_back(coin() ? LayerAttention::Sliding : LayerAttention::Full);
            }
        };
        switch (uniform(0, 7)) {
        case 0: // llama / mistral / mixtral
            if (coin(0.3))
                window();
            break;
        case 1: // qwen3 / qwen3_moe
            c.qkNorm = QkNorm::PerHead;
            if (moe) {
                c.moe.sparseEvery = uniform(1, 3);
                if (coin(0.3))
                    c.moe.denseLayers = {uniform(0, c.nLayers - 1)};
            }
            break;
        case 2: // gemma2 / gemma3_text
            c.moe = MoeConfig{};
            c.normPlacement = NormPlacement::Sandwich;
            c.qkNorm = coin() ? QkNorm::PerHead : QkNorm::None;
            if (coin(0.8))
                pattern();
            c.attnSoftcap = coin() ? 50.0 : 0.0;
            c.finalSoftcap = coin() ? 30.0 : 0.0;
            break;
        case 3: // olmo2
            c.moe = MoeConfig{};
            c.normPlacement = NormPlacement::Output;
            c.qkNorm = QkNorm::FullWidth;
            break;
        case 4: // gpt_oss
            c.moe.numExperts = logUniform(2, 128);
            c.moe.topK = uniform(1, std::min(4, c.moe.numExperts));
            c.moe.routerBias = true;
            c.ffnBias = true;
            c.attentionSinks = true;
            if (coin(0.8))
                pattern();
            break;
        case 5: // glm4_moe
            c.moe.numExperts = logUniform(2, 160);
            c.moe.topK = uniform(1, std::min(8, c.moe.numExperts));
            c.moe.sharedExperts = uniform(0, 2);
            c.moe.scoreCorrectionBias = true;
            c.moe.routerScore = RouterScore::Sigmoid; // Glm4MoeTopkRouter
            c.moe.firstDense = uniform(0, c.nLayers);
            c.attnOutBias = false;
            c.qkNorm = coin() ? QkNorm::PerHead : QkNorm::None;
            c.mtpLayers = uniform(0, 2);
            break;
        default: // deepseek_v2 / deepseek_v3
            c.attention = AttentionKind::Mla;
            c.nKvHeads = c.nHeads;
            c.headDim = 0;
            c.dModel = 8 * logUniform(1, 1024);
            c.mla.qLoraRank = coin(0.3) ? 0 : logUniform(1, 2048);
            c.mla.kvLoraRank = logUniform(1, 1024);
            c.mla.qkNopeHeadDim = uniform(0, 192);
            c.mla.qkRopeHeadDim = uniform(c.mla.qkNopeHeadDim == 0 ? 1 : 0, 96);
            c.mla.vHeadDim = logUniform(1, 192);
            if (moe) {
                c.moe.sharedExperts = uniform(0, 2);
                c.moe.firstDense = uniform(0, c.nLayers);
                c.moe.scoreCorrectionBias = coin();
                if (c.moe.scoreCorrectionBias) // deepseek_v3: DeepseekV3TopkRouter scores with a sigmoid
                    c.moe.routerScore = RouterScore::Sigmoid;
            }
            c.mtpLayers = uniform(0, 1);
            break;
        }
        return c;
    }

private:
    std::mt19937_64 m_rng;
};

} // namespace

class TestHfExport : public QObject
{
    Q_OBJECT
private slots:
    void presetsRoundTrip()
    {
        QStringList exported, refused;
        for (const Preset &p : PresetLibrary::builtIn().presets()) {
            QString type;
            const QString problem = roundTrip(p.config, &type);
            if (problem.startsWith(QLatin1String("export refused"))) {
                refused << p.id;
                qInfo("%s: %s", qPrintable(p.id), qPrintable(problem));
            }
            else if (!problem.isEmpty())
                QFAIL(qPrintable(p.id + QStringLiteral(": ") + problem));
            else
                exported << p.id + QLatin1Char('=') + type;
        }
        qInfo("exported: %s", qPrintable(exported.join(QStringLiteral(", "))));
        qInfo("refused: %s", qPrintable(refused.join(QStringLiteral(", "))));
        // The presets of the 2024–26 families all export, but Llama 4 (chunked and NoPE layers).
        for (const char *id : {"deepseek-v3", "kimi-k2", "qwen3-0.6b", "qwen3-30b-a3b", "qwen3-235b-a22b",
                               "gpt-oss-20b", "gpt-oss-120b", "gemma-2-9b", "gemma-3-27b", "llama-3.1-405b",
                               "llama-3.2-1b", "mistral-small-24b", "mixtral-8x22b", "phi-4", "smollm2-135m",
                               "olmo-2-7b", "glm-4.5", "deepseek-r1", "mistral-7b", "mixtral-8x7b"}) {
            QVERIFY2(!refused.contains(QLatin1String(id)), id);
        }
        QVERIFY(refused.contains(QStringLiteral("llama-4-scout")));
        QVERIFY(refused.contains(QStringLiteral("bert-base")));
    }

    void randomDesignsRoundTrip()
    {
        Generator gen(kSeed);
        QMap<QString, int> families;
        for (int i = 0; i < kDesigns; ++i) {
            const ModelConfig c = gen.design();
            const std::vector<Error> problems = validate(c);
            if (!problems.empty())
                QFAIL(qPrintable(QStringLiteral("generator made an invalid design #%1 (%2): %3")
                                     .arg(i).arg(problems.front().toString(), describe(c))));
            QString type;
            const QString problem = roundTrip(c, &type);
            if (!problem.isEmpty())
                QFAIL(qPrintable(QStringLiteral("design #%1 (seed %2): %3\n  %4").arg(i).arg(kSeed).arg(problem, describe(c))));
            ++families[type];
        }
        QStringList summary;
        for (auto it = families.begin(); it != families.end(); ++it)
            summary << QStringLiteral("%1 %2").arg(it.key()).arg(it.value());
        qInfo("families: %s", qPrintable(summary.join(QStringLiteral(", "))));
        for (const char *type : {"llama", "mistral", "mixtral", "qwen3", "qwen3_moe", "gemma2", "gemma3_text", "olmo2",
                                 "gpt_oss", "glm4_moe", "deepseek_v2", "deepseek_v3"})
            QVERIFY2(families.value(QLatin1String(type)) > 50, type);
    }

    void writesAFileTheImporterReads()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("out/config.json"));
        QDir().mkpath(dir.filePath(QStringLiteral("out")));
        const Preset *v3 = PresetLibrary::builtIn().find(QStringLiteral("deepseek-v3"));
        QVERIFY(!HfConfigExporter::write(v3->config, path));
        const auto back = HfConfigImporter::load(path);
        QVERIFY2(back, qPrintable(back ? QString() : back.error().toString()));
        QCOMPARE(countParams(*back)->total, qint64(671'026'419'200));
        QCOMPARE(back->mtpLayers, 1);
    }

    void refusalsNameTheField()
    {
        ModelConfig c; // GPT-2 small: LayerNorm, learned positions
        const auto e = HfConfigExporter::toJson(c);
        QVERIFY(!e);
        QCOMPARE(e.error().field, QStringLiteral("positions"));
        const Preset *scout = PresetLibrary::builtIn().find(QStringLiteral("llama-4-scout"));
        const auto s = HfConfigExporter::toJson(scout->config);
        QVERIFY(!s);
        QCOMPARE(s.error().field, QStringLiteral("layer_types"));
    }

    // Qwen3MoeSparseMoeBlock scores with a softmax over the experts and its config has no field
    // for anything else: a DeepSeek-V3-style sigmoid router is refused, not exported as a softmax.
    void qwen3MoeRefusesASigmoidRouter()
    {
        const Preset *qwen = PresetLibrary::builtIn().find(QStringLiteral("qwen3-30b-a3b"));
        QVERIFY(qwen);
        auto fine = HfConfigExporter::toJson(qwen->config);
        QVERIFY2(fine, qPrintable(fine ? QString() : fine.error().toString()));
        QCOMPARE(fine->value(QStringLiteral("model_type")).toString(), QStringLiteral("qwen3_moe"));
        ModelConfig c = qwen->config;
        c.moe.routerScore = RouterScore::Sigmoid;
        const auto e = HfConfigExporter::toJson(c);
        QVERIFY(!e);
        QCOMPARE(e.error().field, QStringLiteral("moe_router"));
        QCOMPARE(e.error().message, QStringLiteral("qwen3_moe scores experts with a softmax, not a sigmoid (DeepSeek-V3's "
                                                   "router exports as deepseek_v3 or glm4_moe)"));
        c.moe.routerScore = RouterScore::Softmax;
        c.moe.routedScale = 2.5;
        QCOMPARE(HfConfigExporter::toJson(c).error().field, QStringLiteral("moe_routed_scale"));
        // gpt-oss writes its clamped SwiGLU's limit; no other family has one.
        const Preset *oss = PresetLibrary::builtIn().find(QStringLiteral("gpt-oss-20b"));
        auto ossJson = HfConfigExporter::toJson(oss->config);
        QVERIFY(ossJson);
        QCOMPARE(ossJson->value(QStringLiteral("swiglu_limit")).toDouble(), 7.0);
        ModelConfig clamped = qwen->config;
        clamped.swigluLimit = 7.0;
        QCOMPARE(HfConfigExporter::toJson(clamped).error().field, QStringLiteral("swiglu_limit"));
    }
};

QTEST_APPLESS_MAIN(TestHfExport)
#include "tst_hfexport.moc"
