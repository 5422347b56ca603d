#pragma once

#include "core/design/modelconfig.h"
#include "core/teach/layercomparison.h"

#include <QWidget>

#include <vector>

class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace tx {

// "From y = Wx + b to a Transformer layer": a linear layer, an MLP, an LSTM layer and a layer of
// the current design side by side at one width, each with its parameters and FLOPs per token as
// formulas with the numbers put in and what it buys; the width knobs; and the first seed
// document's own figures recomputed, saying where they are wrong.
class LayerComparisonView : public QWidget
{
    Q_OBJECT
public:
    explicit LayerComparisonView(QWidget *parent = nullptr);

    void setDesign(const ModelConfig &config);
    void setWidths(const LayerComparison::Widths &widths);
    // The MLP's hidden widths as typed ("512, 256"); empty = one hidden layer of the hidden width.
    void setMlpWidths(const QString &text);
    LayerComparison::Widths widths() const;

    // What the four columns show: title, parameters, FLOPs (the texts a reader sees).
    QStringList columnTexts(int column) const;
    QString seedText() const;

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslate();
    void refresh();

    ModelConfig m_design;
    QSpinBox *m_dIn, *m_dOut, *m_hidden, *m_context;
    QLineEdit *m_mlpWidths; // "512, 256": the MLP's hidden layers; empty = one of the hidden width
    QLabel *m_mlpWidthsLabel;
    QLabel *m_dInLabel, *m_dOutLabel, *m_hiddenLabel, *m_contextLabel, *m_intro, *m_seedTitle, *m_seed;
    QPushButton *m_seedSmall, *m_seed512, *m_seedGpt3;
    struct Column
    {
        QLabel *title, *shape, *params, *paramFormula, *flops, *flopFormula, *buys;
    };
    std::vector<Column> m_columns;
};

} // namespace tx
