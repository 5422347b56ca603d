#include "core/nn/forwarddump.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>

namespace tx {

namespace {

// Appends one matrix row as a JSON array; written by hand because a QJsonDocument of GPT-2's
// logits (T × 50257 values) is several times slower and larger in memory.
void appendRow(QByteArray &out, const float *row, Eigen::Index n)
{
    out += '[';
    for (Eigen::Index i = 0; i < n; ++i) {
        if (i > 0)
            out += ',';
        out += QByteArray::number(double(row[i]), 'g', 9);
    }
    out += ']';
}

void appendMatrix(QByteArray &out, const Mat &m)
{
    out += '[';
    for (Eigen::Index r = 0; r < m.rows(); ++r) {
        if (r > 0)
            out += ',';
        appendRow(out, m.row(r).data(), m.cols());
    }
    out += ']';
}

} // namespace

QByteArray ForwardDump::toJson(const ForwardResult &result, const QStringList &labels, const QJsonObject &header)
{
    QJsonObject head = header;
    head.insert(QStringLiteral("format"), QStringLiteral("transformer-explorer-forward"));
    head.insert(QStringLiteral("version"), 1);
    QJsonArray tokens, tokenLabels;
    for (int t : result.tokens)
        tokens.append(t);
    for (const QString &l : labels)
        tokenLabels.append(l);
    head.insert(QStringLiteral("tokens"), tokens);
    head.insert(QStringLiteral("token_labels"), tokenLabels);
    head.insert(QStringLiteral("vocab_size"), qint64(result.logits.cols()));
    head.insert(QStringLiteral("layers"), result.nLayers);
    head.insert(QStringLiteral("heads"), result.nHeads);
    head.insert(QStringLiteral("causal"), result.causal);
    // Per layer: the sliding window and chunk in tokens (0 = none) of what its queries see.
    QJsonArray masks;
    for (const AttentionMask &m : result.masks)
        masks.append(QJsonObject{{QStringLiteral("sliding_window"), m.slidingWindow}, {QStringLiteral("chunk"), m.chunk}});
    head.insert(QStringLiteral("layer_masks"), masks);
    head.insert(QStringLiteral("attention_sinks"), result.sinks);
    // Mixtures of experts: per layer (null when dense) each token's [[expert, gate], …], best first.
    if (!result.routedExperts.empty()) {
        QJsonArray layers;
        for (std::size_t l = 0; l < result.routedExperts.size(); ++l) {
            const std::vector<int> &experts = result.routedExperts[l];
            if (experts.empty()) {
                layers.append(QJsonValue());
                continue;
            }
            QJsonArray tokens;
            for (Eigen::Index t = 0; t < result.routedGates[l].rows(); ++t) {
                QJsonArray choice;
                for (int j = 0; j < result.topK; ++j)
                    choice.append(QJsonArray{experts[std::size_t(t * result.topK + j)], double(result.routedGates[l](t, j))});
                tokens.append(choice);
            }
            layers.append(tokens);
        }
        head.insert(QStringLiteral("router"), layers);
    }
    if (!result.encoderTokens.empty()) {
        QJsonArray encoderTokens;
        for (int t : result.encoderTokens)
            encoderTokens.append(t);
        head.insert(QStringLiteral("encoder_tokens"), encoderTokens);
        head.insert(QStringLiteral("encoder_layers"), result.nEncoderLayers);
    }
    QByteArray out = QJsonDocument(head).toJson(QJsonDocument::Compact);
    out.chop(1); // reopen the object to append the large arrays
    out += ",\"logits\":";
    appendMatrix(out, result.logits);
    // [layers][heads][query][key] of one capture (an empty list when it was not captured)
    auto appendLayers = [&](const char *key, const std::vector<Mat> &all, int layers) {
        out += ",\"";
        out += key;
        out += "\":[";
        for (int l = 0; l < layers && !all.empty(); ++l) {
            if (l > 0)
                out += ',';
            out += '[';
            for (int h = 0; h < result.nHeads; ++h) {
                if (h > 0)
                    out += ',';
                appendMatrix(out, all[std::size_t(l * result.nHeads + h)]);
            }
            out += ']';
        }
        out += ']';
    };
    appendLayers("attention", result.attention, result.nLayers);
    if (!result.encoderTokens.empty()) {
        appendLayers("cross_attention", result.crossAttention, result.nLayers);
        appendLayers("encoder_attention", result.encoderAttention, result.nEncoderLayers);
    }
    out += "}\n";
    return out;
}

std::optional<Error> ForwardDump::save(const QString &path, const ForwardResult &result, const QStringList &labels,
                                       const QJsonObject &header)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return Error{path, {}, QCoreApplication::translate("tx::ForwardDump", "cannot write: %1").arg(file.errorString())};
    file.write(toJson(result, labels, header));
    if (!file.commit())
        return Error{path, {}, QCoreApplication::translate("tx::ForwardDump", "cannot write: %1").arg(file.errorString())};
    return std::nullopt;
}

} // namespace tx
