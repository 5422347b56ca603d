#pragma once

#include "core/base/rng.h"

#include <vector>

namespace tx {

// BERT's pre-training objective, the masked LM (Devlin et al. 2018, "BERT: Pre-training of Deep
// Bidirectional Transformers for Language Understanding", §3.1 "Task #1: Masked LM" and
// Appendix A.1), as Google's create_pretraining_data.py (create_masked_lm_predictions) draws it:
// of a window's positions, max(1, round(length · 15 %)) are chosen at random without
// replacement; each chosen token becomes [MASK] with probability 0.8, else stays itself or
// becomes a random token with probability 0.5 each (10 % and 10 % overall). The model reads the
// corrupted window and predicts the original token at the chosen positions only. A fixed count
// per window (create_pretraining_data.py's, where Hugging Face's collator draws each position
// independently) gives every batch the same loss weight.
class TokenMasking
{
public:
    explicit TokenMasking(int length, double share = 0.15);

    int length() const { return m_length; }
    int chosen() const { return m_chosen; } // positions predicted per window

    // One window (length tokens): inputs (corrupted), targets (the window itself) and mask
    // (1 at the chosen positions, 0 elsewhere). A random replacement is drawn uniformly from
    // randomTokens (the task's alphabet; non-empty).
    void corrupt(const int *window, int maskToken, const std::vector<int> &randomTokens, Rng &rng, int *inputs,
                 int *targets, float *mask) const;

private:
    int m_length = 0;
    int m_chosen = 0;
};

} // namespace tx
