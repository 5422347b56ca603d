#pragma once

#include "core/teach/architecturefigure.h"

#include <QWidget>

#include <optional>
#include <vector>

namespace tx {

// Draws an ArchitectureFigure: the embeddings, each kind of layer as one frame marked "× N"
// with its blocks in the order the data flows (norms where the placement puts them, ⊕ where the
// residual adds), then the head. Every block carries its shapes, its exact count and a bar of its
// share of the model; hovering one shows its formula. Text is large enough to read from the back
// of a classroom.
class ArchitectureDiagram : public QWidget
{
    Q_OBJECT
public:
    explicit ArchitectureDiagram(QWidget *parent = nullptr);

    void setFigure(const ArchitectureFigure &figure);
    void clear(const QString &message);
    const std::optional<ArchitectureFigure> &figure() const { return m_figure; }

    // Paints the whole diagram into `bounds` (the widget and the exports).
    void render(QPainter &painter, const QRectF &bounds) const;
    // Each drawn block with its rectangle (widget coordinates at the current width): hover, tests.
    struct Placed
    {
        QRectF rect;
        const ArchitectureBlock *block;
        int storedLayers;
    };
    std::vector<Placed> placedBlocks() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;

protected:
    void paintEvent(QPaintEvent *event) override;
    bool event(QEvent *event) override;

private:
    // Lays the figure out at `width`; the frames of the stacks and where each block goes.
    struct Layout
    {
        std::vector<Placed> blocks;
        struct Frame
        {
            QRectF rect;
            const ArchitectureStack *stack;
        };
        std::vector<Frame> frames;
        std::vector<QPointF> adds; // ⊕ residual adds
        double height = 0;
    };
    Layout layout(double width) const;
    void paintBlock(QPainter &p, const Placed &b) const;

    std::optional<ArchitectureFigure> m_figure;
    QString m_message;
};

} // namespace tx
