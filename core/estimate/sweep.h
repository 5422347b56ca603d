#pragma once

#include "core/base/error.h"
#include "core/design/modelconfig.h"
#include "core/estimate/assumptions.h"
#include "core/estimate/evaluation.h"
#include "core/estimate/hardwarecatalog.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace tx {

// One setting varied over a range, every point evaluated: the data behind "what happens to
// memory and loss as d_model grows". The key is a design-file field ("d_model", "n_layers", …)
// or one of the assumptions batch, seq, tokens, devices, tp, mfu, price.
class Sweep
{
    Q_DECLARE_TR_FUNCTIONS(tx::Sweep)

public:
    struct Spec
    {
        QString key;
        double from = 0;
        double to = 0;
        int steps = 2;        // points, both ends included (2 to 10,000)
        bool log = false;     // geometric spacing instead of linear
        int multiple = 0;     // > 0: integer settings round to the nearest multiple of this
    };

    struct Point
    {
        double value = 0;                     // the varied setting at this point
        std::optional<Evaluation> evaluation; // absent when the design is invalid there
        std::optional<Error> error;
    };

    // Checks the spec; the error's field is the CLI flag (--vary, --from, --to, --steps, --multiple).
    static std::optional<Error> check(const Spec &spec);
    // The values the sweep visits, rounded as the setting requires.
    static std::vector<double> values(const Spec &spec);
    // Evaluates every point; an invalid point carries its error instead of numbers.
    static std::vector<Point> run(const ModelConfig &config, const Assumptions &assumptions,
                                  const HardwareCatalog &catalog, const Spec &spec);

    // CSV: the header (the second column is named after the key) and one line per point.
    // Parameter counts are exact integers; bytes, FLOPs, seconds, dollars and loss are written
    // with 17 significant digits so they read back equal to core's doubles.
    static QStringList csvHeader(const QString &key);
    static QByteArray csv(const Spec &spec, const std::vector<Point> &points);

    static bool isAssumption(const QString &key);
};

} // namespace tx
