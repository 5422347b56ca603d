#include "core/base/saveleftovers.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

#include <algorithm>

namespace tx {

namespace {

// "<name>.XXXXXX": QTemporaryFileName::generateNext draws each X from A-Z a-z.
bool isTemporaryOf(const QString &leftover, const QString &name)
{
    static const QRegularExpression sixLetters(QStringLiteral("^[A-Za-z]{6}$"));
    return leftover.size() == name.size() + 7 && leftover.startsWith(name) && leftover.at(name.size()) == QLatin1Char('.')
        && sixLetters.match(QStringView(leftover).mid(name.size() + 1)).hasMatch();
}

QFileInfoList candidates(const QFileInfo &target)
{
    // The six letters as a wildcard pattern; isTemporaryOf checks they are letters.
    return target.dir().entryInfoList({target.fileName() + QStringLiteral(".??????")},
                                      QDir::Files | QDir::Hidden | QDir::NoSymLinks, QDir::Time | QDir::Reversed);
}

} // namespace

QStringList SaveLeftovers::find(const QString &target)
{
    const QFileInfo file(target);
    if (file.fileName().isEmpty() || !file.dir().exists())
        return {};
    QStringList out;
    for (const QFileInfo &info : candidates(file)) {
        if (!isTemporaryOf(info.fileName(), file.fileName()) || info.isSymLink() || !info.isFile())
            continue;
        // The temporary of a save is written after the file it was to replace.
        if (file.exists() && info.lastModified() < file.lastModified())
            continue;
        out << info.absoluteFilePath();
    }
    return out;
}

QStringList SaveLeftovers::clear(const QString &target)
{
    QStringList moved;
    for (const QString &path : find(target)) {
        QFile f(path);
        if (f.moveToTrash())
            moved << path;
    }
    return moved;
}

QStringList SaveLeftovers::removeIn(const QString &folder, const QString &prefix)
{
    const QDir dir(folder);
    if (!dir.exists())
        return {};
    QStringList removed;
    const QFileInfoList all = dir.entryInfoList(QDir::Files | QDir::Hidden | QDir::NoSymLinks);
    for (const QFileInfo &info : all) {
        const QString name = info.fileName();
        if (name.size() < 8)
            continue;
        const QString target = name.left(name.size() - 7);
        if (target.startsWith(prefix) && isTemporaryOf(name, target) && QFile::remove(info.absoluteFilePath()))
            removed << info.absoluteFilePath();
    }
    return removed;
}

} // namespace tx
