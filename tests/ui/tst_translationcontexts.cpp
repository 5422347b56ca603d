#include "core/design/configvalidator.h"
#include "core/design/modelconfig.h"
#include "core/lessons/lesson.h"
#include "core/nn/enginesizer.h"
#include "ui/shell/languagemanager.h"

#include <QCoreApplication>
#include <QTest>

using namespace tx;

// Messages written in core's free functions reach a Chinese user in Chinese. Before the
// Q_DECLARE_TR_FUNCTIONS contexts, lupdate filed such strings under the namespace ("tx") while the
// code looked them up under the class ("tx::ConfigValidator"), so only a fallback by source text
// found them. The window now installs Qt's plain QTranslator: each lookup below succeeds only if
// the context the code asks for is the one lupdate wrote into the .ts.
class TestTranslationContexts : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        m_language.setLanguage(QStringLiteral("zh_CN"));
        QCOMPARE(m_language.current(), QStringLiteral("zh_CN"));
    }

    void cleanupTestCase() { m_language.setLanguage(QStringLiteral("en")); }

    // validate() is a free function of core/design/configvalidator.cpp.
    void validatorMessageIsChinese()
    {
        ModelConfig c;
        c.dModel = 768;
        c.nHeads = 7;
        c.nKvHeads = 7;
        const std::vector<Error> errors = validate(c);
        QVERIFY(!errors.empty());
        QCOMPARE(errors.front().field, QStringLiteral("n_heads"));
        QCOMPARE(errors.front().message,
                 QStringLiteral("d_model（768）不能被 n_heads（7）整除；请显式设置 head_dim，或选一个约数"));
    }

    // readText() is a free function in lesson.cpp's anonymous namespace.
    void lessonParserMessageIsChinese()
    {
        const QByteArray bytes = R"({"format": "transformer-explorer-lesson", "version": 1, "id": "x", "title": "not an object"})";
        const auto lesson = Lesson::parse(bytes, QStringLiteral("bad.json"));
        QVERIFY(!lesson);
        QCOMPARE(lesson.error().file, QStringLiteral("bad.json"));
        QCOMPARE(lesson.error().field, QStringLiteral("title"));
        QCOMPARE(lesson.error().message, QStringLiteral("应为含有“en”和“zh”字符串的对象"));
    }

    // The engine's refusals are QT_TR_NOOP strings translated through tr(variable).
    void engineRefusalIsChinese()
    {
        ModelConfig c;
        c.lora.rank = 8;
        const auto refusal = EngineSizer::unsupported(c, EnginePurpose::Run);
        QVERIFY(refusal.has_value());
        QCOMPARE(refusal->field, QStringLiteral("lora_rank"));
        QCOMPARE(refusal->message, QStringLiteral("引擎不运行 LoRA 适配器"));
    }

private:
    LanguageManager m_language;
};

QTEST_MAIN(TestTranslationContexts)
#include "tst_translationcontexts.moc"
