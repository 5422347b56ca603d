#pragma once

#include "core/nn/mat.h"

#include <vector>

namespace tx {

// What Transformer::forward keeps for Transformer::backward (and for the training view's
// attention maps): every layer's inputs, norm statistics and attention probabilities.
// N is the number of rows (the tokens of all sequences stacked).
struct ActivationCache
{
    struct Layer
    {
        Mat x;                // (N, d) layer input
        Mat n1In, n1Out;      // (N, d) input and output of the first norm (n1In unused when it is x)
        ColVec n1Mean, n1Rstd;
        Mat qkvRaw;           // (N, (nHeads + 2 nKv) hd) projection before QK-norm (designs with one)
        ColVec qMean, qRstd;  // (N nHeads) per head or (N) full width: the queries' RMSNorm statistics
        ColVec kMean, kRstd;  // (N nKv) or (N)
        Mat qkv;              // (N, (nHeads + 2 nKv) hd) after QK-norm and RoPE; MLA: (N, H (2 qk + v))
                              // [queries | keys | values], each head's q and k [rope | nope]
        // Multi-head latent attention (MlaAttentionBlock): the latents and projections before RoPE.
        Mat mlaQA;            // (N, qLora) q_a_proj output
        Mat mlaQLatent;       // (N, qLora) after q_a_layernorm
        ColVec qaMean, qaRstd;
        Mat mlaQ;             // (N, H (nope + rope)) queries as projected, checkpoint order
        Mat mlaKvA;           // (N, kvLora + rope) kv_a_proj_with_mqa output
        Mat mlaKvLatent;      // (N, kvLora) after kv_a_layernorm: what the KV cache keeps
        ColVec kvaMean, kvaRstd;
        Mat probs;            // (nHeads N, max T): ops::attentionForward's layout
        Mat att;              // (N, nHeads hd) heads side by side, before the output projection
        Mat a;                // (N, d) attention sub-block output (before the post-attention norm)
        Mat paOut;            // (N, d) post-attention norm output (sandwich, output placements)
        ColVec paMean, paRstd;
        Mat h;                // (N, d) residual between the sub-blocks (sequential blocks); with
                              // cross-attention the one after it, the FFN's input
        // Cross-attention (decoder layers of an encoder-decoder, CrossAttentionBlock):
        Mat hSelf;            // (N, d) residual after self-attention, before cross-attention
        Mat cnOut;            // (N, d) cross-attention norm output
        ColVec cnMean, cnRstd;
        Mat crossQ;           // (N, nHeads hd) queries
        Mat crossKv;          // (Ne, 2 nKv hd) the encoder output's keys and values [k heads | v heads]
        Mat crossProbs;       // (nHeads N, max Te): sequence b, head h is the (T_b, Te_b) block at
                              // row nHeads offsets[b] + h T_b
        Mat crossAtt;         // (N, nHeads hd) heads side by side, before the output projection
        Mat crossA;           // (N, d) cross-attention sub-block output
        Mat n2In, n2Out;      // (N, d) input and output of the second norm
        ColVec n2Mean, n2Rstd;
        Mat ffPre;            // (N, dFf) or (N, 2 dFf) before the activation
        Mat ffAct;            // (N, dFf) after the activation / gate
        Mat m;                // (N, d) FFN sub-block output (before the post-FFN norm)
        // Sparse layers: the router's choice and every expert's activations.
        Mat routerLogits;     // (N, nExperts)
        Mat routerScores;     // (N, nExperts) softmax over the experts, or each expert's sigmoid
        std::vector<int> chosen; // (N * topK) experts of each row, best first
        Mat gates;            // (N, topK) their weights: the chosen scores (normalised), times the scale
        std::vector<std::vector<int>> expertRows; // per expert: the rows it ran, ascending
        std::vector<int> expertSlot; // (N * topK) the row's index within its expert's rows
        std::vector<Mat> expertIn, expertPre, expertAct, expertOut; // per expert (n_e, d | gates·F | F | d)
        Mat sharedPre, sharedAct; // (N, gates·S·F), (N, S·F) of the shared experts
        Mat pfOut;            // (N, d) post-FFN norm output
        ColVec pfMean, pfRstd;
    };

    std::vector<int> tokens;  // (N) the input ids, sequences stacked
    std::vector<int> offsets; // (B + 1) first row of each sequence, then N
    Mat embIn;                // (N, e) embeddings before the embedding norm (designs that have one)
    ColVec embMean, embRstd;
    Mat embProjIn;            // (N, e) factorised embeddings (after their norm) before the projection to d
    std::vector<Layer> layers; // one per executed layer
    Mat xLast;                 // (N, d) output of the last layer
    Mat xFinal;                // (N, d) after the final norm
    ColVec finalMean, finalRstd;
    Mat headPre;               // (N, e) masked-LM head: predictions.dense's output, before the activation
    Mat headAct;               // (N, e) after the activation, the norm's input
    Mat headOut;               // (N, e) after predictions.LayerNorm: what the decoder reads
    ColVec headMean, headRstd;
    Mat logits;                // (N, vocab), after the final soft-capping (designs with one)

    // Encoder-decoder: the encoder's input and activations; `layers` above are the decoder's.
    std::vector<int> encoderTokens;  // (Ne) the encoder's input ids, sequences stacked
    std::vector<int> encoderOffsets; // (B + 1) first encoder row of each sequence, then Ne
    std::vector<Layer> encoderLayers;
    Mat encoderLast;                 // (Ne, d) output of the encoder's last layer
    Mat encoderOut;                  // (Ne, d) after the encoder's final norm: what cross-attention reads
    ColVec encoderFinalMean, encoderFinalRstd;

    int rows() const { return offsets.empty() ? 0 : offsets.back(); }
};

} // namespace tx
