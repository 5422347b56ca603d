#include "core/lessons/lessonlibrary.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>

#include <algorithm>

namespace tx {

const LessonLibrary &LessonLibrary::builtIn()
{
    static const LessonLibrary library = loadDirectory(QStringLiteral(":/lessons"));
    return library;
}

LessonLibrary LessonLibrary::loadDirectory(const QString &dir)
{
    LessonLibrary library;
    const QStringList names = QDir(dir).entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
    for (const QString &name : names) {
        const QString path = dir + QLatin1Char('/') + name;
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly)) {
            library.m_errors.push_back(
                Error{path, {}, QCoreApplication::translate("tx::Lesson", "cannot open: %1").arg(file.errorString())});
            continue;
        }
        auto lesson = Lesson::parse(file.read(1024 * 1024 + 1), path);
        if (lesson)
            library.m_lessons.push_back(*lesson);
        else
            library.m_errors.push_back(lesson.error());
    }
    std::stable_sort(library.m_lessons.begin(), library.m_lessons.end(),
                     [](const Lesson &a, const Lesson &b) { return a.order < b.order; });
    return library;
}

const Lesson *LessonLibrary::find(const QString &id) const
{
    for (const Lesson &l : m_lessons)
        if (l.id == id)
            return &l;
    return nullptr;
}

} // namespace tx
