#include "ui/teach/insidepage.h"

#include "core/estimate/designsnapshot.h"
#include "core/teach/architecturefigure.h"
#include "ui/teach/architecturediagram.h"
#include "ui/teach/forwardstepview.h"
#include "ui/snapshot/snapshotfeed.h"
#include "ui/teach/layercomparisonview.h"
#include "ui/widgets/paintexporter.h"

#include <QEvent>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPainter>
#include <QPdfWriter>
#include <QPushButton>
#include <QScrollArea>
#include <QTabWidget>
#include <QVBoxLayout>

namespace tx {

InsidePage::InsidePage(SnapshotSource *source, QWidget *parent)
    : QWidget(parent)
    , m_tabs(new QTabWidget)
    , m_diagram(new ArchitectureDiagram)
    , m_forward(new ForwardStepView)
    , m_comparison(new LayerComparisonView)
    , m_hint(new QLabel)
    , m_export(new QPushButton)
{
    setObjectName(QStringLiteral("insidePage"));
    m_tabs->setObjectName(QStringLiteral("insideTabs"));
    m_hint->setWordWrap(true); // one long line would widen the page and push the page bar into a third row
    auto *diagramPage = new QWidget;
    auto *bar = new QHBoxLayout;
    bar->addWidget(m_hint, 1);
    bar->addWidget(m_export);
    auto *scroll = new QScrollArea;
    scroll->setWidget(m_diagram);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto *v = new QVBoxLayout(diagramPage);
    v->setContentsMargins(0, 4, 0, 0);
    v->addLayout(bar);
    v->addWidget(scroll, 1);
    m_tabs->addTab(diagramPage, QString());
    // In a scroll area like the others, so the page never asks the window for more height than a
    // 1000-px screen has (the Chinese labels wrap taller).
    auto *forwardScroll = new QScrollArea;
    forwardScroll->setWidget(m_forward);
    forwardScroll->setWidgetResizable(true);
    forwardScroll->setFrameShape(QFrame::NoFrame);
    m_tabs->addTab(forwardScroll, QString());
    auto *comparisonScroll = new QScrollArea;
    comparisonScroll->setWidget(m_comparison);
    comparisonScroll->setWidgetResizable(true);
    m_tabs->addTab(comparisonScroll, QString());
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_tabs);

    connect(m_export, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Export diagram"), QStringLiteral("architecture.png"),
                                                          tr("PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)"));
        if (path.isEmpty())
            return;
        if (const QString error = exportDiagram(path); !error.isEmpty())
            QMessageBox::warning(this, tr("Export diagram"), error);
    });
    retranslate();
    SnapshotFeed::follow(source, this);
}

void InsidePage::retranslate()
{
    m_tabs->setTabText(0, tr("Architecture"));
    m_tabs->setTabText(1, tr("One forward pass"));
    m_tabs->setTabText(2, tr("From y = Wx + b"));
    m_hint->setText(tr("The current design, drawn from its exact counts: it follows every change. Hover a block for its formula."));
    m_export->setText(tr("Export…"));
}

void InsidePage::showSnapshot(const DesignSnapshot &snapshot)
{
    m_forward->setDesign(snapshot.config);
    m_comparison->setDesign(snapshot.config);
    const auto figure = ArchitectureFigure::build(snapshot.config);
    if (figure)
        m_diagram->setFigure(*figure);
    else
        m_diagram->clear(figure.error().toString());
}

QString InsidePage::exportDiagram(const QString &path) const
{
    const int width = 1000;
    const QSize size(width, m_diagram->heightForWidth(width));
    const auto paint = [this](QPainter &p, const QRectF &b) { m_diagram->render(p, b); };
    if (path.endsWith(QLatin1String(".pdf"), Qt::CaseInsensitive)) {
        QPdfWriter pdf(path);
        pdf.setTitle(tr("Architecture"));
        pdf.setResolution(96);
        pdf.setPageSize(QPageSize(QSizeF(size.width() * 25.4 / 96 + 20, size.height() * 25.4 / 96 + 20), QPageSize::Millimeter));
        QPainter p;
        if (!p.begin(&pdf))
            return tr("%1: cannot write the PDF").arg(path);
        paint(p, QRectF(QPointF(0, 0), QSizeF(size)));
        return {};
    }
    if (auto error = PaintExporter::save(paint, size, path, tr("Architecture")))
        return error->toString();
    return {};
}

void InsidePage::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

} // namespace tx
