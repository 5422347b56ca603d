#pragma once

#include <QGroupBox>

#include <functional>

class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;

namespace tx {

// The training view's box under the charts: a prompt (or a T5 task's source), temperature and
// top-k, Sample, Save model… and Open in attention view, and the samples the trained model wrote.
// It only asks; the view hands each request to the training worker.
class TrainingSamplingBox : public QGroupBox
{
    Q_OBJECT
public:
    // What the prompt is: a character model's prompt, or the source a T5 encoder-decoder reads
    // (8 digits, or a text with _ for each hidden span), or the text a masked LM fills in.
    enum class Mode { Characters, T5Digits, T5Spans, MaskedLm };

    explicit TrainingSamplingBox(QWidget *parent = nullptr);

    // The title, placeholder and temperature tip of `mode`.
    void setMode(Mode mode);
    // A T5 task's example source, decoded greedily (its digits have one right answer).
    void setSource(const QString &source);
    // Which of Sample, Save model… and Open in attention view a finished (or starting) run allows.
    void setActions(bool sample, bool save, bool open);
    void clearSamples();
    void showSamples(const QString &text);

    QLineEdit *prompt() const { return m_prompt; }
    QPushButton *sampleButton() const { return m_sample; }
    QPlainTextEdit *samples() const { return m_samples; }

signals:
    void sampleRequested(const QString &prompt, double temperature, int topK);
    void saveRequested();
    void openRequested();

protected:
    void changeEvent(QEvent *event) override;

private:
    Mode m_mode = Mode::Characters;
    QLineEdit *m_prompt;
    QDoubleSpinBox *m_temperature;
    QSpinBox *m_topK;
    QPushButton *m_sample;
    QPushButton *m_save;
    QPushButton *m_openInAttention;
    QPlainTextEdit *m_samples;
    std::function<void()> m_retranslate; // sets every fixed text in the current language
};

} // namespace tx
