#include "ui/widgets/fileerrordialog.h"

#include <QFileInfo>

namespace tx {

FileErrorDialog::FileErrorDialog(QWidget *parent, const QString &title, const Error &error)
    : QMessageBox(QMessageBox::Warning, title, QString(), QMessageBox::Ok, parent)
    , m_error(error)
{
    setObjectName(QStringLiteral("fileErrorDialog"));
    setAttribute(Qt::WA_DeleteOnClose);
    setWindowModality(Qt::WindowModal);
    setTextFormat(Qt::PlainText);
    const QString name = QFileInfo(error.file).fileName();
    setText(name.isEmpty() ? tr("This could not be opened.") : tr("%1 could not be opened.").arg(name));
    QStringList lines;
    if (!error.file.isEmpty())
        lines << tr("File: %1").arg(error.file);
    if (!error.field.isEmpty())
        lines << tr("Field: %1").arg(error.field);
    lines << tr("Problem: %1").arg(error.message);
    lines << tr("The design you had is kept.");
    setInformativeText(lines.join(QLatin1Char('\n')));
}

FileErrorDialog *FileErrorDialog::report(QWidget *parent, const QString &title, const Error &error)
{
    auto *dialog = new FileErrorDialog(parent, title, error);
    dialog->open();
    return dialog;
}

} // namespace tx
