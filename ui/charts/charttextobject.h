#pragma once

#include "ui/charts/chartfactory.h"

#include <QObject>
#include <QSizeF>
#include <QTextObjectInterface>

#include <map>
#include <vector>
#include <memory>

class QChart;

namespace tx {

// Keeps room for a chart inside a QTextDocument and draws it as vectors: on a QPdfWriter the
// chart's lines and text stay paths and text instead of a bitmap. A chart sits in the document
// as one object character whose format carries the chart kind (property kKindProperty).
// The layout only notes where each chart goes (drawObject); drawPending() paints them after
// the page's text, outside the layout's painter state, which Qt Charts would otherwise disturb.
class ChartTextObject : public QObject, public QTextObjectInterface
{
    Q_OBJECT
    Q_INTERFACES(QTextObjectInterface)
public:
    static constexpr int kObjectType = QTextFormat::UserObject + 1;
    static constexpr int kKindProperty = QTextFormat::UserProperty + 1;

    // `layout`: the logical size each chart is laid out at before it is scaled to its box.
    ChartTextObject(std::map<ChartFactory::Kind, std::unique_ptr<QChart>> charts, const QSizeF &box,
                    const QSizeF &layout, QObject *parent = nullptr);
    ~ChartTextObject() override;

    QSizeF intrinsicSize(QTextDocument *doc, int posInDocument, const QTextFormat &format) override;
    void drawObject(QPainter *painter, const QRectF &rect, QTextDocument *doc, int posInDocument,
                    const QTextFormat &format) override;

    // Paints the charts noted since the last call, in the painter's current coordinates.
    void drawPending(QPainter *painter);

private:
    struct Pending
    {
        ChartFactory::Kind kind;
        QRectF rect;
    };
    std::vector<Pending> m_pending;
    std::map<ChartFactory::Kind, std::unique_ptr<QChart>> m_charts;
    QSizeF m_box;
    QSizeF m_layout;
};

} // namespace tx
