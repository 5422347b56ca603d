#pragma once

#include "core/estimate/paramcount.h"

#include <QByteArray>
#include <QString>

namespace tx {

// The parameter breakdown tree as a table, one row per node in depth-first order:
//   path,params,share_percent
//   model,124439808,100
//   model.embeddings,39383808,31.649…
// `path` is the dotted key path (ParamNode::find takes it), `params` the exact count,
// `share_percent` the node's share of the total (17 significant digits). The separator is
// ',' for CSV files and '\t' for the clipboard (spreadsheets paste tab-separated text as cells).
class BreakdownCsv
{
public:
    static QByteArray write(const ParamCount &params, QChar separator = QLatin1Char(','));
};

} // namespace tx
