#pragma once

#include "core/base/error.h"
#include "core/design/modelconfig.h"

#include <QCoreApplication>
#include <QString>

#include <optional>

namespace tx {

// Editing settings that are not part of the design file but decide how an edit lands. They
// belong to the design being edited (DesignState keeps them in its undo history).
struct DesignLocks
{
    bool dFfFollowsWidth = false; // d_ff stays 4 · d_model (the ratio of GPT-2 and BERT)
    bool operator==(const DesignLocks &) const = default;
};

// The rules of editing a design one field at a time: which fields follow an edit, where a
// slider lands, which fields take edits. The window's controls, `--set`, sweeps and the
// reverse solver (DesignSearch) edit through here, so a value typed anywhere gives the same
// design. Fields are design-file keys ("n_heads"); assumption fields use their command-line
// names ("seq").
class DesignEdits
{
    Q_DECLARE_TR_FUNCTIONS(tx::DesignEdits)

public:
    // After `field` changed from `before` to `after`, the fields that follow it:
    //   n_heads  key/value heads follow: MHA stays MHA, GQA keeps the divisor of the new heads
    //            nearest to its key/value heads;
    //   layout   encoder-decoder without decoder layers gets as many as the encoder has;
    //   ffn      a gated FFN uses SiLU (SwiGLU);
    //   d_model  under the d_ff lock, d_ff = 4 · d_model;
    //   attention MLA drops the per-head QK-norm;
    //   any      a per-layer layer_types list follows the depth by repeating its pattern, and
    //            moe_dense_layers / moe_first_dense drop layers past the stack.
    //   any      a named design whose fields changed is no longer the model its name names
    //            ("GPT-2 Small" at d_model 1024): it becomes "GPT-2 Small (edited)" (markEdited).
    static void couple(ModelConfig &after, const ModelConfig &before, const QString &field,
                       const DesignLocks &locks = {});
    // Appends " (edited)" (translated) to the name of `after` when it differs from `before` in
    // any field but the name and source, unless the name was changed by the edit or already
    // carries the mark. Undo restores the old name with the old fields.
    static void markEdited(ModelConfig &after, const ModelConfig &before);
    // Sets one field as typed ("n_heads", "16"), then the fields that follow it. The value is
    // taken as typed, as the window's spin boxes take it: only sliders snap.
    static std::optional<Error> set(ModelConfig &config, const QString &field, const QString &value,
                                    const DesignLocks &locks = {});
    // Turns the d_ff lock on or off; turning it on sets d_ff = 4 · d_model.
    static void setDffLock(ModelConfig &config, DesignLocks &locks, bool on);

    // Where a slider for `field` lands near `value`: d_model on a multiple of the heads, heads
    // on a divisor of d_model, key/value heads on a divisor of the heads, d_ff and the
    // vocabulary on multiples of 64, contexts on multiples of 128, the embedding size on 0
    // or a multiple of 16. Other fields keep `value`.
    static int snapped(const ModelConfig &config, const QString &field, int value);
    // Whether the control of `field` takes edits for this design: d_ff not under the lock,
    // experts per token only with experts, the tied head only with an LM head, MLA's ranks
    // only under MLA (key/value heads and QK-norm only without it), "every N-th global" only
    // with a window and no explicit layer list, expert widths and dense layers only with experts.
    static bool editable(const ModelConfig &config, const DesignLocks &locks, const QString &field);
    // Why `field` takes no edits for this design, in plain words; empty when it does.
    static QString notEditableReason(const ModelConfig &config, const DesignLocks &locks, const QString &field);

    // The multiple of `step` nearest to v (v ≥ 0), at least `step`; halves go up.
    static int nearestMultiple(double v, int step);
    // The divisor of n nearest to v, at most 4096 (ties go to the smaller).
    static int nearestDivisor(int v, int n);
};

} // namespace tx
