#pragma once

#include "error.h"
#include "modelconfig.h"
#include "paramcount.h"

#include <optional>
#include <vector>

namespace tx {

// What the views draw: one immutable copy of the design and everything core computed
// from it. Views receive it by const reference and never compute estimates themselves.
struct DesignSnapshot
{
    ModelConfig config;
    std::vector<Error> errors;        // empty when the design is valid; field = design-file key
    std::optional<ParamCount> params; // absent when the design is invalid

    bool valid() const { return errors.empty() && params.has_value(); }
    // The first problem reported for a design-file key ("n_kv_heads"), or nullptr.
    const Error *errorFor(const QString &field) const
    {
        for (const Error &e : errors)
            if (e.field == field)
                return &e;
        return nullptr;
    }
};

} // namespace tx
