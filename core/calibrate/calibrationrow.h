#pragma once

#include <QString>

#include <cmath>

namespace tx {

// One line of the table: a figure as predicted and as measured.
struct CalibrationRow
{
    enum class Unit { Seconds, Bytes };

    QString key;       // stable id, as in the JSON: "forward_seconds", "weights_bytes", …
    QString label;     // translated, e.g. "Forward pass"
    QString basis;     // translated: how the prediction was made
    Unit unit = Unit::Seconds;
    double predicted = 0;
    double measured = 0;

    // (predicted − measured) / measured in %: below zero the estimator predicts too little.
    // NaN when nothing was measured.
    double errorPercent() const
    {
        return measured > 0 ? (predicted - measured) / measured * 100.0 : std::nan("");
    }
};

} // namespace tx
