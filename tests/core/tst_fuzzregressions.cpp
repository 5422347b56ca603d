// Every input the fuzz harnesses (fuzz/) found to crash, hang or break an invariant, replayed
// through the same loader the harness called (tests/data/fuzz/README.md lists them): each must
// now load, or be refused with an error naming the file and the field.
#include "core/design/configvalidator.h"
#include "core/design/designedits.h"
#include "core/design/designfile.h"
#include "core/formats/hfconfigimporter.h"
#include "core/tokenize/gpt2tokenizer.h"
#include "core/tokenize/tokenizerjson.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using namespace tx;

namespace {

QByteArray fixture(const QString &name)
{
    QFile f(QStringLiteral(TX_TEST_DATA_DIR "/fuzz/") + name);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QString write(const QTemporaryDir &dir, const QString &name, const QByteArray &bytes)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
        return {};
    return path;
}

} // namespace

class TestFuzzRegressions : public QObject
{
    Q_OBJECT

private slots:
    // fuzz_gpt2_bpe: one id far past a 1.6 KB vocabulary's entries sized the token table to
    // 13.6 million strings (a libFuzzer timeout, and ~330 MB).
    void gpt2VocabularyWithAFarId()
    {
        const QByteArray input = fixture(QStringLiteral("gpt2_bpe-far-id.txt"));
        const QByteArray separator("\n=====merges=====\n"); // as fuzz/fuzz_gpt2_bpe.cpp splits it
        const qsizetype at = input.indexOf(separator);
        QVERIFY(at > 0);
        QTemporaryDir dir;
        const QString vocab = write(dir, QStringLiteral("vocab.json"), input.left(at));
        const QString merges = write(dir, QStringLiteral("merges.txt"), input.mid(at + separator.size()));
        auto tokenizer = Gpt2Tokenizer::load(vocab, merges);
        QVERIFY(!tokenizer);
        QCOMPARE(tokenizer.error().file, vocab);
        QCOMPARE(tokenizer.error().field, QStringLiteral("\u00cc")); // the token given that id
        QVERIFY2(tokenizer.error().message.startsWith(QStringLiteral("token id 13602223 is far past the vocabulary's ")),
                 qPrintable(tokenizer.error().message));
    }

    // The same id in a tokenizer.json vocabulary.
    void tokenizerJsonWithAFarId()
    {
        QTemporaryDir dir;
        const QString path = write(dir, QStringLiteral("tokenizer.json"),
                                   R"({"model": {"type": "BPE", "vocab": {"a": 0, "b": 1, "c": 13602223}, "merges": []}})");
        auto tokenizer = TokenizerJson::load(path);
        QVERIFY(!tokenizer);
        QCOMPARE(tokenizer.error().file, path);
        QCOMPARE(tokenizer.error().field, QStringLiteral("model.vocab.c"));
        // 3 entries: ids below 2 · 3 + 1,024 = 1,030.
        QCOMPARE(tokenizer.error().message,
                 QStringLiteral("token id must be an integer from 0 to 1029 (twice the file's entries, plus 1,024)"));
        // A small gap before an added token still loads (cl100k's specials jump by a few ids).
        const QString gap = write(dir, QStringLiteral("gap.json"),
                                  R"({"added_tokens": [{"id": 9, "content": "<|end|>"}],
                                      "model": {"type": "BPE", "vocab": {"a": 0, "b": 1, "ab": 2}, "merges": ["a b"]}})");
        auto loaded = TokenizerJson::load(gap);
        QVERIFY2(loaded, qPrintable(loaded ? QString() : loaded.error().toString()));
        QCOMPARE((*loaded)->vocabSize(), 10);
    }

    // fuzz_hfconfig: a Llama 4 config.json with num_hidden_layers 41,111,118 built its per-layer
    // RoPE and attention lists before the bound was checked: 6.3 s and ~400 MB for one 379-byte
    // file (a libFuzzer timeout after 4.9 million executions). It is refused at once, naming the field.
    void llama4ConfigWithFortyMillionLayers()
    {
        const QByteArray input = fixture(QStringLiteral("hfconfig-llama4-layers.json"));
        QCOMPARE(input.size(), 379);
        auto config = HfConfigImporter::parse(input, QStringLiteral("config.json"));
        QVERIFY(!config);
        QCOMPARE(config.error().toString(),
                 QStringLiteral("config.json: num_hidden_layers: must be between 1 and 1024 (is 41111118)"));
        // The same file with a real layer count still loads, so the guard refuses only the bound.
        QByteArray fixed = input;
        fixed.replace("41111118", "48");
        fixed.replace("810485760", "8192");
        auto loaded = HfConfigImporter::parse(fixed, QStringLiteral("config.json"));
        QVERIFY2(loaded, qPrintable(loaded ? QString() : loaded.error().toString()));
        QCOMPARE(loaded->nLayers, 48);
        QCOMPARE(int(loaded->layerTypes.size()), 48);
    }

    // fuzz_set (6 Dec 2026): 318 bytes of `--set` lines giving a sliding/full pattern and then
    // n_layers=83608 grew the pattern to 83,608 entries, which the harness's save-and-load round
    // trip carried: 0.9 s per input under the sanitizers (a libFuzzer timeout on a loaded machine).
    // The pattern now stops at the deepest valid stack, and the depth alone is refused.
    void setLinesWithADeepLayerPattern()
    {
        const QByteArray input = fixture(QStringLiteral("set-deep-layer-pattern.txt"));
        QCOMPARE(input.size(), 318);
        ModelConfig design;
        for (const QString &line : QString::fromUtf8(input).split(QLatin1Char('\n'))) {
            const qsizetype eq = line.indexOf(QLatin1Char('='));
            if (eq >= 0)
                DesignEdits::set(design, line.left(eq), line.mid(eq + 1));
        }
        QCOMPARE(design.nLayers, 83608);
        QVERIFY(int(design.layerTypes.size()) <= limits::kMaxLayers);
        const std::vector<Error> errors = validate(design);
        QVERIFY(!errors.empty());
        QCOMPARE(errors.front().toString(), QStringLiteral("n_layers: must be between 1 and 1024 (is 83608)"));
        for (const Error &e : errors)
            QVERIFY2(e.field != QLatin1String("layer_types"), qPrintable(e.toString()));
        // What a save of the refused design writes stays small.
        QVERIFY(DesignFile::serialize(design).size() < 8192);
    }
};

QTEST_APPLESS_MAIN(TestFuzzRegressions)
#include "tst_fuzzregressions.moc"
