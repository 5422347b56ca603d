#pragma once

#include "core/base/error.h"
#include "core/base/expected.h"
#include "core/design/modelconfig.h"
#include "core/estimate/assumptions.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace tx {

// Fills a lesson's {placeholders} with numbers computed by core for one design, so no lesson
// hard-codes a count. Forms:
//   {params.total}          exact integer with separators ("124,439,808")
//   {params.total|short}    NumberFormat::count ("124 M" or "1.24亿")
//   {linear(100,10)}        a function of literal integers (linear, linear_nobias, mlp, lstm)
// Byte figures use NumberFormat::bytes (GB = 10^9 bytes), FLOPs NumberFormat::flops.
// Unknown names and bad arguments are errors naming the placeholder.
class LessonText
{
    Q_DECLARE_TR_FUNCTIONS(tx::LessonText)

public:
    static Expected<QString, Error> fill(const QString &text, const ModelConfig &config,
                                         const Assumptions &assumptions);
    // Every name fill() knows (without functions), for the README and tests.
    static QStringList names();
};

} // namespace tx
