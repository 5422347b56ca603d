#include "testactions.h"

#include "core/design/designfile.h"
#include "ui/design/designstate.h"
#include "ui/lessons/lessonplayer.h"
#include "ui/pages/comparisonview.h"
#include "ui/shell/mainwindow.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QJsonDocument>
#include <QMessageBox>

#include <cstdio>

namespace tx {

bool TestActions::requested()
{
    return !qEnvironmentVariableIsEmpty("TX_TEST_ACTIONS");
}

TestActions::TestActions(MainWindow *window)
    : QObject(window)
    , m_window(window)
    , m_actions(qEnvironmentVariable("TX_TEST_ACTIONS").split(QLatin1Char(';'), Qt::SkipEmptyParts))
{
    m_timer.setInterval(50);
    connect(&m_timer, &QTimer::timeout, this, &TestActions::step);
    m_timer.start();
}

void TestActions::step()
{
    if (!m_window->isVisible())
        return;
    if (m_actions.isEmpty()) {
        m_timer.stop();
        std::puts("actions_done");
        std::fflush(stdout);
        return;
    }
    const QString action = m_actions.takeFirst().trimmed();
    if (!perform(action))
        m_actions.prepend(action);
}

bool TestActions::perform(const QString &action)
{
    const QString verb = action.section(QLatin1Char(' '), 0, 0);
    const QString argument = action.section(QLatin1Char(' '), 1);
    if (verb == QLatin1String("set")) {
        const QString key = argument.section(QLatin1Char('='), 0, 0), value = argument.section(QLatin1Char('='), 1);
        m_window->state()->edit(QStringLiteral("test"), key, [key, value](ModelConfig &c) {
            if (auto e = DesignFile::applySetting(c, key, value))
                std::fprintf(stderr, "set: %s\n", qPrintable(e->toString()));
        });
    } else if (verb == QLatin1String("pin")) {
        for (QAction *a : m_window->findChildren<QAction *>())
            if (a->text() == QLatin1String("&Pin design as A"))
                a->trigger();
    } else if (verb == QLatin1String("lesson")) {
        m_window->startLesson(argument.toInt() - 1);
    } else if (verb == QLatin1String("next")) {
        m_window->lessons()->next();
    } else if (verb == QLatin1String("answer")) {
        auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
        if (!box)
            return false;
        for (QAbstractButton *b : box->buttons())
            if (QString(b->text()).remove(QLatin1Char('&')) == argument) // "&Discard" on some themes
                b->click();
    } else if (verb == QLatin1String("print")) {
        const auto json = [](const ModelConfig &c) {
            return QJsonDocument(DesignFile::toJson(c)).toJson(QJsonDocument::Compact);
        };
        std::printf("design: %s\n", json(m_window->state()->config()).constData());
        const DesignSnapshot *pinned = m_window->comparisonView()->pinned();
        std::printf("pinned: %s\n", pinned ? json(pinned->config).constData() : "none");
        const auto *dock = qobject_cast<const QDockWidget *>(m_window->lessons()->parentWidget());
        const bool open = dock && !dock->isHidden();
        std::printf("lesson: %d %d\n", open ? m_window->lessons()->lessonIndex() : -1,
                    open ? m_window->lessons()->stepIndex() : 0);
        std::fflush(stdout);
    } else if (verb == QLatin1String("quit")) {
        // Queued: a question it asks must run its own loop outside this timer's slot, which
        // Qt does not re-enter, so that the next action (its answer) can run.
        QTimer::singleShot(0, m_window, &QWidget::close);
    } else {
        std::fprintf(stderr, "TX_TEST_ACTIONS: unknown action \"%s\"\n", qPrintable(action));
    }
    return true;
}

} // namespace tx
