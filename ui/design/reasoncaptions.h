#pragma once

#include <QHash>
#include <QList>
#include <QObject>
#include <QString>

class QLabel;
class QWidget;

namespace tx {

// The visible half of "disabled, with the reason": one small caption at the top of each group
// of the design panel naming the controls of that group that do not apply to the design and
// why ("Key/value heads, QK-norm: not used by latent attention (MLA) …"). The tooltips say it
// too; this is for the reader who does not hover.
class ReasonCaptions : public QObject
{
    Q_OBJECT
public:
    explicit ReasonCaptions(QObject *parent = nullptr);

    // Registers the control of `field` (labelled `label`) in `group`; the group's caption is
    // created on the first call.
    void add(QWidget *group, const QString &field, const QString &label, QWidget *control);
    // Sets every group's caption from the reasons of its fields (empty = the control applies).
    // Hidden controls are left out: they do not apply and are not shown.
    void update(const QHash<QString, QString> &reasons);
    // The caption of the group holding `field` (for tests), or nullptr.
    QLabel *caption(const QString &field) const;

private:
    struct Entry
    {
        QString field;
        QString label;
        QWidget *control = nullptr;
    };
    struct Group
    {
        QLabel *caption = nullptr;
        QList<Entry> entries;
    };
    QList<Group> m_groups;
    QHash<QWidget *, int> m_groupIndex;
    QHash<QString, int> m_fieldGroup;
};

} // namespace tx
