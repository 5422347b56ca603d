#include "ui/lab/trainingview.h"

#include "core/base/numberformat.h"
#include "core/train/corpus.h"
#include "core/train/trainingpreset.h"
#include "ui/lab/heatmapgrid.h"
#include "ui/lab/maskedlmchoice.h"
#include "ui/lab/trainingcharts.h"
#include "ui/lab/trainingreplaypane.h"
#include "ui/lab/trainingsamplingbox.h"
#include "ui/lab/trainingworker.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineSeries>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
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
    , m_replayPane(new TrainingReplayPane)
    , m_sampling(new TrainingSamplingBox)
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
    connect(m_worker, &TrainingWorker::sampled, m_sampling, &TrainingSamplingBox::showSamples);
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

    m_task->addItems(taskNames());
    // Sized to its longest task ("Mixture of experts (Qwen3-MoE style, …): Alice in
    // Wonderland") the box made this page, and with it the page stack, 920 px at the least, and
    // the window at 1600 px squeezed the "Show the work" dock to 195 px. It takes the row's free
    // width instead; the list that opens shows every name whole, and the tooltip the chosen one.
    m_task->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_task->setMinimumContentsLength(24);
    m_task->setToolTip(m_task->currentText());
    connect(m_task, &QComboBox::currentTextChanged, m_task, &QComboBox::setToolTip);
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

    auto *split = new QSplitter;
    split->addWidget(m_charts);
    split->addWidget(m_replayPane);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);

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
    layout->addWidget(m_sampling);

    // Sampling only means something for a character model or an encoder-decoder; hiding it
    // gives the charts room.
    showTaskTexts();
    connect(m_task, &QComboBox::currentIndexChanged, this, [this](int i) {
        m_customText->setVisible(i == CustomText);
        showTaskTexts();
        // A source to decode for the T5 tasks (greedy: the digits have one right answer).
        if (i == T5Reverse)
            m_sampling->setSource(QStringLiteral("31415926"));
        else if (i == T5SpanCorruption) // the book's words
            m_sampling->setSource(QStringLiteral("Alice was beginning to get very _ of sitting by her sister on the _"));
        else if (i == AlbertMaskedLm)
            m_sampling->setSource(MaskedLmChoice::example());
    });
    connect(m_start, &QPushButton::clicked, this, &TrainingView::start);
    connect(m_induction, &QPushButton::clicked, this, &TrainingView::watchInductionHead);
    connect(m_pause, &QPushButton::clicked, this, [this] { setPaused(!m_paused); });
    connect(m_cancel, &QPushButton::clicked, this, &TrainingView::cancel);
    connect(m_charts, &TrainingCharts::scoreKindChanged, this, &TrainingView::refreshCharts);
    connect(m_steps, &QSpinBox::valueChanged, this, &TrainingView::refreshCharts); // the step axis
    connect(m_sampling, &TrainingSamplingBox::sampleRequested, this, [this](const QString &prompt, double t, int k) {
        QMetaObject::invokeMethod(m_worker, [w = m_worker, prompt, t, k] { w->sample(prompt, 200, t, k); },
                                  Qt::QueuedConnection);
    });
    connect(m_sampling, &TrainingSamplingBox::saveRequested, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Save trained model into folder"));
        if (!dir.isEmpty())
            QMetaObject::invokeMethod(m_worker, [w = m_worker, dir] { w->save(dir); }, Qt::QueuedConnection);
    });
    connect(m_sampling, &TrainingSamplingBox::openRequested, this, [this] {
        // A fresh folder each time, so the attention view (which keeps the last model it loaded
        // from a folder) reads this model and not the previous one.
        m_openDir = std::make_unique<QTemporaryDir>();
        const QString dir = m_openDir->path();
        QMetaObject::invokeMethod(m_worker, [w = m_worker, dir] { w->save(dir); }, Qt::QueuedConnection);
    });
    // The fixed texts again in the current language (LanguageChange: the view is built before
    // the window installs its translator). The status line keeps its text until the next event.
    m_retranslate = [=, this] {
        m_induction->setText(tr("Watch an induction head form"));
        m_start->setText(tr("&Train"));
        m_pause->setText(m_paused ? tr("Resume") : tr("Pause"));
        m_cancel->setText(tr("Cancel"));
        const QStringList tasks = taskNames();
        for (int i = 0; i < tasks.size() && i < m_task->count(); ++i)
            m_task->setItemText(i, tasks[i]);
        m_steps->setSuffix(tr(" steps"));
        m_customText->setPlaceholderText(tr("Paste a text to learn character by character (a few kB or more)"));
        m_induction->setToolTip(tr("2 layers, attention only, random token segments repeated at a random offset"));
        taskLabel->setText(tr("Task:"));
        showTaskTexts();
        if (!m_running && m_charts->isEmpty())
            m_stats->setText(tr("Pick a task and press Train."));
    };
    refreshCharts(); // empty charts with the step axis of the run to come
}

QStringList TrainingView::taskNames()
{
    // In TaskChoice's order.
    return {tr("Copy 8 digits"), tr("Reverse 8 digits"), tr("Sort 8 digits"), tr("Induction (repeated random tokens)"),
            tr("Characters: Tang poems (中文)"), tr("Characters: Alice in Wonderland"), tr("Characters: my own text"),
            tr("T5 encoder-decoder: reverse 8 digits"), tr("T5 encoder-decoder: span corruption on Alice in Wonderland"),
            MaskedLmChoice::taskLabel(),
            tr("Mixture of experts (Qwen3-MoE style, 8 experts, top 2): Alice in Wonderland")};
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
    return (i >= TangPoems && i <= CustomText) || i == T5SpanCorruption || i == AlbertMaskedLm || i == MoeAlice;
}

bool TrainingView::isEncoderDecoder() const
{
    const int i = m_task->currentIndex();
    return i == T5Reverse || i == T5SpanCorruption;
}

void TrainingView::showTaskTexts()
{
    const int i = m_task->currentIndex();
    m_sampling->setVisible(isCharacterTask() || isEncoderDecoder());
    if (i == T5Reverse) {
        m_replayPane->caption()->setText(tr("Attention on a probe pair: encoder self-attention (rows enc L), decoder "
                                            "self-attention (dec L) and cross-attention (cross L: rows are the digits "
                                            "written, columns the digits read; reversing draws the anti-diagonal):"));
        m_sampling->setMode(TrainingSamplingBox::Mode::T5Digits);
    } else if (i == T5SpanCorruption) {
        m_replayPane->caption()->setText(tr("Attention on a probe pair: encoder self-attention (rows enc L), decoder "
                                            "self-attention (dec L) and cross-attention (cross L: rows are the target "
                                            "written, columns the corrupted source read):"));
        m_sampling->setMode(TrainingSamplingBox::Mode::T5Spans);
    } else if (i == AlbertMaskedLm) {
        m_replayPane->caption()->setText(MaskedLmChoice::gridCaption());
        m_sampling->setMode(TrainingSamplingBox::Mode::MaskedLm);
    } else {
        m_replayPane->caption()->setText(tr("Attention on a probe sequence (a segment, then the same segment again):"));
        m_sampling->setMode(TrainingSamplingBox::Mode::Characters);
    }
}

void TrainingView::setSteps(int steps)
{
    m_steps->setValue(steps);
}

TrainingRequest TrainingView::requestFor(TaskChoice choice) const
{
    static const TaskKind kinds[] = {TaskKind::Copy, TaskKind::Reverse, TaskKind::Sort, TaskKind::Induction,
                                     TaskKind::Chars, TaskKind::Chars, TaskKind::Chars, TaskKind::Reverse,
                                     TaskKind::Chars, TaskKind::Chars, TaskKind::Chars};
    if (choice == AlbertMaskedLm) return MaskedLmChoice::request(); // its own preset
    const bool encdec = choice == T5Reverse || choice == T5SpanCorruption;
    const TrainingPreset preset = choice == MoeAlice ? TrainingPreset::mixtureOfExperts()
                                  : encdec           ? TrainingPreset::encoderDecoderFor(kinds[choice])
                                                     : TrainingPreset::defaultFor(kinds[choice]);
    TrainingRequest r;
    r.model = preset.model;
    r.attentionOnly = preset.attentionOnly;
    r.task = preset.task;
    r.settings = preset.settings;
    if (choice == TangPoems) {
        r.task.text = corpus(QStringLiteral("tang-poems"));
        r.task.textSource = QStringLiteral("tang-poems");
    } else if (choice == Alice || choice == T5SpanCorruption || choice == MoeAlice) {
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
    m_replayPane->clear();
    m_announcement->setVisible(false);
    m_sampling->clearSamples();
    m_start->setEnabled(false);
    m_induction->setEnabled(false);
    m_pause->setEnabled(true);
    m_pause->setText(tr("Pause"));
    m_cancel->setEnabled(true);
    m_sampling->setActions(false, false, false);
    m_progress->setValue(0);
    m_stats->setText(tr("Building the model…"));
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

void TrainingView::onStarted(qint64 parameters, int layers, int heads, int encoderLayers, bool bidirectional)
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
    m_charts->startRun(layers, heads, encoderLayers, bidirectional);
    refreshCharts();
}

void TrainingView::onStep(const TrainingSnapshot &s)
{
    m_last = s;
    m_charts->addStep(s, m_last.accuracy > 0.0 || m_task->currentIndex() <= Sort || isEncoderDecoder());
    if (s.evaluated) {
        m_replayPane->add(s);
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
    // Open in attention view: character decoders and encoders, not an encoder-decoder.
    m_sampling->setActions(chars || isEncoderDecoder(), !m_charts->isEmpty(), chars && !m_charts->isEmpty());
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

HeatmapGrid *TrainingView::grid() const
{
    return m_replayPane->grid();
}

QLabel *TrainingView::gridCaption() const
{
    return m_replayPane->caption();
}

QSlider *TrainingView::replay() const
{
    return m_replayPane->replay();
}

const std::vector<TrainingSnapshot> &TrainingView::history() const
{
    return m_replayPane->history();
}

QLineEdit *TrainingView::prompt() const
{
    return m_sampling->prompt();
}

QPushButton *TrainingView::sampleButton() const
{
    return m_sampling->sampleButton();
}

QPlainTextEdit *TrainingView::samples() const
{
    return m_sampling->samples();
}

void TrainingView::refreshCharts()
{
    m_charts->refresh(m_replayPane->history(), m_steps->value());
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
    if (m_replayPane->grid()->heads() > 0)
        m_replayPane->grid()->setSelected(induction->layer, induction->head);
    emit inductionHeadFormed(s.step, induction->layer, induction->head);
}

} // namespace tx
