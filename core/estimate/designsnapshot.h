#pragma once

#include "core/base/error.h"
#include "core/design/designedits.h"
#include "core/design/modelconfig.h"
#include "core/estimate/assumptions.h"
#include "core/estimate/evaluation.h"
#include "core/estimate/paramcount.h"

#include <optional>
#include <vector>

namespace tx {

// What the views draw: one immutable copy of the design and everything core computed
// from it. Views receive it by const reference and never compute estimates themselves.
struct DesignSnapshot
{
    ModelConfig config;
    Assumptions assumptions;
    DesignLocks locks; // how edits land (the d_ff lock); part of the undo history
    // Empty when the design is valid. field = design-file key ("n_kv_heads") or, for an
    // assumption, its command-line name ("batch", "seq", "tokens", "device", …).
    std::vector<Error> errors;
    std::optional<ParamCount> params;     // absent when the design is invalid
    std::optional<Evaluation> evaluation; // absent when the design or an assumption is invalid

    // What the views show for a design: validation, the exact count and every estimate.
    // With an invalid assumption the parameter views still get their count.
    static DesignSnapshot compute(const ModelConfig &config, const Assumptions &assumptions);

    bool valid() const { return errors.empty() && evaluation.has_value(); }
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
