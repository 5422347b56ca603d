#include "ui/lessons/lessonplayer.h"

#include "core/lessons/lessonlibrary.h"
#include "core/lessons/lessontext.h"
#include "ui/design/designstate.h"

#include <QApplication>
#include <QComboBox>
#include <QGuiApplication>
#include <QScreen>
#include <QEvent>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QJsonObject>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QShortcut>
#include <QVBoxLayout>

#include <algorithm>

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
    m_title->setWordWrap(true);
    // Long lesson titles must not widen the panel past the screen (the list shows them whole).
    m_lessons->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_lessons->setMinimumContentsLength(12);
    m_text->setWordWrap(true);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_formula->setWordWrap(true);
    m_formula->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_formula->setFrameShape(QFrame::StyledPanel);
    m_formula->setMargin(6);
    applyFonts();

    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_previous);
    buttons->addStretch(1);
    buttons->addWidget(m_next);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_lessons);
    layout->addWidget(m_title);
    layout->addWidget(m_text);
    layout->addWidget(m_formula);
    layout->addWidget(m_position, 0, Qt::AlignHCenter);
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

void LessonPlayer::resume(int lessonIndex, int step)
{
    const auto &lessons = LessonLibrary::builtIn().lessons();
    if (lessonIndex < 0 || lessonIndex >= int(lessons.size()))
        return;
    m_lesson = lessonIndex;
    m_step = std::clamp(step, 0, int(lessons[size_t(lessonIndex)].steps.size()) - 1);
    m_lessons->setCurrentIndex(lessonIndex);
    showStep(false);
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
    emit stepChanged(m_lesson, m_step);
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

void LessonPlayer::applyFonts()
{
    // Derived from the application font, so presentation mode's larger text reaches the lesson.
    const QFont base = QApplication::font();
    QFont big = base;
    big.setPointSizeF(base.pointSizeF() * 1.4);
    big.setBold(true);
    m_title->setFont(big);
    QFont mono = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    mono.setPointSizeF(base.pointSizeF() * 1.1);
    m_formula->setFont(mono);
    // Wide enough that a formula line and a Chinese sentence wrap rarely, but never more than
    // a quarter of the screen: the charts beside it are what the class looks at.
    int width = QFontMetrics(base).horizontalAdvance(QLatin1Char('x')) * 40;
    if (const QScreen *screen = QGuiApplication::primaryScreen())
        width = std::min(width, screen->availableGeometry().width() / 4);
    setMinimumWidth(width);
}

void LessonPlayer::changeEvent(QEvent *event)
{
    // The player's own font follows the application font (presentation mode): its title and
    // formula, which carry sizes of their own, follow it here.
    if (event->type() == QEvent::FontChange || event->type() == QEvent::ApplicationFontChange)
        applyFonts();
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

} // namespace tx
