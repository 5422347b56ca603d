#pragma once

#include "core/base/error.h"
#include "core/base/expected.h"
#include "core/design/modelconfig.h"
#include "core/estimate/assumptions.h"
#include "core/whatif/whatifoutcome.h"

#include <QCoreApplication>

namespace tx {

// The pretrain → SFT → preference-tuning pipeline (Ouyang et al. 2022, InstructGPT) with each
// stage's token budget. Preference tuning by PPO holds four models (policy and value trained,
// reference and reward frozen) or by DPO two (policy trained, reference frozen; Rafailov et al. 2023).
enum class PreferenceMethod { Ppo, Dpo };

struct PipelineOptions
{
    double pretrainTokens = -1;   // < 0: the assumptions' training tokens
    double sftTokens = 1e9;
    double preferenceTokens = 1e8;
    PreferenceMethod preference = PreferenceMethod::Ppo;
    bool operator==(const PipelineOptions &) const = default;
};

QString toString(PreferenceMethod m); // "ppo", "dpo"
bool fromString(const QString &s, PreferenceMethod &out);

class TrainingPipeline
{
    Q_DECLARE_TR_FUNCTIONS(tx::TrainingPipeline)
public:
    static Expected<WhatIfOutcome, Error> whatIf(const ModelConfig &config, const Assumptions &assumptions,
                                                 const PipelineOptions &options);
};

} // namespace tx
