#include "ui/pages/memoryview.h"

#include "ui/snapshot/snapshotfeed.h"

#include "core/base/numberformat.h"
#include "ui/charts/chartpanel.h"
#include "ui/charts/memorychart.h"
#include "ui/widgets/livelabel.h"

#include <QEvent>
#include <QLabel>
#include <QVBoxLayout>

namespace tx {

MemoryView::MemoryView(SnapshotSource *source, QWidget *parent)
    : QWidget(parent)
    , m_chart(new MemoryChart)
    , m_note(new LiveLabel(this))
{
    m_note->setWordWrap(true);
    m_note->setKeepsRoom(true);
    // Two lines kept: a note one line shorter must not move the chart and redraw it whole.
    m_note->setMinimumLines(2);
    m_note->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(new ChartPanel(m_chart, this, ChartPanel::Edges::Straight), 1);
    layout->addWidget(m_note);
    SnapshotFeed::follow(source, this);
}

void MemoryView::showSnapshot(const DesignSnapshot &s)
{
    if (!s.evaluation)
        return;
    const Evaluation &e = *s.evaluation;
    m_chart->setEvaluation(e);
    m_note->setText(tr("Training bars are one full model replica before any sharding; spread over %1 device(s) "
                       "with ZeRO stage %2 and tensor parallel %3 each device holds %4. %5.")
                        .arg(s.assumptions.devices).arg(s.assumptions.zeroStage).arg(s.assumptions.tensorParallel)
                        .arg(NumberFormat::bytes(e.training.perDeviceBytes), NumberFormat::unitNote()));
}

void MemoryView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        m_chart->retranslate();
    QWidget::changeEvent(event);
}

void MemoryView::setPinned(const DesignSnapshot *pinned)
{
    m_chart->setPinned(pinned && pinned->evaluation ? &*pinned->evaluation : nullptr);
}

} // namespace tx
