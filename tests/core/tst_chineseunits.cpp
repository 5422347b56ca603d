#include "core/base/numberformat.h"

#include <QTest>

#include <limits>

using tx::NumberFormat;

// Chinese large units: 万 = 10^4, 亿 = 10^8, 万亿 = 10^12 (myriad grouping of Chinese
// numerals). The counts are published totals pinned in tests/data/reference/models.json:
// Llama-2-7B 6,738,415,616 (Touvron et al. 2023, Hugging Face safetensors), GPT-2 small
// 124,439,808 (Radford et al. 2019, Hugging Face checkpoint).
class TestChineseUnits : public QObject
{
    Q_OBJECT
private slots:
    void chinese_data()
    {
        QTest::addColumn<double>("n");
        QTest::addColumn<QString>("expected");
        QTest::newRow("Llama-2-7B") << 6738415616.0 << QStringLiteral("67.4亿");
        QTest::newRow("GPT-2 small") << 124439808.0 << QStringLiteral("1.24亿");
        QTest::newRow("35 thousand") << 35000.0 << QStringLiteral("3.5万");
        QTest::newRow("exactly one 亿") << 1e8 << QStringLiteral("1亿");
        QTest::newRow("just under 1 亿 carries") << 99996000.0 << QStringLiteral("1亿");
        QTest::newRow("GPT-3 175B") << 175e9 << QStringLiteral("1750亿");
        QTest::newRow("1.8 万亿") << 1.8e12 << QStringLiteral("1.8万亿");
        QTest::newRow("below 1 万") << 9990.0 << QStringLiteral("9990");
        QTest::newRow("linear 100->10") << 1010.0 << QStringLiteral("1010");
        QTest::newRow("negative") << -35000.0 << QStringLiteral("-3.5万");
    }
    void chinese()
    {
        QFETCH(double, n);
        QFETCH(QString, expected);
        QCOMPARE(NumberFormat::count(n, NumberFormat::LargeUnits::Chinese), expected);
    }

    // NumberFormat::exact, the separators of every substituted formula (explain()).
    void exact_data()
    {
        QTest::addColumn<qint64>("n");
        QTest::addColumn<QString>("expected");
        QTest::newRow("zero") << qint64(0) << QStringLiteral("0");
        QTest::newRow("three digits") << qint64(999) << QStringLiteral("999");
        QTest::newRow("four digits") << qint64(1000) << QStringLiteral("1,000");
        QTest::newRow("GPT-2 small") << qint64(124439808) << QStringLiteral("124,439,808");
        QTest::newRow("negative") << qint64(-1234567) << QStringLiteral("-1,234,567");
        QTest::newRow("negative three digits") << qint64(-100) << QStringLiteral("-100");
        QTest::newRow("int64 max") << std::numeric_limits<qint64>::max() << QStringLiteral("9,223,372,036,854,775,807");
        QTest::newRow("int64 min") << std::numeric_limits<qint64>::min() << QStringLiteral("-9,223,372,036,854,775,808");
    }
    void exact()
    {
        QFETCH(qint64, n);
        QFETCH(QString, expected);
        QCOMPARE(NumberFormat::exact(n), expected);
    }

    void western_data()
    {
        QTest::addColumn<double>("n");
        QTest::addColumn<QString>("expected");
        QTest::newRow("Llama-2-7B") << 6738415616.0 << QStringLiteral("6.74 B");
        QTest::newRow("GPT-2 small") << 124439808.0 << QStringLiteral("124 M");
        QTest::newRow("35 thousand") << 35000.0 << QStringLiteral("35.0 K");
    }
    void western()
    {
        QFETCH(double, n);
        QFETCH(QString, expected);
        QCOMPARE(NumberFormat::count(n, NumberFormat::LargeUnits::Western), expected);
    }

    // The 10x slip: 67.4亿 is 6.74 billion, not 67.4 billion (亿 is 10^8, not 10^9).
    void yiIsTenToTheEighth()
    {
        const QString zh = NumberFormat::count(6738415616.0, NumberFormat::LargeUnits::Chinese);
        QCOMPARE(zh, QStringLiteral("67.4亿"));
        QVERIFY(zh != QStringLiteral("6.74亿"));
    }

    void defaultFollowsSetting()
    {
        const auto before = NumberFormat::defaultLargeUnits();
        NumberFormat::setDefaultLargeUnits(NumberFormat::LargeUnits::Chinese);
        QCOMPARE(NumberFormat::count(6738415616.0), QStringLiteral("67.4亿"));
        NumberFormat::setDefaultLargeUnits(NumberFormat::LargeUnits::Western);
        QCOMPARE(NumberFormat::count(6738415616.0), QStringLiteral("6.74 B"));
        NumberFormat::setDefaultLargeUnits(before);
    }
};

QTEST_APPLESS_MAIN(TestChineseUnits)
#include "tst_chineseunits.moc"
