#include "ui/charts/concurrencychart.h"

#include <QLineSeries>
#include <QPen>
#include <QValueAxis>

namespace tx {

ConcurrencyChart::ConcurrencyChart(QGraphicsItem *parent)
    : QChart(parent)
    , m_perUser(new QLineSeries(this))
    , m_total(new QLineSeries(this))
    , m_limit(new QLineSeries(this))
    , m_x(new QValueAxis(this))
    , m_perUserAxis(new QValueAxis(this))
    , m_totalAxis(new QValueAxis(this))
{
    QPen perUser(QColor(0x00, 0x72, 0xB2));
    perUser.setWidthF(3);
    m_perUser->setPen(perUser);
    QPen total(QColor(0x00, 0x9E, 0x73));
    total.setWidthF(3);
    m_total->setPen(total);
    QPen limit(QColor(0xD5, 0x5E, 0x00));
    limit.setWidthF(2.5);
    limit.setStyle(Qt::DashLine);
    m_limit->setPen(limit);
    addSeries(m_perUser);
    addSeries(m_total);
    addSeries(m_limit);
    for (QValueAxis *axis : {m_x, m_perUserAxis, m_totalAxis})
        axis->setLabelFormat(QStringLiteral("%g"));
    m_perUserAxis->setLinePenColor(perUser.color());
    m_totalAxis->setLinePenColor(total.color());
    m_totalAxis->setGridLineVisible(false);
    addAxis(m_x, Qt::AlignBottom);
    addAxis(m_perUserAxis, Qt::AlignLeft);
    addAxis(m_totalAxis, Qt::AlignRight);
    for (QLineSeries *s : {m_perUser, m_limit}) {
        s->attachAxis(m_x);
        s->attachAxis(m_perUserAxis);
    }
    m_total->attachAxis(m_x);
    m_total->attachAxis(m_totalAxis);
    legend()->setAlignment(Qt::AlignBottom);
    retranslate();
}

void ConcurrencyChart::retranslate()
{
    draw(ConcurrencyFigure::of(m_design ? &*m_design : nullptr));
}

void ConcurrencyChart::setDesign(const EvaluatedDesign &design)
{
    m_design = design;
    draw(ConcurrencyFigure::of(&design));
}

void ConcurrencyChart::draw(const ConcurrencyFigure &f)
{
    m_figure = f;
    if (title() != f.title)
        setTitle(f.title);
    m_x->setTitleText(f.xTitle);
    m_perUserAxis->setTitleText(f.perUserTitle);
    m_totalAxis->setTitleText(f.totalTitle);
    m_perUser->setName(f.perUserName);
    m_total->setName(f.totalName);
    m_limit->setName(f.limitName);
    if (m_perUser->points() != f.perUser)
        m_perUser->replace(f.perUser);
    if (m_total->points() != f.total)
        m_total->replace(f.total);
    if (m_limit->points() != f.limitLine)
        m_limit->replace(f.limitLine);
    m_x->setRange(0, f.xMax);
    m_perUserAxis->setRange(0, f.perUserMax);
    m_totalAxis->setRange(0, f.totalMax);
}

} // namespace tx
