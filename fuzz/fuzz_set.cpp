// The `--set key=value` edits (app/designarguments.cpp splits each at the first '=' and hands it to
// DesignEdits::set, as `sweep` and the window's spin boxes do). The input is one edit per line,
// applied in order to the default design (GPT-2 small); the result goes through exerciseDesign().
#include "core/design/designedits.h"
#include "fuzz/fuzzsupport.h"

#include <QStringList>

extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    tx::fuzz::initialize();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    tx::ModelConfig design;
    const QStringList lines = QString::fromUtf8(tx::fuzz::bytesOf(data, size)).split(QLatin1Char('\n'));
    for (const QString &setting : lines) {
        const qsizetype eq = setting.indexOf(QLatin1Char('='));
        if (eq < 0)
            continue; // the CLI stops here with "expected key=value"
        const tx::ModelConfig before = design;
        if (auto error = tx::DesignEdits::set(design, setting.left(eq), setting.mid(eq + 1))) {
            tx::fuzz::require(design == before, "a refused edit changed the design");
            tx::fuzz::require(!error->field.isEmpty() || !error->message.isEmpty(), "an error that names nothing");
        }
    }
    tx::fuzz::exerciseDesign(design);
    return 0;
}
