#include "ui/design/reasoncaptions.h"

#include <QLabel>
#include <QLayout>
#include <QStringList>
#include <QVBoxLayout>
#include <QWidget>

namespace tx {

ReasonCaptions::ReasonCaptions(QObject *parent)
    : QObject(parent)
{
}

void ReasonCaptions::add(QWidget *group, const QString &field, const QString &label, QWidget *control)
{
    auto it = m_groupIndex.find(group);
    if (it == m_groupIndex.end()) {
        auto *caption = new QLabel(group);
        caption->setObjectName(QStringLiteral("reason_caption"));
        caption->setWordWrap(true);
        caption->setTextFormat(Qt::PlainText);
        // Secondary text: smaller and in the palette's placeholder colour, so it reads as a note.
        QFont small = caption->font();
        small.setPointSizeF(small.pointSizeF() * 0.9);
        caption->setFont(small);
        caption->setForegroundRole(QPalette::PlaceholderText);
        caption->setVisible(false);
        if (auto *box = qobject_cast<QVBoxLayout *>(group->layout()))
            box->insertWidget(0, caption);
        else if (group->layout())
            group->layout()->addWidget(caption);
        m_groups.append(Group{caption, {}});
        it = m_groupIndex.insert(group, int(m_groups.size()) - 1);
    }
    m_groups[*it].entries.append(Entry{field, label, control});
    m_fieldGroup.insert(field, *it);
}

void ReasonCaptions::update(const QHash<QString, QString> &reasons)
{
    for (Group &g : m_groups) {
        // Fields with the same reason share one line: "A, B: reason".
        QStringList order;
        QHash<QString, QStringList> labels;
        for (const Entry &e : g.entries) {
            const QString reason = reasons.value(e.field);
            if (reason.isEmpty() || (e.control && e.control->isHidden()))
                continue;
            if (!labels.contains(reason))
                order << reason;
            QString name = e.label;
            name.remove(QLatin1Char('&'));
            labels[reason] << name;
        }
        QStringList lines;
        for (const QString &reason : order)
            lines << tr("%1 — %2").arg(labels.value(reason).join(QStringLiteral(", ")), reason);
        const QString text = lines.join(QLatin1Char('\n'));
        if (g.caption->text() != text)
            g.caption->setText(text);
        g.caption->setVisible(!text.isEmpty());
    }
}

QLabel *ReasonCaptions::caption(const QString &field) const
{
    const auto it = m_fieldGroup.find(field);
    return it == m_fieldGroup.end() ? nullptr : m_groups[*it].caption;
}

} // namespace tx
