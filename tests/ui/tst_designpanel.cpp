// The design panel as a new user reads it: the preset list grouped by family and year, and the
// knobs that do not apply to the design disabled with the reason written beside them.
#include "ui/design/designcontrols.h"
#include "ui/design/designstate.h"
#include "ui/design/presetpicker.h"
#include "ui/shell/mainwindow.h"
#include "ui/widgets/knobcontrol.h"

#include <QComboBox>
#include <QLabel>
#include <QStandardItemModel>
#include <QtTest>

using namespace tx;

namespace {

// The rows the drop-down shows, headers marked with "# ".
QStringList rows(const QComboBox *combo)
{
    QStringList out;
    const auto *model = qobject_cast<const QStandardItemModel *>(combo->model());
    for (int i = 0; i < combo->count(); ++i) {
        const bool header = !(model->item(i)->flags() & Qt::ItemIsEnabled);
        out << (header ? QStringLiteral("# ") : QString()) + combo->itemText(i);
    }
    return out;
}

} // namespace

class TestDesignPanel : public QObject
{
    Q_OBJECT

private slots:
    // Families with the newest models first (2025: DeepSeek … Qwen by name, then 2024's, …),
    // each under a header with its years that cannot be chosen; in a family, newest first and
    // within a year smallest first. Years from each preset's "year" (presets/*.json).
    void presetsAreGroupedByFamilyAndYear()
    {
        MainWindow w;
        const PresetPicker *picker = w.controls()->presetPicker();
        const QStringList all = rows(picker);
        QStringList headers;
        for (const QString &r : all)
            if (r.startsWith(QStringLiteral("# ")))
                headers << r.mid(2);
        QCOMPARE(headers, (QStringList{
                              QStringLiteral("DeepSeek · 2024–2025"), QStringLiteral("Gemma · 2024–2025"),
                              QStringLiteral("GLM · 2025"), QStringLiteral("GPT · 2019–2025"),
                              QStringLiteral("Kimi · 2025"), QStringLiteral("Llama · 2023–2025"),
                              QStringLiteral("Mistral · 2023–2025"), QStringLiteral("Qwen · 2024–2025"),
                              QStringLiteral("OLMo · 2024"), QStringLiteral("Phi · 2023–2024"),
                              QStringLiteral("SmolLM · 2024"), QStringLiteral("Falcon · 2023"),
                              QStringLiteral("T5 · 2019–2021"), QStringLiteral("BERT · 2018–2019"),
                              QStringLiteral("Transformer · 2017")}));
        // The first rows as the list shows them: DeepSeek-R1 (2025) before DeepSeek-V3 (2024).
        QCOMPARE(all.mid(0, 4), (QStringList{QStringLiteral("Custom design"), QStringLiteral("# DeepSeek · 2024–2025"),
                                             QStringLiteral("DeepSeek-R1 (671 B parameters, 2025)"),
                                             QStringLiteral("DeepSeek-V3 (671 B parameters, 2024)")}));
        // Gemma: the 2025 Gemma 3 sizes from the smallest, then 2024's Gemma 1 and Gemma 2.
        const int gemma = int(all.indexOf(QStringLiteral("# Gemma · 2024–2025")));
        QCOMPARE(all.mid(gemma + 1, 8),
                 (QStringList{QStringLiteral("Gemma 3 1B (1.000 B parameters, 2025)"),
                              QStringLiteral("Gemma 3 4B (text) (3.88 B parameters, 2025)"),
                              QStringLiteral("Gemma 3 12B (text) (11.8 B parameters, 2025)"),
                              QStringLiteral("Gemma 3 27B (text) (27.0 B parameters, 2025)"),
                              QStringLiteral("Gemma-2B (2.51 B parameters, 2024)"),
                              QStringLiteral("Gemma 2 2B (2.61 B parameters, 2024)"),
                              QStringLiteral("Gemma 2 9B (9.24 B parameters, 2024)"),
                              QStringLiteral("Gemma 2 27B (27.2 B parameters, 2024)")}));
        // Every preset appears once, after one of the 15 headers.
        QCOMPARE(all.size(), 1 + 15 + 61);
    }

    // Choosing a row loads its preset; the picker then shows that row, not a header.
    void choosingAPresetUnderAHeader()
    {
        MainWindow w;
        PresetPicker *picker = w.controls()->presetPicker();
        const int index = picker->findData(QStringLiteral("gpt-oss-20b"));
        QVERIFY(index > 0);
        emit picker->activated(index);
        QCOMPARE(w.state()->config().name, QStringLiteral("gpt-oss-20b"));
        QCOMPARE(picker->currentIndex(), index);
        QCOMPARE(picker->currentText(), QStringLiteral("gpt-oss-20b (20.9 B parameters, 2025)"));
    }

    // Under MLA (DeepSeek-V3) the key/value heads and the QK-norm are disabled, and the reason
    // is written at the top of their groups, not only in a tooltip; without experts the MoE
    // group says what the greyed knobs need. A design where all apply shows no caption.
    void disabledKnobsShowTheirReason()
    {
        MainWindow w;
        w.show();
        QVERIFY(w.loadPreset(QStringLiteral("deepseek-v3")));
        DesignControls *ctl = w.controls();
        const QLabel *shape = ctl->reasonCaption(QStringLiteral("n_kv_heads"));
        QVERIFY(shape);
        QVERIFY(!shape->isHidden());
        QCOMPARE(shape->text(), QStringLiteral("Key/value heads — Not used by latent attention (MLA): its keys and "
                                               "values come from one shared latent."));
        const QLabel *attention = ctl->reasonCaption(QStringLiteral("qk_norm"));
        QCOMPARE(attention->text(),
                 QStringLiteral("Query/key norm — Not used by latent attention (MLA): its keys and values come from one "
                                "shared latent.\nEvery N-th layer global (0 = all slide) — Needs a sliding window first."));
        QVERIFY(!ctl->reasonCaption(QStringLiteral("moe_experts"))->isVisible());

        // gpt-oss lists each layer's attention, so "every N-th layer global" does not apply.
        QVERIFY(w.loadPreset(QStringLiteral("gpt-oss-20b")));
        QVERIFY(shape->isHidden());
        QCOMPARE(attention->text(),
                 QStringLiteral("Every N-th layer global (0 = all slide) — The design lists each layer's attention "
                                "(layer_types)."));

        // Llama-2-7B: no experts; the MLA ranks are hidden, so they are not listed.
        QVERIFY(w.loadPreset(QStringLiteral("llama-2-7b")));
        const QLabel *moe = ctl->reasonCaption(QStringLiteral("moe_top_k"));
        QVERIFY(moe->isVisible());
        QCOMPARE(moe->text(), QStringLiteral("Experts per token, Expert width (0 = d_ff), Shared experts, Dense first "
                                             "layers — Needs experts (set Experts above 1)."));
        QVERIFY(!attention->text().contains(QStringLiteral("Only for latent attention")));
    }
};

QTEST_MAIN(TestDesignPanel)
#include "tst_designpanel.moc"
