#include "ui/widgets/summarycard.h"

#include "ui/widgets/livelabel.h"

#include <QKeyEvent>
#include <QLabel>
#include <QVBoxLayout>

namespace tx {

SummaryCard::SummaryCard(const QString &figureKey, const QString &title, QWidget *parent)
    : QFrame(parent)
    , m_key(figureKey)
    , m_title(new QLabel(title, this))
    , m_value(new LiveLabel(this))
    , m_detail(new LiveLabel(this))
{
    setObjectName(QStringLiteral("card"));
    setFrameShape(QFrame::StyledPanel);
    setFocusPolicy(Qt::StrongFocus);
    setCursor(Qt::PointingHandCursor);
    setAccessibleName(title);
    QFont big = m_value->font();
    big.setPointSizeF(big.pointSizeF() * 1.6);
    big.setBold(true);
    m_value->setFont(big);
    m_value->setObjectName(QStringLiteral("value"));
    m_detail->setObjectName(QStringLiteral("detail"));
    m_detail->setWordWrap(true);
    m_detail->setKeepsRoom(true);
    m_detail->setMinimumLines(3);
    applyMutedPalette();
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(10, 6, 10, 6);
    layout->setSpacing(2);
    layout->addWidget(m_title);
    layout->addWidget(m_value);
    layout->addWidget(m_detail);
    layout->addStretch(1);
    setMinimumWidth(150);
    // A card keeps its size while its numbers change: a new number repaints the card, not
    // the window (LiveLabel asks for a layout only when a text needs more room than it has).
    m_title->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    m_value->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    m_detail->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    m_detail->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    // At least as tall as its text, and as tall as the tallest card of its row, so that a row
    // of cards is one even band (the "Fits on" card's serving line takes five lines).
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Minimum);
}

void SummaryCard::show(const QString &value, const QString &detail, const QString &tooltip)
{
    m_value->setText(value);
    m_detail->setText(detail);
    setToolTip(tooltip);
}

void SummaryCard::setTitle(const QString &title)
{
    m_title->setText(title);
    setAccessibleName(title);
}

void SummaryCard::applyMutedPalette()
{
    QPalette muted = palette();
    muted.setColor(QPalette::WindowText, muted.color(QPalette::PlaceholderText));
    m_title->setPalette(muted);
    m_detail->setPalette(muted);
}

void SummaryCard::changeEvent(QEvent *event)
{
    QFrame::changeEvent(event);
    // Light/dark switch: the grey of the title and detail follows the new palette.
    if (event->type() == QEvent::PaletteChange)
        applyMutedPalette();
}

void SummaryCard::mousePressEvent(QMouseEvent *event)
{
    QFrame::mousePressEvent(event);
    emit selected(m_key);
}

void SummaryCard::keyPressEvent(QKeyEvent *event)
{
    if (event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter || event->key() == Qt::Key_Space) {
        emit selected(m_key);
        return;
    }
    QFrame::keyPressEvent(event);
}

} // namespace tx
