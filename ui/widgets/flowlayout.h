#pragma once

#include <QLayout>
#include <QList>

namespace tx {

// Lays its items out left to right and starts a new row when the next one would not fit the
// width, like words in a paragraph; its height follows its width (heightForWidth). Items keep
// their size hints.
class FlowLayout : public QLayout
{
public:
    explicit FlowLayout(QWidget *parent = nullptr, int spacingPx = 2);
    ~FlowLayout() override;

    void addItem(QLayoutItem *item) override;
    int count() const override;
    QLayoutItem *itemAt(int index) const override;
    QLayoutItem *takeAt(int index) override;

    Qt::Orientations expandingDirections() const override { return {}; }
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;
    QSize minimumSize() const override;
    void setGeometry(const QRect &rect) override;

    // The number of rows at `width` (1 when everything fits one row).
    int rowCount(int width) const;

private:
    // Places the items in `rect` (only measures when `apply` is false); returns the height used
    // and the number of rows.
    int arrange(const QRect &rect, bool apply, int *rows = nullptr) const;

    QList<QLayoutItem *> m_items;
    int m_spacingPx;
};

} // namespace tx
