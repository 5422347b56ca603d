#include "ui/widgets/tableclipboard.h"

#include <QAbstractItemView>
#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QCoreApplication>
#include <QItemSelectionModel>
#include <QStringList>

#include <set>

namespace tx {

namespace {

// Tabs and line breaks inside a cell would split it; spreadsheets take spaces instead.
QString cell(QString text)
{
    return text.replace(QLatin1Char('\t'), QLatin1Char(' ')).replace(QLatin1Char('\n'), QLatin1Char(' '));
}

QString tsvRows(const QAbstractItemModel *model, const std::set<int> *onlyRows)
{
    QString out;
    QStringList header;
    for (int c = 0; c < model->columnCount(); ++c)
        header << cell(model->headerData(c, Qt::Horizontal, Qt::DisplayRole).toString());
    out += header.join(QLatin1Char('\t')) + QLatin1Char('\n');
    for (int r = 0; r < model->rowCount(); ++r) {
        if (onlyRows && !onlyRows->count(r))
            continue;
        QStringList line;
        for (int c = 0; c < model->columnCount(); ++c)
            line << cell(model->index(r, c).data(Qt::DisplayRole).toString());
        out += line.join(QLatin1Char('\t')) + QLatin1Char('\n');
    }
    return out;
}

} // namespace

QString TableClipboard::tsv(const QAbstractItemModel *model)
{
    return model ? tsvRows(model, nullptr) : QString();
}

void TableClipboard::copy(const QAbstractItemView *view)
{
    if (!view->model())
        return;
    std::set<int> rows;
    if (view->selectionModel())
        for (const QModelIndex &i : view->selectionModel()->selectedIndexes())
            rows.insert(i.row());
    QGuiApplication::clipboard()->setText(tsvRows(view->model(), rows.empty() ? nullptr : &rows));
}

void TableClipboard::install(QAbstractItemView *view)
{
    auto *action = new QAction(QCoreApplication::translate("tx::TableClipboard", "Copy Table as Text"), view);
    action->setShortcut(QKeySequence::Copy);
    action->setShortcutContext(Qt::WidgetShortcut);
    QObject::connect(action, &QAction::triggered, view, [view] { copy(view); });
    view->addAction(action);
    view->setContextMenuPolicy(Qt::ActionsContextMenu);
}

} // namespace tx
