#include "core/train/corpus.h"

#include <QFile>

namespace tx {

Expected<QString, Error> Corpus::load(const QString &nameOrFile)
{
    QFile builtIn(QStringLiteral(":/corpus/%1.txt").arg(nameOrFile));
    QFile file(nameOrFile);
    QFile &f = builtIn.exists() ? builtIn : file;
    if (!f.exists())
        return Error{nameOrFile, {}, tr("no such file (bundled corpora: tang-poems, carroll-alice)")};
    if (f.size() > 64 * 1024 * 1024)
        return Error{nameOrFile, {}, tr("larger than 64 MB")};
    if (!f.open(QIODevice::ReadOnly))
        return Error{nameOrFile, {}, f.errorString()};
    return QString::fromUtf8(f.readAll());
}

} // namespace tx
