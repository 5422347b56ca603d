// The command line as a user or a script sees it: transformer-explorer run through QProcess,
// checking stdout, stderr and the exit code.
#include "core/design/presetlibrary.h"
#include "tests/support/clirun.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace tx;

namespace {

using Run = CliRun;

Run run(const QStringList &args)
{
    return CliRun::run(args);
}

QString hfFixture(const char *id)
{
    return QStringLiteral(TX_TEST_DATA_DIR "/hf/") + QLatin1String(id) + QStringLiteral("/config.json");
}

// The ids --preset takes (same list as tests/core/tst_presets.cpp).
const QStringList kIds = {
    QStringLiteral("transformer-base"), QStringLiteral("transformer-big"), QStringLiteral("bert-base"),
    QStringLiteral("bert-large"),       QStringLiteral("distilbert"),      QStringLiteral("albert-base-v2"),
    QStringLiteral("roberta-base"),     QStringLiteral("gpt2"),            QStringLiteral("gpt2-medium"),
    QStringLiteral("gpt2-large"),       QStringLiteral("gpt2-xl"),         QStringLiteral("gpt3-175b"),
    QStringLiteral("t5-small"),         QStringLiteral("t5-base"),         QStringLiteral("switch-base-8"),
    QStringLiteral("llama-1-7b"),       QStringLiteral("llama-1-13b"),     QStringLiteral("llama-1-33b"),
    QStringLiteral("llama-1-65b"),
    QStringLiteral("llama-2-7b"),       QStringLiteral("llama-2-13b"),     QStringLiteral("llama-2-70b"),
    QStringLiteral("llama-3-8b"),       QStringLiteral("mistral-7b"),      QStringLiteral("mixtral-8x7b"),
    QStringLiteral("qwen2.5-7b"),       QStringLiteral("gemma-2b"),        QStringLiteral("phi-2"),
    QStringLiteral("falcon-7b"),
    // The models of 2024–26 (issue 15).
    QStringLiteral("deepseek-v3"),
    QStringLiteral("deepseek-r1"),
    QStringLiteral("kimi-k2"),
    QStringLiteral("qwen3-0.6b"),
    QStringLiteral("qwen3-8b"),
    QStringLiteral("qwen3-32b"),
    QStringLiteral("qwen3-30b-a3b"),
    QStringLiteral("qwen3-235b-a22b"),
    QStringLiteral("gpt-oss-20b"),
    QStringLiteral("gpt-oss-120b"),
    QStringLiteral("gemma-2-2b"),
    QStringLiteral("gemma-2-9b"),
    QStringLiteral("gemma-2-27b"),
    QStringLiteral("gemma-3-1b"),
    QStringLiteral("gemma-3-4b"),
    QStringLiteral("gemma-3-12b"),
    QStringLiteral("gemma-3-27b"),
    QStringLiteral("llama-3.1-8b"),
    QStringLiteral("llama-3.1-70b"),
    QStringLiteral("llama-3.1-405b"),
    QStringLiteral("llama-3.2-1b"),
    QStringLiteral("llama-3.2-3b"),
    QStringLiteral("llama-4-scout"),
    QStringLiteral("llama-4-maverick"),
    QStringLiteral("mistral-small-24b"),
    QStringLiteral("mixtral-8x22b"),
    QStringLiteral("phi-3-mini"),
    QStringLiteral("phi-4"),
    QStringLiteral("smollm2-135m"),
    QStringLiteral("smollm2-1.7b"),
    QStringLiteral("olmo-2-7b"),
    QStringLiteral("glm-4.5"),
};

} // namespace

class TestCli : public QObject
{
    Q_OBJECT
private slots:
    void presetsListsEveryIdFirstOnItsLine()
    {
        const Run r = run({QStringLiteral("presets")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.err.isEmpty());
        QStringList firstWords;
        for (const QByteArray &line : r.out.split('\n')) {
            if (line.trimmed().isEmpty())
                continue;
            QVERIFY2(!line.startsWith(' '), line.constData());
            firstWords << QString::fromUtf8(line.split(' ').first());
        }
        QCOMPARE(firstWords.size(), kIds.size());
        for (const QString &id : kIds)
            QVERIFY2(firstWords.contains(id), qPrintable(id));
    }

    void sizeJsonMatchesPublished_data()
    {
        QTest::addColumn<QString>("id");
        for (const QString &id : kIds)
            QTest::newRow(qPrintable(id)) << id;
    }

    // params.total and params.active are JSON integers equal to the preset's published counts
    // (pinned with their sources in tests/core/tst_presets.cpp).
    void sizeJsonMatchesPublished()
    {
        QFETCH(QString, id);
        const Preset *preset = PresetLibrary::builtIn().find(id);
        QVERIFY(preset);
        const Run r = run({QStringLiteral("size"), QStringLiteral("--preset"), id, QStringLiteral("--format"),
                           QStringLiteral("json")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.err.isEmpty());
        QJsonParseError err;
        const QJsonObject root = QJsonDocument::fromJson(r.out, &err).object();
        QCOMPARE(err.error, QJsonParseError::NoError);
        const QJsonObject params = root.value(QStringLiteral("params")).toObject();
        // Integers in the text, not 6.7e9: the bytes after "total": are digits only.
        QVERIFY(r.out.contains("\"total\": " + QByteArray::number(preset->publishedParams)));
        QCOMPARE(params.value(QStringLiteral("total")).toInteger(), preset->publishedParams);
        const qint64 active = preset->publishedActiveParams ? preset->publishedActiveParams : preset->publishedParams;
        QCOMPARE(params.value(QStringLiteral("active")).toInteger(), active);
        const QJsonObject breakdown = params.value(QStringLiteral("breakdown")).toObject();
        QCOMPARE(breakdown.value(QStringLiteral("name")).toString(), QStringLiteral("model"));
        QCOMPARE(breakdown.value(QStringLiteral("params")).toInteger(), preset->publishedParams);
        qint64 sum = 0;
        for (const QJsonValue &child : breakdown.value(QStringLiteral("children")).toArray())
            sum += child.toObject().value(QStringLiteral("params")).toInteger();
        QCOMPARE(sum, preset->publishedParams);
    }

    void sizeFromHfConfig()
    {
        // Mixtral-8x7B: 46,702,792,704 total, 12,879,925,248 active (keras-hub mixtral_presets.py;
        // active derived, Mistral AI's rounded 12.9B).
        Run r = run({QStringLiteral("size"), QStringLiteral("--hf-config"), hfFixture("mixtral-8x7b"),
                     QStringLiteral("--format"), QStringLiteral("json")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.err.isEmpty());
        QJsonObject params = QJsonDocument::fromJson(r.out).object().value(QStringLiteral("params")).toObject();
        QCOMPARE(params.value(QStringLiteral("total")).toInteger(), qint64(46'702'792'704));
        QCOMPARE(params.value(QStringLiteral("active")).toInteger(), qint64(12'879'925'248));

        // The table names the model and prints the exact total (Llama-2-7B: 6,738,415,616,
        // keras-hub llama_presets.py).
        r = run({QStringLiteral("size"), QStringLiteral("--hf-config"), hfFixture("llama-2-7b")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains("Parameters: 6,738,415,616"), r.out.constData());

        // A multimodal config counts the text model and says so (Llama 4 Scout: 107,769,861,120,
        // reference/modern/models.json; the vision tower is 871,932,416 more).
        r = run({QStringLiteral("size"), QStringLiteral("--hf-config"), hfFixture("llama-4-scout")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains("Parameters: 107,769,861,120"), r.out.constData());
        QVERIFY(r.out.contains("(text model only: the vision tower and its projector are not counted)"));

        // --set applies on top of the import: tying Llama-2-7B's head drops 32000 × 4096.
        r = run({QStringLiteral("size"), QStringLiteral("--hf-config"), hfFixture("llama-2-7b"), QStringLiteral("--set"),
                 QStringLiteral("tied_embeddings=true"), QStringLiteral("--format"), QStringLiteral("json")});
        QCOMPARE(r.exitCode, 0);
        params = QJsonDocument::fromJson(r.out).object().value(QStringLiteral("params")).toObject();
        QCOMPARE(params.value(QStringLiteral("total")).toInteger(), qint64(6'738'415'616) - 32000 * 4096);
    }

    // DeepSeek-V3 (671,026,419,200 main model; README_WEIGHTS.md: 36.6B active without the
    // input embedding, MTP apart; see tests/core/tst_hfimport.cpp) through export and back.
    void exportAndModernSize()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("v3/config.json"));
        Run r = run({QStringLiteral("export"), QStringLiteral("--hf-config"), out, QStringLiteral("--preset"),
                     QStringLiteral("deepseek-v3")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.err.isEmpty());
        r = run({QStringLiteral("size"), QStringLiteral("--hf-config"), out, QStringLiteral("--format"),
                 QStringLiteral("json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject params = QJsonDocument::fromJson(r.out).object().value(QStringLiteral("params")).toObject();
        QCOMPARE(params.value(QStringLiteral("total")).toInteger(), qint64(671'026'419'200));
        QCOMPARE(params.value(QStringLiteral("active")).toInteger(), qint64(37'552'297'472));
        QCOMPARE(params.value(QStringLiteral("active_without_input_embedding")).toInteger(), qint64(36'625'618'432));
        QCOMPARE(params.value(QStringLiteral("mtp")).toInteger(), qint64(11'610'068'224));
        r = run({QStringLiteral("size"), QStringLiteral("--preset"), QStringLiteral("deepseek-v3")});
        QVERIFY2(r.out.contains("Active per token: 37,552,297,472 (embeddings included, Qwen's convention)"), r.out.constData());
        QVERIFY(r.out.contains("Active without the input embedding: 36,625,618,432 (DeepSeek's and OpenAI's convention)"));
        QVERIFY(r.out.contains("Multi-token prediction modules: 11,610,068,224, not in the total"));

        // Llama 4's chunked and NoPE layers have no exported family: one line naming the field.
        r = run({QStringLiteral("export"), QStringLiteral("--hf-config"), dir.filePath(QStringLiteral("l4.json")),
                 QStringLiteral("--preset"), QStringLiteral("llama-4-scout")});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("layer_types: chunked and no-RoPE layers"), r.err.constData());
        QCOMPARE(r.err.count('\n'), 1);
    }

    void badInputExitsTwoWithOneLine_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QStringList>("mustName"); // pieces the one stderr line must contain
        QTemporaryDir &dir = tempDir();
        const QString malformed = dir.filePath(QStringLiteral("malformed/config.json"));
        const QString missingKey = dir.filePath(QStringLiteral("missing-key/config.json"));
        const QString badDesign = dir.filePath(QStringLiteral("design.json"));
        QDir().mkpath(QFileInfo(malformed).path());
        QDir().mkpath(QFileInfo(missingKey).path());
        writeFile(malformed, "{\"model_type\": \"llama\", \"hidden_size\": 4096,");
        writeFile(missingKey, "{\"model_type\": \"mistral\", \"num_hidden_layers\": 32, \"num_attention_heads\": 32,"
                              " \"intermediate_size\": 14336, \"vocab_size\": 32000}");
        writeFile(badDesign, "{\"format\": \"transformer-explorer-design\", \"version\": 1,"
                             " \"design\": {\"d_model\": 512, \"n_layerz\": 6}}");
        const QString nowhere = dir.filePath(QStringLiteral("nowhere/config.json"));

        const QString size = QStringLiteral("size");
        QTest::newRow("missing hf file") << QStringList{size, QStringLiteral("--hf-config"), nowhere}
                                         << QStringList{nowhere};
        QTest::newRow("malformed hf json") << QStringList{size, QStringLiteral("--hf-config"), malformed}
                                           << QStringList{malformed, QStringLiteral("JSON")};
        QTest::newRow("hf key missing") << QStringList{size, QStringLiteral("--hf-config"), missingKey}
                                        << QStringList{missingKey, QStringLiteral("hidden_size")};
        QTest::newRow("missing design file") << QStringList{size, QStringLiteral("--config"), nowhere}
                                             << QStringList{nowhere};
        QTest::newRow("unknown design field") << QStringList{size, QStringLiteral("--config"), badDesign}
                                              << QStringList{badDesign, QStringLiteral("n_layerz")};
        QTest::newRow("unknown preset") << QStringList{size, QStringLiteral("--preset"), QStringLiteral("gpt5")}
                                        << QStringList{QStringLiteral("--preset"), QStringLiteral("gpt5")};
        QTest::newRow("heads not dividing d_model")
            << QStringList{size, QStringLiteral("--preset"), QStringLiteral("gpt2"), QStringLiteral("--set"),
                           QStringLiteral("n_heads=7")}
            << QStringList{QStringLiteral("n_heads"), QStringLiteral("768")};
        QTest::newRow("unknown --set field")
            << QStringList{size, QStringLiteral("--preset"), QStringLiteral("gpt2"), QStringLiteral("--set"),
                           QStringLiteral("n_layerz=6")}
            << QStringList{QStringLiteral("n_layerz")};
        QTest::newRow("wrong --set type")
            << QStringList{size, QStringLiteral("--preset"), QStringLiteral("gpt2"), QStringLiteral("--set"),
                           QStringLiteral("d_model=wide")}
            << QStringList{QStringLiteral("d_model"), QStringLiteral("wide")};
        QTest::newRow("bad format") << QStringList{size, QStringLiteral("--preset"), QStringLiteral("gpt2"),
                                                   QStringLiteral("--format"), QStringLiteral("xml")}
                                    << QStringList{QStringLiteral("--format"), QStringLiteral("xml")};
    }

    void badInputExitsTwoWithOneLine()
    {
        QFETCH(QStringList, args);
        QFETCH(QStringList, mustName);
        const Run r = run(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.out.isEmpty());
        QVERIFY2(r.err.endsWith('\n'), r.err.constData());
        QCOMPARE(r.err.count('\n'), 1);
        const QString line = QString::fromUtf8(r.err);
        for (const QString &piece : mustName)
            QVERIFY2(line.contains(piece), qPrintable(line));
    }

    void badDesignOnTheCommandLineStillOpensTheWindow()
    {
        // Launched from a file manager with a broken design, the program used to print one line
        // on stderr and exit: it looked as if nothing happened. Now the line still goes to
        // stderr, and the window opens with its default design and the error in a dialog
        // (the start-up probe prints the dialogs on screen at the first paint, then quits).
        QTemporaryDir home;
        const QString path = tempDir().filePath(QStringLiteral("broken.json"));
        writeFile(path, R"({"format": "transformer-explorer-design", "version": 1, "design": {"d_model": "wide"}})");
        const CliRun r = CliRun::run({QStringLiteral("--fresh"), QStringLiteral("--design"), path},
                                     {{QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen")},
                                      {QStringLiteral("TX_STARTUP_PROBE"), QStringLiteral("1")},
                                      {QStringLiteral("HOME"), home.path()},
                                      {QStringLiteral("XDG_CONFIG_HOME"), home.path()},
                                      {QStringLiteral("XDG_DATA_HOME"), home.path()}});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.endsWith("first_paint\n"), r.out.constData());
        const QString prefix = path + QStringLiteral(": d_model: ");
        QString stderrLine;
        for (const QString &line : QString::fromUtf8(r.err).split(QLatin1Char('\n')))
            if (line.startsWith(prefix))
                stderrLine = line;
        QVERIFY2(!stderrLine.isEmpty(), r.err.constData());
        const QString problem = stderrLine.mid(prefix.size());
        const QString dialog = QStringLiteral("dialog: broken.json could not be opened. | File: %1 | Field: d_model | "
                                              "Problem: %2 | The design you had is kept.\n")
                                   .arg(path, problem);
        QVERIFY2(QString::fromUtf8(r.out).contains(dialog), r.out.constData());
    }

private:
    static QTemporaryDir &tempDir()
    {
        static QTemporaryDir dir;
        return dir;
    }
    static void writeFile(const QString &path, const QByteArray &bytes)
    {
        QFile f(path);
        if (f.open(QIODevice::WriteOnly))
            f.write(bytes);
    }
};

QTEST_APPLESS_MAIN(TestCli)
#include "tst_cli.moc"
