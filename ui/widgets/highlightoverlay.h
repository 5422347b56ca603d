#pragma once

#include <QPointer>
#include <QWidget>

namespace tx {

// A thick rounded frame drawn over one widget to point at it ("look here") during a lesson.
// Transparent to the mouse; follows the target's size; one overlay at a time.
class HighlightOverlay : public QWidget
{
    Q_OBJECT
public:
    explicit HighlightOverlay(QWidget *parent = nullptr);

    // Frames `target` (nullptr hides the frame).
    void highlight(QWidget *target);
    QWidget *target() const { return m_target; }

protected:
    void paintEvent(QPaintEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QPointer<QWidget> m_target;
};

} // namespace tx
