#pragma once

#include "core/design/modelconfig.h"

#include <QMainWindow>

#include <optional>

#include <functional>
#include <vector>

class QAction;
class QDockWidget;
class QTabWidget;

namespace tx {

class AttentionView;
class Autosave;
class DesignFiles;
class ExportActions;
class ComparisonView;
class ComputeView;
class DesignControls;
class DesignDock;
class DesignState;
class HighlightOverlay;
class LanguageManager;
class LanguageMenu;
class LessonPlayer;
class PresentationMode;
class ProductPanel;
class ReadoutBar;
class MemoryView;
class ModelFiles;
class ModelPage;
class PageBar;
class ParameterView;
class ScalingView;
class ShowWorkView;
class SummaryCards;
class TrainingView;
class WindowSession;
struct DesignSnapshot;

// Assembles the views around one DesignState and wires menus, files and settings.
// Holds no design logic of its own.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    DesignState *state() const { return m_state; }
    DesignControls *controls() const;
    SummaryCards *cards() const { return m_cards; }
    ParameterView *parameterView() const { return m_parameters; }
    MemoryView *memoryView() const { return m_memory; }
    ComputeView *computeView() const { return m_compute; }
    ScalingView *scalingView() const { return m_scaling; }
    ComparisonView *comparisonView() const { return m_comparison; }
    ShowWorkView *showWorkView() const { return m_work; }
    QTabWidget *tabs() const { return m_tabs; }
    AttentionView *attentionView() const { return m_attention; }
    TrainingView *trainingView() const { return m_training; }
    LanguageManager *language() const { return m_language; }
    LessonPlayer *lessons() const { return m_lessons; }
    ProductPanel *productPanel() const { return m_product; }
    PresentationMode *presentation() const { return m_presentation; }
    ReadoutBar *readout() const { return m_readout; }
    HighlightOverlay *highlightOverlay() const { return m_highlight; }
    ModelPage *modelPage() const { return m_model; }
    Autosave *autosave() const { return m_autosave; }
    PageBar *pageBar() const { return m_pageBar; }

    // Switches the window's language at once ("" = follow the system; "en", "zh_CN").
    void setLanguage(const QString &code);
    // Shows the lesson panel and starts built-in lesson `index` (0-based).
    void startLesson(int index);

    // Loads a built-in preset as the starting design (the --preset option).
    bool loadPreset(const QString &id);
    // Opens a design file without asking about unsaved changes; false on error (shown).
    bool openFile(const QString &path);
    // Restores geometry, docks and the last design from QSettings. An autosave left by a session
    // that did not quit cleanly is offered once the window has been painted (not over a black
    // window), with its pin and lesson step when restored.
    void restoreSession();
    // Reads a checkpoint (file or folder) off the UI thread into the Model page; its design then
    // replaces the one being edited (one undo step).
    void openModel(const QString &path);

protected:
    void closeEvent(QCloseEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void createMenus();
    void retranslate();
    void highlight(const QString &target, const QString &focus);
    void showSnapshot(const DesignSnapshot &snapshot);
    // Hidden pages are brought up to date when they are shown, not on every edit.
    void setPinned(const DesignSnapshot *pinned);
    void selectFigure(const QString &key);
    void setDark(bool dark);

    // One tab: its page, its title (translated at use) and the lesson target naming it. Pages
    // follow the snapshot themselves (SnapshotFeed), drawing only while shown.
    struct Page
    {
        QWidget *widget;
        const char *title;
        const char *target;
    };
    std::vector<Page> m_pages;

    DesignState *m_state;
    DesignDock *m_designDock;
    SummaryCards *m_cards;
    ParameterView *m_parameters;
    MemoryView *m_memory;
    ComputeView *m_compute;
    ScalingView *m_scaling;
    ComparisonView *m_comparison;
    ShowWorkView *m_work;
    QTabWidget *m_tabs;
    AttentionView *m_attention;
    TrainingView *m_training;
    QDockWidget *m_workDock = nullptr;

    QAction *m_darkAction = nullptr;
    QDockWidget *m_lessonDock = nullptr;
    LanguageManager *m_language;
    LanguageMenu *m_languageMenu;
    ProductPanel *m_product;
    LessonPlayer *m_lessons;
    ReadoutBar *m_readout;
    PresentationMode *m_presentation;
    HighlightOverlay *m_highlight;
    DesignFiles *m_files;
    ExportActions *m_exports;
    ModelPage *m_model;
    ModelFiles *m_modelFiles;
    Autosave *m_autosave;
    PageBar *m_pageBar;
    QAction *m_presentAction = nullptr;
    WindowSession *m_session = nullptr;
};

} // namespace tx
