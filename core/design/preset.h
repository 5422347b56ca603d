#pragma once

#include "core/base/error.h"
#include "core/base/expected.h"
#include "core/design/modelconfig.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QString>

#include <cstdint>

namespace tx {

// A real model's design with the count its authors published.
//
//   { "format": "transformer-explorer-preset", "version": 1, "id": "llama-2-7b",
//     "family": "Llama", "year": 2023,
//     "hf_id": "meta-llama/Llama-2-7b-hf", "published_params": 6738415616,
//     "published_active_params": 0, "design": { "name": …, "source": …, … } }
struct Preset
{
    Q_DECLARE_TR_FUNCTIONS(tx::Preset)

public:
    QString id;                            // what --preset takes, e.g. "llama-2-7b"
    QString hfId;                          // Hugging Face repository, empty if none
    QString family;                        // the model family the picker groups by ("Llama", "Qwen")
    int year = 0;                          // year the weights (or the paper) came out; 0 = unknown
    std::int64_t publishedParams = 0;      // exact published total (unique parameters)
    std::int64_t publishedActiveParams = 0; // MoE: parameters per token; 0 when dense
    ModelConfig config;                    // config.name and config.source describe it

    static Expected<Preset, Error> parse(const QByteArray &bytes, const QString &file);
};

} // namespace tx
