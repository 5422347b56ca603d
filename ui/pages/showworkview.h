#pragma once

#include "core/estimate/designsnapshot.h"
#include "core/estimate/figure.h"

#include <QWidget>

#include <vector>

class QListWidget;
class QLabel;
class QFontMetrics;

namespace tx {

class SnapshotSource;

class LiveLabel;

// "Show the work": for the selected figure, its formula, the formula with this design's
// numbers put in, and where the formula comes from. The figures come from core's explain();
// parameter counts are explained from the breakdown tree.
class ShowWorkView : public QWidget
{
    Q_OBJECT
public:
    // Follows `source` (when given) through a SnapshotFeed: draws each snapshot while shown.
    explicit ShowWorkView(SnapshotSource *source = nullptr, QWidget *parent = nullptr);

    void showSnapshot(const DesignSnapshot &snapshot);
    // Selects a figure by key ("memory.inference.kv_cache_bytes"); false if unknown.
    bool selectFigure(const QString &key);

    QString selectedKey() const { return m_selected; }
    // The working as a reader sees it: title, value, formula, substituted numbers, source.
    QString detailsText() const;

    // A figure's value in words with its unit: "13.5 GB", "1.20 × 10^23 FLOP", "3.2 days".
    static QString formatValue(const Figure &figure);
    // The view's smallest width: thirty-two digits of the window's font.
    static int minimumWidthForFont(const QFontMetrics &metrics);

protected:
    void showEvent(QShowEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void refresh();
    void showDetails();
    void retranslate();

    QListWidget *m_list;
    // Plain labels rather than a rich-text browser: re-laying out an HTML document on every
    // slider tick cost more than the whole evaluation.
    LiveLabel *m_title;
    LiveLabel *m_value;
    LiveLabel *m_formula;
    LiveLabel *m_substituted;
    LiveLabel *m_source;
    QLabel *m_formulaHeading;
    QLabel *m_substitutedHeading;
    QLabel *m_sourceHeading;
    DesignSnapshot m_snapshot;
    std::vector<Figure> m_figures;
    QString m_selected = QStringLiteral("params.total");
    bool m_dirty = true;
};

} // namespace tx
