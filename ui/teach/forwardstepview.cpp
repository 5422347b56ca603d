#include "ui/teach/forwardstepview.h"

#include "core/formats/demomodel.h"
#include "core/nn/sampler.h"
#include "ui/lab/heatmapwidget.h"
#include "ui/teach/forwardstepworker.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QVBoxLayout>

#include <cmath>

namespace tx {

ForwardStepView::ForwardStepView(QWidget *parent)
    : QWidget(parent)
    , m_worker(new ForwardStepWorker)
    , m_modelLabel(new QLabel)
    , m_textLabel(new QLabel)
    , m_headLabel(new QLabel)
    , m_modelLine(new QLabel)
    , m_model(new QComboBox)
    , m_text(new QLineEdit(DemoModel::sampleText()))
    , m_head(new QSpinBox)
    , m_run(new QPushButton)
    , m_back(new QPushButton)
    , m_next(new QPushButton)
    , m_slider(new QSlider(Qt::Horizontal))
    , m_position(new QLabel)
    , m_title(new QLabel)
    , m_formula(new QLabel)
    , m_shape(new QLabel)
    , m_why(new QLabel)
    , m_unscaled(new QCheckBox)
    , m_heatmap(new HeatmapWidget(HeatmapPainter::Mode::Full))
    , m_sampling(new QWidget)
    , m_temperatureLabel(new QLabel)
    , m_topKLabel(new QLabel)
    , m_candidates(new QLabel)
    , m_sampled(new QLabel)
    , m_temperature(new QDoubleSpinBox)
    , m_topK(new QSpinBox)
{
    setObjectName(QStringLiteral("forwardStepView"));
    setFocusPolicy(Qt::StrongFocus);
    qRegisterMetaType<tx::ForwardStepRequest>();
    qRegisterMetaType<tx::ForwardTrace>();
    m_model->addItems({QString(), QString()});
    m_head->setRange(1, 4);
    m_text->setObjectName(QStringLiteral("forwardText"));
    m_next->setObjectName(QStringLiteral("forwardNext"));
    m_back->setObjectName(QStringLiteral("forwardBack"));
    m_slider->setObjectName(QStringLiteral("forwardSlider"));
    m_temperature->setRange(0.0, 3.0);
    m_temperature->setSingleStep(0.1);
    m_temperature->setValue(1.0);
    m_topK->setRange(0, 100);
    m_topK->setValue(0);

    QFont big = font();
    big.setPointSizeF(font().pointSizeF() * 1.5);
    big.setBold(true);
    m_title->setFont(big);
    QFont mid = font();
    mid.setPointSizeF(font().pointSizeF() * 1.2);
    m_formula->setFont(mid);
    m_formula->setWordWrap(true);
    m_shape->setFont(mid);
    m_shape->setWordWrap(true);
    m_why->setFont(mid);
    m_why->setWordWrap(true);
    m_unscaled->setObjectName(QStringLiteral("forwardUnscaled"));
    m_candidates->setFont(mid);
    m_sampled->setFont(big);
    m_modelLine->setWordWrap(true);
    m_title->setWordWrap(true);

    auto *top = new QHBoxLayout;
    top->addWidget(m_modelLabel);
    top->addWidget(m_model);
    top->addWidget(m_textLabel);
    top->addWidget(m_text, 1);
    top->addWidget(m_headLabel);
    top->addWidget(m_head);
    top->addWidget(m_run);
    auto *nav = new QHBoxLayout;
    nav->addWidget(m_back);
    nav->addWidget(m_slider, 1);
    nav->addWidget(m_next);
    nav->addWidget(m_position);

    auto *sampling = new QGridLayout(m_sampling);
    sampling->setContentsMargins(0, 0, 0, 0);
    sampling->addWidget(m_temperatureLabel, 0, 0);
    sampling->addWidget(m_temperature, 0, 1);
    sampling->addWidget(m_topKLabel, 0, 2);
    sampling->addWidget(m_topK, 0, 3);
    sampling->setColumnStretch(4, 1);
    sampling->addWidget(m_candidates, 1, 0, 1, 5);
    sampling->addWidget(m_sampled, 2, 0, 1, 5);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_modelLine);
    layout->addLayout(nav);
    layout->addWidget(m_title);
    layout->addWidget(m_formula);
    layout->addWidget(m_shape);
    layout->addWidget(m_unscaled);
    layout->addWidget(m_why);
    layout->addWidget(m_heatmap, 1);
    layout->addWidget(m_sampling);
    layout->addStretch(0); // takes the heatmap's room when the next-token step hides it

    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    connect(m_worker, &ForwardStepWorker::finished, this, &ForwardStepView::showTrace);
    connect(m_worker, &ForwardStepWorker::failed, this, [this](const QString &message) {
        m_running = false;
        m_modelLine->setText(message);
        if (m_rerun)
            run();
    });
    m_thread.start();

    connect(m_run, &QPushButton::clicked, this, &ForwardStepView::run);
    connect(m_text, &QLineEdit::returnPressed, this, &ForwardStepView::run);
    connect(m_model, &QComboBox::currentIndexChanged, this, &ForwardStepView::run);
    connect(m_head, &QSpinBox::valueChanged, this, &ForwardStepView::run);
    connect(m_back, &QPushButton::clicked, this, [this] { setStep(m_step - 1); });
    connect(m_next, &QPushButton::clicked, this, [this] { setStep(m_step + 1); });
    connect(m_slider, &QSlider::valueChanged, this, &ForwardStepView::setStep);
    connect(m_unscaled, &QCheckBox::toggled, this, &ForwardStepView::showStep);
    connect(m_temperature, &QDoubleSpinBox::valueChanged, this, &ForwardStepView::showNextTokens);
    connect(m_topK, &QSpinBox::valueChanged, this, &ForwardStepView::showNextTokens);
    retranslate();
}

ForwardStepView::~ForwardStepView()
{
    m_worker->cancel();
    m_thread.quit();
    m_thread.wait();
}

void ForwardStepView::retranslate()
{
    m_modelLabel->setText(tr("Model:"));
    m_model->setItemText(0, tr("Trained demo model"));
    m_model->setItemText(1, tr("Current design (random weights)"));
    m_textLabel->setText(tr("Text:"));
    m_headLabel->setText(tr("Head:"));
    m_run->setText(tr("&Run"));
    m_back->setText(tr("◀ &Back"));
    m_next->setText(tr("&Next ▶"));
    m_unscaled->setText(tr("Why ÷√d_k? Show the weights without it"));
    m_temperatureLabel->setText(tr("Temperature:"));
    m_topKLabel->setText(tr("Top-k (0 = all):"));
    if (!m_trace)
        m_modelLine->setText(tr("Press Run to send the text through the model."));
}

void ForwardStepView::setDesign(const ModelConfig &config)
{
    m_design = config;
}

void ForwardStepView::run()
{
    if (m_running) {
        m_rerun = true;
        m_worker->cancel();
        return;
    }
    m_running = true;
    m_rerun = false;
    m_worker->clearCancel();
    ForwardStepRequest request;
    request.demo = m_model->currentIndex() == 0;
    request.config = m_design;
    request.text = m_text->text();
    request.head = m_head->value() - 1;
    m_modelLine->setText(tr("Running…"));
    QMetaObject::invokeMethod(m_worker, [worker = m_worker, request] { worker->run(request); }, Qt::QueuedConnection);
}

void ForwardStepView::showTrace(const ForwardTrace &trace, const QString &modelLine)
{
    m_running = false;
    if (m_rerun) {
        run();
        return;
    }
    const bool first = !m_trace;
    m_trace = trace;
    m_modelLine->setText(modelLine);
    m_slider->blockSignals(true);
    m_slider->setRange(0, stepCount() - 1);
    m_slider->blockSignals(false);
    setStep(first ? 0 : std::min(m_step, stepCount() - 1));
    emit traced();
}

void ForwardStepView::setStep(int index)
{
    if (!m_trace)
        return;
    m_step = std::clamp(index, 0, stepCount() - 1);
    m_slider->blockSignals(true);
    m_slider->setValue(m_step);
    m_slider->blockSignals(false);
    showStep();
}

QString ForwardStepView::stepTitle() const
{
    return m_title->text();
}

QString ForwardStepView::stepShape() const
{
    return m_shape->text();
}

QString ForwardStepView::nextTokensText() const
{
    return m_candidates->text();
}

void ForwardStepView::setUnscaled(bool on)
{
    m_unscaled->setChecked(on);
    if (m_trace)
        showStep();
}

QString ForwardStepView::whyText() const
{
    return m_why->text();
}

QString ForwardStepView::sampledText() const
{
    return m_sampled->text();
}

void ForwardStepView::setSampling(double temperature, int topK)
{
    m_temperature->setValue(temperature);
    m_topK->setValue(topK);
    showNextTokens();
}

void ForwardStepView::showStep()
{
    const ForwardStep &s = m_trace->steps[std::size_t(m_step)];
    m_position->setText(tr("Step %1 of %2").arg(m_step + 1).arg(stepCount()));
    m_back->setEnabled(m_step > 0);
    m_next->setEnabled(m_step + 1 < stepCount());
    m_title->setText(s.title);
    m_formula->setText(s.formula);
    QString shape = tr("Shape %1").arg(s.shape());
    if (s.preview.rows() < s.rows || s.preview.cols() < s.cols)
        shape += tr(" · showing %1 × %2 of it").arg(s.preview.rows()).arg(s.preview.cols());
    if (!s.numbers.isEmpty())
        shape += QStringLiteral("  ·  ") + s.numbers;
    m_shape->setText(shape);

    HeatmapData data;
    data.values = s.preview;
    data.scale = s.diverging ? HeatmapData::Scale::Diverging : HeatmapData::Scale::Sequential;
    data.title = s.title + QStringLiteral("  ") + s.shape();
    data.rowAxis = s.kind == ForwardStep::Kind::Tokens || s.kind == ForwardStep::Kind::Next ? QString() : tr("token");
    data.columnAxis = s.columnLabels.isEmpty() ? tr("dimension") : (s.kind == ForwardStep::Kind::Attention ? tr("key") : QString());
    data.rowLabels = s.rowLabels;
    data.columnLabels = s.columnLabels;
    if (data.columnLabels.isEmpty())
        for (int c = 0; c < s.preview.cols(); ++c)
            data.columnLabels << QString::number(c);
    data.squareCells = s.kind == ForwardStep::Kind::Attention;
    const bool why = s.kind == ForwardStep::Kind::Attention && s.unscaled.size() > 0;
    m_unscaled->setVisible(why);
    m_why->setVisible(why);
    if (s.kind == ForwardStep::Kind::Attention) {
        data.rowAxis = tr("query");
        data.masked = [](int row, int col) { return col > row; };
    }
    if (why) {
        int hd = 0; // head_dim: the width of this layer's Q step
        for (const ForwardStep &q : m_trace->steps)
            if (q.kind == ForwardStep::Kind::Query && q.layer == s.layer)
                hd = q.cols;
        m_why->setText(tr("Each query's largest weight, on average: %1 with ÷√%3, %2 without. Without the scaling "
                          "the dot products grow with d_k and the softmax saturates onto one key; its gradients vanish.")
                           .arg(s.meanMax, 0, 'f', 2)
                           .arg(s.unscaledMeanMax, 0, 'f', 2)
                           .arg(hd));
        if (m_unscaled->isChecked()) {
            data.values = s.unscaled;
            data.title = tr("%1 without ÷√d_k").arg(s.title);
        }
    }
    m_heatmap->setData(data);
    m_heatmap->setVisible(s.kind != ForwardStep::Kind::Next); // the next-token list below says it better
    m_sampling->setVisible(s.kind == ForwardStep::Kind::Next || s.kind == ForwardStep::Kind::Logits);
    showNextTokens();
}

void ForwardStepView::showNextTokens()
{
    if (!m_trace)
        return;
    const auto top = ForwardTrace::nextTokens(m_trace->lastLogits, nullptr, m_temperature->value(), m_topK->value());
    QStringList lines;
    for (std::size_t i = 0; i < top.size(); ++i) {
        const QString label = m_trace->vocabLabels.value(top[i].id);
        lines << QStringLiteral("%1. “%2”  %3 %  %4")
                     .arg(i + 1)
                     .arg(label)
                     .arg(100.0 * top[i].probability, 0, 'f', 2)
                     .arg(QString(std::max(1, int(std::lround(40 * top[i].probability))), QChar(0x2588)));
    }
    m_candidates->setText(tr("Likeliest next tokens:") + QLatin1Char('\n') + lines.join(QLatin1Char('\n')));
    SamplingOptions o;
    o.temperature = m_temperature->value();
    o.topK = m_topK->value();
    Sampler sampler(o);
    const int id = sampler.next(m_trace->lastLogits.data(), int(m_trace->lastLogits.size()));
    const QString label = m_trace->vocabLabels.value(id);
    m_sampled->setText(tr("Sampled (seed 1): “%1”").arg(label));
}

void ForwardStepView::keyPressEvent(QKeyEvent *event)
{
    switch (event->key()) {
    case Qt::Key_Right:
    case Qt::Key_PageDown:
    case Qt::Key_Space:
        setStep(m_step + 1);
        return;
    case Qt::Key_Left:
    case Qt::Key_PageUp:
        setStep(m_step - 1);
        return;
    default:
        QWidget::keyPressEvent(event);
    }
}

void ForwardStepView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslate();
        if (m_trace)
            run(); // the stage titles and formulas come from core in the new language
    }
    QWidget::changeEvent(event);
}

void ForwardStepView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (!m_trace && !m_running)
        run();
}

} // namespace tx
