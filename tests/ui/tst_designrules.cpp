// The design rules (core/design/designedits.h) seen from both sides: a value typed into the
// window and the same value given to `transformer-explorer size --set` give the same design,
// and the d_ff ×4 lock is part of the undo history.
#include "core/design/presetlibrary.h"
#include "ui/design/designcontrols.h"
#include "ui/design/designstate.h"
#include "ui/widgets/knobcontrol.h"

#include <QCheckBox>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSlider>
#include <QSpinBox>
#include <QUndoStack>
#include <QtTest>

using namespace tx;

namespace {

// Types a value into a knob's spin box and presses Enter, as a user would.
void typeInto(KnobControl *knob, int value)
{
    QSpinBox *spin = knob->spinBox();
    spin->setFocus();
    spin->selectAll();
    QTest::keyClicks(spin, QString::number(value));
    QTest::keyClick(spin, Qt::Key_Return);
}

QJsonObject sizeJson(const QStringList &args)
{
    QProcess p;
    p.start(QStringLiteral(TX_APP_PATH), QStringList{QStringLiteral("size")} + args
                                             + QStringList{QStringLiteral("--format"), QStringLiteral("json")});
    if (!p.waitForFinished(60'000) || p.exitCode() != 0)
        return {};
    return QJsonDocument::fromJson(p.readAllStandardOutput()).object();
}

} // namespace

class TestDesignRules : public QObject
{
    Q_OBJECT
private slots:
    void setHeadsLikeTheWindow_data()
    {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<int>("heads");
        QTest::addColumn<int>("kvHeads"); // what both must arrive at
        QTest::newRow("gpt2: MHA stays MHA") << QStringLiteral("gpt2") << 16 << 16;
        QTest::newRow("llama-3-8b: GQA keeps 8 KV heads") << QStringLiteral("llama-3-8b") << 64 << 8;
        QTest::newRow("llama-3-8b: 4 heads, 4 KV heads") << QStringLiteral("llama-3-8b") << 4 << 4;
    }
    void setHeadsLikeTheWindow()
    {
        QFETCH(QString, preset);
        QFETCH(int, heads);
        QFETCH(int, kvHeads);

        DesignState state;
        DesignControls controls(&state);
        QObject::connect(&state, &DesignState::snapshotChanged, &controls, &DesignControls::showSnapshot);
        controls.show();
        state.replace(PresetLibrary::builtIn().find(preset)->config, QStringLiteral("preset"));
        typeInto(controls.knob(QStringLiteral("n_heads")), heads);
        QCOMPARE(state.config().nHeads, heads);
        QCOMPARE(state.config().nKvHeads, kvHeads);
        QCOMPARE(controls.knob(QStringLiteral("n_kv_heads"))->spinBox()->value(), kvHeads);

        // The command line: the same KV cache (it scales with the key/value heads) and the same count.
        const QJsonObject cli = sizeJson({QStringLiteral("--preset"), preset, QStringLiteral("--set"),
                                          QStringLiteral("n_heads=%1").arg(heads), QStringLiteral("--seq"),
                                          QString::number(state.assumptions().contextLength)});
        QVERIFY2(!cli.isEmpty(), "size --set failed");
        const Evaluation &e = *state.snapshot().evaluation;
        QCOMPARE(cli.value(QStringLiteral("params")).toObject().value(QStringLiteral("total")).toInteger(),
                 qint64(e.params.total));
        const QJsonObject inference = cli.value(QStringLiteral("memory")).toObject().value(QStringLiteral("inference")).toObject();
        QCOMPARE(inference.value(QStringLiteral("kv_cache_bytes")).toDouble(), e.inference.kvCacheBytes);
    }

    void slidersSnapWhereCoreSays()
    {
        DesignState state; // GPT-2 small: d_model 768, 12 heads
        DesignControls controls(&state);
        QObject::connect(&state, &DesignState::snapshotChanged, &controls, &DesignControls::showSnapshot);
        KnobControl *heads = controls.knob(QStringLiteral("n_heads"));
        heads->slider()->setValue(23); // lands on a divisor of 768
        QCOMPARE(state.config().nHeads, DesignEdits::snapped(ModelConfig{}, QStringLiteral("n_heads"), state.config().nHeads));
        QCOMPARE(768 % state.config().nHeads, 0);
    }

    void dffLockIsUndoable()
    {
        DesignState state;
        DesignControls controls(&state);
        QObject::connect(&state, &DesignState::snapshotChanged, &controls, &DesignControls::showSnapshot);
        state.replace(PresetLibrary::builtIn().find(QStringLiteral("llama-2-7b"))->config, QStringLiteral("preset"));
        QCOMPARE(state.config().dFf, 11008);

        controls.dffLock()->click();
        QVERIFY(state.locks().dFfFollowsWidth);
        QCOMPARE(state.config().dFf, 4 * 4096);
        QVERIFY(!controls.knob(QStringLiteral("d_ff"))->isEnabled());
        QCOMPARE(state.undoStack()->undoText(), QStringLiteral("Lock FFN width"));

        typeInto(controls.knob(QStringLiteral("d_model")), 2048);
        QCOMPARE(state.config().dFf, 4 * 2048);

        state.undoStack()->undo(); // the width
        state.undoStack()->undo(); // the lock
        QVERIFY(!state.locks().dFfFollowsWidth);
        QVERIFY(!controls.dffLock()->isChecked());
        QCOMPARE(state.config().dFf, 11008);
        QVERIFY(controls.knob(QStringLiteral("d_ff"))->isEnabled());

        state.undoStack()->redo();
        QVERIFY(controls.dffLock()->isChecked());
        QCOMPARE(state.config().dFf, 4 * 4096);
    }
};

QTEST_MAIN(TestDesignRules)
#include "tst_designrules.moc"
