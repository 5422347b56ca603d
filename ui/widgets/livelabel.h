#pragma once

#include <QTextLayout>
#include <QWidget>

#include <memory>

class QTextDocument;

namespace tx {

// Text that changes on every slider tick: a card's number, a verdict, a formula with the
// numbers filled in.
//
// A QLabel asks its parent layout to recompute on every setText(), and that request climbs to
// the main window: each tick re-laid out the whole window, measuring every word-wrapped label
// in it (bench_slider showed a third of a tick spent there). A LiveLabel only repaints itself.
// It asks for a new layout only when it needs other room than before: a single line wider than
// any shown so far, or a wrapped text whose height at the current width changed. A single line
// keeps the widest room it had while the text is live, so a number one digit shorter does not
// move the charts beside it.
//
// Plain text is laid out once per change with a QTextLayout, optionally drawing NumberFormat's
// "10^23" as a real superscript; rich text (paragraphs, bold) goes through a QTextDocument.
// A single line that does not fit is elided, with the whole text as tooltip. The text is not
// selectable as in a QLabel, so the context menu offers "Copy".
class LiveLabel : public QWidget
{
    Q_OBJECT
    Q_PROPERTY(QString text READ text WRITE setText)
public:
    explicit LiveLabel(QWidget *parent = nullptr);
    ~LiveLabel() override;

    QString text() const { return m_text; }
    // The text as a reader would copy it: rich text without its tags, superscripts as "^".
    QString plainText() const;
    void setText(const QString &text);

    Qt::TextFormat textFormat() const { return m_format; }
    void setTextFormat(Qt::TextFormat format); // Qt::PlainText or Qt::RichText
    // Plain text only: "10^23" is drawn as 10 with a raised 23 (the text keeps the caret). On
    // by default: NumberFormat writes powers of ten that way in values and notes alike.
    void setSuperscriptPowers(bool on);
    bool wordWrap() const { return m_wrap; }
    void setWordWrap(bool on);
    Qt::Alignment alignment() const { return m_alignment; }
    void setAlignment(Qt::Alignment alignment);
    // Height kept for at least this many lines, so a card keeps its size when its detail
    // line wraps to one line fewer.
    void setMinimumLines(int lines);
    // Wrapped text normally reports height-for-width. With this on it does not: it keeps the
    // tallest room its text has needed at its current width instead (growing, never shrinking
    // while live). For labels in the main window's own layout: Qt measures height-for-width
    // items at their narrowest width for the window's minimum size, so one paragraph there
    // would make the window thousands of pixels tall.
    void setKeepsRoom(bool on);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    bool hasHeightForWidth() const override;
    int heightForWidth(int width) const override;

protected:
    bool event(QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;
    void changeEvent(QEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;

private:
    struct Measure
    {
        int width = 0;  // widest line
        int height = 0; // all lines
    };
    // Lays the text out at this width (wrapping if word wrap is on) and measures it. Cached
    // for the last text and width: setText() measures, paintEvent() draws the same layout.
    Measure measure(int width) const;
    QTextDocument *richDocument() const;
    void textChanged();
    void growRoom(int width);
    int reservedHeight() const; // the minimum lines' height
    void resetRoom();

    QString m_text;
    Qt::TextFormat m_format = Qt::PlainText;
    bool m_powers = true;
    bool m_wrap = false;
    Qt::Alignment m_alignment = Qt::AlignLeft | Qt::AlignVCenter;
    int m_minimumLines = 1;
    bool m_keepsRoom = false;

    // Room granted by the last layout request: the widest single line and, for wrapped text,
    // the height at the width it was measured for.
    int m_roomWidth = 0;
    int m_roomHeight = 0;
    int m_roomForWidth = -1;

    mutable QTextLayout m_layout;
    mutable std::unique_ptr<QTextDocument> m_document;
    mutable bool m_dirty = true;
    mutable int m_measuredFor = -2;
    mutable Measure m_measured;
    bool m_elided = false;
};

} // namespace tx
