#include "core/whatif/trainingpipeline.h"

#include "core/base/numberformat.h"
#include "core/estimate/evaluator.h"

#include <algorithm>
#include <cmath>

namespace tx {

QString toString(PreferenceMethod m)
{
    return m == PreferenceMethod::Dpo ? QStringLiteral("dpo") : QStringLiteral("ppo");
}

bool fromString(const QString &s, PreferenceMethod &out)
{
    if (s == QLatin1String("ppo"))
        out = PreferenceMethod::Ppo;
    else if (s == QLatin1String("dpo"))
        out = PreferenceMethod::Dpo;
    else
        return false;
    return true;
}

Expected<WhatIfOutcome, Error> TrainingPipeline::whatIf(const ModelConfig &c, const Assumptions &a,
                                                        const PipelineOptions &o)
{
    const double pretrain = o.pretrainTokens >= 0 ? o.pretrainTokens : a.trainingTokens;
    for (const auto &[field, v] : {std::pair{"pretrain-tokens", pretrain}, std::pair{"sft-tokens", o.sftTokens},
                                   std::pair{"preference-tokens", o.preferenceTokens}}) {
        if (!std::isfinite(v) || v < 0 || v > 1e16)
            return Error{{}, QLatin1String(field), tr("expected 0 to 10^16 tokens")};
    }
    Assumptions pa = a;
    pa.trainingTokens = pretrain;
    auto e = evaluate(c, pa);
    if (!e)
        return e.error();
    const double F = e->compute.forwardFlopsPerToken;
    const double T = e->compute.trainingFlopsPerToken;
    const auto &trn = e->training;
    const double states = trn.weightsBytes + trn.gradientsBytes + trn.optimizerBytes;
    const double frozen = e->inference.weightsBytes;
    const auto &hw = e->hardware;
    const double cluster = double(a.devices) * hw.trainingPeakFlops * a.mfu;
    const auto seconds = [&](double flops) { return cluster > 0 ? flops / cluster : 0.0; };
    const auto money = [&](double flops) { return double(a.devices) * seconds(flops) / 3600.0 * hw.pricePerHour; };

    struct Stage
    {
        QString key, label;
        double tokens, flopsPerToken, peakBytes;
        QString formula, source;
    };
    const bool ppo = o.preference == PreferenceMethod::Ppo;
    const std::vector<Stage> stages = {
        {QStringLiteral("pretraining"), tr("Pretraining"), pretrain, T, trn.totalBytes, QStringLiteral("3 · F per token"),
         tr("Kaplan et al. 2020 §2.1")},
        {QStringLiteral("sft"), tr("Supervised fine-tuning"), o.sftTokens, T, trn.totalBytes,
         QStringLiteral("3 · F per token"), tr("Ouyang et al. 2022 §3.5 (SFT)")},
        ppo ? Stage{QStringLiteral("ppo"), tr("Preference tuning: RLHF with PPO"), o.preferenceTokens, 4 * F + 2 * T,
                    2 * states + 2 * frozen + 2 * trn.activationsBytes,
                    QStringLiteral("rollout F (policy) + F (reference) + F (reward) + F (value) + 3·F (policy) + 3·F (value)"),
                    tr("Ouyang et al. 2022 §3.5: the policy and a value model trained, the SFT reference and the "
                       "reward model frozen: four models in memory")}
            : Stage{QStringLiteral("dpo"), tr("Preference tuning: DPO"), o.preferenceTokens, F + T,
                    states + frozen + 2 * trn.activationsBytes,
                    QStringLiteral("F (reference) + 3·F (policy), chosen and rejected both counted"),
                    tr("Rafailov et al. 2023: the policy trained against a frozen reference: two models")},
    };
    WhatIfTable t;
    t.key = QStringLiteral("stages");
    t.title = tr("Stages on %1 × %2").arg(a.devices).arg(hw.deviceName);
    t.columnKeys = {QStringLiteral("tokens"), QStringLiteral("flops"), QStringLiteral("seconds"), QStringLiteral("usd"),
                    QStringLiteral("peak_bytes")};
    t.columnTitles = {tr("Tokens"), tr("FLOPs"), tr("Time"), tr("Money"), tr("Memory peak")};
    t.columnUnits = {QStringLiteral("tokens"), QStringLiteral("FLOP"), QStringLiteral("s"), QStringLiteral("USD"),
                     QStringLiteral("bytes")};
    WhatIfOutcome w;
    w.id = QStringLiteral("pipeline");
    w.title = tr("The training pipeline");
    double totalTokens = 0, totalFlops = 0, peak = 0;
    for (const Stage &s : stages) {
        const double flops = s.flopsPerToken * s.tokens;
        totalTokens += s.tokens;
        totalFlops += flops;
        peak = std::max(peak, s.peakBytes);
        t.rows.push_back({s.key, s.label, {s.tokens, flops, seconds(flops), money(flops), s.peakBytes}});
        w.figures.push_back({QStringLiteral("pipeline.%1.flops").arg(s.key), s.label, flops, QStringLiteral("FLOP"),
                             s.formula,
                             QStringLiteral("%1 FLOP/token · %2 tokens = %3")
                                 .arg(NumberFormat::scientific(s.flopsPerToken), NumberFormat::scientific(s.tokens),
                                      NumberFormat::flops(flops)),
                             s.source});
    }
    t.rows.push_back({QStringLiteral("total"), tr("Total"),
                      {totalTokens, totalFlops, seconds(totalFlops), money(totalFlops), peak}});
    w.tables.push_back(t);
    w.before = sideOf(*e);
    w.after = w.before;
    w.after.trainingBytes = peak;
    w.trainingNote = tr("the memory peak over the stages, one replica");
    w.notes << tr("F = %1 FLOP per token forward at %2 tokens of context; time at %3 % MFU.")
                   .arg(NumberFormat::scientific(F))
                   .arg(a.contextLength)
                   .arg(QString::number(100.0 * a.mfu, 'g', 3));
    w.notes << tr("Reward and value models are taken the size of the policy (InstructGPT used a 6B reward model "
                  "for every policy size).");
    w.design = c;
    w.changesDesign = false;
    return w;
}

} // namespace tx
