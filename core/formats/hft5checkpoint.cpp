#include "core/formats/hft5checkpoint.h"

#include "core/formats/checkpointpiece.h"

#include <QJsonArray>

#include <charconv>

namespace tx {

namespace {

using Piece = CheckpointPiece;

std::vector<Piece> piecesOf(TransformerWeights &w, const ModelConfig &c)
{
    std::vector<Piece> p;
    const Eigen::Index q = Eigen::Index(c.nHeads) * c.effectiveHeadDim(), kv = Eigen::Index(c.nKvHeads) * c.effectiveHeadDim();
    auto vec = [&p](const QString &name, Mat &m) { p.push_back({name, &m, 0, m.cols(), false, true}); };
    auto linear = [&p](const QString &name, Mat &m, Eigen::Index col0 = 0, Eigen::Index cols = -1) {
        p.push_back({name, &m, col0, cols < 0 ? m.cols() : cols, true, false});
    };
    auto attention = [&](const QString &a, Mat &fused, Eigen::Index qCols, Mat &out) {
        // The engine fuses [q | k | v] (self) or keeps q apart and fuses [k | v] (cross).
        const Eigen::Index k0 = qCols > 0 ? q : 0;
        if (qCols > 0)
            linear(a + QStringLiteral("q.weight"), fused, 0, q);
        linear(a + QStringLiteral("k.weight"), fused, k0, kv);
        linear(a + QStringLiteral("v.weight"), fused, k0 + kv, kv);
        linear(a + QStringLiteral("o.weight"), out);
    };
    p.push_back({QStringLiteral("shared.weight"), &w.tokenEmbedding, 0, w.tokenEmbedding.cols(), false, false});
    const int encoderLayers = c.encoderLayers();
    for (int i = 0; i < int(w.layers.size()); ++i) {
        TransformerWeights::Layer &l = w.layers[std::size_t(i)];
        const bool decoder = i >= encoderLayers;
        const QString b = decoder ? QStringLiteral("decoder.block.%1.layer.").arg(i - encoderLayers)
                                  : QStringLiteral("encoder.block.%1.layer.").arg(i);
        attention(b + QStringLiteral("0.SelfAttention."), l.qkv, q, l.attnOut);
        vec(b + QStringLiteral("0.layer_norm.weight"), l.norm1Scale);
        if (decoder) {
            linear(b + QStringLiteral("1.EncDecAttention.q.weight"), l.crossQ);
            attention(b + QStringLiteral("1.EncDecAttention."), l.crossKv, 0, l.crossOut);
            vec(b + QStringLiteral("1.layer_norm.weight"), l.crossNormScale);
        }
        const QString f = b + (decoder ? QStringLiteral("2.") : QStringLiteral("1."));
        if (c.ffn == FfnKind::Gated3) { // ffnIn's columns [gate | up] = wi_0, wi_1
            linear(f + QStringLiteral("DenseReluDense.wi_0.weight"), l.ffnIn, 0, c.dFf);
            linear(f + QStringLiteral("DenseReluDense.wi_1.weight"), l.ffnIn, c.dFf, c.dFf);
        } else {
            linear(f + QStringLiteral("DenseReluDense.wi.weight"), l.ffnIn);
        }
        linear(f + QStringLiteral("DenseReluDense.wo.weight"), l.ffnOut);
        vec(f + QStringLiteral("layer_norm.weight"), l.norm2Scale);
    }
    // One (buckets, heads) table per stack, in its first block; stored as nn.Embedding holds it.
    const QString bias = QStringLiteral("block.0.layer.0.SelfAttention.relative_attention_bias.weight");
    p.push_back({QStringLiteral("encoder.") + bias, &w.encoderRelativeBias, 0, c.nHeads, false, false});
    p.push_back({QStringLiteral("decoder.") + bias, &w.relativeBias, 0, c.nHeads, false, false});
    vec(QStringLiteral("encoder.final_layer_norm.weight"), w.encoderFinalNormScale);
    vec(QStringLiteral("decoder.final_layer_norm.weight"), w.finalNormScale);
    if (!c.tiedEmbeddings)
        p.push_back({QStringLiteral("lm_head.weight"), &w.lmHead, 0, w.lmHead.cols(), false, false});
    return p;
}

} // namespace

std::optional<Error> HfT5Checkpoint::mismatch(const ModelConfig &c)
{
    auto no = [](const char *field, const QString &why) { return Error{{}, QString::fromLatin1(field), why}; };
    if (c.layout != Layout::EncoderDecoder)
        return no("layout", tr("T5 checkpoints hold an encoder-decoder"));
    if (c.positions != PositionKind::RelativeBuckets)
        return no("positions", tr("T5 checkpoints have relative position buckets"));
    if (c.norm != NormKind::RmsNorm || !c.finalNorm)
        return no("norm", tr("T5 uses its scale-only layer norm, with a final norm in each stack"));
    if (c.qkvBias || c.attnOutBias || c.ffnBias || c.lmHeadBias)
        return no("qkv_bias", tr("T5 has no biases"));
    if (c.nKvHeads != c.nHeads)
        return no("n_kv_heads", tr("T5 has as many key/value heads as query heads"));
    if (c.ffn == FfnKind::Gated3 ? c.activation != Activation::GeluTanh && c.activation != Activation::Silu
                                 : c.activation != Activation::Relu)
        return no("activation", tr("T5's feed-forward is relu, gated-gelu or gated-silu"));
    if (c.qkNorm != QkNorm::None || c.attentionSinks || c.attnSoftcap > 0 || c.finalSoftcap > 0 || !c.layerTypes.empty()
        || c.slidingWindow > 0)
        return no("qk_norm", tr("T5 checkpoints have no query/key norms, sinks, soft-capping or windows"));
    return std::nullopt;
}

QJsonObject HfT5Checkpoint::configJson(const ModelConfig &c, float normEps)
{
    char text[32]; // the epsilon's shortest decimal: 1e-06, not 9.999999974752427e-07
    const char *end = std::to_chars(text, text + sizeof text, normEps).ptr;
    double eps = normEps;
    std::from_chars(text, end, eps);
    const bool gated = c.ffn == FfnKind::Gated3;
    const QString act = c.activation == Activation::Silu ? QStringLiteral("silu")
                        : gated                          ? QStringLiteral("gelu_new")
                                                         : QStringLiteral("relu");
    QJsonObject o;
    o.insert(QStringLiteral("architectures"), QJsonArray{QStringLiteral("T5ForConditionalGeneration")});
    o.insert(QStringLiteral("model_type"), QStringLiteral("t5"));
    o.insert(QStringLiteral("is_encoder_decoder"), true);
    o.insert(QStringLiteral("d_model"), c.dModel);
    o.insert(QStringLiteral("d_kv"), c.effectiveHeadDim());
    o.insert(QStringLiteral("d_ff"), c.dFf);
    o.insert(QStringLiteral("num_layers"), c.encoderLayers());
    o.insert(QStringLiteral("num_decoder_layers"), c.decoderLayers());
    o.insert(QStringLiteral("num_heads"), c.nHeads);
    o.insert(QStringLiteral("vocab_size"), c.vocabSize);
    o.insert(QStringLiteral("n_positions"), c.maxPositions);
    o.insert(QStringLiteral("relative_attention_num_buckets"), c.relativeBuckets);
    o.insert(QStringLiteral("relative_attention_max_distance"), c.relativeMaxDistance);
    o.insert(QStringLiteral("feed_forward_proj"), gated ? (c.activation == Activation::Silu ? QStringLiteral("gated-silu")
                                                                                           : QStringLiteral("gated-gelu"))
                                                        : QStringLiteral("relu"));
    o.insert(QStringLiteral("dense_act_fn"), act);
    o.insert(QStringLiteral("is_gated_act"), gated);
    o.insert(QStringLiteral("layer_norm_epsilon"), eps);
    o.insert(QStringLiteral("tie_word_embeddings"), c.tiedEmbeddings);
    o.insert(QStringLiteral("decoder_start_token_id"), Transformer::kDecoderStartToken);
    o.insert(QStringLiteral("pad_token_id"), 0);
    o.insert(QStringLiteral("eos_token_id"), 1);
    o.insert(QStringLiteral("torch_dtype"), QStringLiteral("float32"));
    return o;
}

std::optional<Error> HfT5Checkpoint::load(const Safetensors &file, Transformer &model)
{
    for (Piece piece : piecesOf(model.weights(), model.config())) {
        // Some exports keep the tied table under the encoder's name instead of `shared`.
        if (piece.name == QLatin1String("shared.weight") && !file.contains(piece.name)
            && file.contains(QStringLiteral("encoder.embed_tokens.weight")))
            piece.name = QStringLiteral("encoder.embed_tokens.weight");
        if (auto e = piece.readFrom(file))
            return e;
    }
    return std::nullopt;
}

std::optional<Error> HfT5Checkpoint::save(const Transformer &model, const QString &path, Safetensors::Dtype dtype,
                                          const StopToken &stop)
{
    TransformerWeights &w = const_cast<TransformerWeights &>(model.weights()); // read only: the pieces are copied
    const std::vector<Piece> pieces = piecesOf(w, model.config());
    return CheckpointPiece::save(pieces, path, dtype, stop);
}

} // namespace tx
