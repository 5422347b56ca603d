#include "ui/charts/charttextobject.h"

#include "ui/charts/chartwriter.h"

#include <QChart>
#include <QPainter>

namespace tx {

ChartTextObject::ChartTextObject(std::map<ChartFactory::Kind, std::unique_ptr<QChart>> charts, const QSizeF &box,
                                 const QSizeF &layout, QObject *parent)
    : QObject(parent)
    , m_charts(std::move(charts))
    , m_box(box)
    , m_layout(layout)
{
}

ChartTextObject::~ChartTextObject() = default;

QSizeF ChartTextObject::intrinsicSize(QTextDocument *, int, const QTextFormat &)
{
    return m_box;
}

void ChartTextObject::drawObject(QPainter *painter, const QRectF &rect, QTextDocument *, int, const QTextFormat &format)
{
    // A paginated document draws every block that touches a page; a chart that sits on the
    // next page would leak into this one's margin (Qt Charts replaces the clip when it draws
    // series), so draw it only on the page that holds it.
    if (painter->hasClipping() && !painter->clipBoundingRect().adjusted(-2, -2, 2, 2).contains(rect))
        return;
    m_pending.push_back({ChartFactory::Kind(format.intProperty(kKindProperty)), rect});
}

void ChartTextObject::drawPending(QPainter *painter)
{
    for (const Pending &p : m_pending) {
        const auto it = m_charts.find(p.kind);
        if (it != m_charts.end())
            ChartWriter::paint(it->second.get(), painter, p.rect, m_layout);
    }
    m_pending.clear();
}

} // namespace tx
