#include "ui/shell/mainwindow.h"

#include "ui/design/designcontrols.h"
#include "ui/design/designstate.h"
#include "ui/design/presetpicker.h"
#include "ui/lab/attentionview.h"
#include "ui/lab/trainingview.h"
#include "ui/lessons/lessonplayer.h"
#include "ui/model/modelpage.h"
#include "ui/pages/comparisonview.h"
#include "ui/pages/computeview.h"
#include "ui/pages/memoryview.h"
#include "ui/pages/parameterview.h"
#include "ui/pages/productpanel.h"
#include "ui/pages/readoutbar.h"
#include "ui/pages/scalingview.h"
#include "ui/pages/showworkview.h"
#include "ui/pages/summarycards.h"
#include "ui/report/exportactions.h"
#include "ui/shell/autosave.h"
#include "ui/shell/designdock.h"
#include "ui/shell/designfiles.h"
#include "ui/shell/languagemanager.h"
#include "ui/shell/languagemenu.h"
#include "ui/shell/modelfiles.h"
#include "ui/shell/presentationmode.h"
#include "ui/shell/windowsession.h"
#include "ui/whatif/whatifpage.h"
#include "ui/solve/solvepage.h"
#include "ui/teach/insidepage.h"
#include "ui/widgets/highlightoverlay.h"
#include "ui/widgets/knobcontrol.h"
#include "ui/widgets/pagebar.h"
#include "ui/widgets/theme.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QMimeData>
#include <QDockWidget>
#include <QMenuBar>
#include <QSettings>
#include <QTabWidget>
#include <QUndoStack>
#include <QVBoxLayout>

namespace tx {

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , m_state(new DesignState(this))
    , m_designDock(new DesignDock(m_state, this))
    , m_cards(new SummaryCards(m_state))
    , m_parameters(new ParameterView(m_state))
    , m_memory(new MemoryView(m_state))
    , m_compute(new ComputeView(m_state))
    , m_scaling(new ScalingView(m_state))
    , m_comparison(new ComparisonView(m_state))
    , m_work(new ShowWorkView(m_state))
    , m_tabs(new QTabWidget)
    , m_attention(new AttentionView(m_state))
    , m_training(new TrainingView)
    , m_language(new LanguageManager(this))
    , m_languageMenu(new LanguageMenu(m_language, this))
    , m_product(new ProductPanel(m_state))
    , m_lessons(new LessonPlayer(m_state))
    , m_readout(new ReadoutBar(m_state))
    , m_presentation(nullptr)
    , m_highlight(new HighlightOverlay(this))
    , m_files(new DesignFiles(m_state, this))
    , m_exports(new ExportActions(m_state, this))
    , m_model(new ModelPage)
    , m_modelFiles(new ModelFiles(m_state, m_model, this))
    , m_autosave(new Autosave(m_state, this))
    , m_pageBar(new PageBar)
{
    setObjectName(QStringLiteral("mainWindow"));

    addDockWidget(Qt::LeftDockWidgetArea, m_designDock);

    // The tabs, in order; a lesson's highlight target names its page by `target`.
    auto *whatIf = new WhatIfPage(m_state);
    connect(whatIf, &WhatIfPage::applyRequested, m_state, &DesignState::replace);
    auto *solve = new SolvePage(m_state);
    auto *inside = new InsidePage(m_state);
    m_pages = {{m_parameters, QT_TRANSLATE_NOOP("tx::MainWindow", "&Parameters"), "parameters"},
               {m_memory, QT_TRANSLATE_NOOP("tx::MainWindow", "&Memory"), "memory"},
               {m_compute, QT_TRANSLATE_NOOP("tx::MainWindow", "Compute and &cost"), "compute"},
               {m_scaling, QT_TRANSLATE_NOOP("tx::MainWindow", "&Scaling laws"), "scaling"},
               {m_comparison, QT_TRANSLATE_NOOP("tx::MainWindow", "Com&pare A/B"), "comparison"},
               {m_attention, QT_TRANSLATE_NOOP("tx::MainWindow", "&Attention"), "attention"},
               {m_training, QT_TRANSLATE_NOOP("tx::MainWindow", "&Training"), "training"},
               {inside, QT_TRANSLATE_NOOP("tx::MainWindow", "&Inside"), "inside"},
               {m_product, QT_TRANSLATE_NOOP("tx::MainWindow", "What does this &buy me?"), "product"},
               {whatIf, QT_TRANSLATE_NOOP("tx::MainWindow", "&What if…"), "whatif"},
               {solve, QT_TRANSLATE_NOOP("tx::MainWindow", "Sol&ve"), "solve"},
               {m_model, QT_TRANSLATE_NOOP("tx::MainWindow", "M&odel file"), "model"}};
    m_tabs->setObjectName(QStringLiteral("views"));
    for (const Page &page : m_pages)
        m_tabs->addTab(page.widget, tr(page.title));
    m_pageBar->mirror(m_tabs); // every title whole, in two rows when one is too narrow
    connect(m_training, &TrainingView::openInAttentionView, m_attention, &AttentionView::setCheckpoint);
    connect(m_training, &TrainingView::openInAttentionView, this, [this] { m_tabs->setCurrentWidget(m_attention); });
    connect(m_training, &TrainingView::openInAttentionView, m_attention, &AttentionView::run);

    m_workDock = new QDockWidget(tr("Show the work"), this);
    m_workDock->setObjectName(QStringLiteral("workDock"));
    m_workDock->setWidget(m_work);
    addDockWidget(Qt::RightDockWidgetArea, m_workDock);
    resizeDocks({m_workDock}, {300}, Qt::Horizontal);
    setAcceptDrops(true);
    connect(m_modelFiles, &ModelFiles::pageRequested, this, [this] { m_tabs->setCurrentWidget(m_model); });

    m_lessonDock = new QDockWidget(tr("Lesson"), this);
    m_lessonDock->setObjectName(QStringLiteral("lessonDock"));
    m_lessonDock->setWidget(m_lessons);
    addDockWidget(Qt::RightDockWidgetArea, m_lessonDock);
    tabifyDockWidget(m_workDock, m_lessonDock);
    m_lessonDock->hide();
    connect(m_lessons, &LessonPlayer::highlightRequested, this, &MainWindow::highlight);
    // Closing the lesson takes its frame away too.
    connect(m_lessonDock, &QDockWidget::visibilityChanged, this, [this](bool visible) {
        if (!visible && m_lessonDock->isHidden()) {
            m_highlight->highlight(nullptr);
            m_autosave->setLessonStep(-1, 0); // a closed lesson is not put back after a crash
        }
    });
    m_presentation = new PresentationMode({this, m_readout, m_cards, m_tabs, m_pageBar, {m_workDock}, [this] { return m_designDock->controls(); }}, this);
    connect(m_presentation, &PresentationMode::activeChanged, m_state, &DesignState::requestRedraw);

    auto *central = new QWidget;
    auto *layout = new QVBoxLayout(central);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(m_readout);
    layout->addWidget(m_cards);
    layout->addWidget(m_pageBar);
    layout->addWidget(m_tabs, 1);
    setCentralWidget(central);

    connect(m_comparison, &ComparisonView::pinnedChanged, m_exports, &ExportActions::setPinned);
    connect(m_comparison, &ComparisonView::pinnedChanged, m_autosave, &Autosave::setPinned);
    connect(m_lessons, &LessonPlayer::stepChanged, m_autosave, &Autosave::setLessonStep);
    createMenus();
    connect(m_languageMenu, &LanguageMenu::languageChosen, this, &MainWindow::setLanguage);
    connect(m_languageMenu, &LanguageMenu::unitsToggled, this, [this] {
        m_state->requestRedraw();
        m_lessons->refresh();
    });

    // The language follows the system locale unless the user picked one (Language menu).
    // Installing a translation sends LanguageChange, which retranslates (changeEvent).
    m_language->setLanguage(QSettings().value(QStringLiteral("language")).toString());
    connect(m_state, &DesignState::snapshotChanged, this, &MainWindow::showSnapshot);
    connect(m_comparison, &ComparisonView::pinnedChanged, this, &MainWindow::setPinned);
    connect(m_cards, &SummaryCards::figureSelected, this, &MainWindow::selectFigure);
    connect(m_compute, &ComputeView::figureSelected, this, &MainWindow::selectFigure);
    connect(m_state, &DesignState::redrawRequested, this, [this] { showSnapshot(m_state->snapshot()); });
    m_session = new WindowSession({this, m_tabs, m_files, m_autosave, m_comparison,
                                   [this] { return m_darkAction->isChecked(); },
                                   [this](bool dark) { m_darkAction->setChecked(dark); },
                                   [this](int lesson, int step) {
                                       m_lessonDock->show();
                                       m_lessonDock->raise();
                                       m_lessons->resume(lesson, step);
                                   }},
                                  this);
    m_state->requestRedraw(); // the shown views draw the first snapshot; the others when shown
    m_files->updateTitle();
}

// QWidget's destructor deletes the docks after this class's part of the window is gone; the lesson
// dock hides as it goes, and its visibilityChanged handler (above) would then reach into members
// that no longer exist (UndefinedBehaviorSanitizer: member call on a destroyed MainWindow).
MainWindow::~MainWindow()
{
    disconnect(m_lessonDock, nullptr, this, nullptr);
}

DesignControls *MainWindow::controls() const
{
    return m_designDock->controls();
}

void MainWindow::createMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&New"), QKeySequence::New, m_files, &DesignFiles::newDesign);
    file->addAction(tr("&Open…"), QKeySequence::Open, m_files, &DesignFiles::open);
    m_modelFiles->addActions(file);
    m_files->setRecentMenu(file->addMenu(tr("Open &Recent")));
    file->addAction(tr("&Save"), QKeySequence::Save, m_files, &DesignFiles::save);
    file->addAction(tr("Save &As…"), QKeySequence::SaveAs, m_files, &DesignFiles::saveAs);
    file->addSeparator();
    // The export actions live as long as the window; a language switch only relabels them.
    m_exports->addFileExports(file);
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    QAction *undo = m_state->undoStack()->createUndoAction(edit, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction *redo = m_state->undoStack()->createRedoAction(edit, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    edit->addAction(m_exports->copyBreakdownAction());

    edit->addSeparator();
    edit->addAction(tr("&Pin design as A"), QKeySequence(tr("Ctrl+Shift+P")), this, [this] {
        m_comparison->showSnapshot(m_state->snapshot());
        m_comparison->pin();
        m_tabs->setCurrentWidget(m_comparison);
    });
    edit->addAction(tr("&Clear pin"), this, [this] { m_comparison->clearPin(); });

    QMenu *view = menuBar()->addMenu(tr("&View"));
    for (QDockWidget *dock : {static_cast<QDockWidget *>(m_designDock), m_workDock, m_lessonDock})
        view->addAction(dock->toggleViewAction());
    view->addSeparator();
    const bool dark = m_darkAction && m_darkAction->isChecked();
    m_darkAction = view->addAction(tr("&Dark palette"));
    m_darkAction->setCheckable(true);
    m_darkAction->setChecked(dark);
    connect(m_darkAction, &QAction::toggled, this, &MainWindow::setDark);

    view->addSeparator();
    const bool presenting = m_presentation->isActive();
    m_presentAction = view->addAction(tr("&Presentation mode"));
    m_presentAction->setShortcut(QKeySequence(Qt::Key_F11));
    m_presentAction->setCheckable(true);
    m_presentAction->setChecked(presenting);
    connect(m_presentAction, &QAction::toggled, m_presentation, &PresentationMode::setActive);
    QAction *lesson = view->addAction(tr("Guided &lessons"));
    lesson->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
    connect(lesson, &QAction::triggered, this, [this] { startLesson(std::max(0, m_lessons->lessonIndex())); });
    m_languageMenu->addTo(menuBar());
}

void MainWindow::startLesson(int index)
{
    m_lessonDock->show();
    m_lessonDock->raise();
    if (index != m_lessons->lessonIndex())
        m_lessons->start(index);
}

void MainWindow::setLanguage(const QString &code)
{
    QSettings().setValue(QStringLiteral("language"), code);
    m_language->setLanguage(code);
    // QApplication posts LanguageChange to top-level windows; deliver it now so the window is
    // relabelled before the numbers are redrawn in the new units.
    QCoreApplication::sendPostedEvents(nullptr, QEvent::LanguageChange);
    // Units follow the language even when the language itself did not change.
    m_state->requestRedraw();
    m_languageMenu->syncUnits();
}

void MainWindow::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QMainWindow::changeEvent(event);
}

void MainWindow::retranslate()
{
    // Menus and the controls are rebuilt in the new language; the design, undo history and
    // every setting live in DesignState and QSettings, so nothing is lost. Views that draw
    // snapshots retranslate themselves on their own LanguageChange.
    for (QAction *a : menuBar()->actions()) {
        if (QMenu *m = a->menu())
            m->deleteLater();
    }
    menuBar()->clear();
    createMenus();
    m_lessonDock->setWindowTitle(tr("Lesson"));
    m_workDock->setWindowTitle(tr("Show the work"));
    for (const Page &page : m_pages)
        m_tabs->setTabText(m_tabs->indexOf(page.widget), tr(page.title));
    m_pageBar->syncTexts();
    m_designDock->retranslate();
    m_presentation->applyLocks(m_designDock->controls());
    m_state->requestRedraw();
    m_files->updateTitle();
}

void MainWindow::highlight(const QString &target, const QString &focus)
{
    QWidget *w = nullptr;
    for (const Page &page : m_pages)
        if (target == QLatin1String(page.target))
            w = page.widget;
    if (target == QLatin1String("cards"))
        w = m_cards;
    else if (target == QLatin1String("controls"))
        w = focus.isEmpty() ? static_cast<QWidget *>(controls()) : controls()->knob(focus);
    if (w && m_tabs->indexOf(w) >= 0)
        m_tabs->setCurrentWidget(w);
    if (!w && target == QLatin1String("controls") && !focus.isEmpty())
        w = controls()->combo(focus) ? static_cast<QWidget *>(controls()->combo(focus)) : controls();
    m_highlight->highlight(w);
    if (!focus.isEmpty())
        m_presentation->setFocusField(focus);
}

// The design panel is rebuilt on a language switch, and presentation mode locks some of its
// knobs after each snapshot, so the window keeps these two in order; every view follows the
// snapshot itself.
void MainWindow::showSnapshot(const DesignSnapshot &snapshot)
{
    controls()->showSnapshot(snapshot);
    m_presentation->applyLocks(controls());
}

void MainWindow::setPinned(const DesignSnapshot *pinned)
{
    m_parameters->setPinned(pinned);
    m_memory->setPinned(pinned);
    m_scaling->setPinned(pinned);
}

void MainWindow::selectFigure(const QString &key)
{
    m_workDock->show();
    m_workDock->raise();
    m_work->selectFigure(key);
}

bool MainWindow::loadPreset(const QString &id)
{
    return controls()->presetPicker()->choose(id);
}

bool MainWindow::openFile(const QString &path)
{
    return m_files->openFile(path);
}

void MainWindow::openModel(const QString &path)
{
    m_modelFiles->open(path);
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    if (event->mimeData()->hasUrls() && event->mimeData()->urls().first().isLocalFile())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    const QString path = event->mimeData()->urls().first().toLocalFile();
    if (ModelFiles::isModelPath(path))
        openModel(path);
    else if (m_files->maybeSave())
        m_files->openFile(path);
    event->acceptProposedAction();
}

void MainWindow::setDark(bool dark)
{
    // Each ChartPanel restyles its chart on the palette change.
    if (auto *app = qobject_cast<QApplication *>(QCoreApplication::instance()))
        Theme::applyPalette(*app, dark ? Theme::Mode::Dark : Theme::Mode::Light);
}

void MainWindow::restoreSession()
{
    m_session->restore();
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (!m_files->maybeSave()) {
        event->ignore();
        return;
    }
    m_session->save();
    m_autosave->clear(); // a clean quit: nothing to recover
    event->accept();
}

} // namespace tx
