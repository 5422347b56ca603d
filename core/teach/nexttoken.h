#pragma once

#include <QString>

namespace tx {

// One candidate for the token after the text: its id, label and probability.
struct NextToken
{
    int id = 0;
    QString label;
    double probability = 0; // in [0, 1]
};

} // namespace tx
