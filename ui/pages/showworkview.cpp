#include "ui/pages/showworkview.h"

#include "ui/snapshot/snapshotfeed.h"

#include "core/base/numberformat.h"
#include "core/estimate/explainer.h"
#include "core/report/componentnames.h"
#include "core/report/paramfigures.h"
#include "ui/widgets/livelabel.h"

#include <QCoreApplication>
#include <QEvent>
#include <QFontDatabase>
#include <QVBoxLayout>
#include <QListWidget>
#include <QSignalBlocker>
#include <QLabel>
#include <QScrollArea>

namespace tx {

ShowWorkView::ShowWorkView(SnapshotSource *source, QWidget *parent)
    : QWidget(parent)
    , m_list(new QListWidget(this))
    , m_title(new LiveLabel)
    , m_value(new LiveLabel)
    , m_formula(new LiveLabel)
    , m_substituted(new LiveLabel)
    , m_source(new LiveLabel)
    , m_formulaHeading(new QLabel)
    , m_substitutedHeading(new QLabel)
    , m_sourceHeading(new QLabel)
{
    m_list->setObjectName(QStringLiteral("figures"));
    QFont titleFont = m_title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.4);
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    QFont valueFont = m_value->font();
    valueFont.setPointSizeF(valueFont.pointSizeF() * 1.2);
    valueFont.setBold(true);
    m_value->setFont(valueFont);
    const QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    m_formula->setFont(mono);
    m_substituted->setFont(mono);

    auto *panel = new QWidget;
    auto *column = new QVBoxLayout(panel);
    for (QLabel *heading : {m_formulaHeading, m_substitutedHeading, m_sourceHeading}) {
        QFont bold = heading->font();
        bold.setBold(true);
        heading->setFont(bold);
        // An unwrapped heading's width is the panel's minimum: "With this design's numbers"
        // (or a longer translation) made the panel wider than the dock and cut every line.
        heading->setWordWrap(true);
        heading->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    }
    retranslate();
    column->addWidget(m_title);
    column->addWidget(m_value);
    column->addWidget(m_formulaHeading);
    column->addWidget(m_formula);
    column->addWidget(m_substitutedHeading);
    column->addWidget(m_substituted);
    column->addWidget(m_sourceHeading);
    column->addWidget(m_source);
    column->addStretch(1);
    // LiveLabels: the value and the substituted numbers change on every slider tick; a QLabel
    // there would re-lay out the whole dock each time.
    for (LiveLabel *label : {m_title, m_value, m_formula, m_substituted, m_source}) {
        label->setWordWrap(true);
        label->setAlignment(Qt::AlignLeft | Qt::AlignTop);
        label->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    }
    auto *scroll = new QScrollArea(this);
    scroll->setWidget(panel);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setObjectName(QStringLiteral("work"));

    // Figure titles wrap at the list's width rather than run under a horizontal scroll bar.
    m_list->setWordWrap(true);
    m_list->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_list->setResizeMode(QListView::Adjust);
    // Narrow enough to leave the pages room at 1600 px, wide enough for a formula's terms and a
    // 13-digit count on one line each; the main window's layout otherwise squeezed the dock to
    // its smallest, about 140 px.
    // (Measured on digits: a CJK font's averageCharWidth() is that of its ideographs, twice as wide.)
    setMinimumWidth(minimumWidthForFont(fontMetrics()));

    // The dock is tall and narrow: the list above, the working below.
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_list, 1);
    layout->addWidget(scroll, 2);
    connect(m_list, &QListWidget::currentRowChanged, this, [this](int row) {
        if (row >= 0 && row < int(m_figures.size())) {
            m_selected = m_figures[size_t(row)].key;
            showDetails();
        }
    });
    SnapshotFeed::follow(source, this);
}

int ShowWorkView::minimumWidthForFont(const QFontMetrics &metrics)
{
    return metrics.horizontalAdvance(QStringLiteral("00000000")) * 4;
}

QString ShowWorkView::detailsText() const
{
    return QStringList{m_title->plainText(), m_value->plainText(), m_formula->plainText(), m_substituted->plainText(),
                       m_source->plainText()}
        .join(QLatin1Char('\n'));
}

QString ShowWorkView::formatValue(const Figure &f)
{
    const QString &u = f.unit;
    if (u == QLatin1String("bytes"))
        return NumberFormat::bytes(f.value) + QStringLiteral(" (") + NumberFormat::unitNote() + QLatin1Char(')');
    if (u == QLatin1String("FLOP"))
        return NumberFormat::flops(f.value);
    if (u == QLatin1String("FLOP/token"))
        return NumberFormat::flops(f.value) + tr(" per token");
    if (u == QLatin1String("s"))
        return NumberFormat::duration(f.value);
    if (u == QLatin1String("USD"))
        return NumberFormat::money(f.value);
    if (u == QLatin1String("params"))
        return tr("%1 (%2 parameters)").arg(NumberFormat::count(f.value), NumberFormat::exact(std::int64_t(f.value)));
    if (u == QLatin1String("tokens"))
        return tr("%1 tokens").arg(NumberFormat::count(f.value));
    return NumberFormat::scientific(f.value) + QLatin1Char(' ') + u;
}

void ShowWorkView::showSnapshot(const DesignSnapshot &snapshot)
{
    m_snapshot = snapshot;
    m_dirty = true;
    if (isVisible())
        refresh();
}

void ShowWorkView::retranslate()
{
    m_formulaHeading->setText(tr("Formula"));
    m_substitutedHeading->setText(tr("With this design's numbers"));
    m_sourceHeading->setText(tr("Source"));
}

void ShowWorkView::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        m_figures.clear(); // titles and formulas are translated text: rebuild them
        m_dirty = true;
        if (isVisible())
            refresh();
    }
}

void ShowWorkView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_dirty)
        refresh();
}

bool ShowWorkView::selectFigure(const QString &key)
{
    if (m_dirty)
        refresh();
    for (size_t i = 0; i < m_figures.size(); ++i) {
        if (m_figures[i].key == key) {
            m_list->setCurrentRow(int(i));
            m_selected = key;
            showDetails();
            return true;
        }
    }
    return false;
}

void ShowWorkView::refresh()
{
    m_dirty = false;
    // The list of figures rarely changes; explaining all of them on every slider tick would
    // format ~40 strings for one that is shown. Rebuild the list only when its titles change
    // (a different set of figures), and otherwise explain just the selected figure.
    std::vector<Figure> params = m_snapshot.params ? ParamFigures::of(*m_snapshot.params) : std::vector<Figure>{};
    const bool listKnown = !m_figures.empty() && m_snapshot.evaluation;
    if (listKnown) {
        for (Figure &f : params)
            for (Figure &known : m_figures)
                if (known.key == f.key)
                    known = f;
        if (!m_selected.startsWith(QLatin1String("params."))) {
            if (auto f = explain(m_selected, m_snapshot.config, m_snapshot.assumptions, *m_snapshot.evaluation)) {
                for (Figure &known : m_figures)
                    if (known.key == f->key)
                        known = *f;
            }
        }
    } else {
        m_figures = std::move(params);
        if (m_snapshot.evaluation) {
            for (Figure &f : explain(m_snapshot.config, m_snapshot.assumptions, *m_snapshot.evaluation))
                m_figures.push_back(std::move(f));
        }
        const QSignalBlocker block(m_list);
        m_list->clear();
        for (const Figure &f : m_figures)
            m_list->addItem(f.title);
    }
    {
        const QSignalBlocker block(m_list);
        for (size_t i = 0; i < m_figures.size(); ++i)
            if (m_figures[i].key == m_selected && m_list->currentRow() != int(i))
                m_list->setCurrentRow(int(i));
    }
    showDetails();
}

void ShowWorkView::showDetails()
{
    const Figure *f = nullptr;
    for (const Figure &candidate : m_figures)
        if (candidate.key == m_selected)
            f = &candidate;
    if (!f) {
        m_title->setText(m_snapshot.errors.empty() ? QString() : tr("The design is invalid"));
        m_value->setText(m_snapshot.errors.empty() ? QString() : m_snapshot.errors.front().toString());
        for (LiveLabel *label : {m_formula, m_substituted, m_source})
            label->setText(QString());
        return;
    }
    m_title->setText(f->title);
    m_value->setText(formatValue(*f));
    m_formula->setText(f->formula);
    m_substituted->setText(f->substituted);
    m_source->setText(f->source);
    m_source->setToolTip(f->key);
}

} // namespace tx
