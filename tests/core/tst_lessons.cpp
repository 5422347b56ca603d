#include "core/base/numberformat.h"
#include "core/estimate/paramcounter.h"
#include "core/lessons/layerformulas.h"
#include "core/lessons/lessonlibrary.h"
#include "core/lessons/lessontext.h"

#include <QFile>
#include <QTest>

using namespace tx;

namespace {
QString filled(const Lesson &lesson, size_t step, const QString &text)
{
    auto out = LessonText::fill(text, lesson.configs[step], lesson.assumptions[step]);
    return out ? *out : QStringLiteral("ERROR: ") + out.error().toString();
}
QByteArray raw(const QString &name)
{
    QFile f(QStringLiteral(TX_SOURCE_DIR "/resources/lessons/") + name);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}
} // namespace

class TestLessons : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase() { NumberFormat::setDefaultLargeUnits(NumberFormat::LargeUnits::Western); }

    void everyLessonLoads()
    {
        const LessonLibrary &lib = LessonLibrary::builtIn();
        for (const Error &e : lib.errors())
            qWarning() << e.toString();
        QVERIFY(lib.errors().empty());
        QStringList ids;
        for (const Lesson &l : lib.lessons())
            ids << l.id;
        QCOMPARE(ids, (QStringList{QStringLiteral("linear-to-transformer"), QStringLiteral("why-d-model"),
                                   QStringLiteral("where-memory-goes"), QStringLiteral("compute-and-data"),
                                   QStringLiteral("sharing-and-compression"), QStringLiteral("attention-heads")}));
    }

    // Every placeholder of every step resolves in both languages; nothing is left in braces.
    void everyStepFills()
    {
        for (const Lesson &l : LessonLibrary::builtIn().lessons()) {
            for (size_t i = 0; i < l.steps.size(); ++i) {
                const Lesson::Step &s = l.steps[i];
                for (const QString &t : {s.text.en, s.text.zh, s.formula}) {
                    const QString out = filled(l, i, t);
                    QVERIFY2(!out.startsWith(QLatin1String("ERROR")), qPrintable(l.id + QLatin1Char(' ') + out));
                    QVERIFY2(!out.contains(QLatin1Char('{')), qPrintable(l.id + QLatin1Char(' ') + out));
                }
                QVERIFY(!s.title.zh.isEmpty() && !s.text.zh.isEmpty());
            }
            // Each lesson ends on a chart page, which exports as a slide.
            const QString last = l.steps.back().highlight;
            QVERIFY2(QStringList({QStringLiteral("parameters"), QStringLiteral("memory"), QStringLiteral("compute"),
                                  QStringLiteral("scaling"), QStringLiteral("training")}).contains(last),
                     qPrintable(l.id + QStringLiteral(" ends on ") + last));
        }
    }

    // Lesson 1: the 1,010 of a 100 -> 10 linear layer and the LSTM count come from core.
    void lessonOneNumbersComeFromCore()
    {
        const Lesson *l = LessonLibrary::builtIn().find(QStringLiteral("linear-to-transformer"));
        QVERIFY(l);
        // 100·10 weights + 10 biases (definition of y = Wx + b).
        QCOMPARE(LayerFormulas::linear(100, 10), 1010);
        QVERIFY(filled(*l, 0, l->steps[0].text.en).contains(QStringLiteral("1,010 parameters")));
        QVERIFY(filled(*l, 0, l->steps[0].text.zh).contains(QStringLiteral("共 1,010 个参数")));
        QVERIFY(!raw(QStringLiteral("01-linear-to-transformer.json")).contains("1,010"));

        // 784·256 + 256 + 256·10 + 10 = 203,530.
        QCOMPARE(LayerFormulas::mlp({784, 256, 10}), 203530);
        QVERIFY(filled(*l, 1, l->steps[1].text.en).contains(QStringLiteral("203,530")));

        // LSTM: 4·(d_h·(d_in + d_h) + d_h) = 4·(10·110 + 10) = 4,440 (Keras LSTM count, 4 gates).
        QCOMPARE(LayerFormulas::lstm(100, 10), 4440);
        QCOMPARE(LayerFormulas::lstm(768, 768), 4721664);
        QVERIFY(filled(*l, 3, l->steps[3].text.en).contains(QStringLiteral("that is 4,440")));
        QVERIFY(filled(*l, 3, l->steps[3].formula).contains(QStringLiteral("4,721,664")));
        QVERIFY(!raw(QStringLiteral("01-linear-to-transformer.json")).contains("4,440"));

        // Six linear layers plus two LayerNorms are exactly one GPT-2 block as core counts it:
        // 4·590,592 + 2,362,368 + 2,360,064 + 3,072 = 7,087,872 (Hugging Face gpt2 h.0.* tensors).
        const ParamCount gpt2 = *countParams(l->configs[2]);
        const std::int64_t six = 4 * LayerFormulas::linear(768, 768) + LayerFormulas::linear(768, 3072)
                               + LayerFormulas::linear(3072, 768);
        QCOMPARE(six + gpt2.decoderLayers.front().norms, gpt2.decoderLayers.front().total());
        QCOMPARE(gpt2.decoderLayers.front().total(), 7087872);
        QVERIFY(filled(*l, 2, l->steps[2].formula).endsWith(QStringLiteral("= 7,087,872")));
        // tests/data/reference/models.json: GPT-2 small 124,439,808.
        QVERIFY(filled(*l, 4, l->steps[4].formula).endsWith(QStringLiteral("= 124,439,808")));
    }

    // Lesson 2 walks real designs: totals pinned in tests/data/reference/models.json.
    void lessonTwoDesigns()
    {
        const Lesson *l = LessonLibrary::builtIn().find(QStringLiteral("why-d-model"));
        QVERIFY(l);
        QCOMPARE(countParams(l->configs[2])->total, 124439808);    // GPT-2 small (keras-hub)
        QCOMPARE(countParams(l->configs[3])->total, 1557611200);   // GPT-2 XL (keras-hub)
        QCOMPARE(countParams(l->configs[4])->total, 174604259328); // GPT-3, GPT-2 layout (Brown et al. 2020)
        // 512-wide GPT-2-style layer: 12·512² + 13·512 = 3,152,384; 1024-wide: 12,596,224.
        QVERIFY(filled(*l, 0, l->steps[0].formula).contains(QStringLiteral("exact 3,152,384")));
        QCOMPARE(filled(*l, 1, l->steps[1].formula), QStringLiteral("12,596,224 / 3,152,384 = 4.00"));
    }

    // Lesson 3: Llama-2-70B at fp16 is the "≈ 140 GB" example: 68,976,648,192 · 2 bytes.
    void lessonThreeMemory()
    {
        const Lesson *l = LessonLibrary::builtIn().find(QStringLiteral("where-memory-goes"));
        QVERIFY(l);
        QCOMPARE(countParams(l->configs[0])->total, 68976648192); // models.json, Llama-2-70B
        QVERIFY(filled(*l, 0, l->steps[0].formula).contains(QStringLiteral("fp16 138 GB")));
        // Mixed-precision Adam: 2 + 2 + 12 = 16 bytes/param (Rajbhandari et al. 2020, §3.1).
        QVERIFY(filled(*l, 2, l->steps[2].formula).contains(QStringLiteral("= 16.0 bytes/param")));
    }

    void unknownPlaceholderIsAnError()
    {
        const auto out = LessonText::fill(QStringLiteral("{params.nope}"), ModelConfig{}, Assumptions{});
        QVERIFY(!out);
        QCOMPARE(out.error().field, QStringLiteral("{params.nope}"));
        const auto big = LessonText::fill(QStringLiteral("{linear(99999999,2)}"), ModelConfig{}, Assumptions{});
        QVERIFY(!big);
    }

    void badLessonNamesTheField()
    {
        const QByteArray json = R"({"format":"transformer-explorer-lesson","version":1,"id":"x",
            "title":{"en":"a","zh":"b"},"steps":[{"title":{"en":"a","zh":"b"},"text":{"en":"a","zh":"b"},
            "design":{"d_modle":5}}]})";
        const auto lesson = Lesson::parse(json, QStringLiteral("bad.json"));
        QVERIFY(!lesson);
        QCOMPARE(lesson.error().file, QStringLiteral("bad.json"));
        QCOMPARE(lesson.error().field, QStringLiteral("steps[0].design.d_modle"));
    }
};

QTEST_APPLESS_MAIN(TestLessons)
#include "tst_lessons.moc"
