#pragma once

#include "designsnapshot.h"
#include "figure.h"

#include <QWidget>

#include <vector>

class QListWidget;
class QTextBrowser;

namespace tx {

// "Show the work": for the selected figure, its formula, the formula with this design's
// numbers put in, and where the formula comes from. The figures come from core's explain();
// parameter counts are explained from the breakdown tree.
class ShowWorkView : public QWidget
{
    Q_OBJECT
public:
    explicit ShowWorkView(QWidget *parent = nullptr);

    void showSnapshot(const DesignSnapshot &snapshot);
    // Selects a figure by key ("memory.inference.kv_cache_bytes"); false if unknown.
    bool selectFigure(const QString &key);

    QString selectedKey() const { return m_selected; }
    QTextBrowser *details() const { return m_details; }

    // A figure's value in words with its unit: "13.5 GB", "1.20 × 10^23 FLOP", "3.2 days".
    static QString formatValue(const Figure &figure);
    // The parameter counts as figures: params.total, params.active, params.non_embedding.
    static std::vector<Figure> paramFigures(const DesignSnapshot &snapshot);

protected:
    void showEvent(QShowEvent *event) override;

private:
    void refresh();
    void showDetails();

    QListWidget *m_list;
    QTextBrowser *m_details;
    DesignSnapshot m_snapshot;
    std::vector<Figure> m_figures;
    QString m_selected = QStringLiteral("params.total");
    QString m_html; // what m_details shows, to skip identical re-layouts
    bool m_dirty = true;
};

} // namespace tx
