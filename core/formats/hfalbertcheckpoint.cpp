#include "core/formats/hfalbertcheckpoint.h"

#include "core/formats/checkpointpiece.h"

#include <QJsonArray>

#include <charconv>

namespace tx {

namespace {

using Piece = CheckpointPiece;

std::vector<Piece> piecesOf(TransformerWeights &w, const QString &prefix)
{
    std::vector<Piece> p;
    auto table = [&p](const QString &name, Mat &m) { p.push_back({name, &m, 0, m.cols(), false, false}); };
    auto vec = [&p](const QString &name, Mat &m) { p.push_back({name, &m, 0, m.cols(), false, true}); };
    auto linear = [&p, &vec](const QString &name, Mat &m, Mat &bias, Eigen::Index col0 = 0, Eigen::Index cols = -1) {
        p.push_back({name + QStringLiteral(".weight"), &m, col0, cols < 0 ? m.cols() : cols, true, false});
        p.push_back({name + QStringLiteral(".bias"), &bias, col0, cols < 0 ? bias.cols() : cols, false, true});
    };
    const QString e = prefix + QStringLiteral("embeddings.");
    table(e + QStringLiteral("word_embeddings.weight"), w.tokenEmbedding);
    table(e + QStringLiteral("position_embeddings.weight"), w.positionEmbedding);
    table(e + QStringLiteral("token_type_embeddings.weight"), w.tokenTypeEmbedding);
    vec(e + QStringLiteral("LayerNorm.weight"), w.embNormScale);
    vec(e + QStringLiteral("LayerNorm.bias"), w.embNormBias);
    linear(prefix + QStringLiteral("encoder.embedding_hidden_mapping_in"), w.embeddingProj, w.embeddingProjBias);
    for (std::size_t g = 0; g < w.layers.size(); ++g) {
        TransformerWeights::Layer &l = w.layers[g];
        const QString b = prefix + QStringLiteral("encoder.albert_layer_groups.%1.albert_layers.0.").arg(g);
        const Eigen::Index d = l.attnOut.cols(); // q, k, v each (d, d): the engine's [q | k | v] columns
        linear(b + QStringLiteral("attention.query"), l.qkv, l.qkvBias, 0, d);
        linear(b + QStringLiteral("attention.key"), l.qkv, l.qkvBias, d, d);
        linear(b + QStringLiteral("attention.value"), l.qkv, l.qkvBias, 2 * d, d);
        linear(b + QStringLiteral("attention.dense"), l.attnOut, l.attnOutBias);
        vec(b + QStringLiteral("attention.LayerNorm.weight"), l.norm1Scale);
        vec(b + QStringLiteral("attention.LayerNorm.bias"), l.norm1Bias);
        linear(b + QStringLiteral("ffn"), l.ffnIn, l.ffnInBias);
        linear(b + QStringLiteral("ffn_output"), l.ffnOut, l.ffnOutBias);
        vec(b + QStringLiteral("full_layer_layer_norm.weight"), l.norm2Scale);
        vec(b + QStringLiteral("full_layer_layer_norm.bias"), l.norm2Bias);
    }
    linear(QStringLiteral("predictions.dense"), w.headDense, w.headDenseBias);
    vec(QStringLiteral("predictions.LayerNorm.weight"), w.headNormScale);
    vec(QStringLiteral("predictions.LayerNorm.bias"), w.headNormBias);
    vec(QStringLiteral("predictions.bias"), w.lmHeadBias);
    return p;
}

QString activationName(Activation a)
{
    switch (a) {
    case Activation::GeluTanh: return QStringLiteral("gelu_new");
    case Activation::Gelu: return QStringLiteral("gelu");
    case Activation::Relu: return QStringLiteral("relu");
    case Activation::Silu: return QStringLiteral("silu");
    }
    return {};
}

// AlbertConfig's num_hidden_groups: how many distinct layers are stored.
int hiddenGroups(const ModelConfig &c)
{
    switch (c.sharing) {
    case Sharing::None: return c.nLayers;
    case Sharing::AllLayers: return 1;
    case Sharing::Groups: return c.nLayers / std::max(1, c.shareGroupSize);
    }
    return 1;
}

} // namespace

std::optional<Error> HfAlbertCheckpoint::mismatch(const ModelConfig &c)
{
    auto no = [](const char *field, const QString &why) { return Error{{}, QString::fromLatin1(field), why}; };
    if (c.layout != Layout::EncoderOnly)
        return no("layout", tr("ALBERT checkpoints hold an encoder"));
    if (c.positions != PositionKind::Learned)
        return no("positions", tr("ALBERT has learned positions"));
    if (c.norm != NormKind::LayerNorm || c.normPlacement != NormPlacement::Post || c.parallelBlock || c.finalNorm
        || !c.embeddingNorm)
        return no("norm_placement", tr("ALBERT has post-LayerNorm blocks after an embedding LayerNorm, without a final norm"));
    if (c.effectiveEmbeddingDim() == c.dModel)
        return no("embedding_dim", tr("ALBERT's embedding table is narrower than d_model and projected up"));
    if (c.tokenTypes < 1)
        return no("token_types", tr("ALBERT has a token-type table"));
    if (!c.qkvBias || !c.attnOutBias || !c.ffnBias)
        return no("qkv_bias", tr("ALBERT has biases on every projection"));
    if (c.nKvHeads != c.nHeads || (c.headDim != 0 && c.headDim * c.nHeads != c.dModel) || c.dModel % c.nHeads != 0)
        return no("n_kv_heads", tr("ALBERT's heads are d_model / n_heads wide, as many for keys and values as for queries"));
    if (c.ffn != FfnKind::Dense2 || c.moe.enabled())
        return no("ffn", tr("ALBERT has a dense 2-matrix FFN"));
    if (c.sharing == Sharing::Groups && c.nLayers % std::max(1, c.shareGroupSize) != 0)
        return no("share_group_size", tr("ALBERT's groups are runs of equal length that divide n_layers (%1)").arg(c.nLayers));
    if (!c.lmHead || !c.mlmHead || !c.tiedEmbeddings || !c.lmHeadBias)
        return no("mlm_head", tr("ALBERT checkpoints end in the masked-LM head, tied to the table, with its bias"));
    if (c.pooler)
        return no("pooler", tr("the engine does not load or save ALBERT's pooler"));
    if (c.qkNorm != QkNorm::None || c.attentionSinks || c.attnSoftcap > 0 || c.finalSoftcap > 0 || !c.layerTypes.empty()
        || c.slidingWindow > 0 || c.embeddingScaled || c.attention != AttentionKind::Gqa)
        return no("qk_norm", tr("ALBERT checkpoints have no query/key norms, sinks, soft-capping, windows or latent attention"));
    return std::nullopt;
}

void HfAlbertCheckpoint::withMaskedLmHead(ModelConfig &c)
{
    c.lmHead = c.mlmHead = c.tiedEmbeddings = c.lmHeadBias = true;
    c.pooler = false;
}

QJsonObject HfAlbertCheckpoint::configJson(const ModelConfig &c, float normEps)
{
    char text[32]; // the epsilon's shortest decimal: 1e-12, not 9.999999960041972e-13
    const char *end = std::to_chars(text, text + sizeof text, normEps).ptr;
    double eps = normEps;
    std::from_chars(text, end, eps);
    QJsonObject o;
    o.insert(QStringLiteral("architectures"), QJsonArray{QStringLiteral("AlbertForMaskedLM")});
    o.insert(QStringLiteral("model_type"), QStringLiteral("albert"));
    o.insert(QStringLiteral("vocab_size"), c.vocabSize);
    o.insert(QStringLiteral("embedding_size"), c.effectiveEmbeddingDim());
    o.insert(QStringLiteral("hidden_size"), c.dModel);
    o.insert(QStringLiteral("num_hidden_layers"), c.nLayers);
    o.insert(QStringLiteral("num_hidden_groups"), hiddenGroups(c));
    o.insert(QStringLiteral("inner_group_num"), 1);
    o.insert(QStringLiteral("num_attention_heads"), c.nHeads);
    o.insert(QStringLiteral("intermediate_size"), c.dFf);
    o.insert(QStringLiteral("hidden_act"), activationName(c.activation));
    o.insert(QStringLiteral("max_position_embeddings"), c.maxPositions);
    o.insert(QStringLiteral("type_vocab_size"), c.tokenTypes);
    o.insert(QStringLiteral("layer_norm_eps"), eps);
    o.insert(QStringLiteral("position_embedding_type"), QStringLiteral("absolute"));
    o.insert(QStringLiteral("torch_dtype"), QStringLiteral("float32"));
    return o;
}

std::optional<Error> HfAlbertCheckpoint::load(const Safetensors &file, Transformer &model)
{
    // AlbertForMaskedLM prefixes the encoder with "albert."; AlbertModel's own files do not.
    const QString prefix = file.contains(QStringLiteral("embeddings.word_embeddings.weight")) ? QString() : QStringLiteral("albert.");
    for (Piece piece : piecesOf(model.weights(), prefix)) {
        if (piece.name == QLatin1String("predictions.bias") && !file.contains(piece.name)
            && file.contains(QStringLiteral("predictions.decoder.bias")))
            piece.name = QStringLiteral("predictions.decoder.bias"); // the same tied tensor
        if (auto e = piece.readFrom(file))
            return e;
    }
    // AlbertForPreTraining's pooler (dense d → d, tanh, on the first token: AlbertModel) and
    // sentence-order head (sop_classifier.classifier, d → 2): kept as read and written back
    // under AlbertForPreTraining's names, not run.
    const std::int64_t d = model.config().dModel;
    const std::vector<std::pair<QString, std::vector<std::int64_t>>> carried = {
        {QStringLiteral("pooler.weight"), {d, d}},
        {QStringLiteral("pooler.bias"), {d}},
        {QStringLiteral("sop_classifier.classifier.weight"), {2, d}},
        {QStringLiteral("sop_classifier.classifier.bias"), {2}}};
    model.carried().clear();
    for (const auto &[name, shape] : carried) {
        const bool pooler = name.startsWith(QLatin1String("pooler."));
        const QString inFile = pooler ? prefix + name : name;
        if (!file.contains(inFile))
            continue;
        auto t = file.tensor(inFile, shape);
        if (!t)
            return t.error();
        model.carried().push_back({pooler ? QStringLiteral("albert.") + name : name, shape, std::move(*t)});
    }
    return std::nullopt;
}

std::optional<Error> HfAlbertCheckpoint::save(const Transformer &model, const QString &path, Safetensors::Dtype dtype,
                                              const StopToken &stop)
{
    TransformerWeights &w = const_cast<TransformerWeights &>(model.weights()); // read only: the pieces are copied
    const std::vector<Piece> pieces = piecesOf(w, QStringLiteral("albert."));
    return CheckpointPiece::save(pieces, path, dtype, stop, model.carried());
}

} // namespace tx
