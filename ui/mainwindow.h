#pragma once

#include <QMainWindow>

namespace tx {

// Assembles the views; holds no logic of its own.
class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget *parent = nullptr);
};

} // namespace tx
