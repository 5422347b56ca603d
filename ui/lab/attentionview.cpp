#include "ui/lab/attentionview.h"

#include "ui/snapshot/snapshotfeed.h"

#include "ui/lab/checkpointsavebutton.h"
#include "ui/lab/headheatmaps.h"
#include "ui/lab/headsummarytable.h"

#include "core/base/numberformat.h"
#include "core/formats/demomodel.h"
#include "core/nn/kvcachesize.h"
#include "ui/lab/attentionlinesview.h"
#include "ui/lab/attentionworker.h"
#include "ui/lab/heatmapgrid.h"
#include "ui/lab/crossattentionpanel.h"
#include "ui/lab/relativebiasheatmap.h"
#include "ui/lab/sinusoidheatmap.h"
#include "ui/lab/heatmapwidget.h"
#include "ui/lab/routertable.h"
#include "ui/lab/tokenchips.h"
#include "ui/widgets/paintexporter.h"

#include <QButtonGroup>
#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPainter>
#include <QProgressBar>
#include <QPushButton>
#include <QRadioButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

namespace tx {

namespace {

QPushButton *exportButton(const QString &text, QWidget *parent)
{
    auto *button = new QPushButton(text, parent);
    button->setToolTip(QCoreApplication::translate("tx::AttentionView", "Save as PNG or SVG (chosen by the file suffix)"));
    return button;
}

} // namespace

AttentionView::AttentionView(SnapshotSource *source, QWidget *parent)
    : QWidget(parent)
    , m_capBytes(Transformer::kDefaultCapBytes)
    , m_worker(new AttentionWorker)
    , m_text(new QLineEdit)
    , m_run(new QPushButton(tr("&Run")))
    , m_cancel(new QPushButton(tr("Cancel")))
    , m_openCheckpoint(new QPushButton(tr("Open checkpoint…")))
    , m_saveCheckpoint(new CheckpointSaveButton)
    , m_useDesign(new QPushButton(tr("Use the design")))
    , m_useDemo(new QPushButton(tr("Demo model")))
    , m_source(new QLabel)
    , m_probabilities(new QRadioButton(tr("Probabilities")))
    , m_scores(new QRadioButton(tr("Pre-softmax scores")))
    , m_progress(new QProgressBar)
    , m_message(new QLabel)
    , m_chips(new TokenChips)
    , m_tabs(new QTabWidget)
    , m_grid(new HeatmapGrid)
    , m_enlarged(new HeatmapWidget(HeatmapPainter::Mode::Full))
    , m_lines(new AttentionLinesView)
    , m_linesLayer(new QComboBox)
    , m_headToggles(new QHBoxLayout)
    , m_positions(new HeatmapWidget(HeatmapPainter::Mode::Full))
    , m_positionsNote(new QLabel)
    , m_summary(new HeadSummaryTable)
    , m_summaryNote(new QLabel)
    , m_router(new RouterTable)
    , m_cross(new CrossAttentionPanel)
{
    setObjectName(QStringLiteral("attentionView"));
    qRegisterMetaType<tx::AttentionRequest>();
    qRegisterMetaType<std::shared_ptr<tx::AttentionSnapshot>>();

    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(m_worker, &AttentionWorker::progress, this, [this](int percent, const QString &stage) {
        m_progress->setValue(percent);
        m_progress->setFormat(stage);
    });
    connect(m_worker, &AttentionWorker::finished, this, [this](const std::shared_ptr<AttentionSnapshot> &snapshot) {
        if (m_pending) { // a newer sentence is waiting: drawing this one would only flash
            finishRun();
            return;
        }
        m_snapshot = std::move(*snapshot); // handed over by the worker: moved, not copied, on this thread
        showSnapshot();
    });
    connect(m_worker, &AttentionWorker::failed, this, &AttentionView::showFailure);
    connect(m_worker, &AttentionWorker::cancelled, this, [this] {
        m_progress->setFormat(tr("Cancelled"));
        m_message->setText(tr("Cancelled."));
        // The worker keeps the model shown until a new one has loaded: the source line goes back to
        // it rather than naming a checkpoint that never opened, and the next run uses it.
        if (m_snapshot && m_snapshot->checkpoint != m_checkpoint && !m_pending) {
            m_message->setText(tr("Cancelled before %1 was shown. Still showing %2.")
                                   .arg(sourceText(m_checkpoint), sourceText(m_snapshot->checkpoint)));
            setCheckpoint(m_snapshot->checkpoint);
        }
        emit runCancelled();
        finishRun();
    });
    m_thread.setObjectName(QStringLiteral("attention worker"));
    m_thread.start();

    // Input row.
    m_text->setObjectName(QStringLiteral("attentionText"));
    m_text->setPlaceholderText(tr("Type a sentence — English or 中文 — and press Enter"));
    m_text->setText(DemoModel::sampleText()); // the demo model reads Chinese poems
    m_text->setClearButtonEnabled(true);
    m_cancel->setEnabled(false);
    m_probabilities->setChecked(true);
    auto *modeGroup = new QButtonGroup(this);
    modeGroup->addButton(m_probabilities);
    modeGroup->addButton(m_scores);
    m_probabilities->setToolTip(tr("softmax(q·k/√d): each row sums to 1"));
    m_scores->setToolTip(tr("q·k/√d before the softmax; masked cells stay grey because the softmax ignores them"));
    auto *input = new QHBoxLayout;
    input->addWidget(m_text, 1);
    input->addWidget(m_run);
    input->addWidget(m_cancel);
    input->addSpacing(12);
    auto *showLabel = new QLabel(tr("Show:"));
    input->addWidget(showLabel);
    input->addWidget(m_probabilities);
    input->addWidget(m_scores);

    m_openCheckpoint->setToolTip(tr("A folder with config.json and model.safetensors (GPT-2 or Llama names), "
                                    "and vocab.json + merges.txt or tokenizer.json if it has them"));
    auto *sourceRow = new QHBoxLayout;
    auto *modelLabel = new QLabel(tr("Model:"));
    sourceRow->addWidget(modelLabel);
    sourceRow->addWidget(m_source, 1);
    sourceRow->addWidget(m_openCheckpoint);
    sourceRow->addWidget(m_saveCheckpoint);
    m_saveCheckpoint->setCapBytes([this] { return m_capBytes; });
    sourceRow->addWidget(m_useDemo);
    sourceRow->addWidget(m_useDesign);
    m_useDemo->setToolTip(tr("The trained model that ships with the program"));
    m_source->setWordWrap(true);
    setCheckpoint(DemoModel::path());

    m_progress->setRange(0, 100);
    m_progress->setValue(0);
    m_progress->setTextVisible(true);
    m_progress->setFormat(tr("Idle"));
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_message->setText(tr("The demo model is trained on Tang poems: its heads learned what to look at. "
                          "With the design's random weights, heads show only the architecture's structure."));

    // Heads tab: the grid on the left, the chosen head enlarged on the right.
    auto *gridScroll = new QScrollArea;
    gridScroll->setWidget(m_grid);
    gridScroll->setWidgetResizable(true);
    gridScroll->setMinimumWidth(300);
    auto *enlargedPane = new QWidget;
    auto *enlargedLayout = new QVBoxLayout(enlargedPane);
    enlargedLayout->setContentsMargins(0, 0, 0, 0);
    enlargedLayout->addWidget(m_enlarged, 1);
    auto *headExports = new QHBoxLayout;
    headExports->addStretch(1);
    QPushButton *exportHead = exportButton(tr("Export head…"), this);
    QPushButton *exportGrid = exportButton(tr("Export grid…"), this);
    headExports->addWidget(exportGrid);
    headExports->addWidget(exportHead);
    enlargedLayout->addLayout(headExports);
    auto *headsSplit = new QSplitter;
    headsSplit->addWidget(gridScroll);
    headsSplit->addWidget(enlargedPane);
    headsSplit->setStretchFactor(0, 1);
    headsSplit->setStretchFactor(1, 1);
    headsSplit->setSizes({560, 520});

    // Lines tab.
    auto *linesPane = new QWidget;
    auto *linesLayout = new QVBoxLayout(linesPane);
    auto *linesBar = new QHBoxLayout;
    auto *layerLabel = new QLabel(tr("Layer:"));
    linesBar->addWidget(layerLabel);
    linesBar->addWidget(m_linesLayer);
    linesBar->addSpacing(12);
    auto *headsLabel = new QLabel(tr("Heads:"));
    linesBar->addWidget(headsLabel);
    linesBar->addLayout(m_headToggles);
    linesBar->addStretch(1);
    QPushButton *exportLines = exportButton(tr("Export lines…"), this);
    linesBar->addWidget(exportLines);
    linesLayout->addLayout(linesBar);
    auto *linesHint = new QLabel(tr("Hover a token on the left to see where it attends; line opacity is the probability."));
    linesHint->setWordWrap(true);
    linesLayout->addWidget(linesHint);
    auto *linesScroll = new QScrollArea;
    linesScroll->setWidget(m_lines);
    linesScroll->setWidgetResizable(true);
    linesScroll->setFrameShape(QFrame::NoFrame);
    linesLayout->addWidget(linesScroll, 1);

    // Positions tab.
    auto *positionsPane = new QWidget;
    auto *positionsLayout = new QVBoxLayout(positionsPane);
    m_positionsNote->setWordWrap(true);
    positionsLayout->addWidget(m_positionsNote);
    positionsLayout->addWidget(m_positions, 1);
    auto *positionsBar = new QHBoxLayout;
    positionsBar->addStretch(1);
    QPushButton *exportPositions = exportButton(tr("Export encodings…"), this);
    positionsBar->addWidget(exportPositions);
    positionsLayout->addLayout(positionsBar);

    // Summary tab.
    auto *summaryPane = new QWidget;
    auto *summaryLayout = new QVBoxLayout(summaryPane);
    m_summaryNote->setWordWrap(true);
    summaryLayout->addWidget(m_summaryNote);
    summaryLayout->addWidget(m_summary, 1);

    m_tabs->addTab(headsSplit, tr("Heads"));
    m_tabs->addTab(linesPane, tr("Lines"));
    m_tabs->addTab(positionsPane, tr("Positions"));
    m_tabs->addTab(summaryPane, tr("Head summary"));
    m_tabs->addTab(m_router, tr("Experts"));
    m_tabs->addTab(m_cross, tr("Cross-attention"));

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(sourceRow);
    layout->addLayout(input);
    layout->addWidget(m_progress);
    layout->addWidget(m_message);
    layout->addWidget(m_chips);
    layout->addWidget(m_tabs, 1);
    m_chips->setMaximumHeight(m_chips->fontMetrics().height() * 4 + 24);

    // Every fixed text again in the current language (LanguageChange; the view is built before
    // the window installs its translator).
    m_retranslate = [=, this] {
        m_run->setText(tr("&Run"));
        m_cancel->setText(tr("Cancel"));
        m_openCheckpoint->setText(tr("Open checkpoint…"));
        m_useDesign->setText(tr("Use the design"));
        m_useDemo->setText(tr("Demo model"));
        m_probabilities->setText(tr("Probabilities"));
        m_scores->setText(tr("Pre-softmax scores"));
        m_text->setPlaceholderText(tr("Type a sentence — English or 中文 — and press Enter"));
        m_probabilities->setToolTip(tr("softmax(q·k/√d): each row sums to 1"));
        m_scores->setToolTip(tr("q·k/√d before the softmax; masked cells stay grey because the softmax ignores them"));
        showLabel->setText(tr("Show:"));
        modelLabel->setText(tr("Model:"));
        m_openCheckpoint->setToolTip(tr("A folder with config.json and model.safetensors (GPT-2 or Llama names), "
                                        "and vocab.json + merges.txt or tokenizer.json if it has them"));
        m_useDemo->setToolTip(tr("The trained model that ships with the program"));
        exportHead->setText(tr("Export head…"));
        exportGrid->setText(tr("Export grid…"));
        exportLines->setText(tr("Export lines…"));
        exportPositions->setText(tr("Export encodings…"));
        for (QPushButton *b : {exportHead, exportGrid, exportLines, exportPositions})
            b->setToolTip(tr("Save as PNG or SVG (chosen by the file suffix)"));
        layerLabel->setText(tr("Layer:"));
        headsLabel->setText(tr("Heads:"));
        linesHint->setText(tr("Hover a token on the left to see where it attends; line opacity is the probability."));
        m_summary->setHorizontalHeaderLabels({tr("Layer"), tr("Head"), tr("Entropy (bits)"), tr("→ previous token"),
                                              tr("→ first token")});
        const QStringList titles = {tr("Heads"),   tr("Lines"), tr("Positions"), tr("Head summary"),
                                    tr("Experts"), tr("Cross-attention")};
        for (int i = 0; i < titles.size(); ++i) // in the order the tabs are added below
            m_tabs->setTabText(i, titles[i]);
    };

    connect(m_run, &QPushButton::clicked, this, &AttentionView::run);
    connect(m_text, &QLineEdit::returnPressed, this, &AttentionView::run);
    connect(m_cancel, &QPushButton::clicked, this, &AttentionView::cancel);
    connect(m_openCheckpoint, &QPushButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Open checkpoint folder"), m_checkpoint);
        if (!dir.isEmpty()) {
            setCheckpoint(dir);
            run();
        }
    });
    connect(m_useDemo, &QPushButton::clicked, this, [this] {
        setCheckpoint(DemoModel::path());
        run();
    });
    connect(m_useDesign, &QPushButton::clicked, this, [this] {
        setCheckpoint(QString());
        run();
    });
    connect(m_scores, &QRadioButton::toggled, this, &AttentionView::setShowScores);
    connect(m_grid, &HeatmapGrid::headClicked, this, &AttentionView::selectHead);
    connect(m_linesLayer, &QComboBox::currentIndexChanged, this, &AttentionView::showLinesLayer);
    connect(m_summary, &QTableWidget::cellDoubleClicked, this, [this](int row, int) {
        if (m_snapshot && std::size_t(row) < m_snapshot->heads.size()) {
            selectHead(m_snapshot->heads[std::size_t(row)].layer, m_snapshot->heads[std::size_t(row)].head);
            m_tabs->setCurrentIndex(0);
        }
    });
    connect(exportHead, &QPushButton::clicked, this, [this] { exportPicture(QStringLiteral("head")); });
    connect(exportGrid, &QPushButton::clicked, this, [this] { exportPicture(QStringLiteral("grid")); });
    connect(exportLines, &QPushButton::clicked, this, [this] { exportPicture(QStringLiteral("lines")); });
    connect(exportPositions, &QPushButton::clicked, this, [this] { exportPicture(QStringLiteral("positions")); });
    if (source)
        new SnapshotFeed(source, this, [this](const DesignSnapshot &s) { setDesign(s.config); });
}

AttentionView::~AttentionView()
{
    m_worker->cancel();
    m_thread.quit();
    m_thread.wait();
}

void AttentionView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange && m_retranslate) {
        m_retranslate();
        setCheckpoint(m_checkpoint); // the source line
        for (int h = 0; h < int(m_headBoxes.size()); ++h)
            m_headBoxes[std::size_t(h)]->setText(tr("H%1").arg(h + 1));
        if (m_running) {
            // The run's own texts arrive in the new language when it ends.
        } else if (m_snapshot) {
            showSnapshot(); // the status line, titles, captions and notes
        } else {
            m_progress->setFormat(tr("Idle"));
            m_message->setText(tr("The demo model is trained on Tang poems: its heads learned what to look at. "
                                  "With the design's random weights, heads show only the architecture's structure."));
        }
    }
    QWidget::changeEvent(event);
}

void AttentionView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (!m_snapshot && !m_running && !m_startedOnce) {
        m_startedOnce = true;
        run();
    }
}

void AttentionView::setDesign(const ModelConfig &config)
{
    m_design = config;
}

void AttentionView::setCheckpoint(const QString &path)
{
    m_checkpoint = path;
    m_saveCheckpoint->setSource(path);
    m_useDesign->setEnabled(!path.isEmpty());
    m_useDemo->setEnabled(path != DemoModel::path());
    m_source->setText(sourceText(path));
}

QString AttentionView::sourceText(const QString &path) const
{
    if (path.isEmpty())
        return tr("the current design, random GPT-2-style weights (seed 1)");
    if (path == DemoModel::path())
        return tr("the demo model: 3 layers × 8 heads, one token per character, trained on 3,939 Tang poems "
                  "by this program (scripts/train-demo-model.sh)");
    return tr("checkpoint %1").arg(QDir::toNativeSeparators(path));
}

void AttentionView::setText(const QString &text)
{
    m_text->setText(text);
}

void AttentionView::run()
{
    AttentionRequest request;
    request.config = m_design;
    request.capBytes = m_capBytes;
    request.text = m_text->text();
    request.checkpoint = m_checkpoint;
    if (m_running) {
        // The newest sentence wins: stop the old pass and start this one when it has stopped.
        m_pending = request;
        m_worker->cancel();
        return;
    }
    m_running = true;
    m_startedOnce = true;
    m_run->setEnabled(false);
    m_cancel->setEnabled(true);
    m_progress->setValue(0);
    m_progress->setFormat(tr("Starting"));
    m_worker->clearCancel();
    QMetaObject::invokeMethod(m_worker, [worker = m_worker, request] { worker->run(request); }, Qt::QueuedConnection);
}

void AttentionView::cancel()
{
    m_pending.reset();
    if (m_running)
        m_worker->cancel();
}

void AttentionView::finishRun()
{
    m_running = false;
    m_run->setEnabled(true);
    m_cancel->setEnabled(false);
    if (m_pending) {
        const AttentionRequest next = *m_pending;
        m_pending.reset();
        m_text->setText(next.text);
        m_checkpoint = next.checkpoint;
        run();
    }
}

void AttentionView::showFailure(const QString &message)
{
    m_progress->setFormat(tr("Failed"));
    m_message->setText(message);
    emit runFailed(message);
    finishRun();
}

void AttentionView::showSnapshot()
{
    const AttentionSnapshot &snapshot = *m_snapshot;
    const ModelConfig &c = snapshot.config;
    // An encoder-decoder runs both stacks: nLayers counts only the encoder's.
    const QString stacks = c.layout == Layout::EncoderDecoder
                               ? tr("%1 encoder + %2 decoder layers").arg(c.encoderLayers()).arg(c.decoderLayers())
                               : tr("%1 layers").arg(c.nLayers);
    QString what = tr("%1 tokens through %2 × %3 heads, d_model %4, %5 of float32 weights, in %6 s.")
                       .arg(snapshot.result.tokens.size())
                       .arg(stacks)
                       .arg(c.nHeads)
                       .arg(c.dModel)
                       .arg(NumberFormat::bytes(double(snapshot.weightBytes)))
                       .arg(snapshot.seconds, 0, 'f', 2);
    what += QLatin1Char(' ') + KvCacheSize::describe(c, int(snapshot.result.tokens.size()));
    if (snapshot.checkpoint == DemoModel::path())
        what += QLatin1Char(' ') + tr("The demo model, %1 tokenizer.").arg(snapshot.tokenizerKind);
    else if (!snapshot.checkpoint.isEmpty())
        what += QLatin1Char(' ') + tr("Checkpoint %1, %2 tokenizer.").arg(snapshot.checkpoint, snapshot.tokenizerKind);
    if (!snapshot.changes.isEmpty())
        what += QLatin1Char(' ')
                + tr("Scaled down to fit the %1 memory cap: %2.")
                      .arg(NumberFormat::bytes(double(m_capBytes)), snapshot.changes.join(QStringLiteral("; ")));
    m_message->setText(what);

    m_chips->setTokens(snapshot.tokenLabels, snapshot.result.tokens);

    const int layers = snapshot.result.nLayers;
    const int heads = snapshot.result.nHeads;
    if (m_layer >= layers || m_head >= heads)
        m_layer = m_head = 0;
    {
        const QSignalBlocker block(m_linesLayer);
        m_linesLayer->clear();
        for (int l = 0; l < layers; ++l)
            m_linesLayer->addItem(tr("Layer %1").arg(l + 1));
        m_linesLayer->setCurrentIndex(m_layer);
    }
    rebuildHeadToggles(heads);
    refreshHeatmaps();
    showLinesLayer(m_layer);

    if (c.positions == PositionKind::RelativeBuckets) {
        m_positions->setData(RelativeBiasHeatmap::data(snapshot.positional, c));
        m_positionsNote->setText(RelativeBiasHeatmap::note(c));
    } else {
        m_positions->setData(SinusoidHeatmap::data(snapshot.positional));
        m_positionsNote->setText(SinusoidHeatmap::note(c));
    }

    fillSummary();
    m_router->setRouting(snapshot.result, snapshot.tokenLabels);
    m_tabs->setTabEnabled(m_tabs->indexOf(m_router), !m_router->layers().empty());
    m_cross->setSnapshot(snapshot); // encoder-decoders only: the decoder's attention over the encoder
    m_tabs->setTabEnabled(m_tabs->indexOf(m_cross), m_cross->hasCrossAttention());
    m_progress->setFormat(tr("Done"));
    finishRun();
    emit shown();
}

void AttentionView::refreshHeatmaps()
{
    if (!m_snapshot)
        return;
    m_grid->setHeatmaps(
        m_snapshot->result.nLayers, m_snapshot->result.nHeads,
        [this](int l, int h) { return HeadHeatmaps::heatmap(*m_snapshot, l, h, false, m_showScores); },
        [this](int l, int h) { return HeadHeatmaps::roleCaption(*m_snapshot, l, h); });
    selectHead(m_layer, m_head);
}

void AttentionView::selectHead(int layer, int head)
{
    if (!m_snapshot || layer < 0 || head < 0 || layer >= m_snapshot->result.nLayers || head >= m_snapshot->result.nHeads)
        return;
    m_layer = layer;
    m_head = head;
    m_grid->setSelected(layer, head);
    m_enlarged->setData(HeadHeatmaps::heatmap(*m_snapshot, layer, head, true, m_showScores));
}

void AttentionView::setShowScores(bool scores)
{
    if (m_showScores == scores)
        return;
    m_showScores = scores;
    {
        const QSignalBlocker block(m_scores);
        m_scores->setChecked(scores);
        m_probabilities->setChecked(!scores);
    }
    refreshHeatmaps();
}

void AttentionView::rebuildHeadToggles(int heads)
{
    if (int(m_headBoxes.size()) == heads)
        return;
    for (QCheckBox *box : m_headBoxes)
        delete box;
    m_headBoxes.clear();
    for (int h = 0; h < heads; ++h) {
        auto *box = new QCheckBox(tr("H%1").arg(h + 1));
        box->setChecked(true);
        const QColor colour = AttentionLinesView::headColour(h);
        box->setStyleSheet(QStringLiteral("QCheckBox { color: %1; font-weight: bold; }").arg(colour.name()));
        connect(box, &QCheckBox::toggled, this, [this, h](bool on) { m_lines->setHeadVisible(h, on); });
        m_headToggles->addWidget(box);
        m_headBoxes.push_back(box);
    }
}

void AttentionView::showLinesLayer(int layer)
{
    if (!m_snapshot || layer < 0 || layer >= m_snapshot->result.nLayers)
        return;
    std::vector<Mat> heads;
    for (int h = 0; h < m_snapshot->result.nHeads; ++h)
        heads.push_back(m_snapshot->result.attentionAt(layer, h));
    m_lines->setAttention(m_snapshot->tokenLabels, heads, tr("Layer %1: where each token attends").arg(layer + 1));
    for (std::size_t h = 0; h < m_headBoxes.size(); ++h)
        m_lines->setHeadVisible(int(h), m_headBoxes[h]->isChecked());
}

void AttentionView::fillSummary()
{
    m_summaryNote->setText(m_summary->showScores(m_snapshot->heads));
}

void AttentionView::exportPicture(const QString &what)
{
    if (!m_snapshot)
        return;
    const QString path = QFileDialog::getSaveFileName(this, tr("Export picture"), what + QStringLiteral(".png"),
                                                      tr("PNG image (*.png);;SVG drawing (*.svg)"));
    if (path.isEmpty())
        return;
    PaintExporter::PaintFunction paint;
    QSize size(1200, 1000);
    QString title;
    if (what == QLatin1String("head")) {
        paint = [this](QPainter &p, const QRectF &b) { m_enlarged->render(p, b); };
        title = m_enlarged->data().title;
    } else if (what == QLatin1String("grid")) {
        paint = [this](QPainter &p, const QRectF &b) { m_grid->render(p, b); };
        size = QSize(std::max(200, 90 * m_grid->heads() + 60), std::max(200, 90 * m_grid->layers() + 40));
        title = tr("Attention heads");
    } else if (what == QLatin1String("lines")) {
        paint = [this](QPainter &p, const QRectF &b) { m_lines->render(p, b); };
        size = QSize(900, std::max(400, 30 * int(m_snapshot->tokenLabels.size()) + 80));
        title = tr("Attention lines");
    } else {
        paint = [this](QPainter &p, const QRectF &b) { m_positions->render(p, b); };
        size = QSize(1400, 700);
        title = m_positions->data().title;
    }
    if (auto error = PaintExporter::save(paint, size, path, title))
        QMessageBox::warning(this, tr("Export picture"), error->toString());
}

} // namespace tx
