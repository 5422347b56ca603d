#include "ui/whatif/whatifpage.h"

#include "ui/snapshot/snapshotfeed.h"

#include "core/base/numberformat.h"
#include "core/design/presetlibrary.h"
#include "core/estimate/hardwarecatalog.h"
#include "core/whatif/finetunememory.h"
#include "core/whatif/sizeguide.h"
#include "core/whatif/whatifformat.h"
#include "ui/whatif/partsbar.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QSplitter>
#include <QStackedWidget>
#include <QTableWidget>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace tx {

namespace {

const char *const kKinds[] = {"finetune", "factorise", "prune", "distil", "pipeline", "guide", "vocabulary"};

QDoubleSpinBox *doubleBox(double lo, double hi, double step, int decimals, double value)
{
    auto *b = new QDoubleSpinBox;
    b->setRange(lo, hi);
    b->setSingleStep(step);
    b->setDecimals(decimals);
    b->setValue(value);
    return b;
}

// Knob combos elide long entries so the knob column stays narrow; the popup shows them whole.
QComboBox *combo()
{
    auto *c = new QComboBox;
    c->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    c->setMinimumContentsLength(16);
    return c;
}

QSpinBox *intBox(int lo, int hi, int value)
{
    auto *b = new QSpinBox;
    b->setRange(lo, hi);
    b->setValue(value);
    return b;
}

} // namespace

WhatIfPage::WhatIfPage(SnapshotSource *source, QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("whatIfPage"));
    // The tables of a what-if are as tall as their rows: in a scroll area, a long one scrolls
    // the page instead of raising the window's minimum height past a 1000 px screen.
    auto *outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    m_scroll = new QScrollArea;
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    outer->addWidget(m_scroll);
    build();
    SnapshotFeed::follow(source, this);
}

void WhatIfPage::build()
{
    // Rebuilt whole on a language switch: the knobs' values live in the option members.
    if (m_body) {
        // Out of the scroll area at once, deleted once the event that asked for it is done.
        m_scroll->takeWidget();
        m_body->hide();
        m_body->deleteLater();
    }
    m_body = new QWidget;
    // Top: the what-if and "Apply"; middle: its knobs beside before → after and the memory bar;
    // bottom: the table of the what-if beside the working (formulas with numbers, sources).
    auto *layout = new QVBoxLayout(m_body);
    layout->setContentsMargins(6, 6, 6, 6);
    auto *top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("What if…")));
    m_kindBox = new QComboBox;
    m_kindBox->setObjectName(QStringLiteral("whatIfKind"));
    m_kindBox->addItem(tr("Fine-tune it (full, LoRA, QLoRA)"), QLatin1String(kKinds[0]));
    m_kindBox->addItem(tr("Factorise its matrices (low rank, Tucker)"), QLatin1String(kKinds[1]));
    m_kindBox->addItem(tr("Prune heads or layers"), QLatin1String(kKinds[2]));
    m_kindBox->addItem(tr("Distil it into a student"), QLatin1String(kKinds[3]));
    m_kindBox->addItem(tr("Run the whole training pipeline"), QLatin1String(kKinds[4]));
    m_kindBox->addItem(tr("Size it for a task"), QLatin1String(kKinds[5]));
    m_kindBox->addItem(tr("Change its vocabulary (BPE on real text)"), QLatin1String(kKinds[6]));
    m_kindBox->setCurrentIndex(m_kindIndex);
    top->addWidget(m_kindBox, 1);
    m_apply = new QPushButton(tr("Apply to design"));
    m_apply->setObjectName(QStringLiteral("whatIfApply"));
    top->addWidget(m_apply);
    layout->addLayout(top);

    m_knobs = new QStackedWidget;
    m_knobs->addWidget(fineTuneKnobs());
    m_knobs->addWidget(factoriseKnobs());
    m_knobs->addWidget(pruneKnobs());
    m_knobs->addWidget(distilKnobs());
    m_knobs->addWidget(pipelineKnobs());
    m_knobs->addWidget(guideKnobs());
    m_knobs->addWidget(vocabularyKnobs());
    m_knobs->setCurrentIndex(m_kindIndex);
    auto *knobScroll = new QScrollArea;
    knobScroll->setWidget(m_knobs);
    knobScroll->setWidgetResizable(true);
    knobScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    knobScroll->setFrameShape(QFrame::NoFrame);

    auto *results = new QWidget;
    auto *resultsLayout = new QVBoxLayout(results);
    resultsLayout->setContentsMargins(0, 0, 0, 0);
    m_title = new QLabel;
    QFont titleFont = m_title->font();
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    resultsLayout->addWidget(m_title);
    m_status = new QLabel;
    m_status->setWordWrap(true);
    resultsLayout->addWidget(m_status);
    m_comparison = new QTableWidget(5, 3);
    m_comparison->setObjectName(QStringLiteral("whatIfComparison"));
    m_comparison->setHorizontalHeaderLabels({tr("Before"), tr("After"), tr("Change")});
    m_comparison->setVerticalHeaderLabels(
        {tr("Parameters"), tr("Weights memory"), tr("Training memory"), tr("FLOPs per token"), tr("Predicted loss")});
    m_comparison->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_comparison->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_comparison->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_comparison->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_comparison->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_comparison->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    resultsLayout->addWidget(m_comparison);
    m_bar = new PartsBar;
    resultsLayout->addWidget(m_bar);
    m_details = new QTableWidget;
    m_details->setObjectName(QStringLiteral("whatIfDetails"));
    m_details->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_details->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_details->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_details->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_details->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    resultsLayout->addWidget(m_details);

    layout->addWidget(results);

    m_working = new QTextBrowser;
    m_working->setObjectName(QStringLiteral("whatIfWorking"));
    auto *bottom = new QSplitter(Qt::Horizontal);
    bottom->addWidget(knobScroll);
    bottom->addWidget(m_working);
    bottom->setStretchFactor(0, 0);
    bottom->setStretchFactor(1, 1);
    bottom->setChildrenCollapsible(false);
    knobScroll->setMinimumWidth(m_knobs->minimumSizeHint().width() + 8);
    bottom->setSizes({knobScroll->minimumWidth(), 100000}); // the working gets the rest
    layout->addWidget(bottom, 1);
    m_scroll->setWidget(m_body);

    connect(m_kindBox, &QComboBox::currentIndexChanged, this, [this](int i) {
        m_kindIndex = i;
        m_knobs->setCurrentIndex(i);
        refresh();
    });
    connect(m_apply, &QPushButton::clicked, this, [this] {
        if (m_outcome && m_outcome->changesDesign)
            emit applyRequested(m_outcome->design, tr("What if: %1").arg(m_outcome->title));
    });
    refresh();
}

QWidget *WhatIfPage::fineTuneKnobs()
{
    auto *w = new QWidget;
    auto *form = new QFormLayout(w);
    auto *method = combo();
    method->addItem(tr("Full fine-tuning"), int(FineTuneMethod::Full));
    method->addItem(tr("LoRA (16-bit base)"), int(FineTuneMethod::Lora));
    method->addItem(tr("QLoRA (NF4 base, double-quantised)"), int(FineTuneMethod::Qlora));
    method->setCurrentIndex(method->findData(int(m_fineTune.method)));
    connect(method, &QComboBox::currentIndexChanged, this, [this, method] {
        m_fineTune.method = FineTuneMethod(method->currentData().toInt());
        refresh();
    });
    form->addRow(tr("Method"), method);
    auto *rank = intBox(1, 65536, m_fineTune.rank);
    connect(rank, &QSpinBox::valueChanged, this, [this](int v) { m_fineTune.rank = v; refresh(); });
    form->addRow(tr("Rank r"), rank);
    auto *alpha = doubleBox(0, 100000, 1, 1, m_fineTune.alpha);
    connect(alpha, &QDoubleSpinBox::valueChanged, this, [this](double v) { m_fineTune.alpha = v; refresh(); });
    form->addRow(tr("Alpha α"), alpha);
    auto *dropout = doubleBox(0, 0.9, 0.05, 2, m_fineTune.dropout);
    connect(dropout, &QDoubleSpinBox::valueChanged, this, [this](double v) { m_fineTune.dropout = v; refresh(); });
    form->addRow(tr("Dropout"), dropout);
    auto *targets = new QWidget;
    auto *grid = new QGridLayout(targets);
    grid->setContentsMargins(0, 0, 0, 0);
    const std::pair<LoraTarget, QString> boxes[] = {
        {TargetQ, QStringLiteral("q")},          {TargetK, QStringLiteral("k")},       {TargetV, QStringLiteral("v")},
        {TargetO, QStringLiteral("o")},          {TargetGate, QStringLiteral("gate")}, {TargetUp, QStringLiteral("up")},
        {TargetDown, QStringLiteral("down")},    {TargetExperts, tr("experts")},       {TargetEmbeddings, tr("embeddings")},
        {TargetHead, tr("head")},
    };
    int i = 0;
    for (const auto &[bit, text] : boxes) {
        auto *box = new QCheckBox(text);
        box->setChecked(m_fineTune.targets & bit);
        connect(box, &QCheckBox::toggled, this, [this, bit = bit](bool on) {
            m_fineTune.targets = on ? m_fineTune.targets | bit : m_fineTune.targets & ~unsigned(bit);
            refresh();
        });
        grid->addWidget(box, i / 4, i % 4);
        ++i;
    }
    form->addRow(tr("Adapt"), targets);
    auto *ckpt = new QCheckBox(tr("Gradient checkpointing"));
    ckpt->setChecked(m_fineTune.gradientCheckpointing);
    connect(ckpt, &QCheckBox::toggled, this, [this](bool on) { m_fineTune.gradientCheckpointing = on; refresh(); });
    form->addRow(ckpt);
    auto *seq = intBox(1, 16'777'216, m_fineTune.sequenceLength);
    seq->setGroupSeparatorShown(true);
    connect(seq, &QSpinBox::valueChanged, this, [this](int v) { m_fineTune.sequenceLength = v; refresh(); });
    form->addRow(tr("Sequence length"), seq);
    auto *micro = intBox(1, 1'000'000, m_fineTune.microBatch);
    connect(micro, &QSpinBox::valueChanged, this, [this](int v) { m_fineTune.microBatch = v; refresh(); });
    form->addRow(tr("Micro-batch"), micro);
    auto *paged = new QCheckBox(tr("Paged optimizer (QLoRA)"));
    paged->setChecked(m_fineTune.pagedOptimizer);
    connect(paged, &QCheckBox::toggled, this, [this](bool on) { m_fineTune.pagedOptimizer = on; refresh(); });
    form->addRow(paged);
    auto *paper = new QPushButton(tr("The QLoRA paper's setting"));
    paper->setToolTip(tr("r = 64 on every linear layer, α = 16, dropout 0.05, checkpointing, 512 tokens, micro-batch 1"));
    connect(paper, &QPushButton::clicked, this, [this] {
        FineTuneOptions o;
        o.method = FineTuneMethod::Qlora;
        o.rank = 64;
        o.alpha = 16;
        o.dropout = 0.05;
        o.targets = TargetAllLinear;
        setFineTuneOptions(o);
    });
    form->addRow(paper);
    return w;
}

QWidget *WhatIfPage::factoriseKnobs()
{
    auto *w = new QWidget;
    auto *form = new QFormLayout(w);
    auto *method = combo();
    method->addItem(tr("Low rank: r·(m + n)"), int(FactorMethod::LowRank));
    method->addItem(tr("Tucker-2: r·(m + n + r)"), int(FactorMethod::Tucker));
    method->setCurrentIndex(method->findData(int(m_factorise.method)));
    connect(method, &QComboBox::currentIndexChanged, this, [this, method] {
        m_factorise.method = FactorMethod(method->currentData().toInt());
        refresh();
    });
    form->addRow(tr("Method"), method);
    const std::pair<unsigned, QString> groups[] = {{FactorisationOptions::kAttention, tr("Attention")},
                                                   {FactorisationOptions::kFfn, tr("FFN")},
                                                   {FactorisationOptions::kEmbeddings, tr("Embeddings")},
                                                   {FactorisationOptions::kHead, tr("LM head")}};
    for (const auto &[bit, text] : groups) {
        auto *box = new QCheckBox(text);
        box->setChecked(m_factorise.groups & bit);
        connect(box, &QCheckBox::toggled, this, [this, bit = bit](bool on) {
            m_factorise.groups = on ? m_factorise.groups | bit : m_factorise.groups & ~bit;
            refresh();
        });
        form->addRow(box);
    }
    auto *rank = intBox(0, 1'000'000, m_factorise.rank);
    rank->setSpecialValueText(tr("by share kept"));
    connect(rank, &QSpinBox::valueChanged, this, [this](int v) { m_factorise.rank = v; refresh(); });
    form->addRow(tr("Rank r"), rank);
    auto *keep = doubleBox(0.01, 0.99, 0.05, 2, m_factorise.keep);
    connect(keep, &QDoubleSpinBox::valueChanged, this, [this](double v) { m_factorise.keep = v; refresh(); });
    form->addRow(tr("Share of each matrix kept"), keep);
    return w;
}

QWidget *WhatIfPage::pruneKnobs()
{
    auto *w = new QWidget;
    auto *form = new QFormLayout(w);
    auto *heads = intBox(0, 100000, m_prune.removeHeads);
    connect(heads, &QSpinBox::valueChanged, this, [this](int v) { m_prune.removeHeads = v; refresh(); });
    form->addRow(tr("Heads removed per layer"), heads);
    auto *layers = intBox(0, 100000, m_prune.removeLayers);
    connect(layers, &QSpinBox::valueChanged, this, [this](int v) { m_prune.removeLayers = v; refresh(); });
    form->addRow(tr("Layers removed"), layers);
    return w;
}

QWidget *WhatIfPage::distilKnobs()
{
    auto *w = new QWidget;
    auto *form = new QFormLayout(w);
    auto *fraction = doubleBox(0.01, 0.99, 0.05, 2, m_distil.fraction);
    connect(fraction, &QDoubleSpinBox::valueChanged, this, [this](double v) { m_distil.fraction = v; refresh(); });
    form->addRow(tr("Student / teacher parameters"), fraction);
    auto *device = combo();
    device->addItem(tr("(by the share above)"), QString());
    const HardwareCatalog &catalog = HardwareCatalog::builtIn();
    for (const QString &id : catalog.ids())
        device->addItem(catalog.find(id)->name, id);
    device->setCurrentIndex(std::max(0, device->findData(m_distil.device)));
    connect(device, &QComboBox::currentIndexChanged, this, [this, device] {
        m_distil.device = device->currentData().toString();
        refresh();
    });
    form->addRow(tr("Or fit the student on"), device);
    auto *tokens = doubleBox(0, 1e7, 1, 1, m_distil.tokens / 1e9);
    tokens->setSpecialValueText(tr("20 per parameter"));
    tokens->setSuffix(tr(" B tokens"));
    connect(tokens, &QDoubleSpinBox::valueChanged, this, [this](double v) { m_distil.tokens = v * 1e9; refresh(); });
    form->addRow(tr("Distillation tokens"), tokens);
    return w;
}

QWidget *WhatIfPage::pipelineKnobs()
{
    auto *w = new QWidget;
    auto *form = new QFormLayout(w);
    const auto billions = [this, form](const QString &label, double &field, const QString &special) {
        auto *box = doubleBox(special.isEmpty() ? 0 : -1, 1e7, 1, 1, field < 0 ? -1 : field / 1e9);
        if (!special.isEmpty())
            box->setSpecialValueText(special);
        box->setSuffix(tr(" B tokens"));
        connect(box, &QDoubleSpinBox::valueChanged, this, [this, &field](double v) {
            field = v < 0 ? -1 : v * 1e9;
            refresh();
        });
        form->addRow(label, box);
    };
    billions(tr("Pretraining"), m_pipeline.pretrainTokens, tr("as in the assumptions"));
    billions(tr("Supervised fine-tuning"), m_pipeline.sftTokens, QString());
    billions(tr("Preference tuning"), m_pipeline.preferenceTokens, QString());
    auto *method = combo();
    method->addItem(tr("RLHF with PPO (four models)"), int(PreferenceMethod::Ppo));
    method->addItem(tr("DPO (two models)"), int(PreferenceMethod::Dpo));
    method->setCurrentIndex(method->findData(int(m_pipeline.preference)));
    connect(method, &QComboBox::currentIndexChanged, this, [this, method] {
        m_pipeline.preference = PreferenceMethod(method->currentData().toInt());
        refresh();
    });
    form->addRow(tr("Preference tuning by"), method);
    return w;
}

QWidget *WhatIfPage::guideKnobs()
{
    auto *w = new QWidget;
    auto *form = new QFormLayout(w);
    auto *jump = combo();
    jump->addItem(tr("(stay on the design)"), QString());
    for (const SizeGuide::Task &t : SizeGuide::tasks()) {
        for (const QString &id : t.presets) {
            if (const Preset *p = PresetLibrary::builtIn().find(id))
                jump->addItem(QStringLiteral("%1: %2").arg(t.label, p->config.name), id);
        }
    }
    jump->setCurrentIndex(std::max(0, jump->findData(m_jump)));
    connect(jump, &QComboBox::currentIndexChanged, this, [this, jump] {
        m_jump = jump->currentData().toString();
        refresh();
    });
    form->addRow(tr("Jump to an example"), jump);
    return w;
}

QWidget *WhatIfPage::vocabularyKnobs()
{
    auto *w = new QWidget;
    auto *form = new QFormLayout(w);
    auto *corpus = combo();
    corpus->addItem(tr("Tang poems (Chinese)"), QStringLiteral("tang-poems"));
    corpus->addItem(tr("Alice in Wonderland (English)"), QStringLiteral("carroll-alice"));
    corpus->setCurrentIndex(std::max(0, corpus->findData(m_vocabulary.corpus)));
    connect(corpus, &QComboBox::currentIndexChanged, this, [this, corpus] {
        m_vocabulary.corpus = corpus->currentData().toString();
        refresh();
    });
    form->addRow(tr("Corpus"), corpus);
    QStringList sizes;
    for (int v : m_vocabulary.sizes)
        sizes << QString::number(v);
    auto *edit = new QLineEdit(sizes.join(QStringLiteral(", ")));
    edit->setToolTip(tr("Vocabulary sizes to train, from 256 (the bytes); the design takes the largest"));
    connect(edit, &QLineEdit::editingFinished, this, [this, edit] {
        std::vector<int> parsed;
        for (const QString &part : edit->text().split(u',', Qt::SkipEmptyParts))
            parsed.push_back(part.trimmed().toInt());
        m_vocabulary.sizes = parsed;
        refresh();
    });
    form->addRow(tr("Vocabulary sizes"), edit);
    return w;
}

void WhatIfPage::setKind(const QString &id)
{
    for (int i = 0; i < int(std::size(kKinds)); ++i)
        if (id == QLatin1String(kKinds[i]))
            m_kindBox->setCurrentIndex(i);
}

QString WhatIfPage::kind() const
{
    return QLatin1String(kKinds[m_kindIndex]);
}

void WhatIfPage::setFineTuneOptions(const FineTuneOptions &o)
{
    m_fineTune = o;
    build(); // the knobs show the new values
}

void WhatIfPage::setFactorisationOptions(const FactorisationOptions &o)
{
    m_factorise = o;
    build();
}

void WhatIfPage::setPruningOptions(const PruningOptions &o)
{
    m_prune = o;
    build();
}

void WhatIfPage::showSnapshot(const DesignSnapshot &snapshot)
{
    m_hasDesign = snapshot.valid();
    m_config = snapshot.config;
    m_assumptions = snapshot.assumptions;
    refresh();
}

void WhatIfPage::refresh()
{
    if (!m_comparison)
        return;
    m_outcome.reset();
    Expected<WhatIfOutcome, Error> result = Error{{}, {}, tr("The design is not valid; fix it in the Design panel first.")};
    if (m_hasDesign) {
        switch (m_kindIndex) {
        case 0: result = FineTuneMemory::whatIf(m_config, m_assumptions, m_fineTune); break;
        case 1: result = Factorisation::whatIf(m_config, m_assumptions, m_factorise); break;
        case 2: result = Pruning::whatIf(m_config, m_assumptions, m_prune); break;
        case 3: result = Distillation::whatIf(m_config, m_assumptions, m_distil); break;
        case 4: result = TrainingPipeline::whatIf(m_config, m_assumptions, m_pipeline); break;
        case 5: result = SizeGuide::whatIf(m_config, m_assumptions, m_jump); break;
        default: result = VocabularyWhatIf::whatIf(m_config, m_assumptions, m_vocabulary); break;
        }
    }
    m_comparison->clearContents();
    m_details->clear();
    m_details->setRowCount(0);
    m_details->setColumnCount(0);
    m_bar->setParts({}, 0, {});
    if (!result) {
        m_title->setText(m_kindBox->currentText());
        m_status->setText(result.error().toString());
        m_working->clear();
        m_apply->setEnabled(false);
        return;
    }
    m_outcome = *result;
    const WhatIfOutcome &w = *m_outcome;
    m_title->setText(w.title);
    m_status->setText(tr("Training memory here: %1. %2").arg(w.trainingNote, NumberFormat::unitNote()));
    const auto set = [this](int row, const QString &before, const QString &after, const QString &change) {
        const QString texts[] = {before, after, change};
        for (int c = 0; c < 3; ++c) {
            auto *item = new QTableWidgetItem(texts[c]);
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_comparison->setItem(row, c, item);
        }
    };
    set(0, NumberFormat::exact(w.before.params), NumberFormat::exact(w.after.params),
        WhatIfFormat::change(double(w.before.params), double(w.after.params)));
    set(1, NumberFormat::bytes(w.before.weightsBytes), NumberFormat::bytes(w.after.weightsBytes),
        WhatIfFormat::change(w.before.weightsBytes, w.after.weightsBytes));
    set(2, NumberFormat::bytes(w.before.trainingBytes), NumberFormat::bytes(w.after.trainingBytes),
        WhatIfFormat::change(w.before.trainingBytes, w.after.trainingBytes));
    set(3, NumberFormat::scientific(w.before.flopsPerToken), NumberFormat::scientific(w.after.flopsPerToken),
        WhatIfFormat::change(w.before.flopsPerToken, w.after.flopsPerToken));
    set(4, QString::number(w.before.loss, 'f', 3), QString::number(w.after.loss, 'f', 3),
        WhatIfFormat::change(w.before.loss, w.after.loss));
    m_comparison->resizeRowsToContents();
    m_comparison->setFixedHeight(m_comparison->horizontalHeader()->sizeHint().height() + m_comparison->verticalHeader()->length()
                                 + 2 * m_comparison->frameWidth() + 2);

    const Device *device = HardwareCatalog::builtIn().find(m_assumptions.device);
    m_bar->setVisible(!w.parts.empty());
    m_bar->setParts(w.parts, device ? device->memoryBytes : 0, device ? device->name : QString());

    m_details->setVisible(!w.tables.empty());
    if (!w.tables.empty()) {
        // A table with more columns than rows is shown turned, so its numbers fit the page's width.
        const WhatIfTable &t = w.tables.front();
        const bool turned = int(t.rows.size()) < t.columnTitles.size();
        QStringList rowLabels;
        for (const WhatIfTable::Row &r : t.rows)
            rowLabels << r.label;
        m_details->setRowCount(turned ? int(t.columnTitles.size()) : int(t.rows.size()));
        m_details->setColumnCount(turned ? int(t.rows.size()) : int(t.columnTitles.size()));
        m_details->setHorizontalHeaderLabels(turned ? rowLabels : t.columnTitles);
        m_details->setVerticalHeaderLabels(turned ? t.columnTitles : rowLabels);
        for (int r = 0; r < int(t.rows.size()); ++r) {
            for (int c = 0; c < t.columnTitles.size() && c < int(t.rows[std::size_t(r)].values.size()); ++c) {
                auto *item = new QTableWidgetItem(WhatIfFormat::value(t.rows[std::size_t(r)].values[std::size_t(c)], t.columnUnits[c]));
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
                m_details->setItem(turned ? c : r, turned ? r : c, item);
            }
        }
        m_details->resizeRowsToContents();
        m_details->setFixedHeight(m_details->horizontalHeader()->sizeHint().height() + m_details->verticalHeader()->length()
                                  + 2 * m_details->frameWidth() + 2);
    }

    QString html;
    for (const Figure &f : w.figures) {
        html += QStringLiteral("<p><b>%1</b> = %2<br>&nbsp;&nbsp;%3<br><i>%4</i></p>")
                    .arg(f.title.toHtmlEscaped(), f.formula.toHtmlEscaped(), f.substituted.toHtmlEscaped(),
                         f.source.toHtmlEscaped());
    }
    html += QStringLiteral("<ul>");
    for (const QString &n : w.notes)
        html += QStringLiteral("<li>%1</li>").arg(n.toHtmlEscaped());
    html += QStringLiteral("</ul>");
    m_working->setHtml(html);
    m_apply->setEnabled(w.changesDesign);
    m_apply->setToolTip(w.changesDesign ? tr("Make the design after the what-if the current design (one step, Ctrl+Z undoes it)")
                                        : tr("This what-if does not change the design"));
}

void WhatIfPage::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        build();
    QWidget::changeEvent(event);
}

} // namespace tx
