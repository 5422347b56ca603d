#pragma once

#include "core/base/error.h"
#include "core/nn/forwardresult.h"

#include <QByteArray>
#include <QJsonObject>
#include <QStringList>

#include <optional>

namespace tx {

// A forward pass as JSON (README "Engine: dump format"):
//   { "format": "transformer-explorer-forward", "version": 1, …header keys…,
//     "tokens": [T ids], "token_labels": [T strings], "vocab_size": V,
//     "logits": [T][V], "attention": [layers][heads][T query][T key] }
// An encoder-decoder's dump describes its decoder so, and adds "encoder_tokens": [Te ids],
// "encoder_layers", "cross_attention": [layers][heads][T decoder query][Te encoder key] and
// "encoder_attention": [encoder layers][heads][Te][Te].
// Numbers are float32 values printed with 9 significant digits, enough to read them back exactly.
class ForwardDump
{
public:
    static QByteArray toJson(const ForwardResult &result, const QStringList &labels, const QJsonObject &header = {});
    // Writes through QSaveFile.
    static std::optional<Error> save(const QString &path, const ForwardResult &result, const QStringList &labels,
                                     const QJsonObject &header = {});
};

} // namespace tx
