#pragma once

#include <QString>

class QAbstractItemView;
class QAbstractItemModel;

namespace tx {

// Tables leave the window as tab-separated text, which spreadsheets and slide tools paste as
// cells: the header row, then one line per row (the selection only, when one is made).
class TableClipboard
{
public:
    // Header and every row of `model`, display text, tab-separated, '\n' after each line.
    static QString tsv(const QAbstractItemModel *model);
    // Adds "Copy Table as Text" to the view's context menu and Ctrl+C (copy) on it.
    static void install(QAbstractItemView *view);
    static void copy(const QAbstractItemView *view);
};

} // namespace tx
