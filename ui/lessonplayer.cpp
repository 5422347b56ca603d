#include "lessonplayer.h"

#include "designstate.h"
#include "lessonlibrary.h"
#include "lessontext.h"

#include <QComboBox>
#include <QEvent>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QJsonObject>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QShortcut>
#include <QVBoxLayout>

namespace tx {

namespace {
bool chinese()
{
    // LanguageManager sets the default locale with the language.
    return QLocale().language() == QLocale::Chinese;
}
} // namespace

LessonPlayer::LessonPlayer(DesignState *state, QWidget *parent)
    : QWidget(parent)
    , m_state(state)
    , m_lessons(new QComboBox(this))
    , m_title(new QLabel(this))
    , m_text(new QLabel(this))
    , m_formula(new QLabel(this))
    , m_position(new QLabel(this))
    , m_previous(new QPushButton(this))
    , m_next(new QPushButton(this))
    , m_left(new QShortcut(QKeySequence(Qt::Key_Left), this))
    , m_right(new QShortcut(QKeySequence(Qt::Key_Right), this))
    , m_pageUp(new QShortcut(QKeySequence(Qt::Key_PageUp), this))
    , m_pageDown(new QShortcut(QKeySequence(Qt::Key_PageDown), this))
{
    setObjectName(QStringLiteral("lessonPlayer"));
    setFocusPolicy(Qt::StrongFocus);
    // Wide enough that a formula line and a Chinese sentence wrap rarely.
    setMinimumWidth(fontMetrics().horizontalAdvance(QLatin1Char('x')) * 52);
    QFont big = m_title->font();
    big.setPointSizeF(big.pointSizeF() * 1.4);
    big.setBold(true);
    m_title->setFont(big);
    m_title->setWordWrap(true);
    m_text->setWordWrap(true);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_formula->setWordWrap(true);
    m_formula->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_formula->setFrameShape(QFrame::StyledPanel);
    m_formula->setMargin(6);
    QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    mono.setPointSizeF(m_formula->font().pointSizeF() * 1.1);
    m_formula->setFont(mono);

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_previous);
    buttons->addWidget(m_position, 1, Qt::AlignCenter);
    buttons->addWidget(m_next);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_lessons);
    layout->addWidget(m_title);
    layout->addWidget(m_text);
    layout->addWidget(m_formula);
    layout->addLayout(buttons);
    layout->addStretch(1);

    // The keys step through the lesson from anywhere in the window, except where a text field
    // needs the arrows for its cursor (a spin box being typed in keeps them).
    for (QShortcut *s : {m_left, m_right, m_pageUp, m_pageDown})
        s->setContext(Qt::WindowShortcut);
    connect(m_left, &QShortcut::activated, this, &LessonPlayer::previous);
    connect(m_pageUp, &QShortcut::activated, this, &LessonPlayer::previous);
    connect(m_right, &QShortcut::activated, this, &LessonPlayer::next);
    connect(m_pageDown, &QShortcut::activated, this, &LessonPlayer::next);
    connect(m_previous, &QPushButton::clicked, this, &LessonPlayer::previous);
    connect(m_next, &QPushButton::clicked, this, &LessonPlayer::next);
    connect(m_lessons, &QComboBox::activated, this, [this](int index) { start(index); });

    retranslate();
}

void LessonPlayer::start(int lessonIndex)
{
    const auto &lessons = LessonLibrary::builtIn().lessons();
    if (lessonIndex < 0 || lessonIndex >= int(lessons.size()))
        return;
    m_lesson = lessonIndex;
    m_step = 0;
    m_lessons->setCurrentIndex(lessonIndex);
    showStep(true);
}

void LessonPlayer::next()
{
    const auto &lessons = LessonLibrary::builtIn().lessons();
    if (m_lesson < 0 || m_step + 1 >= int(lessons[size_t(m_lesson)].steps.size()))
        return;
    ++m_step;
    showStep(true);
}

void LessonPlayer::previous()
{
    if (m_lesson < 0 || m_step == 0)
        return;
    --m_step;
    showStep(true);
}

void LessonPlayer::showStep(bool applyDesign)
{
    const auto &lessons = LessonLibrary::builtIn().lessons();
    const bool running = m_lesson >= 0 && m_lesson < int(lessons.size());
    for (QShortcut *s : {m_left, m_right, m_pageUp, m_pageDown})
        s->setEnabled(running);
    if (!running) {
        m_title->setText(tr("Choose a lesson"));
        m_text->setText(tr("Each lesson sets the design step by step and explains one number at a time. "
                           "Use the arrow keys or the buttons to move."));
        m_formula->clear();
        m_formula->hide();
        m_position->clear();
        m_previous->setEnabled(false);
        m_next->setEnabled(false);
        return;
    }
    const Lesson &lesson = lessons[size_t(m_lesson)];
    const Lesson::Step &step = lesson.steps[size_t(m_step)];
    const ModelConfig &config = lesson.configs[size_t(m_step)];
    const Assumptions &assumptions = lesson.assumptions[size_t(m_step)];
    if (applyDesign && !(config == m_state->config()))
        m_state->replace(config, tr("Lesson: %1").arg(step.title.pick(chinese())));
    if (applyDesign && !step.assumptions.isEmpty()) {
        // Only what the step names changes; the device, price and the rest stay the user's.
        const QJsonObject keys = step.assumptions;
        m_state->editAssumptions(tr("Lesson: %1").arg(step.title.pick(chinese())), QString(),
                                 [keys, assumptions](Assumptions &a) {
                                     if (keys.contains(QLatin1String("batch")))
                                         a.batch = assumptions.batch;
                                     if (keys.contains(QLatin1String("seq")))
                                         a.contextLength = assumptions.contextLength;
                                     if (keys.contains(QLatin1String("tokens")))
                                         a.trainingTokens = assumptions.trainingTokens;
                                     if (keys.contains(QLatin1String("recompute")))
                                         a.recompute = assumptions.recompute;
                                     if (keys.contains(QLatin1String("optimizer")))
                                         a.optimizer = assumptions.optimizer;
                                     if (keys.contains(QLatin1String("flash")))
                                         a.flash = assumptions.flash;
                                 });
    }

    const auto fill = [&](const QString &text) {
        auto out = LessonText::fill(text, config, assumptions);
        return out ? *out : out.error().toString();
    };
    m_title->setText(step.title.pick(chinese()));
    m_text->setText(fill(step.text.pick(chinese())));
    m_formula->setText(fill(step.formula));
    m_formula->setVisible(!step.formula.isEmpty());
    m_position->setText(tr("Step %1 of %2").arg(m_step + 1).arg(lesson.steps.size()));
    m_previous->setEnabled(m_step > 0);
    m_next->setEnabled(m_step + 1 < int(lesson.steps.size()));
    emit highlightRequested(step.highlight, step.focus);
}

void LessonPlayer::retranslate()
{
    m_previous->setText(tr("← Previous"));
    m_next->setText(tr("Next →"));
    const int current = m_lessons->currentIndex();
    m_lessons->clear();
    const auto &lessons = LessonLibrary::builtIn().lessons();
    for (size_t i = 0; i < lessons.size(); ++i)
        m_lessons->addItem(tr("%1. %2").arg(i + 1).arg(lessons[i].title.pick(chinese())));
    m_lessons->setCurrentIndex(m_lesson >= 0 ? m_lesson : current);
    m_lessons->setPlaceholderText(tr("Choose a lesson"));
    if (m_lesson < 0)
        m_lessons->setCurrentIndex(-1);
    showStep(false); // the language changed, not the step: numbers are reformatted, the design stays
}

void LessonPlayer::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

} // namespace tx
