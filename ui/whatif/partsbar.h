#pragma once

#include "core/whatif/whatifoutcome.h"

#include <QWidget>

#include <vector>

namespace tx {

// One horizontal stacked bar of memory parts (frozen base, adapters, gradients, optimizer,
// activations, logits) against an optional device line, with a legend that names each part
// and its bytes. Draws what it is handed; computes nothing.
class PartsBar : public QWidget
{
    Q_OBJECT
public:
    explicit PartsBar(QWidget *parent = nullptr);

    // `deviceBytes` > 0 draws the device's memory as a line; `deviceName` labels it.
    void setParts(const std::vector<WhatIfPart> &parts, double deviceBytes, const QString &deviceName);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    // The legend lines as drawn ("Frozen base 34.5 GB"), for tests.
    QStringList legendTexts() const;

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    int legendRows(int width) const;

    std::vector<WhatIfPart> m_parts;
    double m_deviceBytes = 0;
    QString m_deviceName;
};

} // namespace tx
