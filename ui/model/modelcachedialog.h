#pragma once

#include "core/modelfile/modelcache.h"

#include <QDialog>

#include <vector>

class QLabel;
class QTableWidget;

namespace tx {

// File ▸ Models on this computer: the Hugging Face cache and the folders the user added, each
// model with its format, parameters and size, read from headers off the UI thread. Opening one
// emits openRequested(path).
class ModelCacheDialog : public QDialog
{
    Q_OBJECT
public:
    explicit ModelCacheDialog(QWidget *parent = nullptr);

    QTableWidget *table() const { return m_table; }
    QLabel *status() const { return m_status; }
    // Scans again (the hub folder and the added folders).
    void rescan();
    void addFolder(const QString &folder);

signals:
    void openRequested(const QString &path);
    void scanned();

private:
    void showModels(const std::vector<CachedModel> &models);
    QStringList folders() const;

    QTableWidget *m_table;
    QLabel *m_status;
    std::vector<CachedModel> m_models;
    int m_generation = 0;
};

} // namespace tx
