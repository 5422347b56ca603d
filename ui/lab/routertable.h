#pragma once

#include "core/nn/forwardresult.h"

#include <QStringList>
#include <QTableWidget>

namespace tx {

// The router of a mixture of experts: one row per token, one column per sparse layer, each cell
// the experts the token went to with their gate weights ("E3 0.62 · E1 0.38", best first), and a
// last row with the load per expert over the text (tokens routed to it, counting every top-k slot).
class RouterTable : public QTableWidget
{
    Q_OBJECT
public:
    explicit RouterTable(QWidget *parent = nullptr);

    // Empty when the result has no routed layers.
    void setRouting(const ForwardResult &result, const QStringList &tokenLabels);
    // The sparse layers shown, in column order (0-based).
    const std::vector<int> &layers() const { return m_layers; }

private:
    std::vector<int> m_layers;
};

} // namespace tx
