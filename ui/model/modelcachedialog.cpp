#include "ui/model/modelcachedialog.h"

#include "core/base/numberformat.h"

#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QHeaderView>
#include <QLabel>
#include <QPointer>
#include <QPushButton>
#include <QSettings>
#include <QTableWidget>
#include <QThread>
#include <QVBoxLayout>

namespace tx {

namespace {
const QString kFoldersKey = QStringLiteral("modelFolders");
}

ModelCacheDialog::ModelCacheDialog(QWidget *parent)
    : QDialog(parent)
    , m_table(new QTableWidget(0, 4))
    , m_status(new QLabel)
{
    setObjectName(QStringLiteral("modelCacheDialog"));
    setWindowTitle(tr("Models on this computer"));
    m_table->setHorizontalHeaderLabels({tr("Model"), tr("Format"), tr("Parameters"), tr("Size")});
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_table->verticalHeader()->hide();
    m_status->setWordWrap(true);

    auto *buttons = new QDialogButtonBox;
    QPushButton *open = buttons->addButton(tr("&Open"), QDialogButtonBox::AcceptRole);
    QPushButton *add = buttons->addButton(tr("&Add folder…"), QDialogButtonBox::ActionRole);
    QPushButton *refresh = buttons->addButton(tr("&Rescan"), QDialogButtonBox::ActionRole);
    buttons->addButton(QDialogButtonBox::Close);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_status);
    layout->addWidget(m_table, 1);
    layout->addWidget(buttons);
    resize(820, 480);

    auto openCurrent = [this] {
        const int row = m_table->currentRow();
        if (row < 0 || row >= int(m_models.size()) || m_models[std::size_t(row)].format.isEmpty())
            return;
        emit openRequested(m_models[std::size_t(row)].path);
        accept();
    };
    connect(open, &QPushButton::clicked, this, openCurrent);
    connect(m_table, &QTableWidget::cellDoubleClicked, this, openCurrent);
    connect(add, &QPushButton::clicked, this, [this] {
        const QString folder = QFileDialog::getExistingDirectory(this, tr("Add a folder of models"));
        if (!folder.isEmpty())
            addFolder(folder);
    });
    connect(refresh, &QPushButton::clicked, this, &ModelCacheDialog::rescan);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    rescan();
}

QStringList ModelCacheDialog::folders() const
{
    return QSettings().value(kFoldersKey).toStringList();
}

void ModelCacheDialog::addFolder(const QString &folder)
{
    QStringList list = folders();
    if (!list.contains(folder))
        list << folder;
    QSettings().setValue(kFoldersKey, list);
    rescan();
}

void ModelCacheDialog::rescan()
{
    const QString hub = ModelCache::hubFolder();
    const QStringList extra = folders();
    m_status->setText(tr("Reading the headers of the models in %1…").arg(hub));
    const int generation = ++m_generation;
    QPointer<ModelCacheDialog> self(this);
    QThread *thread = QThread::create([self, hub, extra, generation] {
        std::vector<CachedModel> models = ModelCache::scan(hub, extra);
        QMetaObject::invokeMethod(
            qApp,
            [self, models = std::move(models), generation] {
                if (self && generation == self->m_generation)
                    self->showModels(models);
            },
            Qt::QueuedConnection);
    });
    connect(thread, &QThread::finished, thread, &QObject::deleteLater);
    thread->start();
}

void ModelCacheDialog::showModels(const std::vector<CachedModel> &models)
{
    m_models = models;
    m_table->setRowCount(int(models.size()));
    for (int r = 0; r < int(models.size()); ++r) {
        const CachedModel &m = models[std::size_t(r)];
        auto cell = [this, r](int c, const QString &text, bool right = false) {
            auto *item = new QTableWidgetItem(text);
            if (right)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_table->setItem(r, c, item);
            return item;
        };
        cell(0, m.name)->setToolTip(m.error.isEmpty() ? m.path : m.error);
        cell(1, m.format.isEmpty() ? tr("unreadable") : m.format);
        cell(2, m.format.isEmpty() ? QString() : NumberFormat::exact(m.params), true);
        cell(3, m.format.isEmpty() ? QString() : NumberFormat::bytes(double(m.bytes)), true);
    }
    m_table->resizeColumnsToContents();
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    QStringList where{ModelCache::hubFolder()};
    where += folders();
    m_status->setText(tr("%1 models in %2 (%3; hover a name for its path or why it could not be read)")
                          .arg(models.size())
                          .arg(where.join(QStringLiteral(", ")), NumberFormat::unitNote()));
    emit scanned();
}

} // namespace tx
