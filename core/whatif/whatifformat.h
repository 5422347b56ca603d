#pragma once

#include <QCoreApplication>
#include <QString>

namespace tx {

// A what-if table cell as a user reads it, by the column's unit (WhatIfTable::columnUnits);
// the CLI and the page share it. Numbers go through NumberFormat.
class WhatIfFormat
{
    Q_DECLARE_TR_FUNCTIONS(tx::WhatIfFormat)
public:
    static QString value(double v, const QString &unit);
    // "−49.9 %", "+12.0 %", "±0 %": after relative to before.
    static QString change(double before, double after);
};

} // namespace tx
