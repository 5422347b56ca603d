#pragma once

#include <QWidget>

class QButtonGroup;
class QTabWidget;
class QToolButton;

namespace tx {

class FlowLayout;

// The row of page buttons above the pages, in place of a tab bar: every title is shown whole,
// in as many rows as the width needs (eleven pages beside two docks do not fit one row, and a
// tab bar would hide some behind scroll arrows). A title's "&" gives its Alt shortcut.
class PageBar : public QWidget
{
    Q_OBJECT
public:
    explicit PageBar(QWidget *parent = nullptr);

    // Stands in for the tab bar of `tabs`: hides it, adds one button per tab with its text, and
    // keeps the current page and the current button the same both ways.
    void mirror(QTabWidget *tabs);
    // Takes the tab texts again (after a language switch).
    void syncTexts();

    // Adds a page button at the end; returns its index.
    int addPage(const QString &title);
    void setPageText(int index, const QString &title);
    int count() const;
    int currentIndex() const;
    QToolButton *button(int index) const;
    // The rows the buttons take at the bar's current width.
    int rowCount() const;

public slots:
    void setCurrentIndex(int index);

signals:
    void currentChanged(int index);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    // The buttons' style sheet: its palette() colours are taken when it is applied.
    void applyStyle();

    FlowLayout *m_layout;
    QTabWidget *m_tabs = nullptr;
    QButtonGroup *m_group;
};

} // namespace tx
