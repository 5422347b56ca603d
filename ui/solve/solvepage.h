#pragma once

#include "core/estimate/designsnapshot.h"
#include "ui/solve/solveanswers.h"
#include "ui/solve/solverequest.h"

#include <QHash>
#include <QThread>
#include <QWidget>

#include <cstdint>
#include <optional>

class QComboBox;
class QDoubleSpinBox;
class QGroupBox;
class QLabel;
class QPushButton;
class QSpinBox;
class QTabWidget;

namespace tx {

class ConcurrencyChart;
class DesignState;
class LiveLabel;
class SensitivityChart;
class SolveWorker;

// The Solve page: the product manager's reverse questions about the current design, answered
// live by core's Solver (the same as `transformer-explorer solve`) with the constraint that
// binds in plain words — the longest context, the most concurrent sequences, the largest
// design of a family, the shape for a parameter count, the cheapest device for a speed —
// and, in views of their own, the sensitivity (tornado) chart and the concurrency chart. The solves run on a
// worker thread; an answered design, context, batch or device becomes the current design
// through DesignState, one undo step each.
class SolvePage : public QWidget
{
    Q_OBJECT
public:
    explicit SolvePage(DesignState *state, QWidget *parent = nullptr);
    ~SolvePage() override;

    void showSnapshot(const DesignSnapshot &snapshot);

    // Questions by key: "context", "batch", "largest", "shape", "device".
    LiveLabel *answer(const QString &question) const { return m_questions.value(question).answer; }
    LiveLabel *binding(const QString &question) const { return m_questions.value(question).binding; }
    QPushButton *useButton(const QString &question) const { return m_questions.value(question).use; }
    QComboBox *familyBox() const { return m_family; }
    QDoubleSpinBox *aspectBox() const { return m_aspect; }
    QComboBox *purposeBox() const { return m_purpose; }
    QDoubleSpinBox *paramsBox() const { return m_params; }      // billions of parameters
    QDoubleSpinBox *speedBox() const { return m_speed; }        // tokens/s per user
    QSpinBox *usersBox() const { return m_users; }
    QComboBox *pricesBox() const { return m_prices; }
    QComboBox *metricBox() const { return m_metric; }
    // Questions, the tornado chart, the concurrency chart.
    QTabWidget *views() const { return m_views; }
    LiveLabel *assumptionsLine() const { return m_assumptionsLine; }
    LiveLabel *sensitivityNote() const { return m_sensitivityNote; }
    LiveLabel *concurrencyNote() const { return m_concurrencyNote; }
    SensitivityChart *sensitivity() const { return m_sensitivity; }
    ConcurrencyChart *concurrency() const { return m_concurrency; }
    // The answers drawn last, absent before the first.
    const std::optional<SolveAnswers> &answers() const { return m_answers; }

signals:
    // After answers to the latest request were drawn.
    void answered();

protected:
    void changeEvent(QEvent *event) override;

private:
    struct Question
    {
        QGroupBox *box = nullptr;
        LiveLabel *answer = nullptr;
        LiveLabel *binding = nullptr;
        QPushButton *use = nullptr;
    };

    QWidget *buildQuestions();
    Question addQuestion(QWidget *parent, const QString &key);
    void requestSolve();
    void showAnswers(const SolveAnswers &answers);
    void drawAnswers();
    void drawCharts();
    void retranslate();
    void restyleCharts();
    void useAnswer(const QString &question);
    SolveRequest request() const;

    DesignState *m_state;
    QHash<QString, Question> m_questions;
    QComboBox *m_family;
    QDoubleSpinBox *m_aspect;
    QComboBox *m_purpose;
    QDoubleSpinBox *m_params;
    QDoubleSpinBox *m_speed;
    QSpinBox *m_users;
    QComboBox *m_prices;
    QComboBox *m_metric;
    QTabWidget *m_views;
    QLabel *m_familyLabel = nullptr;
    QLabel *m_aspectLabel = nullptr;
    QLabel *m_purposeLabel = nullptr;
    QLabel *m_paramsLabel = nullptr;
    QLabel *m_speedLabel = nullptr;
    QLabel *m_usersLabel = nullptr;
    QLabel *m_pricesLabel = nullptr;
    QLabel *m_metricLabel = nullptr;
    QLabel *m_heading = nullptr;
    LiveLabel *m_assumptionsLine;
    SensitivityChart *m_sensitivity;
    ConcurrencyChart *m_concurrency;
    LiveLabel *m_sensitivityNote;
    LiveLabel *m_concurrencyNote;

    QThread m_thread;
    SolveWorker *m_worker;
    std::uint64_t m_generation = 0;
    std::optional<DesignSnapshot> m_snapshot;
    std::optional<SolveAnswers> m_answers;
    SolveRequest m_answered; // the request m_answers answer
};

} // namespace tx
