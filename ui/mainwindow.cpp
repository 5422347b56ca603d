#include "mainwindow.h"

#include <QLabel>

namespace tx {

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
{
    setWindowTitle(tr("Transformer Explorer"));
    auto *label = new QLabel(tr("Transformer Explorer"), this);
    label->setAlignment(Qt::AlignCenter);
    setCentralWidget(label);
}

} // namespace tx
