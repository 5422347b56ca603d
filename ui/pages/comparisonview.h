#pragma once

#include "core/estimate/designsnapshot.h"

#include <QWidget>

#include <optional>

class QLabel;
class QPushButton;
class QTableWidget;

namespace tx {

class SnapshotSource;

// Pin the current design as A, keep editing B: a table of A, B and the change for every
// headline figure. The pinned design is a frozen snapshot (its assumptions included).
class ComparisonView : public QWidget
{
    Q_OBJECT
public:
    // Follows `source` (when given) through a SnapshotFeed: draws each snapshot while shown.
    explicit ComparisonView(SnapshotSource *source = nullptr, QWidget *parent = nullptr);

    void showSnapshot(const DesignSnapshot &snapshot);
    void pin();
    // Pins `snapshot` (a design put back by crash recovery) instead of the current one.
    void pinSnapshot(const DesignSnapshot &snapshot);
    void clearPin();
    const DesignSnapshot *pinned() const { return m_pinned ? &*m_pinned : nullptr; }

    QTableWidget *table() const { return m_table; }

signals:
    // nullptr when the pin is cleared.
    void pinnedChanged(const tx::DesignSnapshot *pinned);


protected:
    void changeEvent(QEvent *event) override;

private:
    void refresh();
    void retranslate();

    QPushButton *m_pinButton;
    QPushButton *m_clearButton;
    QLabel *m_caption;
    QTableWidget *m_table;
    DesignSnapshot m_current;
    std::optional<DesignSnapshot> m_pinned;
};

} // namespace tx
