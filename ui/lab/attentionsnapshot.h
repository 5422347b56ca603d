#pragma once

#include "core/design/modelconfig.h"
#include "core/nn/headrole.h"
#include "core/nn/headscore.h"
#include "core/nn/forwardresult.h"
#include "core/nn/mat.h"

#include <QMetaType>
#include <QStringList>

#include <cstdint>
#include <vector>

namespace tx {

// Everything the attention view draws after one run: copies, owned by the snapshot, so the
// worker can go on (or be destroyed) while the view paints.
struct AttentionSnapshot
{
    QString text;
    QStringList tokenLabels; // one per token (Tokenizer::labels, a leading space as ␣); an encoder-decoder's
                             // decoder tokens: its start token, then the text but its last token
    QStringList encoderLabels; // encoder-decoder: the encoder's tokens, the text; empty otherwise
    ModelConfig config;      // the design that actually ran (after scaling down)
    QStringList changes;     // what EngineSizer changed to fit the cap; empty when nothing
    QString checkpoint;      // the checkpoint folder that ran; empty for the design
    QString tokenizerKind;   // Tokenizer::kind(): "bytes", "gpt2-bpe", "tokenizer.json"
    std::int64_t weightBytes = 0;
    ForwardResult result;    // attention, scores and residual norms captured
    std::vector<HeadScore> heads;
    std::vector<HeadRole> roles; // heads that earn a name on this text (HeadSurvey)
    Mat positional;          // (T, d) sinusoidal position encodings (Vaswani et al. 2017, §3.5), or with T5's
                             // relative buckets (nHeads, 2T − 1) the bias of each key offset (RelativePositionBias)
    double seconds = 0.0;    // wall time of build + forward
};

} // namespace tx

Q_DECLARE_METATYPE(tx::AttentionSnapshot)
