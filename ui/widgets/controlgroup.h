#pragma once

#include <QWidget>

class QVBoxLayout;

namespace tx {

// A titled group of knobs on the design panel: the title, and below it a softly shaded panel
// with a thin rounded border, in the Fusion look of a QGroupBox.
//
// Drawn by hand because it is repainted under every knob that moves: Fusion paints a group
// box by scaling a frame pixmap over the whole box (on worker threads when the box is large),
// and bench_slider showed that repaint taking a sixth of a slider tick.
class ControlGroup : public QWidget
{
    Q_OBJECT
public:
    explicit ControlGroup(const QString &title, QWidget *parent = nullptr);

    QString title() const { return m_title; }
    void setTitle(const QString &title);
    QVBoxLayout *body() const { return m_body; }

protected:
    void paintEvent(QPaintEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    int titleHeight() const;
    void updateMargins();

    QString m_title;
    QVBoxLayout *m_body;
};

} // namespace tx
