#include "ui/lab/trainingview.h"

#include "core/base/numberformat.h"
#include "core/train/corpus.h"
#include "core/train/trainingpreset.h"
#include "ui/lab/heatmapgrid.h"
#include "ui/lab/maskedlmchoice.h"
#include "ui/lab/trainingcharts.h"
#include "ui/lab/trainingworker.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLineSeries>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSlider>
#include <QSpinBox>
#include <QSplitter>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace tx {

namespace {

QString corpus(const QString &name)
{
    auto text = Corpus::load(name); // bundled: never fails
    return text ? *text : QString();
}

} // namespace

TrainingView::TrainingView(QWidget *parent)
    : QWidget(parent)
    , m_worker(new TrainingWorker)
    , m_task(new QComboBox)
    , m_steps(new QSpinBox)
    , m_customText(new QPlainTextEdit)
    , m_induction(new QPushButton(tr("Watch an induction head form")))
    , m_start(new QPushButton(tr("&Train")))
    , m_pause(new QPushButton(tr("Pause")))
    , m_cancel(new QPushButton(tr("Cancel")))
    , m_progress(new QProgressBar)
    , m_stats(new QLabel)
    , m_announcement(new QLabel)
    , m_charts(new TrainingCharts)
    , m_grid(new HeatmapGrid)
    , m_replay(new QSlider(Qt::Horizontal))
    , m_replayLabel(new QLabel)
    , m_gridCaption(new QLabel)
    , m_sampling(new QGroupBox)
    , m_prompt(new QLineEdit)
    , m_temperature(new QDoubleSpinBox)
    , m_topK(new QSpinBox)
    , m_sample(new QPushButton(tr("Sample")))
    , m_save(new QPushButton(tr("Save model…")))
    , m_openInAttention(new QPushButton(tr("Open in attention view")))
    , m_samples(new QPlainTextEdit)
{
    setObjectName(QStringLiteral("trainingView"));
    qRegisterMetaType<tx::TrainingRequest>();
    qRegisterMetaType<tx::TrainingSnapshot>();
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(m_worker, &TrainingWorker::started, this, &TrainingView::onStarted);
    connect(m_worker, &TrainingWorker::stepped, this, &TrainingView::onStep);
    connect(m_worker, &TrainingWorker::finished, this, [this] {
        onEnded();
        emit runFinished();
    });
    connect(m_worker, &TrainingWorker::cancelled, this, [this] {
        m_stats->setText(m_stats->text() + QLatin1Char(' ') + tr("Cancelled."));
        onEnded();
        emit runCancelled();
    });
    connect(m_worker, &TrainingWorker::failed, this, [this](const QString &message) {
        m_stats->setText(message);
        onEnded();
    });
    connect(m_worker, &TrainingWorker::sampled, m_samples, &QPlainTextEdit::setPlainText);
    connect(m_worker, &TrainingWorker::saved, this, [this](const QString &dir, const QString &error) {
        const bool open = m_openDir && dir == m_openDir->path();
        if (!error.isEmpty())
            QMessageBox::warning(this, tr("Save model"), error);
        else if (open)
            emit openInAttentionView(dir);
        else
            m_stats->setText(tr("Saved config.json, model.safetensors and, for a character model, tokenizer.json to %1.").arg(dir));
    });
    m_thread.setObjectName(QStringLiteral("training worker"));
    m_thread.start();

    m_task->addItems({tr("Copy 8 digits"), tr("Reverse 8 digits"), tr("Sort 8 digits"),
                      tr("Induction (repeated random tokens)"), tr("Characters: Tang poems (中文)"),
                      tr("Characters: Alice in Wonderland"), tr("Characters: my own text"),
                      tr("T5 encoder-decoder: reverse 8 digits"),
                      tr("T5 encoder-decoder: span corruption on Alice in Wonderland"), MaskedLmChoice::taskLabel()});
    m_steps->setRange(1, 1'000'000);
    m_steps->setValue(1000);
    m_steps->setSuffix(tr(" steps"));
    m_customText->setPlaceholderText(tr("Paste a text to learn character by character (a few kB or more)"));
    m_customText->setMaximumHeight(70);
    m_customText->setVisible(false);
    m_pause->setEnabled(false);
    m_cancel->setEnabled(false);
    m_induction->setToolTip(tr("2 layers, attention only, random token segments repeated at a random offset"));

    auto *controls = new QHBoxLayout;
    auto *taskLabel = new QLabel(tr("Task:"));
    controls->addWidget(taskLabel);
    controls->addWidget(m_task, 1);
    controls->addWidget(m_steps);
    controls->addWidget(m_start);
    controls->addWidget(m_pause);
    controls->addWidget(m_cancel);

    m_progress->setRange(0, 1000);
    m_progress->setValue(0);
    m_stats->setText(tr("Pick a task and press Train."));
    m_announcement->setWordWrap(true);
    m_announcement->setVisible(false);
    m_announcement->setStyleSheet(QStringLiteral("QLabel { background: #fff3c4; color: #3b2f00; border: 1px solid #e0c060;"
                                                 " border-radius: 4px; padding: 6px; font-weight: bold; }"));

    auto *gridPane = new QWidget;
    auto *gridLayout = new QVBoxLayout(gridPane);
    gridLayout->setContentsMargins(0, 0, 0, 0);
    m_gridCaption->setWordWrap(true); // one long line would set the page's minimum width
    gridLayout->addWidget(m_gridCaption);
    auto *gridScroll = new QScrollArea;
    gridScroll->setWidget(m_grid);
    gridScroll->setWidgetResizable(true);
    gridLayout->addWidget(gridScroll, 1);
    m_replay->setEnabled(false);
    auto *replayBar = new QHBoxLayout;
    auto *replayLabel = new QLabel(tr("Replay:"));
    replayBar->addWidget(replayLabel);
    replayBar->addWidget(m_replay, 1);
    replayBar->addWidget(m_replayLabel);
    gridLayout->addLayout(replayBar);

    auto *split = new QSplitter;
    split->addWidget(m_charts);
    split->addWidget(gridPane);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);

    QGroupBox *sampling = m_sampling;
    sampling->setObjectName(QStringLiteral("samplingBox"));
    // Two rows: the settings, then the samples across the whole width (one row was wider
    // than the window in presentation mode).
    auto *samplingLayout = new QGridLayout(sampling);
    m_prompt->setPlaceholderText(tr("prompt"));
    m_prompt->setText(tr("床前"));
    m_temperature->setRange(0.0, 3.0);
    m_temperature->setSingleStep(0.1);
    m_temperature->setValue(0.8);
    m_temperature->setToolTip(tr("0 always takes the most likely character"));
    m_topK->setRange(0, 1000);
    m_topK->setValue(10);
    m_topK->setSpecialValueText(tr("all"));
    m_samples->setReadOnly(true);
    m_samples->setMaximumHeight(70);
    samplingLayout->addWidget(m_prompt, 0, 0);
    auto *temperatureLabel = new QLabel(tr("temperature"));
    samplingLayout->addWidget(temperatureLabel, 0, 1);
    samplingLayout->addWidget(m_temperature, 0, 2);
    auto *topKLabel = new QLabel(tr("top-k"));
    samplingLayout->addWidget(topKLabel, 0, 3);
    samplingLayout->addWidget(m_topK, 0, 4);
    samplingLayout->addWidget(m_sample, 0, 5);
    samplingLayout->addWidget(m_save, 0, 6);
    samplingLayout->addWidget(m_openInAttention, 0, 7);
    samplingLayout->addWidget(m_samples, 1, 0, 1, 8);
    samplingLayout->setColumnStretch(0, 1);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    layout->addWidget(m_customText);
    layout->addWidget(m_progress);
    // The one-click induction demo sits beside the status line, not at the end of the task
    // row: that row was wider than the page beside the panels in presentation mode.
    auto *statusRow = new QHBoxLayout;
    m_stats->setWordWrap(true);
    statusRow->addWidget(m_stats, 1);
    statusRow->addWidget(m_induction, 0, Qt::AlignTop);
    layout->addLayout(statusRow);
    layout->addWidget(m_announcement);
    layout->addWidget(split, 1);
    layout->addWidget(sampling);

    // Sampling only means something for a character model or an encoder-decoder; hiding it
    // gives the charts room.
    showTaskTexts();
    connect(m_task, &QComboBox::currentIndexChanged, this, [this](int i) {
        m_customText->setVisible(i == CustomText);
        showTaskTexts();
        // A source to decode for the T5 tasks (greedy: the digits have one right answer).
        if (i == T5Reverse) {
            m_prompt->setText(QStringLiteral("31415926"));
            m_temperature->setValue(0.0);
        } else if (i == T5SpanCorruption) {
            m_prompt->setText(QStringLiteral("Alice was beginning to get very _ of sitting by her sister on the _")); // the book's words
            m_temperature->setValue(0.0);
        } else if (i == AlbertMaskedLm) {
            MaskedLmChoice::setExample(m_prompt, m_temperature);
        }
    });
    connect(m_start, &QPushButton::clicked, this, &TrainingView::start);
    connect(m_induction, &QPushButton::clicked, this, &TrainingView::watchInductionHead);
    connect(m_pause, &QPushButton::clicked, this, [this] { setPaused(!m_paused); });
    connect(m_cancel, &QPushButton::clicked, this, &TrainingView::cancel);
    connect(m_replay, &QSlider::valueChanged, this, &TrainingView::showReplay);
    connect(m_charts, &TrainingCharts::scoreKindChanged, this, &TrainingView::refreshCharts);
    connect(m_steps, &QSpinBox::valueChanged, this, &TrainingView::refreshCharts); // the step axis
    connect(m_sample, &QPushButton::clicked, this, [this] {
        const QString prompt = m_prompt->text();
        const double t = m_temperature->value();
        const int k = m_topK->value();
        QMetaObject::invokeMethod(m_worker, [w = m_worker, prompt, t, k] { w->sample(prompt, 200, t, k); },
                                  Qt::QueuedConnection);
    });
    connect(m_save, &QPushButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Save trained model into folder"));
        if (!dir.isEmpty())
            QMetaObject::invokeMethod(m_worker, [w = m_worker, dir] { w->save(dir); }, Qt::QueuedConnection);
    });
    connect(m_openInAttention, &QPushButton::clicked, this, [this] {
        // A fresh folder each time, so the attention view (which keeps the last model it loaded
        // from a folder) reads this model and not the previous one.
        m_openDir = std::make_unique<QTemporaryDir>();
        const QString dir = m_openDir->path();
        QMetaObject::invokeMethod(m_worker, [w = m_worker, dir] { w->save(dir); }, Qt::QueuedConnection);
    });
    m_openInAttention->setToolTip(tr("Show the trained model's heads in the Attention tab"));
    // The fixed texts again in the current language (LanguageChange: the view is built before
    // the window installs its translator). The status line keeps its text until the next event.
    m_retranslate = [=, this] {
        m_induction->setText(tr("Watch an induction head form"));
        m_start->setText(tr("&Train"));
        m_pause->setText(m_paused ? tr("Resume") : tr("Pause"));
        m_cancel->setText(tr("Cancel"));
        m_sample->setText(tr("Sample"));
        m_save->setText(tr("Save model…"));
        m_openInAttention->setText(tr("Open in attention view"));
        m_openInAttention->setToolTip(tr("Show the trained model's heads in the Attention tab"));
        const QStringList tasks{tr("Copy 8 digits"), tr("Reverse 8 digits"), tr("Sort 8 digits"),
                                tr("Induction (repeated random tokens)"), tr("Characters: Tang poems (中文)"),
                                tr("Characters: Alice in Wonderland"), tr("Characters: my own text"),
                                tr("T5 encoder-decoder: reverse 8 digits"),
                                tr("T5 encoder-decoder: span corruption on Alice in Wonderland"), MaskedLmChoice::taskLabel()};
        for (int i = 0; i < tasks.size() && i < m_task->count(); ++i)
            m_task->setItemText(i, tasks[i]);
        m_steps->setSuffix(tr(" steps"));
        m_customText->setPlaceholderText(tr("Paste a text to learn character by character (a few kB or more)"));
        m_induction->setToolTip(tr("2 layers, attention only, random token segments repeated at a random offset"));
        taskLabel->setText(tr("Task:"));
        replayLabel->setText(tr("Replay:"));
        showTaskTexts();
        m_topK->setSpecialValueText(tr("all"));
        temperatureLabel->setText(tr("temperature"));
        topKLabel->setText(tr("top-k"));
        if (!m_running && m_charts->isEmpty())
            m_stats->setText(tr("Pick a task and press Train."));
    };
    m_sample->setEnabled(false);
    m_save->setEnabled(false);
    m_openInAttention->setEnabled(false);
    refreshCharts(); // empty charts with the step axis of the run to come
}

void TrainingView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange && m_retranslate)
        m_retranslate();
    QWidget::changeEvent(event);
}

TrainingView::~TrainingView()
{
    m_worker->cancel();
    m_worker->setPaused(false);
    m_thread.quit();
    m_thread.wait();
}

void TrainingView::setTask(TaskChoice choice)
{
    m_task->setCurrentIndex(int(choice));
    m_steps->setValue(requestFor(choice).settings.steps);
}

bool TrainingView::isCharacterTask() const
{
    const int i = m_task->currentIndex();
    return (i >= TangPoems && i <= CustomText) || i == T5SpanCorruption || i == AlbertMaskedLm;
}

bool TrainingView::isEncoderDecoder() const
{
    const int i = m_task->currentIndex();
    return i == T5Reverse || i == T5SpanCorruption;
}

void TrainingView::showTaskTexts()
{
    const int i = m_task->currentIndex();
    const bool encdec = isEncoderDecoder();
    m_sampling->setVisible(isCharacterTask() || encdec);
    if (i == T5Reverse) {
        m_gridCaption->setText(tr("Attention on a probe pair: encoder self-attention (rows enc L), decoder "
                                  "self-attention (dec L) and cross-attention (cross L: rows are the digits written, "
                                  "columns the digits read; reversing draws the anti-diagonal):"));
        m_sampling->setTitle(tr("Decode: the encoder reads your digits, the decoder writes them reversed"));
        m_prompt->setPlaceholderText(tr("8 digits"));
    } else if (i == T5SpanCorruption) {
        m_gridCaption->setText(tr("Attention on a probe pair: encoder self-attention (rows enc L), decoder "
                                  "self-attention (dec L) and cross-attention (cross L: rows are the target written, "
                                  "columns the corrupted source read):"));
        m_sampling->setTitle(tr("Decode: the encoder reads your text, _ marks each hidden span; the decoder writes "
                                "the spans behind T5's sentinels"));
        m_prompt->setPlaceholderText(tr("a text with _ for each hidden span"));
    } else if (i == AlbertMaskedLm) {
        MaskedLmChoice::showTexts(m_gridCaption, m_sampling, m_prompt);
    } else {
        m_gridCaption->setText(tr("Attention on a probe sequence (a segment, then the same segment again):"));
        m_sampling->setTitle(tr("Sample from the trained character model"));
        m_prompt->setPlaceholderText(tr("prompt"));
    }
    m_temperature->setToolTip(encdec ? tr("0 always takes the most likely token")
                                     : tr("0 always takes the most likely character"));
}

void TrainingView::setSteps(int steps)
{
    m_steps->setValue(steps);
}

TrainingRequest TrainingView::requestFor(TaskChoice choice) const
{
    static const TaskKind kinds[] = {TaskKind::Copy, TaskKind::Reverse, TaskKind::Sort, TaskKind::Induction,
                                     TaskKind::Chars, TaskKind::Chars, TaskKind::Chars, TaskKind::Reverse,
                                     TaskKind::Chars};
    if (choice == AlbertMaskedLm) return MaskedLmChoice::request(); // not indexed in kinds
    const bool encdec = choice == T5Reverse || choice == T5SpanCorruption;
    const TrainingPreset preset = encdec ? TrainingPreset::encoderDecoderFor(kinds[choice])
                                         : TrainingPreset::defaultFor(kinds[choice]);
    TrainingRequest r;
    r.model = preset.model;
    r.attentionOnly = preset.attentionOnly;
    r.task = preset.task;
    r.settings = preset.settings;
    if (choice == TangPoems) {
        r.task.text = corpus(QStringLiteral("tang-poems"));
        r.task.textSource = QStringLiteral("tang-poems");
    } else if (choice == Alice || choice == T5SpanCorruption) {
        r.task.text = corpus(QStringLiteral("carroll-alice"));
        r.task.textSource = QStringLiteral("carroll-alice");
    } else if (choice == CustomText) {
        r.task.text = m_customText->toPlainText();
        r.task.textSource = tr("pasted text");
    }
    return r;
}

void TrainingView::start()
{
    if (m_running)
        return;
    TrainingRequest request = requestFor(TaskChoice(m_task->currentIndex()));
    request.settings.steps = m_steps->value();
    m_running = true;
    m_paused = false;
    m_announced = false;
    m_charts->clear();
    m_history.clear();
    m_announcement->setVisible(false);
    m_samples->clear();
    m_start->setEnabled(false);
    m_induction->setEnabled(false);
    m_pause->setEnabled(true);
    m_pause->setText(tr("Pause"));
    m_cancel->setEnabled(true);
    m_sample->setEnabled(false);
    m_save->setEnabled(false);
    m_progress->setValue(0);
    m_stats->setText(tr("Building the model…"));
    m_replay->setEnabled(false);
    m_worker->clearCancel();
    m_worker->setPaused(false);
    QMetaObject::invokeMethod(m_worker, [w = m_worker, request] { w->run(request); }, Qt::QueuedConnection);
    emit runStarted();
}

void TrainingView::watchInductionHead()
{
    setTask(Induction);
    start();
}

void TrainingView::setPaused(bool paused)
{
    if (!m_running)
        return;
    m_paused = paused;
    m_worker->setPaused(paused);
    m_pause->setText(paused ? tr("Resume") : tr("Pause"));
}

void TrainingView::cancel()
{
    if (m_running)
        m_worker->cancel();
}

void TrainingView::onStarted(qint64 parameters, int layers, int heads, int encoderLayers)
{
    m_layers = layers;
    m_heads = heads;
    m_encoderLayers = encoderLayers;
    m_stats->setText(encoderLayers > 0
                         ? tr("Training %1 parameters (encoder %2 layers, decoder %3 layers)…")
                               .arg(NumberFormat::exact(parameters))
                               .arg(encoderLayers)
                               .arg(layers)
                         : tr("Training %1 parameters…").arg(NumberFormat::exact(parameters)));
    m_charts->startRun(layers, heads, encoderLayers);
    refreshCharts();
}

void TrainingView::onStep(const TrainingSnapshot &s)
{
    m_last = s;
    m_charts->addStep(s, m_last.accuracy > 0.0 || m_task->currentIndex() <= Sort || isEncoderDecoder());
    if (s.evaluated) {
        if (TrainingSnapshot copy = s; copy.attention.size() == std::size_t(copy.attentionMaps() * copy.nHeads)) {
            const bool following = !m_replay->isEnabled() || m_replay->value() == m_replay->maximum();
            m_history.push_back(std::move(copy));
            m_replay->setEnabled(true);
            {
                const QSignalBlocker block(m_replay);
                m_replay->setRange(0, int(m_history.size()) - 1);
            }
            if (following)
                m_replay->setValue(m_replay->maximum());
            if (following)
                showReplay(m_replay->maximum());
        }
        checkInduction(s);
    }
    const double perStep = s.step > 0 ? s.seconds / s.step : 0.0;
    m_progress->setValue(s.totalSteps > 0 ? int(1000.0 * s.step / s.totalSteps) : 0);
    m_progress->setFormat(tr("step %1 of %2").arg(s.step).arg(s.totalSteps));
    m_stats->setText(tr("loss %1 · %2 tokens/s · %3 left · %4 s so far")
                         .arg(s.loss, 0, 'f', 3)
                         .arg(NumberFormat::count(s.seconds > 0 ? double(s.tokens) / s.seconds : 0.0))
                         .arg(NumberFormat::duration(perStep * (s.totalSteps - s.step)))
                         .arg(s.seconds, 0, 'f', 1));
    // Charts redraw at most 10 times a second however fast the steps come.
    if (s.evaluated || !m_redraw.isValid() || m_redraw.elapsed() > 100) {
        refreshCharts();
        m_redraw.restart();
    }
}

void TrainingView::onEnded()
{
    m_running = false;
    m_paused = false;
    m_start->setEnabled(true);
    m_induction->setEnabled(true);
    m_pause->setEnabled(false);
    m_pause->setText(tr("Pause"));
    m_cancel->setEnabled(false);
    const bool chars = isCharacterTask() && !isEncoderDecoder();
    m_sample->setEnabled(chars || isEncoderDecoder());
    m_save->setEnabled(!m_charts->isEmpty());
    // The attention view reads text through the saved tokenizer, which has no T5 sentinels.
    m_openInAttention->setEnabled(chars && !m_charts->isEmpty());
    refreshCharts();
}

QLineSeries *TrainingView::trainLoss() const
{
    return m_charts->trainLoss();
}

QLineSeries *TrainingView::validationLoss() const
{
    return m_charts->validationLoss();
}

QLineSeries *TrainingView::accuracy() const
{
    return m_charts->accuracy();
}

void TrainingView::refreshCharts()
{
    m_charts->refresh(m_history, m_steps->value());
}

void TrainingView::showReplay(int index)
{
    if (index < 0 || std::size_t(index) >= m_history.size())
        return;
    const TrainingSnapshot &s = m_history[std::size_t(index)];
    if (s.encoderDecoder) {
        // Rows: the encoder's layers, the decoder's self-attention, its cross-attention.
        const int Le = s.nEncoderLayers, Ld = s.nLayers;
        auto kindOf = [Le, Ld](int row) { return row < Le ? 0 : row < Le + Ld ? 1 : 2; };
        auto layerOf = [Le, Ld](int row) { return row < Le ? row : (row - Le) % Ld; };
        m_grid->setHeatmaps(
            s.attentionMaps(), s.nHeads,
            [&](int row, int h) {
                HeatmapData d;
                d.values = s.attention[std::size_t(row * s.nHeads + h)];
                const int kind = kindOf(row), l = layerOf(row);
                d.title = kind == 0 ? tr("Encoder layer %1 · Head %2 at step %3").arg(l + 1).arg(h + 1).arg(s.step)
                          : kind == 1 ? tr("Decoder layer %1 · Head %2 at step %3").arg(l + 1).arg(h + 1).arg(s.step)
                                      : tr("Cross-attention, decoder layer %1 · Head %2 at step %3")
                                            .arg(l + 1).arg(h + 1).arg(s.step);
                d.rowAxis = kind == 0 ? tr("source position") : tr("target position");
                d.columnAxis = kind == 1 ? tr("target position") : tr("source position");
                d.squareCells = kind != 2;
                if (kind == 1)
                    d.masked = [](int q, int k) { return k > q; };
                return d;
            },
            [&](int row, int h) {
                const int l = layerOf(row) + 1;
                const QString where = kindOf(row) == 0   ? tr("enc L%1").arg(l)
                                      : kindOf(row) == 1 ? tr("dec L%1").arg(l)
                                                         : tr("cross L%1").arg(l);
                return where + QStringLiteral(" · ") + HeatmapGrid::tr("H%1").arg(h + 1);
            });
        m_replayLabel->setText(tr("step %1").arg(s.step));
        return;
    }
    m_grid->setHeatmaps(s.nLayers, s.nHeads, [&s](int l, int h) {
        HeatmapData d;
        d.values = s.attention[std::size_t(l * s.nHeads + h)];
        d.title = QCoreApplication::translate("tx::TrainingView", "Layer %1 · Head %2 at step %3")
                      .arg(l + 1)
                      .arg(h + 1)
                      .arg(s.step);
        if (s.causal) // an encoder alone (BERT, ALBERT) sees every key
            d.masked = [](int q, int k) { return k > q; };
        return d;
    });
    m_replayLabel->setText(tr("step %1").arg(s.step));
}

void TrainingView::checkInduction(const TrainingSnapshot &s)
{
    if (m_announced || s.heads.empty())
        return;
    const HeadScore *induction = HeadScore::formedInduction(s.heads);
    const HeadScore *previous = nullptr;
    for (const HeadScore &h : s.heads) {
        if (h.layer == 0 && (!previous || h.previousToken > previous->previousToken))
            previous = &h;
    }
    if (!induction)
        return;
    m_announced = true;
    QString text = tr("An induction head formed at step %1 (%2 s): layer %3 head %4 now sends %5 of its attention "
                      "to the token after the earlier copy of the current token.")
                       .arg(s.step)
                       .arg(s.seconds, 0, 'f', 1)
                       .arg(induction->layer + 1)
                       .arg(induction->head + 1)
                       .arg(induction->induction, 0, 'f', 2);
    if (previous)
        text += QLatin1Char(' ')
                + tr("It builds on layer 1 head %1, a previous-token head (previous-token score %2).")
                      .arg(previous->head + 1)
                      .arg(previous->previousToken, 0, 'f', 2);
    m_announcement->setText(text);
    m_announcement->setVisible(true);
    if (m_grid->heads() > 0)
        m_grid->setSelected(induction->layer, induction->head);
    emit inductionHeadFormed(s.step, induction->layer, induction->head);
}

} // namespace tx
