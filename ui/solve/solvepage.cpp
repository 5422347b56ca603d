#include "ui/solve/solvepage.h"

#include "ui/snapshot/snapshotfeed.h"

#include "core/base/numberformat.h"
#include "core/design/presetlibrary.h"
#include "core/estimate/hardwarecatalog.h"
#include "ui/charts/chartpanel.h"
#include "ui/charts/concurrencychart.h"
#include "ui/charts/sensitivitychart.h"
#include "ui/design/designstate.h"
#include "ui/solve/solveworker.h"
#include "ui/widgets/livelabel.h"
#include "ui/widgets/theme.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSettings>
#include <QSpinBox>
#include <QTabWidget>
#include <QVBoxLayout>

#include <cmath>

namespace tx {

namespace {

// NumberFormat::money rounds to whole dollars; an hour of one GPU or a million tokens can cost cents.
QString dollars(double x)
{
    return x >= 100 ? NumberFormat::money(x) : QStringLiteral("$") + QString::number(x, 'g', 3);
}

// Solver's sentences start in lower case to follow a colon on the command line; here they start a line.
QString sentence(QString text)
{
    if (!text.isEmpty())
        text[0] = text[0].toUpper();
    return text;
}

LiveLabel *wrapped(QWidget *parent)
{
    auto *l = new LiveLabel(parent);
    l->setWordWrap(true);
    return l;
}

const QStringList kQuestions = {QStringLiteral("context"), QStringLiteral("batch"), QStringLiteral("largest"),
                                QStringLiteral("shape"), QStringLiteral("device")};

} // namespace

SolvePage::SolvePage(DesignState *state, QWidget *parent)
    : QWidget(parent)
    , m_state(state)
    , m_family(new QComboBox)
    , m_aspect(new QDoubleSpinBox)
    , m_purpose(new QComboBox)
    , m_params(new QDoubleSpinBox)
    , m_speed(new QDoubleSpinBox)
    , m_users(new QSpinBox)
    , m_prices(new QComboBox)
    , m_metric(new QComboBox)
    , m_views(new QTabWidget)
    , m_assumptionsLine(new LiveLabel)
    , m_sensitivity(new SensitivityChart)
    , m_concurrency(new ConcurrencyChart)
    , m_sensitivityNote(new LiveLabel)
    , m_concurrencyNote(new LiveLabel)
    , m_worker(new SolveWorker)
{
    setObjectName(QStringLiteral("solve"));
    // Three views of one tab: the window leaves a page about 700 px across at 1600 px, too narrow
    // for the answers and two charts side by side.
    m_views->setObjectName(QStringLiteral("solveViews"));
    m_views->setDocumentMode(true);
    auto *scroll = new QScrollArea;
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(buildQuestions());
    m_views->addTab(scroll, QString());

    auto *tornado = new QWidget;
    auto *tornadoLayout = new QVBoxLayout(tornado);
    tornadoLayout->setContentsMargins(0, 4, 0, 0);
    auto *metricRow = new QHBoxLayout;
    m_metricLabel = new QLabel;
    m_metricLabel->setBuddy(m_metric);
    metricRow->addWidget(m_metricLabel);
    metricRow->addWidget(m_metric);
    metricRow->addStretch(1);
    tornadoLayout->addLayout(metricRow);
    tornadoLayout->addWidget(new ChartPanel(m_sensitivity, tornado, ChartPanel::Edges::Straight), 1);
    tornadoLayout->addWidget(m_sensitivityNote);
    m_views->addTab(tornado, QString());
    auto *serving = new QWidget;
    auto *servingLayout = new QVBoxLayout(serving);
    servingLayout->setContentsMargins(0, 4, 0, 0);
    servingLayout->addWidget(new ChartPanel(m_concurrency, serving), 1);
    servingLayout->addWidget(m_concurrencyNote);
    m_views->addTab(serving, QString());
    // The notes keep two lines of room: a note one line shorter must not move the chart above it.
    for (LiveLabel *note : {m_sensitivityNote, m_concurrencyNote}) {
        note->setWordWrap(true);
        note->setKeepsRoom(true);
        note->setMinimumLines(2);
        note->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    }
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_views);
    // The view last looked at comes back with the window.
    m_views->setCurrentIndex(QSettings().value(QStringLiteral("solve/view"), 0).toInt());
    connect(m_views, &QTabWidget::currentChanged, this, [this](int index) {
        QSettings().setValue(QStringLiteral("solve/view"), index);
        drawCharts();
    });

    connect(m_metric, &QComboBox::activated, this, [this] {
        m_sensitivity->setMetric(Sensitivity::Metric(m_metric->currentData().toInt()));
        m_sensitivityNote->setText(m_sensitivity->figure().note);
    });

    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(m_worker, &SolveWorker::solved, this, &SolvePage::showAnswers);
    m_thread.setObjectName(QStringLiteral("solve worker"));
    m_thread.start();
    retranslate();
    restyleCharts();
    SnapshotFeed::follow(state, this);
}

SolvePage::~SolvePage()
{
    m_thread.quit();
    m_thread.wait();
}

QWidget *SolvePage::buildQuestions()
{
    auto *column = new QWidget;
    auto *layout = new QVBoxLayout(column);
    layout->setContentsMargins(8, 8, 8, 8);
    m_heading = new QLabel;
    QFont big = m_heading->font();
    big.setPointSizeF(big.pointSizeF() * 1.3);
    big.setBold(true);
    m_heading->setFont(big);
    layout->addWidget(m_heading);
    m_assumptionsLine->setWordWrap(true);
    layout->addWidget(m_assumptionsLine);

    const auto changed = [this] { requestSolve(); };
    for (const QString &key : kQuestions) {
        Question q = addQuestion(column, key);
        auto *form = new QFormLayout;
        form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
        if (key == QLatin1String("largest")) {
            m_familyLabel = new QLabel;
            m_aspectLabel = new QLabel;
            m_purposeLabel = new QLabel;
            m_family->setObjectName(QStringLiteral("solveFamily"));
            m_aspect->setRange(0, 1000);
            m_aspect->setDecimals(1);
            m_aspect->setValue(0);
            m_purpose->setObjectName(QStringLiteral("solvePurpose"));
            form->addRow(m_familyLabel, m_family);
            form->addRow(m_aspectLabel, m_aspect);
            form->addRow(m_purposeLabel, m_purpose);
            connect(m_family, &QComboBox::activated, this, changed);
            connect(m_aspect, &QDoubleSpinBox::valueChanged, this, changed);
            connect(m_purpose, &QComboBox::activated, this, changed);
        } else if (key == QLatin1String("shape")) {
            m_paramsLabel = new QLabel;
            m_params->setRange(0.001, 100000);
            m_params->setDecimals(3);
            m_params->setValue(7);
            form->addRow(m_paramsLabel, m_params);
            connect(m_params, &QDoubleSpinBox::valueChanged, this, changed);
        } else if (key == QLatin1String("device")) {
            m_speedLabel = new QLabel;
            m_usersLabel = new QLabel;
            m_pricesLabel = new QLabel;
            m_speed->setRange(0.1, 100000);
            m_speed->setDecimals(1);
            m_speed->setValue(30);
            m_users->setRange(1, 1'000'000);
            m_users->setValue(16);
            m_prices->setObjectName(QStringLiteral("solvePrices"));
            form->addRow(m_speedLabel, m_speed);
            form->addRow(m_usersLabel, m_users);
            form->addRow(m_pricesLabel, m_prices);
            connect(m_speed, &QDoubleSpinBox::valueChanged, this, changed);
            connect(m_users, &QSpinBox::valueChanged, this, changed);
            connect(m_prices, &QComboBox::activated, this, changed);
        }
        if (form->rowCount() > 0)
            static_cast<QVBoxLayout *>(q.box->layout())->insertLayout(0, form);
        else
            delete form;
        m_questions.insert(key, q);
        layout->addWidget(q.box);
    }
    layout->addStretch(1);
    return column;
}

SolvePage::Question SolvePage::addQuestion(QWidget *parent, const QString &key)
{
    Question q;
    q.box = new QGroupBox(parent);
    q.box->setObjectName(QStringLiteral("solve-") + key);
    auto *box = new QVBoxLayout(q.box);
    q.answer = wrapped(q.box);
    QFont bold = q.answer->font();
    bold.setBold(true);
    bold.setPointSizeF(bold.pointSizeF() * 1.15);
    q.answer->setFont(bold);
    q.binding = wrapped(q.box);
    q.use = new QPushButton(q.box);
    q.use->setEnabled(false);
    box->addWidget(q.answer);
    box->addWidget(q.binding);
    auto *row = new QHBoxLayout;
    row->addStretch(1);
    row->addWidget(q.use);
    box->addLayout(row);
    connect(q.use, &QPushButton::clicked, this, [this, key] { useAnswer(key); });
    return q;
}

void SolvePage::retranslate()
{
    m_heading->setText(tr("Reverse questions"));
    m_views->setTabText(0, tr("&Questions"));
    m_views->setTabText(1, tr("Which &knob matters"));
    m_views->setTabText(2, tr("Concurrent &users"));
    const QHash<QString, QString> titles = {
        {QStringLiteral("context"), tr("Longest context")},
        {QStringLiteral("batch"), tr("Most concurrent sequences")},
        {QStringLiteral("largest"), tr("Largest model of a family")},
        {QStringLiteral("shape"), tr("Shape for a parameter count")},
        {QStringLiteral("device"), tr("Cheapest device for a speed")}};
    const QHash<QString, QString> uses = {
        {QStringLiteral("context"), tr("Use this context")},
        {QStringLiteral("batch"), tr("Use this batch")},
        {QStringLiteral("largest"), tr("Use this design")},
        {QStringLiteral("shape"), tr("Use this design")},
        {QStringLiteral("device"), tr("Use this device")}};
    for (auto it = m_questions.begin(); it != m_questions.end(); ++it) {
        it->box->setTitle(titles.value(it.key()));
        it->use->setText(uses.value(it.key()));
    }
    m_familyLabel->setText(tr("Family"));
    m_aspectLabel->setText(tr("d_model per layer"));
    m_aspect->setSpecialValueText(tr("the family's own"));
    m_aspect->setToolTip(tr("The aspect ratio d_model / layers the answer keeps; 0 keeps the family's."));
    m_purposeLabel->setText(tr("Fits for"));
    m_paramsLabel->setText(tr("Target parameters"));
    m_params->setSuffix(tr(" billion"));
    m_speedLabel->setText(tr("Speed per user"));
    m_speed->setSuffix(tr(" tokens/s"));
    m_usersLabel->setText(tr("Concurrent users"));
    m_pricesLabel->setText(tr("Prices"));
    m_metricLabel->setText(tr("Which knob moves"));

    const QString family = m_family->currentData().toString();
    m_family->clear();
    m_family->addItem(tr("This design"), QString());
    for (const Preset &p : PresetLibrary::builtIn().presets())
        m_family->addItem(p.config.name.isEmpty() ? p.id : p.config.name, p.id);
    m_family->setCurrentIndex(std::max(0, m_family->findData(family)));
    const int purpose = std::max(0, m_purpose->currentIndex());
    m_purpose->clear();
    m_purpose->addItem(tr("inference"));
    m_purpose->addItem(tr("training"));
    m_purpose->setCurrentIndex(purpose);
    const int prices = std::max(0, m_prices->currentIndex());
    m_prices->clear();
    m_prices->addItem(tr("cloud rental (on-demand list prices)"), int(Solver::PriceKind::Rental));
    m_prices->addItem(tr("purchase over 3 years"), int(Solver::PriceKind::Purchase));
    m_prices->setCurrentIndex(prices);
    const int metric = std::max(0, m_metric->currentIndex());
    m_metric->clear();
    for (Sensitivity::Metric m : SensitivityFigure::metrics())
        m_metric->addItem(SensitivityFigure::metricName(m), int(m));
    m_metric->setCurrentIndex(metric);

    m_sensitivity->retranslate();
    m_concurrency->retranslate();
    drawCharts();
    drawAnswers();
}

void SolvePage::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    else if (event->type() == QEvent::PaletteChange)
        restyleCharts();
    QWidget::changeEvent(event);
}

void SolvePage::restyleCharts()
{
    const bool dark = palette().color(QPalette::Window).lightness() < 128;
    for (QChart *chart : {static_cast<QChart *>(m_sensitivity), static_cast<QChart *>(m_concurrency)})
        Theme::styleChart(chart, dark ? Theme::Mode::Dark : Theme::Mode::Light);
}

void SolvePage::showSnapshot(const DesignSnapshot &snapshot)
{
    m_snapshot = snapshot;
    drawCharts();
    requestSolve();
}

SolveRequest SolvePage::request() const
{
    SolveRequest r;
    r.generation = m_generation;
    r.design = m_snapshot->config;
    r.assumptions = m_snapshot->assumptions;
    const Preset *preset = PresetLibrary::builtIn().find(m_family->currentData().toString());
    r.family = preset ? preset->config : m_snapshot->config;
    r.aspectRatio = m_aspect->value();
    r.training = m_purpose->currentIndex() == 1;
    r.targetParams = std::llround(m_params->value() * 1e9);
    r.tokensPerSecondPerUser = m_speed->value();
    r.users = m_users->value();
    r.prices = Solver::PriceKind(m_prices->currentData().toInt());
    return r;
}

void SolvePage::requestSolve()
{
    if (!m_snapshot)
        return;
    ++m_generation; // whatever is in flight answers an older design
    if (!m_snapshot->valid()) {
        m_answers.reset();
        drawAnswers();
        return;
    }
    m_worker->setLatest(m_generation);
    const SolveRequest r = request();
    QMetaObject::invokeMethod(m_worker, [worker = m_worker, r] { worker->solve(r); }, Qt::QueuedConnection);
}

void SolvePage::showAnswers(const SolveAnswers &answers)
{
    if (answers.generation != m_generation)
        return; // a newer request is on its way
    m_answers = answers;
    m_answered = request();
    drawAnswers();
    emit answered();
}

void SolvePage::drawCharts()
{
    if (!m_snapshot || !m_snapshot->valid())
        return;
    // Only the chart in view follows each edit; the other catches up when it is shown.
    const EvaluatedDesign design{m_snapshot->config, m_snapshot->assumptions, *m_snapshot->evaluation};
    if (m_views->currentIndex() == 1) {
        m_sensitivity->setDesign(design, m_snapshot->locks);
        m_sensitivityNote->setText(m_sensitivity->figure().note);
    } else if (m_views->currentIndex() == 2) {
        m_concurrency->setDesign(design);
        m_concurrencyNote->setText(m_concurrency->figure().note);
    }
}

void SolvePage::drawAnswers()
{
    if (m_snapshot) {
        const Assumptions &a = m_snapshot->assumptions;
        const Device *device = HardwareCatalog::builtIn().find(a.device);
        m_assumptionsLine->setText(
            tr("For this design on %1 × %2, batch %3 at %4 tokens, weights in %5, KV cache in %6 "
               "(the Design panel's settings). Memory in GB = 10^9 bytes.")
                .arg(a.devices)
                .arg(device ? device->name : a.device, NumberFormat::exact(a.batch), NumberFormat::exact(a.contextLength),
                     toString(m_snapshot->config.weightPrecision), toString(m_snapshot->config.kvPrecision)));
    }
    for (const QString &key : kQuestions) {
        const Question &q = m_questions[key];
        q.use->setEnabled(false);
        if (!m_answers) {
            q.answer->setText(tr("—"));
            q.binding->setText(m_snapshot && !m_snapshot->valid() ? tr("The design has problems; fix them first.")
                                                                  : QString());
        }
    }
    if (!m_answers)
        return;
    const SolveAnswers &s = *m_answers;
    const auto failed = [&](const QString &key, const Error &e) {
        m_questions[key].answer->setText(tr("No answer"));
        m_questions[key].binding->setText(e.toString());
    };
    const auto shape = [](const ModelConfig &c) {
        return tr("d_model %1, %2 layers, %3 heads (%4 key/value), d_ff %5")
            .arg(NumberFormat::exact(c.dModel))
            .arg(c.nLayers)
            .arg(c.nHeads)
            .arg(c.nKvHeads)
            .arg(NumberFormat::exact(c.dFf));
    };
    for (const bool context : {true, false}) {
        const QString key = context ? QStringLiteral("context") : QStringLiteral("batch");
        const auto &r = context ? s.context : s.batch;
        if (!r)
            continue;
        if (!*r) {
            failed(key, r->error());
            continue;
        }
        const Solver::Limit &l = **r;
        const Question &q = m_questions[key];
        q.answer->setText(context ? tr("%1 tokens").arg(NumberFormat::exact(l.value))
                                  : tr("%1 sequences of %2 tokens")
                                        .arg(NumberFormat::exact(l.value), NumberFormat::exact(l.contextLength)));
        q.binding->setText(tr("%1. Inference memory %2 of %3.")
                               .arg(sentence(l.text), NumberFormat::bytes(l.usedBytes),
                                    NumberFormat::bytes(l.availableBytes)));
        const Assumptions &a = m_answered.assumptions;
        q.use->setEnabled(l.value > 0
                          && (context ? l.value != a.contextLength : l.value != a.batch || l.contextLength != a.contextLength));
    }
    if (s.largest) {
        if (!*s.largest) {
            failed(QStringLiteral("largest"), s.largest->error());
        } else {
            const Solver::Largest &l = **s.largest;
            const Question &q = m_questions[QStringLiteral("largest")];
            q.answer->setText(tr("%1 parameters: %2").arg(NumberFormat::count(double(l.paramsTotal)), shape(l.design)));
            q.binding->setText(tr("%1 (at %2 tokens).").arg(sentence(l.text), NumberFormat::exact(l.contextLength)));
            q.use->setEnabled(!(l.design == m_answered.design));
        }
    }
    if (s.shape) {
        if (!*s.shape) {
            failed(QStringLiteral("shape"), s.shape->error());
        } else {
            const Solver::Shape &l = **s.shape;
            const Question &q = m_questions[QStringLiteral("shape")];
            q.answer->setText(tr("%1 parameters: %2").arg(NumberFormat::exact(l.paramsTotal), shape(l.design)));
            q.binding->setText(sentence(l.text) + QLatin1Char('.'));
            q.use->setEnabled(!(l.design == m_answered.design));
        }
    }
    if (s.device) {
        if (!*s.device) {
            failed(QStringLiteral("device"), s.device->error());
        } else {
            const Solver::DeviceChoice &d = **s.device;
            const Question &q = m_questions[QStringLiteral("device")];
            q.answer->setText(tr("%1 × %2 at %3 an hour, %4 per million output tokens")
                                  .arg(d.count)
                                  .arg(d.deviceName, dollars(d.moneyPerHour), dollars(d.moneyPerMillionOutputTokens)));
            q.binding->setText(sentence(d.text) + QLatin1Char('.'));
            const Assumptions &a = m_answered.assumptions;
            q.use->setEnabled(d.deviceId != a.device || d.count != a.devices || m_answered.users != a.batch);
        }
    }
}

void SolvePage::useAnswer(const QString &question)
{
    if (!m_answers)
        return;
    const SolveAnswers &s = *m_answers;
    if (question == QLatin1String("context") && s.context && *s.context) {
        const int tokens = (*s.context)->value;
        m_state->editAssumptions(tr("Use the longest context"), QStringLiteral("seq"),
                                 [tokens](Assumptions &a) { a.contextLength = tokens; });
    } else if (question == QLatin1String("batch") && s.batch && *s.batch) {
        const Solver::Limit l = **s.batch;
        m_state->editAssumptions(tr("Use the largest batch"), QStringLiteral("batch"), [l](Assumptions &a) {
            a.batch = l.value;
            a.contextLength = l.contextLength;
        });
    } else if ((question == QLatin1String("largest") && s.largest && *s.largest)
               || (question == QLatin1String("shape") && s.shape && *s.shape)) {
        const bool largest = question == QLatin1String("largest");
        ModelConfig design = largest ? (*s.largest)->design : (*s.shape)->design;
        const std::int64_t params = largest ? (*s.largest)->paramsTotal : (*s.shape)->paramsTotal;
        const QString family = m_answered.family.name.isEmpty() ? tr("Custom design") : m_answered.family.name;
        // The family's name on a resized design would claim a published model it is not.
        design.name = tr("%1 resized to %2 parameters").arg(family, NumberFormat::count(double(params)));
        m_state->replace(design, largest ? tr("Use the largest design") : tr("Use the shape for a parameter count"));
    } else if (question == QLatin1String("device") && s.device && *s.device) {
        const Solver::DeviceChoice d = **s.device;
        const int users = m_answered.users;
        m_state->editAssumptions(tr("Use the cheapest device"), QStringLiteral("device"), [d, users](Assumptions &a) {
            a.device = d.deviceId;
            a.devices = d.count;
            if (a.devices % a.tensorParallel != 0)
                a.tensorParallel = 1;
            a.batch = users;
            a.contextLength = d.contextLength;
        });
    }
}

} // namespace tx
