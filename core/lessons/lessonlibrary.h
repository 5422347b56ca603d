#pragma once

#include "core/base/error.h"
#include "core/lessons/lesson.h"

#include <vector>

namespace tx {

// The lessons shipped with the program (resources/lessons/*.json, embedded under :/lessons),
// in their "order".
class LessonLibrary
{
public:
    static const LessonLibrary &builtIn();
    static LessonLibrary loadDirectory(const QString &dir);

    const std::vector<Lesson> &lessons() const { return m_lessons; }
    // Files that failed to load; empty for the shipped set (a test checks it).
    const std::vector<Error> &errors() const { return m_errors; }
    const Lesson *find(const QString &id) const;

private:
    std::vector<Lesson> m_lessons;
    std::vector<Error> m_errors;
};

} // namespace tx
