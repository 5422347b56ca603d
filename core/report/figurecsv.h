#pragma once

#include "core/estimate/figure.h"

#include <QByteArray>

#include <vector>

namespace tx {

// Every result figure (explain()) as a table, one row per figure:
//   key,value,unit,title
//   memory.inference.total_bytes,16437014528,bytes,Inference memory
// `key` is the JSON key path of `size --format json`, `value` has 17 significant digits (it
// reads back equal to core's double), `unit` is "bytes", "FLOP", "s", "USD", …, `title` the
// translated label.
class FigureCsv
{
public:
    static QByteArray write(const std::vector<Figure> &figures, QChar separator = QLatin1Char(','));
};

} // namespace tx
