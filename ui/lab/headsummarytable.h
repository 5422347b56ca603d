#pragma once

#include "core/nn/headscore.h"

#include <QTableWidget>

#include <vector>

namespace tx {

// The attention view's Head summary: one row per head (layer, head, entropy in bits, the share
// it gives the previous and the first token), in the window's language.
class HeadSummaryTable : public QTableWidget
{
    Q_OBJECT
public:
    explicit HeadSummaryTable(QWidget *parent = nullptr);

    // Fills the rows; returns the note naming the strongest previous- and first-token heads
    // (empty when there are no heads).
    QString showScores(const std::vector<HeadScore> &heads);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
};

} // namespace tx
