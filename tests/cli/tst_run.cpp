// `transformer-explorer run` as a user or a script sees it, through QProcess.
#include "tests/support/clirun.h"
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <numeric>

using tx::CliRun;

namespace {

// run's output is checked as text.
struct Run
{
    int exitCode = -1;
    QString out;
    QString err;
};

Run run(const QStringList &args)
{
    const CliRun r = CliRun::run(QStringList{QStringLiteral("run")} + args);
    return {r.exitCode, QString::fromUtf8(r.out), QString::fromUtf8(r.err)};
}

const QString kGpt2Tiny = QStringLiteral(TX_TEST_DATA_DIR "/engine/gpt2-tiny");

QJsonObject readJson(const QString &path)
{
    QFile f(path);
    f.open(QIODevice::ReadOnly);
    return QJsonDocument::fromJson(f.readAll()).object();
}

} // namespace

class TestRun : public QObject
{
    Q_OBJECT

private slots:
    // The dump of the tiny GPT-2 holds PyTorch's logits and attention (make_engine_reference.py) within 1e-4.
    void dumpMatchesReference()
    {
        const QJsonObject ref = readJson(kGpt2Tiny + QStringLiteral("/reference.json"));
        QTemporaryDir dir;
        const QString dump = dir.filePath(QStringLiteral("out.json"));
        const Run r = run({QStringLiteral("--model"), kGpt2Tiny, QStringLiteral("--tokens"), QStringLiteral("3,17,42,8,8,29,1"),
                           QStringLiteral("--dump"), dump});
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.out, QStringLiteral("Wrote %1: 7 tokens, logits 7 × 50, attention 2 layers × 4 heads\n").arg(dump));
        const QJsonObject d = readJson(dump);
        QCOMPARE(d.value(QStringLiteral("format")).toString(), QStringLiteral("transformer-explorer-forward"));
        QCOMPARE(d.value(QStringLiteral("tokens")).toArray(), ref.value(QStringLiteral("tokens")).toArray());
        const QJsonArray logits = d.value(QStringLiteral("logits")).toArray();
        const QJsonArray refLogits = ref.value(QStringLiteral("logits")).toArray();
        QCOMPARE(logits.size(), 7);
        double worst = 0;
        for (int t = 0; t < 7; ++t) {
            QCOMPARE(logits[t].toArray().size(), 50);
            for (int v = 0; v < 50; ++v)
                worst = std::max(worst, std::abs(logits[t].toArray()[v].toDouble() - refLogits[t].toArray()[v].toDouble()));
        }
        QVERIFY2(worst < 1e-4, qPrintable(QString::number(worst)));
        const QJsonArray att = d.value(QStringLiteral("attention")).toArray();
        const QJsonArray refAtt = ref.value(QStringLiteral("attention")).toArray();
        QCOMPARE(att.size(), 2);
        QCOMPARE(att[1].toArray().size(), 4);
        QCOMPARE(att[1].toArray()[3].toArray().size(), 7);
        QVERIFY(std::abs(att[1].toArray()[3].toArray()[6].toArray()[2].toDouble()
                         - refAtt[1].toArray()[3].toArray()[6].toArray()[2].toDouble()) < 1e-4);
    }

    // Without --dump: the top-k next tokens after the last position, with softmax probabilities.
    void topKFromReferenceLogits()
    {
        const QJsonObject ref = readJson(kGpt2Tiny + QStringLiteral("/reference.json"));
        const QJsonArray last = ref.value(QStringLiteral("logits")).toArray().last().toArray();
        std::vector<double> logit;
        for (const QJsonValue &v : last)
            logit.push_back(v.toDouble());
        const double top = *std::max_element(logit.begin(), logit.end());
        double z = 0;
        for (double l : logit)
            z += std::exp(l - top);
        std::vector<int> order(logit.size());
        std::iota(order.begin(), order.end(), 0);
        std::sort(order.begin(), order.end(), [&](int a, int b) { return logit[a] > logit[b]; });

        const Run r = run({QStringLiteral("--model"), kGpt2Tiny, QStringLiteral("--tokens"), QStringLiteral("3,17,42,8,8,29,1"),
                           QStringLiteral("--top-k"), QStringLiteral("3")});
        QCOMPARE(r.exitCode, 0);
        const QStringList lines = r.out.split(QLatin1Char('\n'));
        QCOMPARE(lines[0], QStringLiteral("GPT2LMHeadModel"));
        QCOMPARE(lines[1], QStringLiteral("Input: 7 tokens [3|17|42|8|8|29|1]"));
        QCOMPARE(lines[2], QStringLiteral("Next token (top 3):"));
        for (int i = 0; i < 3; ++i) {
            const int id = order[std::size_t(i)];
            const QString pct = QStringLiteral("%1%").arg(100.0 * std::exp(logit[std::size_t(id)] - top) / z, 0, 'f', 2);
            QCOMPARE(lines[3 + i], QStringLiteral("  %1  %2  %3  \"\"").arg(i + 1, 2).arg(id, 7).arg(pct, 8));
        }
    }

    // --generate: greedy by default, each token the top-1 that `run --top-k 1` gives for the
    // prompt and the tokens before it (the KV-cache decoder against full forward passes, as a user
    // would check it); sampled with --temperature/--top-p, the same tokens again for the same
    // --sample-seed and other ones for another.
    void generateGreedyAndSampled()
    {
        auto generatedIds = [](const Run &r) {
            const QStringList lines = r.out.split(QLatin1Char('\n'));
            const QString prefix = QStringLiteral("Generated 5 tokens: ");
            for (const QString &line : lines)
                if (line.startsWith(prefix))
                    return line.mid(prefix.size()).split(QLatin1Char(','));
            return QStringList{};
        };
        const QStringList model{QStringLiteral("--model"), kGpt2Tiny};
        const Run greedy = run(model + QStringList{QStringLiteral("--tokens"), QStringLiteral("3,17"), QStringLiteral("--generate"), QStringLiteral("5")});
        QCOMPARE(greedy.exitCode, 0);
        const QStringList ids = generatedIds(greedy);
        QCOMPARE(ids.size(), 5);
        QVERIFY2(greedy.out.contains(QStringLiteral(" tokens/s (KV cache, prompt included in the time)\n")), qPrintable(greedy.out));
        QStringList prefix{QStringLiteral("3"), QStringLiteral("17")};
        for (const QString &id : ids) {
            const Run next = run(model + QStringList{QStringLiteral("--tokens"), prefix.join(QLatin1Char(',')), QStringLiteral("--top-k"), QStringLiteral("1")});
            QCOMPARE(next.exitCode, 0);
            const QString top = next.out.split(QLatin1Char('\n')).value(3); // "   1       7   4.12%  """
            QCOMPARE(top.simplified().section(QLatin1Char(' '), 1, 1), id);
            prefix << id;
        }

        const QStringList sampling{QStringLiteral("--tokens"), QStringLiteral("3,17"), QStringLiteral("--generate"), QStringLiteral("5"),
                                   QStringLiteral("--temperature"), QStringLiteral("1.5"), QStringLiteral("--top-p"), QStringLiteral("0.9")};
        const QStringList a = generatedIds(run(model + sampling + QStringList{QStringLiteral("--sample-seed"), QStringLiteral("7")}));
        const QStringList b = generatedIds(run(model + sampling + QStringList{QStringLiteral("--sample-seed"), QStringLiteral("7")}));
        const QStringList c = generatedIds(run(model + sampling + QStringList{QStringLiteral("--sample-seed"), QStringLiteral("8")}));
        QCOMPARE(a.size(), 5);
        QCOMPARE(a, b);
        QVERIFY(a != c);
        for (const QString &id : a + c)
            QVERIFY(id.toInt() >= 0 && id.toInt() < 50); // gpt2-tiny's vocabulary
    }

    // --seed draws a design's weights: the same seed gives the same output, another seed another.
    void seedDrawsTheWeights()
    {
        const QStringList design{QStringLiteral("--preset"), QStringLiteral("gpt2"), QStringLiteral("--set"), QStringLiteral("n_layers=1"),
                                 QStringLiteral("--set"), QStringLiteral("d_model=64"), QStringLiteral("--set"), QStringLiteral("n_heads=2"),
                                 QStringLiteral("--set"), QStringLiteral("vocab_size=100"), QStringLiteral("--tokens"), QStringLiteral("1,2"),
                                 QStringLiteral("--top-k"), QStringLiteral("3")};
        const Run a = run(design + QStringList{QStringLiteral("--seed"), QStringLiteral("5")});
        const Run b = run(design + QStringList{QStringLiteral("--seed"), QStringLiteral("5")});
        const Run c = run(design + QStringList{QStringLiteral("--seed"), QStringLiteral("6")});
        QCOMPARE(a.exitCode, 0);
        QVERIFY2(a.out.contains(QStringLiteral("Next token (top 3):\n")), qPrintable(a.out));
        QCOMPARE(a.out, b.out);
        QVERIFY(a.out != c.out);
    }

    void modelAsSafetensorsFile()
    {
        // A .safetensors path reads the config.json beside it; same logits as the folder.
        const Run folder = run({QStringLiteral("--model"), kGpt2Tiny, QStringLiteral("--tokens"), QStringLiteral("5,6")});
        const Run file = run({QStringLiteral("--model"), kGpt2Tiny + QStringLiteral("/model.safetensors"),
                              QStringLiteral("--tokens"), QStringLiteral("5,6")});
        QCOMPARE(file.exitCode, 0);
        QCOMPARE(file.out, folder.out);
    }

    void textGoesThroughTheModelsTokenizer()
    {
        // The tiny GPT-2 with the hand-made tokenizer.json beside it: "hello world" → [1, 18, 23].
        QTemporaryDir dir;
        for (const char *f : {"config.json", "model.safetensors"})
            QVERIFY(QFile::copy(kGpt2Tiny + QLatin1Char('/') + QLatin1String(f), dir.filePath(QLatin1String(f))));
        QVERIFY(QFile::copy(QStringLiteral(TX_TEST_DATA_DIR "/tokenizer-json/tokenizer.json"),
                            dir.filePath(QStringLiteral("tokenizer.json"))));
        const QString dump = dir.filePath(QStringLiteral("out.json"));
        const Run r = run({QStringLiteral("--model"), dir.path(), QStringLiteral("--text"), QStringLiteral("hello world"),
                           QStringLiteral("--dump"), dump});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject d = readJson(dump);
        QCOMPARE(d.value(QStringLiteral("tokens")).toArray(), (QJsonArray{1, 18, 23}));
        QCOMPARE(d.value(QStringLiteral("token_labels")).toArray(),
                 (QJsonArray{QStringLiteral("<s>"), QStringLiteral("▁hello"), QStringLiteral("▁world")}));
        QCOMPARE(d.value(QStringLiteral("tokenizer")).toString(), QStringLiteral("tokenizer.json"));
    }

    // A 6.7B design is scaled down under the 512 MB cap, and the command says what changed.
    void presetScaleDown()
    {
        const Run r = run({QStringLiteral("--preset"), QStringLiteral("llama-2-7b"), QStringLiteral("--scale-down"),
                           QStringLiteral("--text"), QStringLiteral("注意"), QStringLiteral("--top-k"), QStringLiteral("1")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.startsWith(QStringLiteral("Scaled down: n_layers: 32 → 2\nScaled down: d_model: 4096 → 1024\n"
                                                "Scaled down: n_heads: 32 → 8\nScaled down: n_kv_heads: 32 → 8\n"
                                                "Scaled down: d_ff: 11008 → 2752\nLlama-2-7B (scaled down)\n")));
        // Byte tokenizer: "注意" is 6 UTF-8 bytes.
        QVERIFY(r.out.contains(QStringLiteral("Input: 6 tokens [注|·|·|意|·|·]")));
    }

    // DeepSeek-V3 keeps MLA (its latents narrowed with the width), the sigmoid router's groups and
    // its shared expert; the command lists what it scaled.
    void presetScaleDownDeepseek()
    {
        const Run r = run({QStringLiteral("--preset"), QStringLiteral("deepseek-v3"), QStringLiteral("--scale-down"),
                           QStringLiteral("--text"), QStringLiteral("MLA"), QStringLiteral("--top-k"), QStringLiteral("2")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.startsWith(QStringLiteral(
                     "Scaled down: n_layers: 61 → 2\nScaled down: d_model: 7168 → 448\nScaled down: n_heads: 128 → 8\n"
                     "Scaled down: d_ff: 18432 → 1152\nScaled down: moe_experts: 256 → 16\nScaled down: moe_d_ff: 2048 → 128\n"
                     "Scaled down: q_lora_rank: 1536 → 96\nScaled down: kv_lora_rank: 512 → 32\n"
                     "Scaled down: moe_first_dense: 3 → 1\n"
                     // DeepSeek-V3's yarn (factor 40, mscale = mscale_all_dim = 1) is kept, and with it
                     // DeepseekV3Attention's softmax scale × (0.1 · ln 40 + 1)².
                     "RoPE scaling: yarn, factor 40 from 4,096 positions, beta_fast 32, beta_slow 1; softmax scale × 1.8739\n"
                     "DeepSeek-V3 (scaled down)\nInput: 3 tokens [M|L|A]\n"
                     "Next token (top 2):\n")),
                 qPrintable(r.out));
        QCOMPARE(r.out.count(QLatin1Char('\n')), 9 + 4 + 2); // changes, RoPE, name, input, heading, 2 tokens
    }

    // gpt-oss-20b keeps its alternating sliding windows, sinks and biased experts with the clamped
    // SwiGLU (fewer and narrower); the command lists what it scaled, and the dump carries the router.
    void presetScaleDownGptOss()
    {
        const QString changes = QStringLiteral(
            "Scaled down: n_layers: 24 → 2\nScaled down: d_model: 2880 → 180\nScaled down: n_heads: 64 → 4\n"
            "Scaled down: n_kv_heads: 8 → 1\nScaled down: d_ff: 2880 → 180\nScaled down: moe_experts: 32 → 8\n"
            "Scaled down: layer_types: the first 2 of its 24 entries\n"
            "RoPE scaling: yarn, factor 32 from 4,096 positions, beta_fast 32, beta_slow 1, not truncated; cos/sin × 1.3466\n");
        const Run r = run({QStringLiteral("--preset"), QStringLiteral("gpt-oss-20b"), QStringLiteral("--scale-down"),
                           QStringLiteral("--text"), QStringLiteral("sink"), QStringLiteral("--top-k"), QStringLiteral("2")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.startsWith(changes + QStringLiteral("gpt-oss-20b (scaled down)\nInput: 4 tokens [s|i|n|k]\n"
                                                           "Next token (top 2):\n")),
                 qPrintable(r.out));
        QCOMPARE(r.out.count(QLatin1Char('\n')), 8 + 3 + 2); // changes and RoPE, name, input, heading, 2 tokens

        QTemporaryDir dir;
        const QString dump = dir.filePath(QStringLiteral("oss.json"));
        const Run d = run({QStringLiteral("--preset"), QStringLiteral("gpt-oss-20b"), QStringLiteral("--scale-down"),
                           QStringLiteral("--text"), QStringLiteral("sink"), QStringLiteral("--dump"), dump});
        QCOMPARE(d.exitCode, 0);
        const QJsonObject o = readJson(dump);
        const QJsonArray router = o.value(QStringLiteral("router")).toArray();
        QCOMPARE(router.size(), 2); // both layers route
        for (const QJsonValue &layer : router) {
            QCOMPARE(layer.toArray().size(), 4); // tokens
            for (const QJsonValue &token : layer.toArray()) {
                const QJsonArray choice = token.toArray();
                QCOMPARE(choice.size(), 4); // top 4 of 8
                double sum = 0;
                for (const QJsonValue &pair : choice) {
                    QVERIFY(pair.toArray()[0].toInt() >= 0 && pair.toArray()[0].toInt() < 8);
                    sum += pair.toArray()[1].toDouble();
                }
                QVERIFY(std::abs(sum - 1.0) < 1e-5); // GptOssTopKRouter: a softmax over the four
            }
        }
        QCOMPARE(o.value(QStringLiteral("layer_masks")).toArray()[0].toObject().value(QStringLiteral("sliding_window")).toInt(), 128);
        QVERIFY(o.value(QStringLiteral("attention_sinks")).toBool());
    }

    // The real config.json files of gpt-oss-20b and Llama-3.1-8B (tests/data/hf, the files of
    // /work/shared/reference/modern/) run scaled down: the command says what it scaled and which
    // RoPE scaling the engine computes (modeling_rope_utils.py's yarn and llama3).
    void hfConfigWithRopeScaling_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("head");
        QTest::newRow("gpt-oss-20b") << QStringLiteral("gpt-oss-20b")
                                     << QStringLiteral("Scaled down: n_layers: 24 → 2\nScaled down: d_model: 2880 → 180\n"
                                                       "Scaled down: n_heads: 64 → 4\nScaled down: n_kv_heads: 8 → 1\n"
                                                       "Scaled down: d_ff: 2880 → 180\nScaled down: moe_experts: 32 → 8\n"
                                                       "Scaled down: layer_types: the first 2 of its 24 entries\n"
                                                       "RoPE scaling: yarn, factor 32 from 4,096 positions, beta_fast 32, "
                                                       "beta_slow 1, not truncated; cos/sin × 1.3466\n"
                                                       "GptOssForCausalLM (scaled down)\nInput: 3 tokens [");
        QTest::newRow("llama-3.1-8b") << QStringLiteral("llama-3.1-8b")
                                      << QStringLiteral("Scaled down: n_layers: 32 → 2\nScaled down: d_model: 4096 → 256\n"
                                                        "Scaled down: n_heads: 32 → 2\nScaled down: n_kv_heads: 8 → 1\n"
                                                        "Scaled down: d_ff: 14336 → 896\n"
                                                        "RoPE scaling: llama3, factor 8 from 8,192 positions, low_freq_factor 1, "
                                                        "high_freq_factor 4\nLlamaForCausalLM (scaled down)\nInput: 3 tokens [");
    }
    void hfConfigWithRopeScaling()
    {
        QFETCH(QString, model);
        QFETCH(QString, head);
        const Run r = run({QStringLiteral("--hf-config"), QStringLiteral(TX_TEST_DATA_DIR "/hf/") + model + QStringLiteral("/config.json"),
                           QStringLiteral("--scale-down"), QStringLiteral("--tokens"), QStringLiteral("1,2,3"),
                           QStringLiteral("--top-k"), QStringLiteral("1")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.startsWith(head), qPrintable(r.out));
    }

    void badInputExitsTwo_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        const QString m = QStringLiteral("--model");
        QTest::newRow("no input") << QStringList{m, kGpt2Tiny} << QStringLiteral("--text: give exactly one of --text and --tokens\n");
        QTest::newRow("token out of range")
            << QStringList{m, kGpt2Tiny, QStringLiteral("--tokens"), QStringLiteral("3,99")}
            << QStringLiteral("tokens: token 99 at position 1 is outside the vocabulary [0, 50)\n");
        QTest::newRow("token not a number")
            << QStringList{m, kGpt2Tiny, QStringLiteral("--tokens"), QStringLiteral("3,x")}
            << QStringLiteral("--tokens: \"x\" is not a token id (a non-negative integer)\n");
        QTest::newRow("text without tokenizer, small vocab")
            << QStringList{m, kGpt2Tiny, QStringLiteral("--text"), QStringLiteral("hi")}
            << QStringLiteral("--text: no tokenizer files beside the model and vocab_size 50 is below the 256 a byte "
                              "tokenizer needs; use --tokens\n");
        QTest::newRow("bad top-k") << QStringList{m, kGpt2Tiny, QStringLiteral("--tokens"), QStringLiteral("1"),
                                                  QStringLiteral("--top-k"), QStringLiteral("0")}
                                   << QStringLiteral("--top-k: expected an integer from 1 to 1000, got \"0\"\n");
        QTest::newRow("missing model")
            << QStringList{m, QStringLiteral("/nonexistent/model"), QStringLiteral("--tokens"), QStringLiteral("1")}
            << QStringLiteral("/nonexistent/model: no such file or folder\n");
        QTest::newRow("too big without --scale-down")
            << QStringList{QStringLiteral("--preset"), QStringLiteral("llama-2-7b"), QStringLiteral("--tokens"), QStringLiteral("1")}
            << QStringLiteral("memory cap: the weights would take 26953662464 bytes, more than the cap of 512000000 bytes; use "
                              "a scaled-down model or raise the cap (add --scale-down for the nearest model the engine runs)\n");
        const QStringList gen{m, kGpt2Tiny, QStringLiteral("--tokens"), QStringLiteral("1"), QStringLiteral("--generate")};
        QTest::newRow("generate zero") << gen + QStringList{QStringLiteral("0")}
                                       << QStringLiteral("--generate: expected an integer from 1 to 100000, got \"0\"\n");
        QTest::newRow("top-p zero") << gen + QStringList{QStringLiteral("4"), QStringLiteral("--top-p"), QStringLiteral("0")}
                                    << QStringLiteral("--top-p: expected a number above 0 and at most 1, got \"0\"\n");
        QTest::newRow("negative temperature")
            << gen + QStringList{QStringLiteral("4"), QStringLiteral("--temperature"), QStringLiteral("-1")}
            << QStringLiteral("--temperature: expected a number from 0 to 100, got \"-1\"\n");
        QTest::newRow("sample seed not a number")
            << gen + QStringList{QStringLiteral("4"), QStringLiteral("--sample-seed"), QStringLiteral("x")}
            << QStringLiteral("--sample-seed: expected a non-negative integer, got \"x\"\n");
        QTest::newRow("temperature without generate")
            << QStringList{m, kGpt2Tiny, QStringLiteral("--tokens"), QStringLiteral("1"), QStringLiteral("--temperature"), QStringLiteral("0.8")}
            << QStringLiteral("--temperature: applies to --generate only\n");
        QTest::newRow("seed with a model") << QStringList{m, kGpt2Tiny, QStringLiteral("--tokens"), QStringLiteral("1"),
                                                          QStringLiteral("--seed"), QStringLiteral("3")}
                                           << QStringLiteral("--seed: applies to designs (--preset, --config), not to --model\n");
        QTest::newRow("seed not a number") << QStringList{QStringLiteral("--preset"), QStringLiteral("gpt2"), QStringLiteral("--tokens"),
                                                          QStringLiteral("1"), QStringLiteral("--seed"), QStringLiteral("-3")}
                                           << QStringLiteral("--seed: expected a non-negative integer, got \"-3\"\n");
        QTest::newRow("cap not a number")
            << QStringList{m, kGpt2Tiny, QStringLiteral("--tokens"), QStringLiteral("1"), QStringLiteral("--max-weights-mb"), QStringLiteral("lots")}
            << QStringLiteral("--max-weights-mb: expected megabytes from 0 to 1000000, got \"lots\"\n");
        // gpt2-tiny's 27,584 float32 weights against a cap of 1,000 bytes.
        QTest::newRow("cap below the model")
            << QStringList{m, kGpt2Tiny, QStringLiteral("--tokens"), QStringLiteral("1"), QStringLiteral("--max-weights-mb"), QStringLiteral("0.001")}
            << kGpt2Tiny + QStringLiteral("/config.json: memory cap: the weights would take 110336 bytes, more than the cap of 1000 "
                                          "bytes; use a scaled-down model or raise the cap\n");
        QTest::newRow("unknown option") << QStringList{m, kGpt2Tiny, QStringLiteral("--tokens"), QStringLiteral("1"),
                                                       QStringLiteral("--fast")}
                                        << QStringLiteral("--fast: unknown option\n");
    }
    void badInputExitsTwo()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const Run r = run(args);
        QCOMPARE(r.exitCode, 2);
        QCOMPARE(r.err, message);
        QVERIFY(r.out.isEmpty());
    }
};

QTEST_APPLESS_MAIN(TestRun)
#include "tst_run.moc"
