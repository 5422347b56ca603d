#include "ui/pages/comparisonview.h"

#include "ui/snapshot/snapshotfeed.h"

#include "core/base/numberformat.h"
#include "ui/widgets/tableclipboard.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cmath>
#include <functional>

namespace tx {

namespace {

struct Row
{
    const char *title;
    std::function<double(const Evaluation &)> value;
    std::function<QString(double)> format;
};

const std::vector<Row> &rows()
{
    static const std::vector<Row> table = {
        {QT_TRANSLATE_NOOP("tx::ComparisonView", "Parameters"), [](const Evaluation &e) { return double(e.params.total); },
         [](double v) { return NumberFormat::count(v); }},
        {QT_TRANSLATE_NOOP("tx::ComparisonView", "Active per token"), [](const Evaluation &e) { return double(e.params.active); },
         [](double v) { return NumberFormat::count(v); }},
        {QT_TRANSLATE_NOOP("tx::ComparisonView", "Weights memory"), [](const Evaluation &e) { return e.inference.weightsBytes; },
         [](double v) { return NumberFormat::bytes(v); }},
        {QT_TRANSLATE_NOOP("tx::ComparisonView", "KV cache"), [](const Evaluation &e) { return e.inference.kvCacheBytes; },
         [](double v) { return NumberFormat::bytes(v); }},
        {QT_TRANSLATE_NOOP("tx::ComparisonView", "Memory to run"), [](const Evaluation &e) { return e.inference.totalBytes; },
         [](double v) { return NumberFormat::bytes(v); }},
        {QT_TRANSLATE_NOOP("tx::ComparisonView", "Memory to train"), [](const Evaluation &e) { return e.training.totalBytes; },
         [](double v) { return NumberFormat::bytes(v); }},
        {QT_TRANSLATE_NOOP("tx::ComparisonView", "Compute per token"),
         [](const Evaluation &e) { return e.compute.forwardFlopsPerToken; }, [](double v) { return NumberFormat::flops(v); }},
        {QT_TRANSLATE_NOOP("tx::ComparisonView", "Training compute"), [](const Evaluation &e) { return e.compute.trainingFlops; },
         [](double v) { return NumberFormat::flops(v); }},
        {QT_TRANSLATE_NOOP("tx::ComparisonView", "Writing speed (tokens/s)"),
         [](const Evaluation &e) { return e.hardware.decodeTokensPerSecond; }, [](double v) { return NumberFormat::count(v); }},
        {QT_TRANSLATE_NOOP("tx::ComparisonView", "Training time"), [](const Evaluation &e) { return e.hardware.trainingSeconds; },
         [](double v) { return NumberFormat::duration(v); }},
        {QT_TRANSLATE_NOOP("tx::ComparisonView", "Training cost"), [](const Evaluation &e) { return e.hardware.money; },
         [](double v) { return NumberFormat::money(v); }},
        {QT_TRANSLATE_NOOP("tx::ComparisonView", "Predicted loss (nats/token)"), [](const Evaluation &e) { return e.scaling.loss; },
         [](double v) { return QString::number(v, 'f', 3); }},
    };
    return table;
}

} // namespace

ComparisonView::ComparisonView(SnapshotSource *source, QWidget *parent)
    : QWidget(parent)
    , m_pinButton(new QPushButton(tr("&Pin this design as A"), this))
    , m_clearButton(new QPushButton(tr("&Clear pin"), this))
    , m_caption(new QLabel(this))
    , m_table(new QTableWidget(int(rows().size()), 4, this))
{
    m_table->setObjectName(QStringLiteral("comparison"));
    TableClipboard::install(m_table); // Ctrl+C and the context menu copy the table as text
    retranslate();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    for (int r = 0; r < m_table->rowCount(); ++r)
        for (int c = 0; c < m_table->columnCount(); ++c) {
            auto *item = new QTableWidgetItem;
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_table->setItem(r, c, item);
        }
    m_caption->setWordWrap(true);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_pinButton);
    buttons->addWidget(m_clearButton);
    buttons->addStretch(1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(buttons);
    layout->addWidget(m_caption);
    layout->addWidget(m_table, 1);
    connect(m_pinButton, &QPushButton::clicked, this, &ComparisonView::pin);
    connect(m_clearButton, &QPushButton::clicked, this, &ComparisonView::clearPin);
    refresh();
    SnapshotFeed::follow(source, this);
}

void ComparisonView::retranslate()
{
    m_pinButton->setText(tr("&Pin this design as A"));
    m_clearButton->setText(tr("&Clear pin"));
    m_table->setHorizontalHeaderLabels({tr("A (pinned)"), tr("B (editing)"), tr("Change"), tr("Change (%)")});
    QStringList titles;
    for (const Row &r : rows())
        titles << tr(r.title);
    m_table->setVerticalHeaderLabels(titles);
}

void ComparisonView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        refresh();
    }
    QWidget::changeEvent(event);
}

void ComparisonView::showSnapshot(const DesignSnapshot &snapshot)
{
    m_current = snapshot;
    refresh();
}

void ComparisonView::pin()
{
    pinSnapshot(m_current);
}

void ComparisonView::pinSnapshot(const DesignSnapshot &snapshot)
{
    if (!snapshot.valid())
        return;
    m_pinned = snapshot;
    refresh();
    emit pinnedChanged(&*m_pinned);
}

void ComparisonView::clearPin()
{
    m_pinned.reset();
    refresh();
    emit pinnedChanged(nullptr);
}

void ComparisonView::refresh()
{
    m_clearButton->setEnabled(m_pinned.has_value());
    m_pinButton->setEnabled(m_current.valid());
    const QString nameA = m_pinned ? (m_pinned->config.name.isEmpty() ? tr("custom design") : m_pinned->config.name) : QString();
    m_caption->setText(m_pinned ? tr("A: %1, pinned. B: the design you are editing; the charts show both.").arg(nameA)
                                : tr("Pin the current design as A, then change the knobs: B follows your edits and "
                                     "the table shows what changed."));
    const auto &table = rows();
    for (int r = 0; r < int(table.size()); ++r) {
        const Row &row = table[size_t(r)];
        const bool hasA = m_pinned && m_pinned->evaluation;
        const bool hasB = m_current.evaluation.has_value();
        const double a = hasA ? row.value(*m_pinned->evaluation) : 0;
        const double b = hasB ? row.value(*m_current.evaluation) : 0;
        m_table->item(r, 0)->setText(hasA ? row.format(a) : tr("—"));
        m_table->item(r, 1)->setText(hasB ? row.format(b) : tr("—"));
        QString delta = tr("—"), percent = tr("—");
        if (hasA && hasB) {
            const double d = b - a;
            delta = d == 0 ? tr("same") : (d > 0 ? QStringLiteral("+") : QStringLiteral("−")) + row.format(std::fabs(d));
            if (a != 0)
                percent = QStringLiteral("%1%2 %").arg(d >= 0 ? QStringLiteral("+") : QStringLiteral("−"))
                              .arg(std::fabs(100.0 * d / a), 0, 'f', 1);
        }
        m_table->item(r, 2)->setText(delta);
        m_table->item(r, 3)->setText(percent);
    }
}

} // namespace tx
