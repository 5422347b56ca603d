#include "ui/model/modelpage.h"

#include "core/base/numberformat.h"
#include "ui/model/bitsbardelegate.h"
#include "ui/model/modelloader.h"

#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QStandardItemModel>
#include <QTreeView>
#include <QVBoxLayout>

#include <map>
#include <tuple>

namespace tx {

namespace {

enum Column { Name, Shape, Format, Params, Bytes, Bits, ColumnCount };

// The search matches this role, which only tensors carry: groups stay when a tensor in them does.
constexpr int kSearchRole = Qt::UserRole + 1;

QString shapeText(const std::vector<std::int64_t> &shape)
{
    QStringList parts;
    for (std::int64_t s : shape)
        parts << QString::number(s);
    return QLatin1Char('[') + parts.join(QStringLiteral(", ")) + QLatin1Char(']');
}

double bitsPerWeight(std::int64_t params, std::int64_t bytes)
{
    return params > 0 ? 8.0 * double(bytes) / double(params) : 0.0;
}

} // namespace

ModelPage::ModelPage(QWidget *parent)
    : QWidget(parent)
    , m_loader(new ModelLoader(this))
    , m_title(new QLabel)
    , m_totals(new QLabel)
    , m_search(new QLineEdit)
    , m_model(new QStandardItemModel(0, ColumnCount, this))
    , m_filtered(new QSortFilterProxyModel(this))
    , m_tree(new QTreeView)
    , m_reconciliation(new QLabel)
{
    setObjectName(QStringLiteral("modelPage"));
    m_title->setObjectName(QStringLiteral("modelTitle"));
    m_title->setWordWrap(true);
    QFont big = m_title->font();
    big.setPointSizeF(big.pointSizeF() * 1.25);
    big.setBold(true);
    m_title->setFont(big);
    m_totals->setObjectName(QStringLiteral("modelTotals"));
    m_totals->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_search->setObjectName(QStringLiteral("modelSearch"));
    m_search->setClearButtonEnabled(true);
    m_filtered->setSourceModel(m_model);
    m_filtered->setRecursiveFilteringEnabled(true);
    m_filtered->setFilterRole(kSearchRole);
    m_filtered->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_tree->setObjectName(QStringLiteral("modelTree"));
    m_tree->setModel(m_filtered);
    m_tree->setUniformRowHeights(true);
    m_tree->setAlternatingRowColors(true);
    m_tree->setItemDelegateForColumn(Bits, new BitsBarDelegate(m_tree));
    m_tree->header()->setStretchLastSection(false);
    m_tree->header()->setSectionResizeMode(Name, QHeaderView::Stretch);
    m_reconciliation->setObjectName(QStringLiteral("modelReconciliation"));
    m_reconciliation->setWordWrap(true);
    m_reconciliation->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_title);
    layout->addWidget(m_totals);
    layout->addWidget(m_reconciliation);
    layout->addWidget(m_search);
    layout->addWidget(m_tree, 1);

    connect(m_search, &QLineEdit::textChanged, this, &ModelPage::filter);
    connect(m_loader, &ModelLoader::loaded, this, [this](std::shared_ptr<const ModelInspection> in) {
        showInspection(in);
        emit opened(in);
    });
    connect(m_loader, &ModelLoader::failed, this, [this](const Error &e) {
        m_title->setText(e.toString());
        emit failed(e);
    });
    retranslate();
}

void ModelPage::open(const QString &path)
{
    m_title->setText(tr("Reading the headers of %1…").arg(path));
    m_loader->load(path);
}

void ModelPage::showInspection(std::shared_ptr<const ModelInspection> inspection)
{
    m_inspection = std::move(inspection);
    retranslate();
}

void ModelPage::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void ModelPage::retranslate()
{
    m_search->setPlaceholderText(tr("Search tensors by name"));
    m_model->setHorizontalHeaderLabels({tr("Group / tensor"), tr("Shape"), tr("Format"), tr("Parameters"), tr("Bytes"),
                                        tr("Bits per weight")});
    if (!m_inspection) {
        m_title->setText(tr("No model open. File ▸ Open model… reads a .safetensors or .gguf file, a sharded "
                            "folder or a Hugging Face cache folder from its headers; or drop one onto the window."));
        m_totals->clear();
        m_reconciliation->clear();
        m_model->removeRows(0, m_model->rowCount());
        return;
    }
    const ModelFile &f = m_inspection->file;
    const QString files = f.files.size() == 1 ? tr("1 file") : tr("%1 files").arg(f.files.size());
    m_title->setText(tr("%1 — %2, %3, %4 tensors").arg(f.path, toString(f.format), files).arg(f.tensors.size()));
    QStringList types;
    for (const auto &[dtype, n] : f.typeCounts())
        types << QStringLiteral("%1 × %2").arg(dtype).arg(n);
    QString totals = QStringLiteral("<table cellspacing=\"2\">");
    auto row = [&totals](const QString &label, const QString &value) {
        totals += QStringLiteral("<tr><td>%1</td><td style=\"padding-left:12px\"><b>%2</b></td></tr>")
                      .arg(label.toHtmlEscaped(), value.toHtmlEscaped());
    };
    row(tr("Parameters (logical)"), tr("%1 (%2)").arg(NumberFormat::exact(f.params()), NumberFormat::count(double(f.params()))));
    row(tr("Stored elements"), NumberFormat::exact(f.storedElements()));
    row(tr("Tensor data"), tr("%1 bytes (%2)").arg(NumberFormat::exact(f.tensorDataBytes()),
                                                  NumberFormat::bytes(double(f.tensorDataBytes()))));
    if (f.scaleBytes() > 0)
        row(tr("of which scales"), tr("%1 bytes").arg(NumberFormat::exact(f.scaleBytes())));
    row(tr("Files"), tr("%1 bytes (%2; %3)").arg(NumberFormat::exact(f.fileBytes()), NumberFormat::bytes(double(f.fileBytes())),
                                                 NumberFormat::unitNote()));
    row(tr("Bits per weight"), QString::number(f.bitsPerWeight(), 'f', 2));
    row(tr("Tensors per format"), types.join(QStringLiteral(", ")));
    totals += QStringLiteral("</table>");
    m_totals->setText(totals);

    QString rec;
    if (!m_inspection->design) {
        rec = tr("No design recognised: no config.json the importer reads, no GGUF architecture, no known tensor names.");
    } else {
        const ModelDesign &d = *m_inspection->design;
        const QString source = d.source == ModelDesign::Source::ConfigJson ? tr("config.json")
            : d.source == ModelDesign::Source::GgufMetadata                 ? tr("GGUF metadata")
                                                                            : tr("tensor names and shapes");
        rec = tr("Design from %1").arg(source);
        if (m_inspection->designCount)
            rec += tr(": %1 parameters").arg(NumberFormat::exact(m_inspection->designCount->total));
        for (const QString &note : d.notes)
            rec += QStringLiteral("<br>") + tr("Note: %1").arg(note).toHtmlEscaped();
        if (m_inspection->reconciliation) {
            const auto &mismatches = m_inspection->reconciliation->mismatches();
            if (mismatches.empty())
                rec += QStringLiteral("<br>") + tr("Every group matches the design.");
            for (const Mismatch &m : mismatches)
                rec += QStringLiteral("<br><span style=\"color:#c0392b\"><b>%1</b>: %2</span>")
                           .arg(m.group.toHtmlEscaped(), m.explanation.toHtmlEscaped());
        }
    }
    m_reconciliation->setText(rec);
    fillTree();
}

QList<QStandardItem *> ModelPage::groupRow(const QString &name, int tensors, std::int64_t params, std::int64_t bytes)
{
    QList<QStandardItem *> row;
    for (int c = 0; c < ColumnCount; ++c) {
        auto *item = new QStandardItem;
        item->setEditable(false);
        row << item;
    }
    row[Name]->setText(tensors == 1 ? tr("%1 (1 tensor)").arg(name) : tr("%1 (%2 tensors)").arg(name).arg(tensors));
    row[Params]->setText(NumberFormat::exact(params));
    row[Bytes]->setText(NumberFormat::exact(bytes));
    row[Bits]->setData(bitsPerWeight(params, bytes), Qt::UserRole);
    row[Params]->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    row[Bytes]->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return row;
}

void ModelPage::fillTree()
{
    m_model->removeRows(0, m_model->rowCount());
    const ModelFile &f = m_inspection->file;
    const TensorGroups &groups = m_inspection->groups;
    // Layer totals first (each layer, and all layers together), then the rows.
    std::map<int, std::tuple<int, std::int64_t, std::int64_t>> layers;
    std::tuple<int, std::int64_t, std::int64_t> all{0, 0, 0};
    for (const TensorGroup &g : groups.groups())
        if (g.layer >= 0) {
            auto &[n, p, b] = layers[g.layer];
            n += int(g.tensors.size());
            p += g.params;
            b += g.bytes;
            std::get<0>(all) += int(g.tensors.size());
            std::get<1>(all) += g.params;
            std::get<2>(all) += g.bytes;
        }
    QStandardItem *root = m_model->invisibleRootItem();
    QStandardItem *layersItem = nullptr;
    QStandardItem *layerItem = nullptr;
    int currentLayer = -1;
    for (const TensorGroup &g : groups.groups()) {
        QStandardItem *parent = root;
        QString name = g.key;
        if (g.layer >= 0) {
            if (!layersItem) {
                QList<QStandardItem *> row = groupRow(tr("layers ×%1").arg(groups.layerCount()), std::get<0>(all),
                                                      std::get<1>(all), std::get<2>(all));
                root->appendRow(row);
                layersItem = row.first();
            }
            if (g.layer != currentLayer) {
                const auto &[n, p, b] = layers[g.layer];
                QList<QStandardItem *> row = groupRow(tr("layer %1").arg(g.layer), n, p, b);
                layersItem->appendRow(row);
                layerItem = row.first();
                currentLayer = g.layer;
            }
            parent = layerItem;
            name = toString(g.kind);
        }
        QList<QStandardItem *> row = groupRow(name, int(g.tensors.size()), g.params, g.bytes);
        for (int i : g.tensors) {
            const TensorInfo &t = f.tensors[std::size_t(i)];
            QString format = t.dtype;
            if (t.packed)
                format += tr(" (MXFP4 blocks)");
            else if (t.role == TensorRole::Scale)
                format += tr(" (scales)");
            else if (t.role == TensorRole::Buffer)
                format += tr(" (buffer)");
            QList<QStandardItem *> child;
            for (const QString &text : {t.name, shapeText(t.shape), format, NumberFormat::exact(t.params), NumberFormat::exact(t.bytes),
                                        QString()}) {
                auto *item = new QStandardItem(text);
                item->setEditable(false);
                child << item;
            }
            child[Name]->setData(t.name, kSearchRole);
            child[Params]->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            child[Bytes]->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            child[Bits]->setData(bitsPerWeight(t.params, t.bytes), Qt::UserRole);
            row.first()->appendRow(child);
        }
        parent->appendRow(row);
    }
    for (int r = 0; r < m_filtered->rowCount(); ++r) {
        const QModelIndex index = m_filtered->index(r, 0);
        m_tree->setExpanded(index, m_filtered->rowCount(index) < 40);
    }
    for (int c = Shape; c < ColumnCount; ++c)
        m_tree->resizeColumnToContents(c);
}

void ModelPage::filter(const QString &text)
{
    m_filtered->setFilterFixedString(text);
    if (!text.isEmpty())
        m_tree->expandAll();
}

} // namespace tx
