#pragma once

#include "core/base/error.h"
#include "core/base/expected.h"
#include "core/design/modelconfig.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QJsonObject>
#include <QStringList>

#include <optional>

namespace tx {

// Design files: versioned JSON holding one ModelConfig.
//
//   { "format": "transformer-explorer-design", "version": 2, "design": { "d_model": 4096, … } }
//
// The keys of "design" are the field names documented in the README; `--set key=value`
// on the command line takes the same names. Missing keys keep their defaults; unknown keys
// and wrongly typed values are errors naming the key.
class DesignFile
{
    Q_DECLARE_TR_FUNCTIONS(tx::DesignFile)

public:
    // 2: MLA, QK-norm, per-layer attention, sinks, soft-capping, MoE widths and dense layers,
    // MTP, block number formats. Version 1 files read unchanged (every new field has its old meaning).
    static constexpr int kVersion = 2;

    static QJsonObject toJson(const ModelConfig &config);
    static Expected<ModelConfig, Error> fromJson(const QJsonObject &design, const QString &file = {});

    static QByteArray serialize(const ModelConfig &config);
    static Expected<ModelConfig, Error> parse(const QByteArray &bytes, const QString &file);

    static Expected<ModelConfig, Error> load(const QString &path);
    // Writes through QSaveFile: the old file survives any failure.
    static std::optional<Error> save(const ModelConfig &config, const QString &path);

    // Applies one "key=value" edit as typed on the command line.
    static std::optional<Error> applySetting(ModelConfig &config, const QString &key, const QString &value);

    // Every design field name, in file order.
    static QStringList fieldNames();
};

} // namespace tx
