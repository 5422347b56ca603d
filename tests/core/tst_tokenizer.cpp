#include "core/tokenize/bytetokenizer.h"
#include "core/tokenize/chartokenizer.h"
#include "core/tokenize/gpt2tokenizer.h"
#include "core/tokenize/tokenizer.h"
#include "core/tokenize/tokenizerjson.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

using namespace tx;

namespace {

const QString kGpt2Dir = QStringLiteral(TX_TEST_DATA_DIR "/gpt2-tokenizer");

std::shared_ptr<Gpt2Tokenizer> gpt2()
{
    static auto t = Gpt2Tokenizer::load(kGpt2Dir + QStringLiteral("/vocab.json"), kGpt2Dir + QStringLiteral("/merges.txt"));
    return t ? *t : nullptr;
}

} // namespace

class TestTokenizer : public QObject
{
    Q_OBJECT

private slots:
    void bytesHandleChinese()
    {
        ByteTokenizer t;
        QCOMPARE(t.encode(QStringLiteral("Hi")), (std::vector<int>{72, 105}));
        // "中" is U+4E2D, UTF-8 E4 B8 AD.
        const std::vector<int> zh = t.encode(QStringLiteral("中"));
        QCOMPARE(zh, (std::vector<int>{228, 184, 173}));
        QCOMPARE(t.labels(zh), (QStringList{QStringLiteral("中"), QStringLiteral("·"), QStringLiteral("·")}));
        QCOMPARE(t.decode(t.encode(QStringLiteral("注意力 attention"))), QStringLiteral("注意力 attention"));
        QCOMPARE(t.labels({10}), QStringList{QStringLiteral("<0x0A>")});
        QCOMPARE(t.vocabSize(), 256);
    }

    // GPT-2's real vocabulary (tests/data/gpt2-tokenizer). "Hello world" and " the" are the
    // encodings the issue cites; the others come from the same package's Encoder.js (node).
    void gpt2KnownEncodings_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<std::vector<int>>("ids");
        QTest::newRow("hello") << QStringLiteral("Hello world") << std::vector<int>{15496, 995};
        QTest::newRow("the") << QStringLiteral(" the") << std::vector<int>{262};
        QTest::newRow("chinese") << QStringLiteral("你好，世界")
                                 << std::vector<int>{19526, 254, 25001, 121, 171, 120, 234, 10310, 244, 45911, 234};
        QTest::newRow("contractions, digits, spaces")
            << QStringLiteral("It's 2024!  Don't stop.\n\nNew line")
            << std::vector<int>{1026, 338, 48609, 0, 220, 2094, 470, 2245, 13, 198, 198, 3791, 1627};
        QTest::newRow("emoji") << QStringLiteral("Transformer Explorer 🙂") << std::vector<int>{8291, 16354, 19142, 32485};
    }
    void gpt2KnownEncodings()
    {
        QFETCH(QString, text);
        QFETCH(std::vector<int>, ids);
        QVERIFY(gpt2());
        QCOMPARE(gpt2()->encode(text), ids);
        QCOMPARE(gpt2()->decode(ids), text);
    }

    void gpt2Labels()
    {
        QVERIFY(gpt2());
        QCOMPARE(gpt2()->vocabSize(), 50257);
        QCOMPARE(gpt2()->labels({15496, 995}), (QStringList{QStringLiteral("Hello"), QStringLiteral(" world")}));
        // "你" (E4 BD A0) is split over two tokens; each shows its bytes.
        QCOMPARE(gpt2()->labels({19526, 254}), (QStringList{QStringLiteral("<0xE4><0xBD>"), QStringLiteral("<0xA0>")}));
        QCOMPARE(gpt2()->labels({50256}), QStringList{QStringLiteral("<|endoftext|>")});
    }

    void tokenizerJsonSentencePieceStyle()
    {
        auto t = TokenizerJson::load(QStringLiteral(TX_TEST_DATA_DIR "/tokenizer-json/tokenizer.json"));
        QVERIFY2(t.hasValue(), qPrintable(t ? QString() : t.error().toString()));
        QCOMPARE((*t)->kind(), QStringLiteral("tokenizer.json"));
        QCOMPARE((*t)->vocabSize(), 24);
        // Worked by hand in tests/data/tokenizer-json/README.md.
        QCOMPARE((*t)->encode(QStringLiteral("hello world")), (std::vector<int>{1, 18, 23}));
        const std::vector<int> zh = (*t)->encode(QStringLiteral("hello 中"));
        QCOMPARE(zh, (std::vector<int>{1, 18, 6, 3, 4, 5}));
        QCOMPARE((*t)->decode(zh), QStringLiteral("hello 中"));
        QCOMPARE((*t)->labels({18, 23}), (QStringList{QStringLiteral("▁hello"), QStringLiteral("▁world")}));
    }

    void charactersWithByteFallback()
    {
        // "月" three times, "明" twice, the rest once: most frequent first, ties by code point.
        const CharTokenizer t = CharTokenizer::fromText(QStringLiteral("明月月，明月 a"));
        QCOMPARE(t.vocabSize(), 256 + 5);
        QCOMPARE(t.id(U'月'), 256);
        QCOMPARE(t.id(U'明'), 257);
        QCOMPARE(t.id(U' '), 258); // U+0020 sorts before a, ，
        QCOMPARE(t.id(U'a'), 259);
        QCOMPARE(t.id(U'，'), 260);
        // One token per known character; "猫" (E7 8C AB) was never seen: its three bytes.
        QCOMPARE(t.encode(QStringLiteral("明月猫")), (std::vector<int>{257, 256, 0xE7, 0x8C, 0xAB}));
        QCOMPARE(t.decode(t.encode(QStringLiteral("明月猫 a"))), QStringLiteral("明月猫 a"));
        QCOMPARE(t.labels(t.encode(QStringLiteral("明猫 \n"))),
                 (QStringList{QStringLiteral("明"), QStringLiteral("猫"), QStringLiteral("·"), QStringLiteral("·"),
                              QStringLiteral("␣"), QStringLiteral("↵")})); // a line break reads ↵, byte token or not
        // min-count 2 keeps 月 and 明 only; the rest is spelled in bytes.
        const CharTokenizer common = CharTokenizer::fromText(QStringLiteral("明月月，明月 a"), 2);
        QCOMPARE(common.vocabSize(), 258);
        QCOMPARE(common.encode(QStringLiteral("a，")), (std::vector<int>{0x61, 0xEF, 0xBC, 0x8C}));
    }

    void charTokenizerJsonRoundTrip()
    {
        const CharTokenizer t = CharTokenizer::fromText(QStringLiteral("床前明月光，疑是地上霜。\nThe moon."));
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("tokenizer.json"));
        QVERIFY(!t.save(path));
        // Hugging Face's layout (tokenizers' BPE model, byte_fallback, no merges).
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject root = QJsonDocument::fromJson(f.readAll()).object();
        const QJsonObject model = root.value(QStringLiteral("model")).toObject();
        QCOMPARE(model.value(QStringLiteral("type")).toString(), QStringLiteral("BPE"));
        QCOMPARE(model.value(QStringLiteral("byte_fallback")).toBool(), true);
        QCOMPARE(model.value(QStringLiteral("merges")).toArray().size(), 0);
        QCOMPARE(model.value(QStringLiteral("vocab")).toObject().value(QStringLiteral("<0xE7>")).toInt(), 0xE7);
        QCOMPARE(model.value(QStringLiteral("vocab")).toObject().size(), t.vocabSize());
        // Read back through the folder lookup every model folder uses.
        auto back = Tokenizer::fromDirectory(dir.path());
        QVERIFY2(back.hasValue() && *back, qPrintable(back ? QString() : back.error().toString()));
        QCOMPARE((*back)->kind(), QStringLiteral("chars"));
        QCOMPARE((*back)->vocabSize(), t.vocabSize());
        const QString text = QStringLiteral("床前明月光，猫。The moon.");
        QCOMPARE((*back)->encode(text), t.encode(text));
        QCOMPARE(int(t.encode(QStringLiteral("床前明月光")).size()), 5);
    }

    // A masked LM's [MASK] (and T5's sentinels) follow the characters: one id each, split out of
    // the text whole, saved as Hugging Face added_tokens and read back.
    void specialTokensFollowTheCharacters()
    {
        const CharTokenizer chars = CharTokenizer::fromText(QStringLiteral("the cat"));
        QCOMPARE(chars.vocabSize(), 256 + 6); // t twice; h, e, space, c, a
        const CharTokenizer t = chars.withSpecialTokens({QStringLiteral("[MASK]"), QStringLiteral("[MASK]")});
        QCOMPARE(t.vocabSize(), 263);
        QCOMPARE(t.specialId(QStringLiteral("[MASK]")), 262);
        const int th = t.id(U't'), h = t.id(U'h'), sp = t.id(U' '), c = t.id(U'c');
        QCOMPARE(t.encode(QStringLiteral("th[MASK] c[MASK]t")), (std::vector<int>{th, h, 262, sp, c, 262, th}));
        QCOMPARE(t.decode(t.encode(QStringLiteral("th[MASK] c[MASK]t"))), QStringLiteral("th[MASK] c[MASK]t"));
        QCOMPARE(t.labels({th, 262}), (QStringList{QStringLiteral("t"), QStringLiteral("[MASK]")}));
        // Not whole: the characters, '[' (not in the text) as its byte.
        QCOMPARE(t.encode(QStringLiteral("[MASK")).front(), 0x5B);
        QCOMPARE(int(t.encode(QStringLiteral("[MASK")).size()), 5);
        // An unpaired surrogate reads as U+FFFD (QString::toUcs4's reading): its three bytes.
        const QString lone = QStringLiteral("a") + QChar(0xD800);
        QCOMPARE(t.encode(lone), (std::vector<int>{t.id(U'a'), 0xEF, 0xBF, 0xBD}));

        QTemporaryDir dir;
        QVERIFY(!t.save(dir.filePath(QStringLiteral("tokenizer.json"))));
        QFile f(dir.filePath(QStringLiteral("tokenizer.json")));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject root = QJsonDocument::fromJson(f.readAll()).object();
        const QJsonArray added = root.value(QStringLiteral("added_tokens")).toArray();
        QCOMPARE(added.size(), 1);
        QCOMPARE(added[0].toObject().value(QStringLiteral("id")).toInt(), 262);
        QCOMPARE(added[0].toObject().value(QStringLiteral("content")).toString(), QStringLiteral("[MASK]"));
        QCOMPARE(added[0].toObject().value(QStringLiteral("special")).toBool(), true);
        QCOMPARE(added[0].toObject().value(QStringLiteral("normalized")).toBool(), false);
        QCOMPARE(root.value(QStringLiteral("model")).toObject().value(QStringLiteral("vocab")).toObject().size(), 262);
        auto back = Tokenizer::fromDirectory(dir.path());
        QVERIFY2(back.hasValue() && *back, qPrintable(back ? QString() : back.error().toString()));
        QCOMPARE((*back)->vocabSize(), 263);
        QCOMPARE((*back)->encode(QStringLiteral("a [MASK]")), t.encode(QStringLiteral("a [MASK]")));

        // An added token that does not follow the vocabulary, or comes twice, names its field.
        auto withAdded = [&root](const QJsonArray &tokens) {
            QJsonObject r = root;
            r.insert(QStringLiteral("added_tokens"), tokens);
            return CharTokenizer::fromJson(r, QStringLiteral("tokenizer.json"));
        };
        auto token = [](int id, const QString &content) {
            return QJsonObject{{QStringLiteral("id"), id}, {QStringLiteral("content"), content}};
        };
        auto far = withAdded({token(300, QStringLiteral("[MASK]"))});
        QVERIFY(!far.hasValue());
        QCOMPARE(far.error().file, QStringLiteral("tokenizer.json"));
        QCOMPARE(far.error().field, QStringLiteral("added_tokens[0].id"));
        QCOMPARE(far.error().message, QStringLiteral("expected 262: special tokens follow the vocabulary's 262 entries in order"));
        auto twice = withAdded({token(262, QStringLiteral("[MASK]")), token(263, QStringLiteral("[MASK]"))});
        QCOMPARE(twice.error().field, QStringLiteral("added_tokens[1].content"));
        QJsonArray many;
        for (int i = 0; i < 4097; ++i)
            many.append(token(262 + i, QStringLiteral("<extra_id_%1>").arg(i)));
        auto tooMany = withAdded(many);
        QCOMPARE(tooMany.error().field, QStringLiteral("added_tokens"));
        QCOMPARE(tooMany.error().message, QStringLiteral("at most 4096 special tokens, this file has 4097"));
        // Repeating a vocabulary entry as an added token (same text, same id) is not a new token.
        auto repeat = withAdded({token(256, t.decode({256})),
                                 token(262, QStringLiteral("[MASK]"))});
        QVERIFY2(repeat.hasValue(), qPrintable(repeat ? QString() : repeat.error().toString()));
        QCOMPARE(repeat->vocabSize(), 263);
        auto two = withAdded({token(262, QStringLiteral("<extra_id_0>")), token(263, QStringLiteral("<extra_id_1>"))});
        QVERIFY(two.hasValue());
        QCOMPARE(two->encode(QStringLiteral("a<extra_id_1>")), (std::vector<int>{t.id(U'a'), 263}));
    }

    void fromDirectoryPicksTheFiles()
    {
        auto g = Tokenizer::fromDirectory(kGpt2Dir);
        QVERIFY(g.hasValue() && *g);
        QCOMPARE((*g)->kind(), QStringLiteral("gpt2-bpe"));
        auto j = Tokenizer::fromDirectory(QStringLiteral(TX_TEST_DATA_DIR "/tokenizer-json"));
        QCOMPARE((*j)->kind(), QStringLiteral("tokenizer.json"));
        auto none = Tokenizer::fromDirectory(QStringLiteral(TX_TEST_DATA_DIR "/engine/gpt2-tiny"));
        QVERIFY(none.hasValue());
        QVERIFY(!*none);
    }

    void brokenFilesAreErrors()
    {
        QTemporaryDir dir;
        auto put = [&dir](const char *name, const QByteArray &bytes) {
            QFile f(dir.filePath(QString::fromLatin1(name)));
            f.open(QIODevice::WriteOnly);
            f.write(bytes);
            return f.fileName();
        };
        const QString vocab = put("vocab.json", R"({"a": 0, "b": "one"})");
        const QString merges = put("merges.txt", "#version: 0.2\na b\nabc\n");
        auto bad = Gpt2Tokenizer::load(vocab, merges);
        QCOMPARE(bad.error().file, vocab);
        QCOMPARE(bad.error().field, QStringLiteral("b"));
        put("vocab.json", R"({"a": 0, "b": 1})");
        bad = Gpt2Tokenizer::load(vocab, merges);
        QCOMPARE(bad.error().file, merges);
        QCOMPARE(bad.error().field, QStringLiteral("line 3"));
        const QString json = put("tokenizer.json", R"({"model": {"type": "Unigram"}})");
        QCOMPARE(TokenizerJson::load(json).error().field, QStringLiteral("model.type"));
        put("tokenizer.json", "not json");
        QCOMPARE(Tokenizer::fromDirectory(dir.path()).error().file, json);
    }
};

QTEST_APPLESS_MAIN(TestTokenizer)
#include "tst_tokenizer.moc"
