#include "ui/pages/productpanel.h"

#include "ui/snapshot/snapshotfeed.h"

#include "core/base/numberformat.h"
#include "ui/widgets/livelabel.h"

#include <QEvent>
#include <QLabel>
#include <QVBoxLayout>

namespace tx {

ProductPanel::ProductPanel(SnapshotSource *source, QWidget *parent)
    : QWidget(parent)
    , m_heading(new QLabel(this))
    , m_body(new LiveLabel(this))
{
    setObjectName(QStringLiteral("product"));
    QFont big = m_heading->font();
    big.setPointSizeF(big.pointSizeF() * 1.5);
    big.setBold(true);
    m_heading->setFont(big);
    m_body->setWordWrap(true);
    m_body->setKeepsRoom(true);
    m_body->setTextFormat(Qt::RichText);
    m_body->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_body->setObjectName(QStringLiteral("productBody"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(12, 12, 12, 12);
    layout->addWidget(m_heading);
    layout->addWidget(m_body, 1);
    refresh();
    SnapshotFeed::follow(source, this);
}

QString ProductPanel::meaning(const QString &field)
{
    if (field == QLatin1String("d_model"))
        return tr("Thinking bandwidth");
    if (field == QLatin1String("n_layers"))
        return tr("Depth of thought");
    if (field == QLatin1String("n_heads"))
        return tr("Size of the expert team");
    if (field == QLatin1String("params"))
        return tr("Capability ceiling and cost");
    return {};
}

void ProductPanel::showSnapshot(const DesignSnapshot &snapshot)
{
    m_snapshot = snapshot;
    refresh();
}

void ProductPanel::refresh()
{
    m_heading->setText(tr("What does this buy me?"));
    const ModelConfig &c = m_snapshot.config;
    const auto row = [](const QString &product, const QString &technical, const QString &value, const QString &why) {
        return QStringLiteral("<p><b>%1</b> — %2 = <b>%3</b><br>%4</p>")
            .arg(product.toHtmlEscaped(), technical.toHtmlEscaped(), value.toHtmlEscaped(), why.toHtmlEscaped());
    };
    QString html;
    html += row(meaning(QStringLiteral("d_model")), tr("hidden size (d_model)"), NumberFormat::exact(c.dModel),
                tr("How many numbers describe each token. Wider models grasp finer distinctions; "
                   "every layer's weights grow with the square of the width (about 12·d² per layer)."));
    html += row(meaning(QStringLiteral("n_layers")), tr("layers"), NumberFormat::exact(c.nLayers),
                tr("How many times each token is reconsidered. Deeper models can chain more steps of "
                   "reasoning; weights, memory and time grow in proportion."));
    html += row(meaning(QStringLiteral("n_heads")), tr("attention heads"), NumberFormat::exact(c.nHeads),
                tr("How many specialists look at the text in parallel, each %1 numbers wide. More heads "
                   "split the same width into more, narrower views: no extra parameters.")
                    .arg(c.effectiveHeadDim()));
    const QString params = m_snapshot.params ? NumberFormat::count(double(m_snapshot.params->total)) : tr("—");
    html += row(meaning(QStringLiteral("params")), tr("parameters"), params,
                tr("What the model can learn at most, and what it costs: memory to hold it, compute per "
                   "token, and the data needed to fill it (about 20 tokens per parameter)."));
    m_body->setText(html);
}

void ProductPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        refresh();
    QWidget::changeEvent(event);
}

} // namespace tx
