#include "ui/pages/readoutbar.h"

#include "ui/snapshot/snapshotfeed.h"

#include "core/base/numberformat.h"
#include "core/design/designfile.h"
#include "core/report/componentnames.h"
#include "ui/widgets/livelabel.h"

#include <QComboBox>
#include <QEvent>
#include <QGridLayout>
#include <QJsonObject>
#include <QLabel>

namespace tx {

ReadoutBar::ReadoutBar(SnapshotSource *source, QWidget *parent)
    : QWidget(parent)
    , m_prompt(new QLabel(this))
    , m_choice(new QComboBox(this))
    , m_value(new LiveLabel(this))
    , m_detail(new LiveLabel(this))
{
    hide(); // presentation mode shows it
    setObjectName(QStringLiteral("readout"));
    m_value->setObjectName(QStringLiteral("readoutValue"));
    QFont big = m_value->font();
    big.setPointSizeF(big.pointSizeF() * 2.2);
    big.setBold(true);
    m_value->setFont(big);
    QFont medium = m_detail->font();
    medium.setPointSizeF(medium.pointSizeF() * 1.3);
    m_detail->setFont(medium);
    m_prompt->setBuddy(m_choice);
    // The detail may wrap: on a narrow projector the readout must not widen the window off screen.
    m_detail->setWordWrap(true);
    m_detail->setKeepsRoom(true);

    auto *grid = new QGridLayout(this);
    grid->setContentsMargins(8, 2, 8, 2);
    grid->setVerticalSpacing(0);
    grid->addWidget(m_prompt, 0, 0);
    grid->addWidget(m_choice, 0, 1);
    grid->addWidget(m_value, 0, 2, Qt::AlignVCenter);
    grid->addWidget(m_detail, 1, 0, 1, 3);
    grid->setColumnStretch(2, 1);

    retranslate();
    connect(m_choice, &QComboBox::activated, this, [this](int index) {
        setField(m_choice->itemData(index).toString());
        emit fieldChosen(m_field);
    });
    SnapshotFeed::follow(source, this);
}

QStringList ReadoutBar::fields()
{
    return {QStringLiteral("d_model"), QStringLiteral("n_layers"), QStringLiteral("n_heads"),
            QStringLiteral("n_kv_heads"), QStringLiteral("d_ff"), QStringLiteral("vocab_size"),
            QStringLiteral("max_positions"), QStringLiteral("embedding_dim"), QStringLiteral("moe_experts"),
            QStringLiteral("lora_rank")};
}

void ReadoutBar::setField(const QString &field)
{
    m_field = field;
    const int index = m_choice->findData(field);
    if (index >= 0)
        m_choice->setCurrentIndex(index);
    refresh();
}

void ReadoutBar::showSnapshot(const DesignSnapshot &snapshot)
{
    m_snapshot = snapshot;
    refresh();
}

void ReadoutBar::refresh()
{
    // Hidden outside presentation mode: skip the work on every slider step.
    if (isHidden())
        return;
    // The design file's view of the config gives every knob's value by its key.
    const QJsonValue v = DesignFile::toJson(m_snapshot.config).value(m_field);
    const QString value = v.isDouble() ? NumberFormat::exact(static_cast<std::int64_t>(v.toDouble())) : v.toVariant().toString();
    m_value->setText(tr("%1 = %2").arg(ComponentNames::field(m_field), value));
    if (m_snapshot.params)
        m_detail->setText(tr("→ %1 parameters (%2)")
                              .arg(NumberFormat::count(double(m_snapshot.params->total)),
                                   NumberFormat::exact(m_snapshot.params->total)));
    else
        m_detail->setText(m_snapshot.errors.empty() ? QString() : m_snapshot.errors.front().message);
}

void ReadoutBar::retranslate()
{
    m_prompt->setText(tr("&Discuss:"));
    m_choice->clear();
    for (const QString &f : fields())
        m_choice->addItem(ComponentNames::field(f), f);
    m_choice->setCurrentIndex(std::max(0, m_choice->findData(m_field)));
    refresh();
}

void ReadoutBar::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    refresh();
}

void ReadoutBar::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

} // namespace tx
