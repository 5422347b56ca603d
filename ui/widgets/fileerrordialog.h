#pragma once

#include "core/base/error.h"

#include <QMessageBox>

namespace tx {

// The dialog a file that cannot be opened gets: which file, which field, what is wrong, each
// on its own line, over the window that stays open with the design it had. It does not block:
// the window is drawn behind it and the event loop runs (so a file opened at start-up, from the
// recent-files menu or by drag and drop reports the same way, and tests can read it).
class FileErrorDialog : public QMessageBox
{
    Q_OBJECT
public:
    // Shows the dialog (window-modal, deleted when closed) and returns it.
    static FileErrorDialog *report(QWidget *parent, const QString &title, const Error &error);

    const Error &error() const { return m_error; }

private:
    FileErrorDialog(QWidget *parent, const QString &title, const Error &error);

    Error m_error;
};

} // namespace tx
