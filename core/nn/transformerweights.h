#pragma once

#include "core/nn/mat.h"

#include <QString>

#include <cstdint>
#include <vector>

namespace tx {

// Every learned tensor of the engine, in the layout the forward pass multiplies with:
// inputs on the left, `y = x * W + b`, so W is (in, out) like GPT-2's Conv1D.
// Llama's nn.Linear stores (out, in); HfCheckpoint transposes on load and save.
// Vectors are (1, n) matrices. Empty matrices mean "absent" (no bias, RMSNorm has no norm
// bias, tied head, …). Gradients and the optimizer's moments are TransformerWeights of the
// same shape, so one registry (registry()) names each tensor once for all of them.
struct TransformerWeights
{
    struct Layer
    {
        Mat norm1Scale;  // (1, d) before attention (pre-norm) or after it (post-norm)
        Mat norm1Bias;   // (1, d) LayerNorm only
        Mat qkv;         // (d, (nHeads + 2*nKvHeads) * headDim): columns [q heads | k heads | v heads]
        Mat qkvBias;     // (1, (nHeads + 2*nKvHeads) * headDim)
        Mat qNormScale;  // QK-norm of the queries: (1, headDim) per head (Qwen3, Gemma 3) or
                         // (1, nHeads * headDim) over the whole width (OLMo 2); absent when weightless
        Mat kNormScale;  // (1, headDim) or (1, nKvHeads * headDim)
        Mat sinks;       // (1, nHeads) each head's sink logit (gpt-oss)
        // Multi-head latent attention (DeepSeek-V2/V3, DeepseekV3Attention), instead of qkv. Each
        // head's query is [nope | rope], its key/value up-projection [k nope | v]; the rope columns
        // are in the checkpoints' interleaved order (pairs 2i, 2i+1 rotate together).
        Mat qAProj;       // (d, qLora) q_a_proj, the query latent (absent when q_lora_rank is 0)
        Mat qAProjBias;   // (1, qLora) attention_bias
        Mat qANormScale;  // (1, qLora) q_a_layernorm
        Mat qANormBias;   // (1, qLora) LayerNorm only
        Mat qBProj;       // (qLora, H * (nope + rope)) q_b_proj, or (d, H * (nope + rope)) q_proj
        Mat qBProjBias;   // (1, H * (nope + rope)) q_proj's attention_bias (no query latent)
        Mat kvAProj;      // (d, kvLora + rope) kv_a_proj_with_mqa: the latent, then the shared rotary key
        Mat kvAProjBias;  // (1, kvLora + rope)
        Mat kvANormScale; // (1, kvLora) kv_a_layernorm
        Mat kvANormBias;  // (1, kvLora) LayerNorm only
        Mat kvBProj;      // (kvLora, H * (nope + v)) kv_b_proj
        Mat attnOut;     // (nHeads * headDim, d); MLA: (nHeads * v, d) o_proj
        Mat attnOutBias; // (1, d)
        Mat postAttnNormScale; // (1, d) on the attention output before the residual add (sandwich, output)
        Mat postAttnNormBias;  // (1, d) LayerNorm only
        // Cross-attention over the encoder's output (decoder layers of an encoder-decoder, T5's
        // layer.1.EncDecAttention): its pre-norm, queries from the decoder, keys and values from
        // the encoder. No QK-norm, sinks or relative bias (T5's has_relative_attention_bias=False).
        Mat crossNormScale;    // (1, d) layer.1.layer_norm
        Mat crossNormBias;     // (1, d) LayerNorm only
        Mat crossQ;            // (d, nHeads * headDim) EncDecAttention.q
        Mat crossQBias;        // (1, nHeads * headDim)
        Mat crossKv;           // (d, 2 * nKvHeads * headDim): columns [k heads | v heads] (k, v)
        Mat crossKvBias;       // (1, 2 * nKvHeads * headDim)
        Mat crossOut;          // (nHeads * headDim, d) EncDecAttention.o
        Mat crossOutBias;      // (1, d)
        Mat norm2Scale;  // (1, d) before (pre) or after (post) the FFN
        Mat norm2Bias;   // (1, d)
        Mat ffnIn;       // (d, dFf) dense, or (d, 2*dFf) gated: columns [gate | up]
        Mat ffnInBias;   // (1, dFf) or (1, 2*dFf)
        Mat ffnOut;      // (dFf, d)
        Mat ffnOutBias;  // (1, d)
        // Routed experts (sparse layers, which have no ffnIn/ffnOut), all in the FFN's kind:
        Mat router;      // (d, nExperts) router logits
        Mat routerBias;  // (1, nExperts)
        Mat routerScoreBias; // (1, nExperts) DeepSeek-V3's e_score_correction_bias: added for the choice only, not trained
        Mat expertsIn;   // (nExperts * d, gates * expertDff): expert e in rows [e*d, (e+1)*d), columns [gate | up]
        Mat expertsInBias;  // (nExperts, gates * expertDff) gpt-oss's gate_up_proj_bias, columns [gate | up]
        Mat expertsOut;  // (nExperts * expertDff, d): expert e in rows [e*expertDff, (e+1)*expertDff)
        Mat expertsOutBias; // (nExperts, d) gpt-oss's down_proj_bias, weighted by the gate like the rest of the output
        Mat sharedIn;    // (d, gates * S * sharedDff): the S shared experts side by side, one FFN
        Mat sharedOut;   // (S * sharedDff, d)
        Mat postFfnNormScale;  // (1, d) on the FFN output before the residual add (sandwich, output)
        Mat postFfnNormBias;   // (1, d)
    };

    // One entry of the tensor registry: "tokenEmbedding" or "layers.3.qkv" (the field names).
    struct Slot
    {
        QString name;
        int layer = -1;                             // stored layer, -1 for the model-wide tensors
        Mat TransformerWeights::*global = nullptr;  // the field when layer < 0
        Mat Layer::*field = nullptr;                // the field when layer >= 0
        bool matrix = false; // a weight matrix or embedding (AdamW decays it, the init draws it)
        bool residual = false; // an output projection into the residual stream (attnOut, ffnOut)
        bool ffn = false;      // part of the FFN sub-block (norm2 and the FFN tensors)

        Mat &in(TransformerWeights &w) const { return layer < 0 ? w.*global : w.layers[std::size_t(layer)].*field; }
        const Mat &in(const TransformerWeights &w) const
        {
            return layer < 0 ? w.*global : w.layers[std::size_t(layer)].*field;
        }
    };

    Mat tokenEmbedding;    // (vocab, e), e = embedding_dim (d_model unless factorised)
    Mat positionEmbedding; // (maxPositions, e), learned positions only
    Mat tokenTypeEmbedding; // (tokenTypes, e) BERT/ALBERT segments; the engine adds row 0 (HF's default token_type_ids)
    Mat relativeBias;      // (relativeBuckets, nHeads) T5's relative_attention_bias, the (decoder) stack's first layer's
    Mat encoderRelativeBias; // (relativeBuckets, nHeads) the encoder stack's own table (encoder-decoder)
    Mat embNormScale;      // (1, e) when the design has a norm after the embeddings
    Mat embNormBias;       // (1, e)
    Mat embeddingProj;     // (e, d) ALBERT's embedding_hidden_mapping_in, when e != d
    Mat embeddingProjBias; // (1, d)
    // Stored layers (fewer than executed ones when layers are shared). An encoder-decoder stores
    // its encoder's layers first, then its decoder's (which alone have the cross* tensors).
    std::vector<Layer> layers;
    Mat encoderFinalNormScale; // (1, d) the encoder stack's final_layer_norm (encoder-decoder)
    Mat encoderFinalNormBias;  // (1, d)
    Mat finalNormScale;    // (1, d)
    Mat finalNormBias;     // (1, d)
    Mat headDense;         // (d, e) the masked-LM head's predictions.dense (mlmHead)
    Mat headDenseBias;     // (1, e)
    Mat headNormScale;     // (1, e) predictions.LayerNorm
    Mat headNormBias;      // (1, e)
    Mat lmHead;            // (vocab, d), or (vocab, e) after a masked-LM head; empty when tied to tokenEmbedding
    Mat lmHeadBias;        // (1, vocab)

    // The registry: every tensor these weights hold (non-empty), each once, in one fixed order
    // (embeddings, then each layer's tensors in forward order, then the final norm and head).
    // Initialisation, gradients, optimizer moments and parameter counts all walk it.
    std::vector<Slot> registry() const;
    // Same layout, every present tensor zero (gradients); absent ones stay empty.
    TransformerWeights zerosLike() const;
    // Number of floats held, for the memory cap and the status line.
    std::int64_t floatCount() const;
};

} // namespace tx
