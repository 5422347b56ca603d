#pragma once

#include <QWidget>

class QLabel;
class QPushButton;
class QTabWidget;

namespace tx {

class ArchitectureDiagram;
class ForwardStepView;
class LayerComparisonView;
class SnapshotSource;
struct DesignSnapshot;

// The "Inside the model" page: the live architecture diagram of the current design, the
// step-through of one forward pass, and the seed's y = Wx + b comparison, one tab each.
class InsidePage : public QWidget
{
    Q_OBJECT
public:
    // Follows `source` (when given) through a SnapshotFeed: draws each snapshot while shown.
    explicit InsidePage(SnapshotSource *source = nullptr, QWidget *parent = nullptr);

    void showSnapshot(const DesignSnapshot &snapshot);

    QTabWidget *tabs() const { return m_tabs; }
    ArchitectureDiagram *diagram() const { return m_diagram; }
    ForwardStepView *forwardSteps() const { return m_forward; }
    LayerComparisonView *comparison() const { return m_comparison; }
    // Writes the diagram as PNG, SVG or PDF by the file's suffix; an error line, or empty.
    QString exportDiagram(const QString &path) const;

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();

    QTabWidget *m_tabs;
    ArchitectureDiagram *m_diagram;
    ForwardStepView *m_forward;
    LayerComparisonView *m_comparison;
    QLabel *m_hint;
    QPushButton *m_export;
};

} // namespace tx
