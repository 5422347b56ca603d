#pragma once

#include "core/design/modelconfig.h"
#include "core/teach/forwardtrace.h"

#include <QThread>
#include <QWidget>

#include <optional>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSlider;
class QSpinBox;

namespace tx {

class ForwardStepWorker;
class HeatmapWidget;

// Steps through one forward pass of the demo model (or the current design), stage by stage:
// tokens → embeddings → each layer's norm, Q of one head, attention weights, output, FFN →
// logits → next token. Each stage shows its tensor's shape, the operation with the sizes put in
// and a corner of the engine's real values as a heatmap. Back/Next, the slider, the arrow keys
// and a presenter's clicker (Page Up/Down) move between stages; temperature and top-k change
// the next-token list and the sampled token live.
class ForwardStepView : public QWidget
{
    Q_OBJECT
public:
    explicit ForwardStepView(QWidget *parent = nullptr);
    ~ForwardStepView() override;

    // The design the "current design" choice runs (the demo model is the default).
    void setDesign(const ModelConfig &config);
    // Runs the pass on the worker thread with the current text, model and head.
    void run();

    int stepIndex() const { return m_step; }
    int stepCount() const { return m_trace ? int(m_trace->steps.size()) : 0; }
    void setStep(int index);
    const std::optional<ForwardTrace> &trace() const { return m_trace; }
    QString stepTitle() const;
    QString stepShape() const;
    QString nextTokensText() const;
    QString sampledText() const;
    void setSampling(double temperature, int topK);
    // The attention step without the ÷√d_k (the "why" toggle); its caption compares the two.
    void setUnscaled(bool on);
    QString whyText() const;

signals:
    void traced(); // a pass finished and is shown

protected:
    void keyPressEvent(QKeyEvent *event) override;
    void changeEvent(QEvent *event) override;
    void showEvent(QShowEvent *event) override;

private:
    void retranslate();
    void showTrace(const ForwardTrace &trace, const QString &modelLine);
    void showStep();
    void showNextTokens();

    QThread m_thread;
    ForwardStepWorker *m_worker;
    ModelConfig m_design;
    std::optional<ForwardTrace> m_trace;
    int m_step = 0;
    bool m_running = false;
    bool m_rerun = false;

    QLabel *m_modelLabel, *m_textLabel, *m_headLabel, *m_modelLine;
    QComboBox *m_model;
    QLineEdit *m_text;
    QSpinBox *m_head;
    QPushButton *m_run, *m_back, *m_next;
    QSlider *m_slider;
    QLabel *m_position, *m_title, *m_formula, *m_shape, *m_why;
    QCheckBox *m_unscaled;
    HeatmapWidget *m_heatmap;
    QWidget *m_sampling;
    QLabel *m_temperatureLabel, *m_topKLabel, *m_candidates, *m_sampled;
    QDoubleSpinBox *m_temperature;
    QSpinBox *m_topK;
};

} // namespace tx
