#pragma once

#include "core/estimate/designsnapshot.h"

#include <QHash>
#include <QWidget>

namespace tx {

class SnapshotSource;

class SummaryCard;

// The headline numbers of the design, one card each. Shows a snapshot; computes nothing.
class SummaryCards : public QWidget
{
    Q_OBJECT
public:
    // Follows `source` (when given) through a SnapshotFeed: draws each snapshot while shown.
    explicit SummaryCards(SnapshotSource *source = nullptr, QWidget *parent = nullptr);

    void showSnapshot(const DesignSnapshot &snapshot);
    // The card of a figure key ("params.total"), or nullptr.
    SummaryCard *card(const QString &key) const { return m_cards.value(key); }

signals:
    void figureSelected(const QString &figureKey);

protected:
    void changeEvent(QEvent *event) override;

private:
    SummaryCard *addCard(const QString &key, const QString &title, int row, int column);

    QHash<QString, SummaryCard *> m_cards;
};

} // namespace tx
