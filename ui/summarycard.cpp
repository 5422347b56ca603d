#include "summarycard.h"

#include "superscript.h"

#include <QKeyEvent>
#include <QLabel>
#include <QVBoxLayout>

namespace tx {

SummaryCard::SummaryCard(const QString &figureKey, const QString &title, QWidget *parent)
    : QFrame(parent)
    , m_key(figureKey)
    , m_title(new QLabel(title, this))
    , m_value(new QLabel(this))
    , m_detail(new QLabel(this))
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
    m_value->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_detail->setWordWrap(true);
    applyMutedPalette();
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(10, 6, 10, 6);
    layout->setSpacing(2);
    layout->addWidget(m_title);
    layout->addWidget(m_value);
    layout->addWidget(m_detail);
    layout->addStretch(1);
    setMinimumWidth(150);
    // A card never changes size with its text: a new number repaints the card, not the
    // window (the charts below would otherwise move and repaint on every slider tick).
    for (QLabel *label : {m_title, m_value, m_detail})
        label->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    m_title->setFixedHeight(m_title->fontMetrics().height());
    m_value->setFixedHeight(QFontMetrics(big).height() + 4);
    m_detail->setFixedHeight(3 * m_detail->fontMetrics().lineSpacing() + 2);
    m_detail->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
}

void SummaryCard::show(const QString &value, const QString &detail, const QString &tooltip)
{
    // Rich text (a QTextDocument per label) only where a power of ten needs a superscript;
    // plain text is several times cheaper to lay out on every slider tick.
    const auto put = [](QLabel *label, const QString &text) {
        const bool power = text.contains(QLatin1Char('^'));
        const QString shown = power ? Superscript::html(text) : text;
        const Qt::TextFormat format = power ? Qt::RichText : Qt::PlainText;
        if (label->textFormat() != format)
            label->setTextFormat(format);
        if (label->text() != shown)
            label->setText(shown);
    };
    put(m_value, value);
    put(m_detail, detail);
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
