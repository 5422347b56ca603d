#pragma once

#include <QMainWindow>

class QAction;
class QTabWidget;

namespace tx {

class AttentionView;
class DesignControls;
class DesignState;
class ParameterView;
class RecentFiles;
class SummaryCards;
class TrainingView;
struct DesignSnapshot;

// Assembles the views around one DesignState and wires menus, files and settings.
// Holds no design logic of its own.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);

    DesignState *state() const { return m_state; }
    DesignControls *controls() const { return m_controls; }
    SummaryCards *cards() const { return m_cards; }
    ParameterView *parameterView() const { return m_parameters; }
    QTabWidget *tabs() const { return m_tabs; }
    AttentionView *attentionView() const { return m_attention; }
    TrainingView *trainingView() const { return m_training; }

    // Loads a built-in preset as the starting design (the --preset option).
    bool loadPreset(const QString &id);
    // Opens a design file without asking about unsaved changes; false on error (shown).
    bool openFile(const QString &path);
    // Restores geometry, docks and the last design from QSettings.
    void restoreSession();

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void createMenus();
    void showSnapshot(const DesignSnapshot &snapshot);
    void newDesign();
    void open();
    bool save();
    bool saveAs();
    bool maybeSave();
    void setDark(bool dark);
    void updateTitle();
    void saveSession();

    DesignState *m_state;
    DesignControls *m_controls;
    SummaryCards *m_cards;
    ParameterView *m_parameters;
    QTabWidget *m_tabs;
    AttentionView *m_attention;
    TrainingView *m_training;
    RecentFiles *m_recent = nullptr;
    QAction *m_darkAction = nullptr;
};

} // namespace tx
