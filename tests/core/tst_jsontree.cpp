// JsonTree writes what QJsonDocument::toJson writes, to the byte: the gauntlet (bench_designs,
// tst_designgauntlet) writes the size JSON through it instead of Qt's objects, and
// EvaluationJson / ResultJson build it for the size command and the reports' export. Checked on
// the values that are hard to get right (shortest doubles, integers past 2^53, NaN and infinity,
// escapes, surrogates, empty containers, nesting) and on the whole size JSON of thousands of
// hostile designs (tests/support/hostiledesigns.h), compact and indented.
#include "core/base/jsontree.h"
#include "core/estimate/evaluator.h"
#include "core/estimate/explainer.h"
#include "tests/support/designgauntlet.h"
#include "tests/support/hostiledesigns.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QtTest>

#include <cmath>
#include <limits>
#include <random>
#include <string>

using namespace tx;

namespace {

QString firstDifference(const JsonTree &tree)
{
    for (const bool compact : {true, false}) {
        const QByteArray mine = tree.toJson(compact);
        const QByteArray qt = tree.kind() == JsonTree::Kind::Array
            ? QJsonDocument(tree.toJsonValue().toArray()).toJson(compact ? QJsonDocument::Compact : QJsonDocument::Indented)
            : QJsonDocument(tree.toObject()).toJson(compact ? QJsonDocument::Compact : QJsonDocument::Indented);
        if (mine != qt) {
            qsizetype i = 0;
            while (i < mine.size() && i < qt.size() && mine[i] == qt[i])
                ++i;
            return QStringLiteral("%1, at byte %2: mine \"%3\", Qt's \"%4\"")
                .arg(compact ? QStringLiteral("compact") : QStringLiteral("indented"))
                .arg(i)
                .arg(QString::fromUtf8(mine.mid(std::max<qsizetype>(0, i - 20), 60)),
                     QString::fromUtf8(qt.mid(std::max<qsizetype>(0, i - 20), 60)));
        }
    }
    return {};
}

} // namespace

class TestJsonTree : public QObject
{
    Q_OBJECT
private slots:
    void hardValuesAsQtWritesThem()
    {
        const double inf = std::numeric_limits<double>::infinity();
        JsonTree numbers = JsonTree::array();
        for (double d : {0.0, -0.0, 1.0, 0.1, 1e6, 1e21, 1e-7, 123456789012345678.0, 2.5e-308, 1.7976931348623157e308,
                         -3.14159, 124439808.0, 9007199254740992.0, 9007199254740994.0, -9007199254740992.0, 1e16, 1.744345911677164e17, 3.35e12, 0.5, std::numeric_limits<double>::quiet_NaN(), inf, -inf})
            numbers.append(d);
        for (qint64 n : {qint64(0), qint64(-1), std::numeric_limits<qint64>::max(), std::numeric_limits<qint64>::min()})
            numbers.append(n);
        JsonTree strings = JsonTree::array();
        for (const QString &s : {QString(), QStringLiteral("plain"), QStringLiteral("quote \" backslash \\ slash /"),
                                 QStringLiteral("\b\f\n\r\t and \x01\x1f"), QStringLiteral("2 · 768 → ⌈x⌉ 亿 ✓"),
                                 QString::fromUtf8("emoji \xF0\x9F\x98\x80 end"), QString(QChar(0xd800)) + QStringLiteral("x"),
                                 QStringLiteral("x") + QChar(0xdc00), QString(QChar(0xd83d)), QString(QChar(0x7f))})
            strings.append(s);
        JsonTree root = JsonTree::object({{QStringLiteral("numbers"), numbers},
                                          {QStringLiteral("strings"), strings},
                                          {QStringLiteral("empty_object"), JsonTree::object()},
                                          {QStringLiteral("empty_array"), JsonTree::array()},
                                          {QStringLiteral("null"), JsonTree()},
                                          {QStringLiteral("yes"), true},
                                          {QStringLiteral("no"), false},
                                          {QStringLiteral("B_upper_sorts_first"), 1},
                                          {QStringLiteral("a"), JsonTree::object({{QStringLiteral("z"), 1}, {QStringLiteral("y"), JsonTree::object()}})}});
        root.insert(QStringLiteral("yes"), QStringLiteral("replaced, as QJsonObject::insert replaces"));
        QCOMPARE(firstDifference(root), QString());
        QCOMPARE(firstDifference(JsonTree::object()), QString());
        QCOMPARE(firstDifference(strings), QString());
    }

    // Doubles of every magnitude and digit count, as Qt writes them (its shortest 'g').
    void randomDoublesAsQtWritesThem()
    {
        std::mt19937_64 rng(20261201);
        std::uniform_real_distribution<double> mantissa(1.0, 10.0);
        std::uniform_int_distribution<int> exponent(-320, 308), digits(1, 17);
        for (int i = 0; i < 1'000'000; ++i) {
            double d = mantissa(rng) * std::pow(10.0, exponent(rng));
            if (i % 2 == 0) // fewer digits too: 3.5e12, 0.25
                d = std::strtod(QByteArray::number(d, 'g', digits(rng)).constData(), nullptr);
            if (i % 7 == 0)
                d = -d;
            if (!std::isfinite(d))
                continue;
            JsonTree a = JsonTree::array();
            a.append(d);
            const QByteArray mine = a.toJson(true);
            const QByteArray qt = QJsonDocument(a.toJsonValue().toArray()).toJson(QJsonDocument::Compact);
            if (mine != qt)
                QFAIL(qPrintable(QStringLiteral("%1: mine %2, Qt's %3").arg(d, 0, 'g', 17).arg(QString::fromLatin1(mine), QString::fromLatin1(qt))));
        }
    }

    void sizeJsonOfHostileDesignsAsQtWritesIt()
    {
        HostileDesigns designs(20261203);
        int compared = 0;
        for (int i = 0; i < 30'000 && compared < 1'500; ++i) {
            const ModelConfig c = designs.design();
            const Assumptions a = designs.assumptions();
            const auto evaluation = evaluate(c, a);
            if (!evaluation)
                continue;
            const JsonTree tree = DesignGauntlet::sizeJson(evaluation->params, c, a, *evaluation, explain(c, a, *evaluation));
            const QString difference = firstDifference(tree);
            QVERIFY2(difference.isEmpty(), qPrintable(QStringLiteral("design #%1: %2").arg(i).arg(difference)));
            ++compared;
        }
        QCOMPARE(compared, 1'500);
    }
};

QTEST_APPLESS_MAIN(TestJsonTree)
#include "tst_jsontree.moc"
