#include "charttextobject.h"

#include "chartwriter.h"

#include <QChart>

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
    const auto it = m_charts.find(ChartFactory::Kind(format.intProperty(kKindProperty)));
    if (it != m_charts.end())
        ChartWriter::paint(it->second.get(), painter, rect, m_layout);
}

} // namespace tx
