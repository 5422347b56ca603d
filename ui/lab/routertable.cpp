#include "ui/lab/routertable.h"

#include <QHeaderView>

#include <map>

namespace tx {

RouterTable::RouterTable(QWidget *parent) : QTableWidget(parent)
{
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
}

void RouterTable::setRouting(const ForwardResult &r, const QStringList &tokenLabels)
{
    clear();
    m_layers.clear();
    for (std::size_t l = 0; l < r.routedExperts.size(); ++l)
        if (!r.routedExperts[l].empty())
            m_layers.push_back(int(l));
    const int T = int(r.tokens.size());
    setColumnCount(int(m_layers.size()));
    setRowCount(m_layers.empty() ? 0 : T + 1);
    if (m_layers.empty())
        return;
    QStringList columns, rows;
    for (int l : m_layers)
        columns << tr("Layer %1").arg(l + 1);
    for (int t = 0; t < T; ++t)
        rows << (t < tokenLabels.size() ? tokenLabels.at(t) : QString::number(t));
    rows << tr("load");
    setHorizontalHeaderLabels(columns);
    setVerticalHeaderLabels(rows);
    for (int c = 0; c < int(m_layers.size()); ++c) {
        const std::size_t l = std::size_t(m_layers[std::size_t(c)]);
        std::map<int, int> load; // expert → tokens routed to it
        for (int t = 0; t < T; ++t) {
            QStringList parts;
            for (int j = 0; j < r.topK; ++j) {
                const int e = r.routedExperts[l][std::size_t(t * r.topK + j)];
                ++load[e];
                parts << tr("E%1 %2").arg(e).arg(double(r.routedGates[l](t, j)), 0, 'f', 2);
            }
            setItem(t, c, new QTableWidgetItem(parts.join(QStringLiteral(" · "))));
        }
        QStringList loads;
        for (const auto &[e, n] : load)
            loads << tr("E%1: %2").arg(e).arg(n);
        setItem(T, c, new QTableWidgetItem(loads.join(QStringLiteral(", "))));
    }
}

} // namespace tx
