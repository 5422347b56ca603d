#pragma once

#include "core/estimate/designsnapshot.h"

#include <QWidget>

class QComboBox;
class QLabel;

namespace tx {

class SnapshotSource;

class LiveLabel;

// Presentation mode's "current number": the knob under discussion and its value in very large
// type, with the parameter count it leads to. The teacher picks the knob here (or a lesson
// step does); every other knob is locked.
class ReadoutBar : public QWidget
{
    Q_OBJECT
public:
    // Follows `source` (when given) through a SnapshotFeed: draws each snapshot while shown.
    explicit ReadoutBar(SnapshotSource *source = nullptr, QWidget *parent = nullptr);

    // Design-file keys of the knobs a class can discuss, in menu order.
    static QStringList fields();

    QString field() const { return m_field; }
    void setField(const QString &field);
    void showSnapshot(const DesignSnapshot &snapshot);

    LiveLabel *valueLabel() const { return m_value; }
    LiveLabel *detailLabel() const { return m_detail; }

signals:
    void fieldChosen(const QString &field);

protected:
    void changeEvent(QEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    void retranslate();
    void refresh();

    QLabel *m_prompt;
    QComboBox *m_choice;
    LiveLabel *m_value;
    LiveLabel *m_detail;
    QString m_field = QStringLiteral("d_model");
    DesignSnapshot m_snapshot;
};

} // namespace tx
