#include "core/report/evaluationjson.h"

#include "core/estimate/assumptionsjson.h"
#include "core/estimate/scalinglaw.h"
#include "core/estimate/servingestimator.h"

namespace tx {

QJsonObject EvaluationJson::assumptions(const ModelConfig &c, const Assumptions &a)
{
    // The fields a design file keeps (AssumptionsJson), with the price named as the CLI's --price
    // names it, and the two precisions the figures were computed at.
    QJsonObject o = AssumptionsJson::toJson(a);
    o.insert(QStringLiteral("price"), o.take(QStringLiteral("price_per_hour")));
    o.insert(QStringLiteral("precision"), toString(c.weightPrecision));
    o.insert(QStringLiteral("kv_precision"), toString(c.kvPrecision));
    return o;
}

JsonTree EvaluationJson::assumptionsTree(const ModelConfig &c, const Assumptions &a)
{
    return JsonTree::fromJsonValue(assumptions(c, a));
}

void EvaluationJson::write(QJsonObject &root, const ModelConfig &c, const Assumptions &a, const Evaluation &e)
{
    JsonTree tree = JsonTree::object();
    write(tree, c, a, e);
    for (const JsonTree &member : tree.children())
        root.insert(member.key(), member.toJsonValue());
}

void EvaluationJson::write(JsonTree &root, const ModelConfig &c, const Assumptions &a, const Evaluation &e)
{
    root.insert(QStringLiteral("assumptions"), assumptionsTree(c, a));

    const auto &inf = e.inference;
    const auto &t = e.training;
    root.insert(QStringLiteral("memory"),
                JsonTree::object({
                    {QStringLiteral("inference"),
                     JsonTree::object({{QStringLiteral("weights_bytes"), inf.weightsBytes},
                                 {QStringLiteral("kv_cache_bytes"), inf.kvCacheBytes},
                                 {QStringLiteral("activations_bytes"), inf.activationsBytes},
                                 {QStringLiteral("overhead_bytes"), inf.overheadBytes},
                                 {QStringLiteral("total_bytes"), inf.totalBytes}})},
                    {QStringLiteral("training"),
                     JsonTree::object({{QStringLiteral("trainable_params"), qint64(t.trainableParams)},
                                 {QStringLiteral("weights_bytes"), t.weightsBytes},
                                 {QStringLiteral("gradients_bytes"), t.gradientsBytes},
                                 {QStringLiteral("optimizer_bytes"), t.optimizerBytes},
                                 {QStringLiteral("activations_bytes"), t.activationsBytes},
                                 {QStringLiteral("activations_per_layer_bytes"), t.activationsPerLayerBytes},
                                 {QStringLiteral("logits_bytes"), t.logitsBytes},
                                 {QStringLiteral("total_bytes"), t.totalBytes},
                                 {QStringLiteral("per_device_bytes"), t.perDeviceBytes}})},
                }));

    const auto &cp = e.compute;
    root.insert(QStringLiteral("compute"),
                JsonTree::object({{QStringLiteral("forward_flops_per_token"), cp.forwardFlopsPerToken},
                            {QStringLiteral("training_flops_per_token"), cp.trainingFlopsPerToken},
                            {QStringLiteral("training_flops"), cp.trainingFlops},
                            {QStringLiteral("prefill_flops"), cp.prefillFlops},
                            {QStringLiteral("prefill_bytes"), cp.prefillBytes},
                            {QStringLiteral("prefill_intensity"), cp.prefillIntensity},
                            {QStringLiteral("decode_flops"), cp.decodeFlops},
                            {QStringLiteral("decode_bytes"), cp.decodeBytes},
                            {QStringLiteral("decode_intensity"), cp.decodeIntensity}}));

    const auto &hw = e.hardware;
    root.insert(QStringLiteral("hardware"),
                JsonTree::object({{QStringLiteral("device"), hw.deviceId},
                            {QStringLiteral("device_name"), hw.deviceName},
                            {QStringLiteral("memory_bytes"), hw.deviceMemoryBytes},
                            {QStringLiteral("bandwidth_bytes_per_s"), hw.bandwidthBytesPerSecond},
                            {QStringLiteral("inference_peak_flops"), hw.inferencePeakFlops},
                            {QStringLiteral("training_peak_flops"), hw.trainingPeakFlops},
                            {QStringLiteral("ridge_intensity"), hw.ridgeIntensity},
                            {QStringLiteral("devices_for_inference"), hw.devicesForInference},
                            {QStringLiteral("devices_for_training"), hw.devicesForTraining},
                            {QStringLiteral("fits_one_device_inference"), hw.fitsOneDeviceInference},
                            {QStringLiteral("fits_one_device_training"), hw.fitsOneDeviceTraining},
                            {QStringLiteral("fits_per_device_training"), hw.fitsPerDeviceTraining},
                            {QStringLiteral("prefill_seconds"), hw.prefillSeconds},
                            {QStringLiteral("decode_step_seconds"), hw.decodeStepSeconds},
                            {QStringLiteral("decode_tokens_per_s"), hw.decodeTokensPerSecond},
                            {QStringLiteral("training_devices"), hw.trainingDevices},
                            {QStringLiteral("training_seconds"), hw.trainingSeconds}}));
    root.insert(QStringLiteral("cost"), JsonTree::object({{QStringLiteral("price_per_hour"), hw.pricePerHour},
                                                    {QStringLiteral("gpu_hours"), hw.gpuHours},
                                                    {QStringLiteral("days"), hw.days},
                                                    {QStringLiteral("money"), hw.money}}));

    const ServingEstimate sv = ServingEstimator::estimate(c, a, e);
    root.insert(QStringLiteral("serving"),
                JsonTree::object({{QStringLiteral("concurrency"), sv.concurrency},
                            {QStringLiteral("prompt_tokens"), sv.promptTokens},
                            {QStringLiteral("output_tokens"), sv.outputTokens},
                            {QStringLiteral("utilisation"), sv.utilisation},
                            {QStringLiteral("devices"), sv.devices},
                            {QStringLiteral("ttft_seconds"), sv.ttftSeconds},
                            {QStringLiteral("tpot_seconds"), sv.tpotSeconds},
                            {QStringLiteral("tokens_per_s_per_user"), sv.tokensPerSecondPerUser},
                            {QStringLiteral("output_tokens_per_s"), sv.outputTokensPerSecond},
                            {QStringLiteral("input_tokens_per_s"), sv.inputTokensPerSecond},
                            {QStringLiteral("request_seconds"), sv.requestSeconds},
                            {QStringLiteral("money_per_hour"), sv.moneyPerHour},
                            {QStringLiteral("money_per_million_input_tokens"), sv.moneyPerMillionInputTokens},
                            {QStringLiteral("money_per_million_output_tokens"), sv.moneyPerMillionOutputTokens}}));

    const auto &sc = e.scaling;
    const ScalingLaw law = ScalingLaw::of(a.law);
    root.insert(QStringLiteral("scaling"),
                JsonTree::object({{QStringLiteral("law"), toString(a.law)},
                            {QStringLiteral("law_name"), law.name()},
                            {QStringLiteral("law_source"), law.source()},
                            {QStringLiteral("params"), sc.params},
                            {QStringLiteral("tokens"), sc.tokens},
                            {QStringLiteral("compute_flops"), sc.computeBudget},
                            {QStringLiteral("loss"), sc.loss},
                            {QStringLiteral("optimal_params"), sc.optimalParams},
                            {QStringLiteral("optimal_tokens"), sc.optimalTokens},
                            {QStringLiteral("optimal_loss"), sc.optimalLoss},
                            {QStringLiteral("tokens_per_param"), sc.tokensPerParam},
                            {QStringLiteral("optimal_tokens_per_param"), sc.optimalTokensPerParam}}));
}

JsonTree EvaluationJson::figuresTree(const std::vector<Figure> &figures)
{
    JsonTree out = JsonTree::array();
    for (const Figure &f : figures) {
        out.append(JsonTree::object({{QStringLiteral("key"), f.key},
                                     {QStringLiteral("title"), f.title},
                                     {QStringLiteral("value"), f.value},
                                     {QStringLiteral("unit"), f.unit},
                                     {QStringLiteral("formula"), f.formula},
                                     {QStringLiteral("substituted"), f.substituted},
                                     {QStringLiteral("source"), f.source}}));
    }
    return out;
}

QJsonArray EvaluationJson::figures(const std::vector<Figure> &figures)
{
    return figuresTree(figures).toJsonValue().toArray();
}

} // namespace tx
