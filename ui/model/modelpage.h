#pragma once

#include "core/base/error.h"
#include "core/modelfile/modelinspection.h"

#include <QWidget>

#include <memory>

class QLabel;
class QLineEdit;
class QSortFilterProxyModel;
class QStandardItem;
class QStandardItemModel;
class QTreeView;

namespace tx {

class ModelLoader;

// The Model page: what an opened checkpoint holds, read from its headers. A title line, the
// totals (parameters, stored elements, tensor-data and file bytes, bits per weight, tensors per
// format), the tensor tree by group (embeddings, each layer's attention / MLP / experts / norms,
// head) with a bits-per-weight bar per group and a search box, and the reconciliation of the
// design's count with the file.
class ModelPage : public QWidget
{
    Q_OBJECT
public:
    explicit ModelPage(QWidget *parent = nullptr);

    // Reads `path` off the UI thread; emits opened() or failed() when done.
    void open(const QString &path);
    void showInspection(std::shared_ptr<const ModelInspection> inspection);
    const ModelInspection *inspection() const { return m_inspection.get(); }

    QTreeView *tree() const { return m_tree; }
    // The tree's rows: groups, then their tensors (columns: name, shape, format, parameters,
    // bytes, bits per weight with the value in Qt::UserRole). The view shows it through a
    // filter that keeps the tensors whose name holds the search text, and their groups.
    QStandardItemModel *treeModel() const { return m_model; }
    QSortFilterProxyModel *filteredModel() const { return m_filtered; }
    QLineEdit *search() const { return m_search; }
    QLabel *totals() const { return m_totals; }
    QLabel *reconciliation() const { return m_reconciliation; }
    QLabel *title() const { return m_title; }

    // Shows only tensors whose name contains `text` (and their groups); empty shows all.
    void filter(const QString &text);

signals:
    void opened(std::shared_ptr<const tx::ModelInspection> inspection);
    void failed(const tx::Error &error);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void fillTree();
    QList<QStandardItem *> groupRow(const QString &name, int tensors, std::int64_t params, std::int64_t bytes);

    ModelLoader *m_loader;
    std::shared_ptr<const ModelInspection> m_inspection;
    QLabel *m_title;
    QLabel *m_totals;
    QLineEdit *m_search;
    QStandardItemModel *m_model;
    QSortFilterProxyModel *m_filtered;
    QTreeView *m_tree;
    QLabel *m_reconciliation;
};

} // namespace tx
