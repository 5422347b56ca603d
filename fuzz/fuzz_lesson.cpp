// Lessons (Lesson::parse, as LessonLibrary reads resources/lessons/*.json): every step's design
// goes through exerciseDesign(), and its text and formula through LessonText::fill.
#include "core/lessons/lesson.h"
#include "core/lessons/lessontext.h"
#include "fuzz/fuzzsupport.h"

extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    tx::fuzz::initialize();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    auto lesson = tx::Lesson::parse(tx::fuzz::bytesOf(data, size), QStringLiteral("lesson.json"));
    if (!lesson) {
        tx::fuzz::refused(lesson.error().toString());
        return 0;
    }
    tx::fuzz::require(lesson->configs.size() == lesson->steps.size() && lesson->assumptions.size() == lesson->steps.size(),
                      "one design and one set of assumptions per step");
    for (std::size_t i = 0; i < lesson->steps.size(); ++i) {
        const tx::Lesson::Step &step = lesson->steps[i];
        tx::fuzz::exerciseDesign(lesson->configs[i]);
        for (const QString *text : {&step.text.en, &step.text.zh, &step.title.en, &step.formula})
            tx::LessonText::fill(*text, lesson->configs[i], lesson->assumptions[i]);
    }
    return 0;
}
