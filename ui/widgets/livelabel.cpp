#include "ui/widgets/livelabel.h"

#include <QAbstractTextDocumentLayout>
#include <QClipboard>
#include <QContextMenuEvent>
#include <QGuiApplication>
#include <QHelpEvent>
#include <QMenu>
#include <QPainter>
#include <QRegularExpression>
#include <QTextBlock>
#include <QTextDocument>
#include <QToolTip>

#include <cmath>

namespace tx {

namespace {
// Wider than any screen: the width a text is measured at when it is not to be wrapped.
constexpr int kUnbounded = 1 << 20;
} // namespace

LiveLabel::LiveLabel(QWidget *parent)
    : QWidget(parent)
{
    m_layout.setCacheEnabled(true);
}

LiveLabel::~LiveLabel() = default;

void LiveLabel::setText(const QString &text)
{
    if (text == m_text)
        return;
    m_text = text;
    m_dirty = true;
    update();
    textChanged();
}

void LiveLabel::textChanged()
{
    // Ask for a new layout only when the room granted last time no longer fits the text.
    const int lines = reservedHeight();
    if (m_wrap && m_keepsRoom) {
        growRoom(contentsRect().width());
        return;
    }
    if (m_wrap) {
        const int width = contentsRect().width();
        if (width <= 0 || !isVisible()) {
            m_roomForWidth = -1; // not laid out yet: the layout measures when it is
            updateGeometry();
            return;
        }
        const int height = std::max(measure(width).height, lines);
        if (width != m_roomForWidth || height != m_roomHeight) {
            m_roomForWidth = width;
            m_roomHeight = height;
            updateGeometry();
        }
        return;
    }
    const Measure m = measure(kUnbounded);
    const bool widthMatters = sizePolicy().horizontalPolicy() != QSizePolicy::Ignored;
    const int width = widthMatters ? m.width : 0;
    const int height = std::max(m.height, lines);
    if (width > m_roomWidth || height > m_roomHeight) {
        m_roomWidth = std::max(m_roomWidth, width);
        m_roomHeight = std::max(m_roomHeight, height);
        updateGeometry();
    }
}

int LiveLabel::reservedHeight() const
{
    return m_minimumLines * fontMetrics().lineSpacing();
}

void LiveLabel::growRoom(int width)
{
    if (width <= 0 || !isVisible())
        return; // measured when painted
    const int height = std::max(measure(width).height, reservedHeight());
    if (height > m_roomHeight) {
        m_roomHeight = height;
        updateGeometry();
    }
}

QString LiveLabel::plainText() const
{
    if (m_format != Qt::RichText)
        return m_text;
    // A superscript is written back as "^": copying "10<sup>23</sup>" must not give "1023".
    QString out;
    QTextDocument *doc = richDocument();
    for (QTextBlock block = doc->begin(); block.isValid(); block = block.next()) {
        if (block != doc->begin())
            out += QLatin1Char('\n');
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            const QTextFragment fragment = it.fragment();
            if (fragment.charFormat().verticalAlignment() == QTextCharFormat::AlignSuperScript)
                out += QLatin1Char('^');
            out += fragment.text();
        }
    }
    out.replace(QChar::LineSeparator, QLatin1Char('\n'));
    out.replace(QChar::Nbsp, QLatin1Char(' '));
    return out;
}

void LiveLabel::setTextFormat(Qt::TextFormat format)
{
    const Qt::TextFormat f = format == Qt::RichText ? Qt::RichText : Qt::PlainText;
    if (f == m_format)
        return;
    m_format = f;
    resetRoom();
}

void LiveLabel::setSuperscriptPowers(bool on)
{
    if (on == m_powers)
        return;
    m_powers = on;
    resetRoom();
}

void LiveLabel::setWordWrap(bool on)
{
    if (on == m_wrap)
        return;
    m_wrap = on;
    resetRoom();
}

void LiveLabel::setAlignment(Qt::Alignment alignment)
{
    m_alignment = alignment;
    m_dirty = true;
    update();
}

void LiveLabel::setKeepsRoom(bool on)
{
    if (on == m_keepsRoom)
        return;
    m_keepsRoom = on;
    resetRoom();
}

void LiveLabel::setMinimumLines(int lines)
{
    m_minimumLines = std::max(1, lines);
    resetRoom();
}

void LiveLabel::resetRoom()
{
    m_roomWidth = 0;
    m_roomHeight = 0;
    m_roomForWidth = -1;
    m_dirty = true;
    updateGeometry();
    update();
}

QTextDocument *LiveLabel::richDocument() const
{
    if (!m_document) {
        m_document = std::make_unique<QTextDocument>();
        m_document->setDocumentMargin(0);
        m_document->setUndoRedoEnabled(false);
    }
    if (m_dirty) {
        m_document->setDefaultFont(font());
        QTextOption option(m_alignment & Qt::AlignHorizontal_Mask);
        option.setWrapMode(m_wrap ? QTextOption::WrapAtWordBoundaryOrAnywhere : QTextOption::NoWrap);
        m_document->setDefaultTextOption(option);
        m_document->setHtml(m_text);
        m_dirty = false;
        m_measuredFor = -2;
    }
    return m_document.get();
}

LiveLabel::Measure LiveLabel::measure(int width) const
{
    width = std::max(1, width);
    if (m_format == Qt::RichText) {
        QTextDocument *doc = richDocument();
        if (width != m_measuredFor) {
            doc->setTextWidth(m_wrap ? width : -1);
            m_measured = {int(std::ceil(doc->idealWidth())), int(std::ceil(doc->size().height()))};
            m_measuredFor = width;
        }
        return m_measured;
    }
    if (m_dirty) {
        QString shown = m_text;
        shown.replace(QLatin1Char('\n'), QChar::LineSeparator);
        QList<QTextLayout::FormatRange> formats;
        if (m_powers) {
            // "10^23": drop the caret, raise the exponent.
            static const QRegularExpression power(QStringLiteral("\\^(-?\\d+)"));
            QRegularExpressionMatch match;
            qsizetype from = 0;
            while ((match = power.match(shown, from)).hasMatch()) {
                const qsizetype at = match.capturedStart();
                shown.remove(at, 1);
                QTextLayout::FormatRange range;
                range.start = int(at);
                range.length = int(match.capturedLength(1));
                range.format.setVerticalAlignment(QTextCharFormat::AlignSuperScript);
                formats.append(range);
                from = at + range.length;
            }
        }
        m_layout.setText(shown);
        m_layout.setFont(font());
        m_layout.setFormats(formats);
        // A single line is placed by paintEvent() (it is measured at an unbounded width).
        QTextOption option(m_wrap ? (m_alignment & Qt::AlignHorizontal_Mask) : Qt::AlignLeft);
        option.setWrapMode(m_wrap ? QTextOption::WrapAtWordBoundaryOrAnywhere : QTextOption::NoWrap);
        m_layout.setTextOption(option);
        m_dirty = false;
        m_measuredFor = -2;
    }
    if (width != m_measuredFor) {
        qreal y = 0;
        qreal widest = 0;
        m_layout.beginLayout();
        for (QTextLine line = m_layout.createLine(); line.isValid(); line = m_layout.createLine()) {
            line.setLineWidth(width);
            line.setPosition(QPointF(0, y));
            y += line.height();
            widest = std::max(widest, line.naturalTextWidth());
        }
        m_layout.endLayout();
        m_measured = {int(std::ceil(widest)), int(std::ceil(y))};
        m_measuredFor = width;
    }
    return m_measured;
}

QSize LiveLabel::sizeHint() const
{
    const QMargins m = contentsMargins();
    const int extraW = m.left() + m.right();
    if (m_wrap) {
        // A paragraph's width is the layout's to choose; this is only a starting point.
        const int width = fontMetrics().averageCharWidth() * 40;
        if (m_keepsRoom)
            return {width + extraW,
                    std::max(m_roomHeight, reservedHeight()) + m.top() + m.bottom()};
        return {width + extraW, heightForWidth(width + extraW)};
    }
    const Measure measured = measure(kUnbounded);
    const int width = std::max(m_roomWidth, measured.width);
    const int height = std::max({m_roomHeight, measured.height, reservedHeight()});
    return {width + extraW, height + m.top() + m.bottom()};
}

QSize LiveLabel::minimumSizeHint() const
{
    const QMargins m = contentsMargins();
    if (m_wrap && m_keepsRoom)
        return {fontMetrics().averageCharWidth() * 10 + m.left() + m.right(), sizeHint().height()};
    if (m_wrap) {
        // The height at the width a layout grants comes from heightForWidth(). Measured at this
        // narrow minimum width, a paragraph would be hundreds of lines tall and the main window
        // would take that as its minimum height.
        return {fontMetrics().averageCharWidth() * 10 + m.left() + m.right(),
                reservedHeight() + m.top() + m.bottom()};
    }
    // A single line needs its whole width, as a QLabel; it is elided only where a layout
    // ignores that (the cards' Ignored width policy).
    return sizeHint();
}

bool LiveLabel::hasHeightForWidth() const
{
    return m_wrap && !m_keepsRoom;
}

int LiveLabel::heightForWidth(int width) const
{
    if (!hasHeightForWidth())
        return QWidget::heightForWidth(width);
    const QMargins m = contentsMargins();
    const int inner = std::max(1, width - m.left() - m.right());
    return std::max(measure(inner).height, reservedHeight()) + m.top() + m.bottom();
}

bool LiveLabel::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip && m_elided && toolTip().isEmpty()) {
        QToolTip::showText(static_cast<QHelpEvent *>(event)->globalPos(), plainText(), this);
        return true;
    }
    return QWidget::event(event);
}

void LiveLabel::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    const QRect r = contentsRect();
    const QColor color = palette().color(foregroundRole());
    const Measure size = measure(m_wrap ? r.width() : kUnbounded);
    m_elided = !m_wrap && size.width > r.width();
    if (m_wrap && m_keepsRoom && std::max(size.height, reservedHeight()) > m_roomHeight)
        growRoom(r.width()); // first shown, or made narrower: ask for the lines it needs

    QPointF origin = r.topLeft();
    if (m_alignment & Qt::AlignVCenter)
        origin.ry() += (r.height() - size.height) / 2;
    else if (m_alignment & Qt::AlignBottom)
        origin.ry() += r.height() - size.height;
    if (!m_wrap) {
        if (m_alignment & Qt::AlignRight)
            origin.rx() += r.width() - size.width;
        else if (m_alignment & Qt::AlignHCenter)
            origin.rx() += (r.width() - size.width) / 2;
    }

    if (m_format == Qt::RichText) {
        painter.setClipRect(r);
        painter.translate(origin);
        QAbstractTextDocumentLayout::PaintContext context;
        context.palette = palette();
        context.palette.setColor(QPalette::Text, color);
        context.clip = QRectF(r).translated(-origin);
        richDocument()->documentLayout()->draw(&painter, context);
        return;
    }
    painter.setPen(color);
    if (m_elided && m_layout.lineCount() == 1) {
        const QString shown = fontMetrics().elidedText(m_layout.text(), Qt::ElideRight, r.width());
        painter.drawText(r, int(m_alignment) | Qt::TextSingleLine, shown);
        return;
    }
    painter.setClipRect(r);
    m_layout.draw(&painter, origin);
}

void LiveLabel::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    switch (event->type()) {
    case QEvent::FontChange:
    case QEvent::StyleChange:
    case QEvent::LanguageChange: // translated text may be shorter: give the room back
        resetRoom();
        break;
    default:
        break;
    }
}

void LiveLabel::contextMenuEvent(QContextMenuEvent *event)
{
    if (m_text.isEmpty()) {
        QWidget::contextMenuEvent(event);
        return;
    }
    QMenu menu(this);
    QAction *copy = menu.addAction(tr("&Copy"));
    if (menu.exec(event->globalPos()) == copy)
        QGuiApplication::clipboard()->setText(plainText());
}

} // namespace tx
