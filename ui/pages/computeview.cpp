#include "ui/pages/computeview.h"

#include "ui/snapshot/snapshotfeed.h"

#include "ui/calibrate/calibrationdialog.h"

#include "core/base/numberformat.h"
#include "ui/charts/chartpanel.h"
#include "ui/charts/rooflinechart.h"
#include "ui/widgets/livelabel.h"

#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace tx {

namespace {
// Figure key and row title (translated in ComputeView's context, again on a language change).
const std::vector<std::pair<const char *, const char *>> &rowTitles()
{
    static const std::vector<std::pair<const char *, const char *>> rows = {
        {"compute.forward_flops_per_token", QT_TRANSLATE_NOOP("tx::ComputeView", "Compute per generated token")},
        {"compute.training_flops_per_token", QT_TRANSLATE_NOOP("tx::ComputeView", "Compute per training token")},
        {"compute.training_flops", QT_TRANSLATE_NOOP("tx::ComputeView", "Training compute")},
        {"compute.prefill_flops", QT_TRANSLATE_NOOP("tx::ComputeView", "Reading the prompt (all users)")},
        {"hardware.prefill_seconds", QT_TRANSLATE_NOOP("tx::ComputeView", "Time to read the prompt")},
        {"hardware.decode_tokens_per_s", QT_TRANSLATE_NOOP("tx::ComputeView", "Writing speed (all users)")},
        {"hardware.training_seconds", QT_TRANSLATE_NOOP("tx::ComputeView", "Training time")},
        {"cost.gpu_hours", QT_TRANSLATE_NOOP("tx::ComputeView", "Device-hours")},
        {"cost.money", QT_TRANSLATE_NOOP("tx::ComputeView", "Training cost")},
    };
    return rows;
}
} // namespace

ComputeView::ComputeView(SnapshotSource *source, QWidget *parent)
    : QWidget(parent)
    , m_roofline(new RooflineChart)
    , m_table(new QWidget(this))
    , m_check(new QPushButton(this))
{
    auto *grid = new QGridLayout(m_table);
    grid->setColumnStretch(1, 1);
    for (const auto &row : rowTitles())
        addRow(QLatin1String(row.first), tr(row.second));
    grid->setRowStretch(grid->rowCount(), 1);

    m_check->setObjectName(QStringLiteral("compute.check_machine"));
    m_check->setEnabled(false);
    connect(m_check, &QPushButton::clicked, this, &ComputeView::openCalibration);
    // The check sits above the figures: below them, a short window cut it off (the roofline's
    // readable minimum sets the page's height).
    auto *left = new QVBoxLayout;
    left->addWidget(m_check, 0, Qt::AlignLeft);
    left->addWidget(m_table, 1);

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    // The figures' values wrap, so the roofline keeps the width its log axes need.
    layout->addLayout(left, 2);
    layout->addWidget(new ChartPanel(m_roofline, this), 3);
    SnapshotFeed::follow(source, this);
    retranslate();
}

CalibrationDialog *ComputeView::openCalibration()
{
    if (!m_calibration) {
        m_calibration = new CalibrationDialog(m_config, this);
        m_calibration->setAttribute(Qt::WA_DeleteOnClose);
    }
    m_calibration->show();
    m_calibration->raise();
    return m_calibration;
}

void ComputeView::addRow(const QString &key, const QString &title)
{
    auto *grid = static_cast<QGridLayout *>(m_table->layout());
    const int row = grid->rowCount();
    auto *name = new QLabel(QStringLiteral("<a href=\"%1\">%2</a>").arg(key, title.toHtmlEscaped()), m_table);
    name->setToolTip(tr("Show how this is computed"));
    connect(name, &QLabel::linkActivated, this, &ComputeView::figureSelected);
    auto *value = new LiveLabel(m_table);
    value->setObjectName(key);
    QFont bold = value->font();
    bold.setBold(true);
    value->setFont(bold);
    // "181 days on 2× NVIDIA H100 SXM5 80GB" wraps rather than take the roofline's width. It
    // keeps its room rather than report height-for-width (see LiveLabel::setKeepsRoom).
    value->setWordWrap(true);
    value->setKeepsRoom(true);
    grid->addWidget(name, row, 0);
    grid->addWidget(value, row, 1);
    m_values.insert(key, value);
}

void ComputeView::retranslate()
{
    m_roofline->retranslate();
    m_check->setText(tr("Check against this computer…"));
    m_check->setToolTip(tr("Run the design (scaled down when needed) in the engine here and compare the time and "
                           "memory it takes with the estimate"));
    auto *grid = static_cast<QGridLayout *>(m_table->layout());
    for (int row = 0; row < grid->rowCount(); ++row) {
        auto *name = grid->itemAtPosition(row, 0) ? qobject_cast<QLabel *>(grid->itemAtPosition(row, 0)->widget()) : nullptr;
        auto *value = grid->itemAtPosition(row, 1) ? grid->itemAtPosition(row, 1)->widget() : nullptr;
        if (!name || !value)
            continue;
        for (const auto &r : rowTitles()) {
            if (value->objectName() == QLatin1String(r.first)) {
                name->setText(QStringLiteral("<a href=\"%1\">%2</a>").arg(value->objectName(), tr(r.second).toHtmlEscaped()));
                name->setToolTip(tr("Show how this is computed"));
            }
        }
    }
}

void ComputeView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void ComputeView::showSnapshot(const DesignSnapshot &s)
{
    m_config = s.config;
    m_check->setEnabled(s.valid());
    if (!s.evaluation) {
        for (LiveLabel *label : std::as_const(m_values))
            label->setText(tr("—"));
        return;
    }
    const Evaluation &e = *s.evaluation;
    const auto set = [this](const char *key, const QString &text) {
        m_values.value(QLatin1String(key))->setText(text);
    };
    set("compute.forward_flops_per_token", NumberFormat::flops(e.compute.forwardFlopsPerToken));
    set("compute.training_flops_per_token", NumberFormat::flops(e.compute.trainingFlopsPerToken));
    set("compute.training_flops", NumberFormat::flops(e.compute.trainingFlops));
    set("compute.prefill_flops", NumberFormat::flops(e.compute.prefillFlops));
    set("hardware.prefill_seconds", NumberFormat::duration(e.hardware.prefillSeconds));
    set("hardware.decode_tokens_per_s", tr("%1 tokens/s").arg(NumberFormat::count(e.hardware.decodeTokensPerSecond)));
    // Timed on the devices the training needs (Evaluation::hardware.trainingDevices), said beside the time.
    set("hardware.training_seconds", tr("%1 on %2× %3")
                                         .arg(NumberFormat::duration(e.hardware.trainingSeconds))
                                         .arg(e.hardware.trainingDevices)
                                         .arg(e.hardware.deviceName));
    set("cost.gpu_hours", NumberFormat::count(e.hardware.gpuHours));
    set("cost.money", NumberFormat::money(e.hardware.money));
    m_roofline->setEvaluation(e);
}

} // namespace tx
