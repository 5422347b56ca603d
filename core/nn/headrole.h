#pragma once

#include "core/nn/forwardresult.h"

#include <QString>

#include <vector>

namespace tx {

// The name a head earns from what it does, with the score that earned it. The roles are the
// ones interpretability work names in small trained models:
//  - previous-token: attends to position i − 1 (Olsson et al. 2022, "In-context Learning and
//    Induction Heads", §2);
//  - induction: on a repeated random sequence, attends from the second copy to the token after
//    the earlier occurrence (same paper); only past the first layer;
//  - first-token (an attention sink): parks its attention on position 0 (Xiao et al. 2023,
//    "Efficient Streaming Language Models with Attention Sinks");
//  - delimiter: attends to punctuation and line breaks ("，", "。", "\n"), the line structure of a
//    poem (Clark et al. 2019, "What Does BERT Look At?", §3 found heads on [SEP] and punctuation).
struct HeadRole
{
    enum class Kind { PreviousToken, Induction, FirstToken, Delimiter };

    int layer = 0; // 0-based
    int head = 0;  // 0-based
    Kind kind = Kind::PreviousToken;
    double score = 0.0; // mean attention (0–1) to what the role names

    // A head takes a role when its score passes the role's bar; of several, the highest
    // score above its bar. Bars: previous-token 0.5, induction 0.4, first-token 0.5,
    // delimiter 0.6, measured over the queries that can see a delimiter (delimiters are about a
    // quarter of a poem's characters, so a head that spreads evenly already puts ~0.1–0.25 there).
    static double threshold(Kind kind);

    // Every head that earns a role, layer-major. `text` is a forward pass with attention over
    // natural text, `delimiter[t]` says whether text token t is punctuation or a line break;
    // `repeated` a forward pass over random tokens whose segment of `repeatLength` tokens at
    // `repeatStart` is repeated right after it.
    static std::vector<HeadRole> name(const ForwardResult &text, const std::vector<bool> &delimiter,
                                      const ForwardResult &repeated, int repeatStart, int repeatLength);
    // The role of (layer, head) in `roles`, nullptr when it has none.
    static const HeadRole *find(const std::vector<HeadRole> &roles, int layer, int head);

    // "previous-token", "induction", "first-token", "delimiter" (file and JSON names).
    static QString key(Kind kind);
};

} // namespace tx
