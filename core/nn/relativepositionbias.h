#pragma once

#include "core/design/modelconfig.h"
#include "core/nn/mat.h"

namespace tx {

// T5's relative attention bias (Raffel et al. 2019, §2.1; Hugging Face modeling_t5.py,
// T5Attention._relative_position_bucket and compute_bias): every head adds a learned scalar,
// looked up by the bucket of the key's offset from the query (k − q), to its logits. Offsets
// below half the buckets have a bucket each; larger ones share logarithmically wider buckets up
// to maxDistance, from which on they all share the last one. An encoder (bidirectional) gives
// earlier and later keys separate halves of the buckets; a decoder (unidirectional) only sees
// earlier keys. The table is stored once per stack, in its first layer, and every layer of the
// stack adds the same bias (T5Stack passes layer 0's position_bias on).
class RelativePositionBias
{
public:
    explicit RelativePositionBias(const ModelConfig &config);

    // The bucket in [0, numBuckets) of relative position k − q, as _relative_position_bucket
    // computes it in float32 (torch.log of a float tensor, truncated towards zero).
    static int bucket(int relativePosition, bool bidirectional, int numBuckets, int maxDistance);
    int bucket(int relativePosition) const;

    // table (numBuckets, nHeads) → out (nHeads, 2·positions − 1): head h's bias for key offset
    // k − q in [−(positions − 1), positions − 1] at column (positions − 1) + (k − q).
    void forward(Mat &out, const Mat &table, int positions) const;
    // dOut in forward's layout → dTable (numBuckets, nHeads), accumulated.
    void backward(Mat &dTable, const Mat &dOut) const;

    bool bidirectional() const { return m_bidirectional; }

    // T5ForConditionalGeneration scales the last hidden state by d_model^-0.5 before a head tied
    // to the token embedding; 1 for every other design.
    static float tiedHeadScale(const ModelConfig &config);

private:
    bool m_bidirectional = false; // encoder-only stacks
    int m_numBuckets = 32;
    int m_maxDistance = 128;
};

} // namespace tx
