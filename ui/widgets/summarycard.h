#pragma once

#include <QFrame>

class QLabel;

namespace tx {

class LiveLabel;

// One headline number: a title, the value in large type and a detail line.
// Clicking it (or Enter when focused) selects its figure for "Show the work".
class SummaryCard : public QFrame
{
    Q_OBJECT
public:
    SummaryCard(const QString &figureKey, const QString &title, QWidget *parent = nullptr);

    void show(const QString &value, const QString &detail, const QString &tooltip = {});
    void setTitle(const QString &title);
    QLabel *titleLabel() const { return m_title; }
    QString figureKey() const { return m_key; }
    LiveLabel *valueLabel() const { return m_value; }
    LiveLabel *detailLabel() const { return m_detail; }

signals:
    void selected(const QString &figureKey);

protected:
    void mousePressEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void applyMutedPalette();

    QString m_key;
    QLabel *m_title;
    LiveLabel *m_value;
    LiveLabel *m_detail;
};

} // namespace tx
