#include "core/report/componentnames.h"

#include <QCoreApplication>

namespace tx {

namespace {
} // namespace

QString ComponentNames::component(const QString &key)
{
    struct Name { const char *key; const char *text; };
    static constexpr Name names[] = {
        {"model", QT_TRANSLATE_NOOP("tx::ComponentNames", "Whole model")},
        {"embeddings", QT_TRANSLATE_NOOP("tx::ComponentNames", "Embeddings")},
        {"token", QT_TRANSLATE_NOOP("tx::ComponentNames", "Token table")},
        {"position", QT_TRANSLATE_NOOP("tx::ComponentNames", "Position table")},
        {"token_type", QT_TRANSLATE_NOOP("tx::ComponentNames", "Segment table")},
        {"projection", QT_TRANSLATE_NOOP("tx::ComponentNames", "Embedding projection")},
        {"encoder", QT_TRANSLATE_NOOP("tx::ComponentNames", "Encoder")},
        {"decoder", QT_TRANSLATE_NOOP("tx::ComponentNames", "Decoder")},
        {"attention", QT_TRANSLATE_NOOP("tx::ComponentNames", "Attention")},
        {"cross_attention", QT_TRANSLATE_NOOP("tx::ComponentNames", "Cross-attention")},
        {"ffn", QT_TRANSLATE_NOOP("tx::ComponentNames", "Feed-forward (MLP)")},
        {"moe", QT_TRANSLATE_NOOP("tx::ComponentNames", "Experts (MoE)")},
        {"norms", QT_TRANSLATE_NOOP("tx::ComponentNames", "Norms")},
        {"norm", QT_TRANSLATE_NOOP("tx::ComponentNames", "Norm")},
        {"final_norm", QT_TRANSLATE_NOOP("tx::ComponentNames", "Final norm")},
        {"lm_head", QT_TRANSLATE_NOOP("tx::ComponentNames", "Output head")},
        {"pooler", QT_TRANSLATE_NOOP("tx::ComponentNames", "Pooler")},
        {"router", QT_TRANSLATE_NOOP("tx::ComponentNames", "Router")},
        {"experts", QT_TRANSLATE_NOOP("tx::ComponentNames", "Routed experts")},
        {"shared_experts", QT_TRANSLATE_NOOP("tx::ComponentNames", "Shared experts")},
        {"relative_bias", QT_TRANSLATE_NOOP("tx::ComponentNames", "Relative position bias")},
        {"q_a", QT_TRANSLATE_NOOP("tx::ComponentNames", "Query down-projection (MLA)")},
        {"q_a_norm", QT_TRANSLATE_NOOP("tx::ComponentNames", "Query latent norm (MLA)")},
        {"q_b", QT_TRANSLATE_NOOP("tx::ComponentNames", "Query up-projection (MLA)")},
        {"kv_a", QT_TRANSLATE_NOOP("tx::ComponentNames", "Key/value down-projection (MLA)")},
        {"kv_a_norm", QT_TRANSLATE_NOOP("tx::ComponentNames", "Key/value latent norm (MLA)")},
        {"kv_b", QT_TRANSLATE_NOOP("tx::ComponentNames", "Key/value up-projection (MLA)")},
        {"q_norm", QT_TRANSLATE_NOOP("tx::ComponentNames", "Query norm")},
        {"k_norm", QT_TRANSLATE_NOOP("tx::ComponentNames", "Key norm")},
        {"sinks", QT_TRANSLATE_NOOP("tx::ComponentNames", "Attention sinks")},
        {"score_bias", QT_TRANSLATE_NOOP("tx::ComponentNames", "Routing correction bias")},
        {"weight", QT_TRANSLATE_NOOP("tx::ComponentNames", "Weight")},
        {"bias", QT_TRANSLATE_NOOP("tx::ComponentNames", "Bias")},
    };
    for (const Name &n : names)
        if (key == QLatin1String(n.key))
            return tr(n.text);
    return key;
}

QString ComponentNames::field(const QString &key)
{
    struct Name { const char *key; const char *text; };
    static constexpr Name names[] = {
        {"d_model", QT_TRANSLATE_NOOP("tx::ComponentNames", "Width (d_model)")},
        {"n_layers", QT_TRANSLATE_NOOP("tx::ComponentNames", "Layers")},
        {"n_decoder_layers", QT_TRANSLATE_NOOP("tx::ComponentNames", "Decoder layers")},
        {"n_heads", QT_TRANSLATE_NOOP("tx::ComponentNames", "Attention heads")},
        {"n_kv_heads", QT_TRANSLATE_NOOP("tx::ComponentNames", "Key/value heads")},
        {"head_dim", QT_TRANSLATE_NOOP("tx::ComponentNames", "Head size")},
        {"d_ff", QT_TRANSLATE_NOOP("tx::ComponentNames", "FFN width (d_ff)")},
        {"vocab_size", QT_TRANSLATE_NOOP("tx::ComponentNames", "Vocabulary")},
        {"max_positions", QT_TRANSLATE_NOOP("tx::ComponentNames", "Context length")},
        {"embedding_dim", QT_TRANSLATE_NOOP("tx::ComponentNames", "Embedding size")},
        {"share_group_size", QT_TRANSLATE_NOOP("tx::ComponentNames", "Layers per shared group")},
        {"moe_experts", QT_TRANSLATE_NOOP("tx::ComponentNames", "Experts")},
        {"moe_top_k", QT_TRANSLATE_NOOP("tx::ComponentNames", "Experts per token")},
        {"lora_rank", QT_TRANSLATE_NOOP("tx::ComponentNames", "LoRA rank")},
        {"weight_precision", QT_TRANSLATE_NOOP("tx::ComponentNames", "Weight precision")},
        {"kv_precision", QT_TRANSLATE_NOOP("tx::ComponentNames", "KV cache precision")},
        {"tied_embeddings", QT_TRANSLATE_NOOP("tx::ComponentNames", "Tied embeddings")},
        {"sharing", QT_TRANSLATE_NOOP("tx::ComponentNames", "Layer sharing")},
        {"layer_types", QT_TRANSLATE_NOOP("tx::ComponentNames", "Attention per layer")},
        {"sliding_window", QT_TRANSLATE_NOOP("tx::ComponentNames", "Sliding window")},
        {"attention_chunk", QT_TRANSLATE_NOOP("tx::ComponentNames", "Attention chunk")},
        {"qk_norm", QT_TRANSLATE_NOOP("tx::ComponentNames", "Query/key norm")},
        {"kv_lora_rank", QT_TRANSLATE_NOOP("tx::ComponentNames", "MLA key/value latent")},
        {"q_lora_rank", QT_TRANSLATE_NOOP("tx::ComponentNames", "MLA query latent")},
        {"moe_d_ff", QT_TRANSLATE_NOOP("tx::ComponentNames", "Expert width")},
        {"moe_first_dense", QT_TRANSLATE_NOOP("tx::ComponentNames", "Dense first layers")},
        {"moe_dense_layers", QT_TRANSLATE_NOOP("tx::ComponentNames", "Dense layers")},
        {"mtp_layers", QT_TRANSLATE_NOOP("tx::ComponentNames", "Multi-token prediction modules")},
    };
    for (const Name &n : names)
        if (key == QLatin1String(n.key))
            return tr(n.text);
    return key;
}

} // namespace tx
