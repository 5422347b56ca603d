#include "ui/teach/layercomparisonview.h"

#include "core/base/numberformat.h"

#include <QEvent>
#include <QFrame>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSpinBox>
#include <QVBoxLayout>

namespace tx {

namespace {

QSpinBox *widthBox(int max, int value)
{
    auto *box = new QSpinBox;
    box->setRange(1, max);
    box->setValue(value);
    box->setGroupSeparatorShown(true);
    box->setKeyboardTracking(false);
    return box;
}

QLabel *wrapped(double scale = 1.0, bool bold = false)
{
    auto *l = new QLabel;
    l->setWordWrap(true);
    QFont f = l->font();
    f.setPointSizeF(f.pointSizeF() * scale);
    f.setBold(bold);
    l->setFont(f);
    l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    return l;
}

} // namespace

LayerComparisonView::LayerComparisonView(QWidget *parent)
    : QWidget(parent)
    , m_dIn(widthBox(131072, 100))
    , m_dOut(widthBox(131072, 10))
    , m_hidden(widthBox(1048576, 2048))
    , m_context(widthBox(1048576, 2048))
    , m_mlpWidths(new QLineEdit)
    , m_mlpWidthsLabel(new QLabel)
    , m_dInLabel(new QLabel)
    , m_dOutLabel(new QLabel)
    , m_hiddenLabel(new QLabel)
    , m_contextLabel(new QLabel)
    , m_intro(wrapped(1.1))
    , m_seedTitle(wrapped(1.3, true))
    , m_seed(wrapped(1.1))
    , m_seedSmall(new QPushButton)
    , m_seed512(new QPushButton)
    , m_seedGpt3(new QPushButton)
{
    setObjectName(QStringLiteral("layerComparisonView"));
    m_dIn->setObjectName(QStringLiteral("comparisonWidth"));
    m_hidden->setObjectName(QStringLiteral("comparisonHidden"));
    auto *knobs = new QGridLayout; // two rows of two knobs: narrow enough beside the design panel
    int slot = 0;
    for (auto [label, box] : {std::pair{m_dInLabel, m_dIn}, {m_dOutLabel, m_dOut}, {m_hiddenLabel, m_hidden}, {m_contextLabel, m_context}}) {
        knobs->addWidget(label, slot / 2, 2 * (slot % 2));
        knobs->addWidget(box, slot / 2, 2 * (slot % 2) + 1);
        connect(box, &QSpinBox::valueChanged, this, &LayerComparisonView::refresh);
        ++slot;
    }
    knobs->addWidget(m_mlpWidthsLabel, 2, 0);
    knobs->addWidget(m_mlpWidths, 2, 1, 1, 3);
    m_mlpWidths->setObjectName(QStringLiteral("comparisonMlpWidths"));
    connect(m_mlpWidths, &QLineEdit::textChanged, this, &LayerComparisonView::refresh);
    knobs->setColumnStretch(4, 1);
    auto *presets = new QHBoxLayout;
    presets->addWidget(m_seedSmall);
    presets->addWidget(m_seed512);
    presets->addWidget(m_seedGpt3);
    presets->addStretch(1);
    connect(m_seedSmall, &QPushButton::clicked, this, [this] { setWidths({100, 10, 2048, 2048, {}}); });
    connect(m_seed512, &QPushButton::clicked, this, [this] { setWidths({512, 512, 2048, 2048, {}}); });
    connect(m_seedGpt3, &QPushButton::clicked, this, [this] { setWidths({12288, 12288, 49152, 2048, {}}); });

    auto *grid = new QGridLayout;
    for (int c = 0; c < 4; ++c) {
        auto *frame = new QFrame;
        frame->setFrameShape(QFrame::StyledPanel);
        auto *v = new QVBoxLayout(frame);
        Column col{wrapped(1.4, true), wrapped(1.1), wrapped(1.5, true), wrapped(1.0), wrapped(1.5, true), wrapped(1.0), wrapped(1.05)};
        for (QLabel *l : {col.title, col.shape, col.params, col.paramFormula, col.flops, col.flopFormula, col.buys})
            v->addWidget(l);
        v->addStretch(1);
        grid->addWidget(frame, 0, c);
        grid->setColumnStretch(c, 1);
        m_columns.push_back(col);
    }

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_intro);
    layout->addLayout(knobs);
    layout->addLayout(presets);
    layout->addLayout(grid, 1);
    layout->addWidget(m_seedTitle);
    layout->addWidget(m_seed);
    retranslate();
}

void LayerComparisonView::retranslate()
{
    m_intro->setText(tr("Every weight of a Transformer sits in layers like y = W·x + b. Here the four steps of the "
                        "first lesson side by side at one input width d: what each costs in parameters and in "
                        "FLOPs for one token (a multiply-add is 2), and what it buys."));
    m_dInLabel->setText(tr("Width d:"));
    m_dOutLabel->setText(tr("Output (linear, MLP):"));
    m_hiddenLabel->setText(tr("Hidden (MLP, d_ff):"));
    m_contextLabel->setText(tr("Context (tokens):"));
    m_mlpWidthsLabel->setText(tr("MLP hidden layers:"));
    m_mlpWidths->setPlaceholderText(tr("e.g. 512, 256 (empty: one layer of the hidden width)"));
    m_seedSmall->setText(tr("Seed: 100 → 10"));
    m_seed512->setText(tr("Seed: 512 / 2048"));
    m_seedGpt3->setText(tr("Seed: GPT-3's layer"));
    m_seedTitle->setText(tr("The seed document's figures, recomputed"));
    refresh();
}

void LayerComparisonView::setDesign(const ModelConfig &config)
{
    if (config == m_design)
        return;
    m_design = config;
    refresh();
}

void LayerComparisonView::setWidths(const LayerComparison::Widths &w)
{
    for (QSpinBox *b : {m_dIn, m_dOut, m_hidden, m_context})
        b->blockSignals(true);
    m_dIn->setValue(w.dIn);
    m_dOut->setValue(w.dOut);
    m_hidden->setValue(w.hidden);
    m_context->setValue(w.context);
    for (QSpinBox *b : {m_dIn, m_dOut, m_hidden, m_context})
        b->blockSignals(false);
    refresh();
}

LayerComparison::Widths LayerComparisonView::widths() const
{
    LayerComparison::Widths w{m_dIn->value(), m_dOut->value(), m_hidden->value(), m_context->value(), {}};
    // Whole numbers from 1 to 1,048,576 separated by commas or spaces; anything else is left out.
    for (const QString &part : m_mlpWidths->text().split(QRegularExpression(QStringLiteral("[,\\s]+")), Qt::SkipEmptyParts)) {
        bool ok = false;
        const int v = part.toInt(&ok);
        if (ok && v >= 1 && v <= 1'048'576 && w.mlpHidden.size() < 16)
            w.mlpHidden.push_back(v);
    }
    return w;
}

void LayerComparisonView::setMlpWidths(const QString &text)
{
    m_mlpWidths->setText(text);
}

void LayerComparisonView::refresh()
{
    const auto cols = LayerComparison::columns(widths(), m_design);
    for (std::size_t i = 0; i < cols.size() && i < m_columns.size(); ++i) {
        const LayerColumn &c = cols[i];
        const Column &w = m_columns[i];
        w.title->setText(c.title);
        w.shape->setText(i == 3 && !m_design.name.isEmpty() ? tr("%1 · built like %2").arg(c.shape, m_design.name) : c.shape);
        w.params->setText(tr("%1 parameters").arg(NumberFormat::exact(c.params)));
        w.paramFormula->setText(c.paramFormula);
        w.flops->setText(tr("%1 FLOPs per token").arg(NumberFormat::exact(std::int64_t(c.flopsPerToken))));
        w.flopFormula->setText(c.flopFormula);
        w.buys->setText(c.buys);
    }
    QStringList lines;
    for (const SeedCheck &s : LayerComparison::seedChecks()) {
        const QString figure = NumberFormat::exact(s.params) + QStringLiteral(" (")
                               + NumberFormat::count(double(s.params), NumberFormat::LargeUnits::Chinese) + QStringLiteral(")");
        lines << (s.seedRight ? tr("✓ %1: %2. The seed's %3 is right.").arg(s.what, s.formula, s.seedSays)
                              : tr("✗ %1: %2. The seed prints “%3”; its own formula gives %4.").arg(s.what, s.formula, s.seedSays, figure));
    }
    m_seed->setText(lines.join(QLatin1Char('\n')));
}

QStringList LayerComparisonView::columnTexts(int column) const
{
    const Column &c = m_columns.at(std::size_t(column));
    return {c.title->text(), c.params->text(), c.flops->text(), c.paramFormula->text(), c.flopFormula->text(), c.shape->text()};
}

QString LayerComparisonView::seedText() const
{
    return m_seed->text();
}

void LayerComparisonView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

} // namespace tx
