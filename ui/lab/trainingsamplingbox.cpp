#include "ui/lab/trainingsamplingbox.h"

#include "core/train/trainingtask.h"

#include <QDoubleSpinBox>
#include <QEvent>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>

namespace tx {

TrainingSamplingBox::TrainingSamplingBox(QWidget *parent)
    : QGroupBox(parent)
    , m_prompt(new QLineEdit)
    , m_temperature(new QDoubleSpinBox)
    , m_topK(new QSpinBox)
    , m_sample(new QPushButton(tr("Sample")))
    , m_save(new QPushButton(tr("Save model…")))
    , m_openInAttention(new QPushButton(tr("Open in attention view")))
    , m_samples(new QPlainTextEdit)
{
    setObjectName(QStringLiteral("samplingBox"));
    // Two rows: the settings, then the samples across the whole width (one row was wider
    // than the window in presentation mode).
    auto *layout = new QGridLayout(this);
    m_prompt->setText(tr("床前"));
    m_temperature->setRange(0.0, 3.0);
    m_temperature->setSingleStep(0.1);
    m_temperature->setValue(0.8);
    m_topK->setRange(0, 1000);
    m_topK->setValue(10);
    m_samples->setReadOnly(true);
    m_samples->setMaximumHeight(70);
    layout->addWidget(m_prompt, 0, 0);
    auto *temperatureLabel = new QLabel;
    layout->addWidget(temperatureLabel, 0, 1);
    layout->addWidget(m_temperature, 0, 2);
    auto *topKLabel = new QLabel;
    layout->addWidget(topKLabel, 0, 3);
    layout->addWidget(m_topK, 0, 4);
    layout->addWidget(m_sample, 0, 5);
    layout->addWidget(m_save, 0, 6);
    layout->addWidget(m_openInAttention, 0, 7);
    layout->addWidget(m_samples, 1, 0, 1, 8);
    layout->setColumnStretch(0, 1);
    setActions(false, false, false);

    connect(m_sample, &QPushButton::clicked, this,
            [this] { emit sampleRequested(m_prompt->text(), m_temperature->value(), m_topK->value()); });
    connect(m_save, &QPushButton::clicked, this, &TrainingSamplingBox::saveRequested);
    connect(m_openInAttention, &QPushButton::clicked, this, &TrainingSamplingBox::openRequested);

    // The fixed texts again in the current language (LanguageChange: the box is built before
    // the window installs its translator).
    m_retranslate = [=, this] {
        m_sample->setText(tr("Sample"));
        m_save->setText(tr("Save model…"));
        m_openInAttention->setText(tr("Open in attention view"));
        m_openInAttention->setToolTip(tr("Show the trained model's heads in the Attention tab"));
        m_topK->setSpecialValueText(tr("all"));
        temperatureLabel->setText(tr("temperature"));
        topKLabel->setText(tr("top-k"));
        setMode(m_mode);
    };
    m_retranslate();
}

void TrainingSamplingBox::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange && m_retranslate)
        m_retranslate();
    QGroupBox::changeEvent(event);
}

void TrainingSamplingBox::setMode(Mode mode)
{
    m_mode = mode;
    switch (mode) {
    case Mode::T5Digits:
        setTitle(tr("Decode: the encoder reads your digits, the decoder writes them reversed"));
        m_prompt->setPlaceholderText(tr("8 digits"));
        break;
    case Mode::T5Spans:
        setTitle(tr("Decode: the encoder reads your text, _ marks each hidden span; the decoder writes "
                    "the spans behind T5's sentinels"));
        m_prompt->setPlaceholderText(tr("a text with _ for each hidden span"));
        break;
    case Mode::MaskedLm:
        setTitle(tr("Fill in: the encoder reads your text and predicts each %1").arg(TrainingTask::maskLabel()));
        m_prompt->setPlaceholderText(tr("a text with %1 for each hidden character").arg(TrainingTask::maskLabel()));
        break;
    case Mode::Characters:
        setTitle(tr("Sample from the trained character model"));
        m_prompt->setPlaceholderText(tr("prompt"));
        break;
    }
    m_temperature->setToolTip(mode == Mode::Characters || mode == Mode::MaskedLm ? tr("0 always takes the most likely character")
                                                       : tr("0 always takes the most likely token"));
}

void TrainingSamplingBox::setSource(const QString &source)
{
    m_prompt->setText(source);
    m_temperature->setValue(0.0);
}

void TrainingSamplingBox::setActions(bool sample, bool save, bool open)
{
    m_sample->setEnabled(sample);
    m_save->setEnabled(save);
    m_openInAttention->setEnabled(open);
}

void TrainingSamplingBox::clearSamples()
{
    m_samples->clear();
}

void TrainingSamplingBox::showSamples(const QString &text)
{
    m_samples->setPlainText(text);
}

} // namespace tx
