#include "core/design/designedits.h"

#include "core/design/configvalidator.h"
#include "core/design/designfile.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace tx {

void DesignEdits::couple(ModelConfig &after, const ModelConfig &before, const QString &field,
                         const DesignLocks &locks)
{
    if (field == QLatin1String("n_heads") && after.nHeads != before.nHeads && after.nHeads > 0) {
        after.nKvHeads = before.nKvHeads == before.nHeads ? after.nHeads : nearestDivisor(before.nKvHeads, after.nHeads);
    } else if (field == QLatin1String("layout")) {
        if (after.layout == Layout::EncoderDecoder && after.nDecoderLayers < 1)
            after.nDecoderLayers = after.nLayers;
    } else if (field == QLatin1String("ffn")) {
        if (after.ffn == FfnKind::Gated3)
            after.activation = Activation::Silu;
    } else if (field == QLatin1String("d_model")) {
        if (locks.dFfFollowsWidth)
            after.dFf = 4 * after.dModel;
    } else if (field == QLatin1String("attention")) {
        // MLA has no per-head query/key norm of its own (its latents carry the norms).
        if (after.attention == AttentionKind::Mla)
            after.qkNorm = QkNorm::None;
    }
    // A per-layer pattern follows the depth: the pattern repeats (gpt-oss's sliding/full pairs
    // stay pairs); dense-layer lists drop layers past the stack. Not past the deepest valid stack:
    // validation refuses that depth by itself, and `--set n_layers=83608` made a list of 83,608
    // entries that every save and load of the (refused) design then carried (found by fuzz_set).
    const int layers = after.layout == Layout::EncoderOnly ? after.encoderLayers() : after.decoderLayers();
    if (!after.layerTypes.empty() && int(after.layerTypes.size()) != layers && layers > 0 && layers <= limits::kMaxLayers
        && after.layout != Layout::EncoderDecoder) {
        const std::vector<LayerAttention> old = after.layerTypes;
        after.layerTypes.resize(std::size_t(layers));
        for (int i = 0; i < layers; ++i)
            after.layerTypes[std::size_t(i)] = old[std::size_t(i) % old.size()];
    }
    const int stack = std::max(after.encoderLayers(), after.decoderLayers());
    std::erase_if(after.moe.denseLayers, [stack](int i) { return i >= stack; });
    after.moe.firstDense = std::min(after.moe.firstDense, stack);
    markEdited(after, before);
}

void DesignEdits::markEdited(ModelConfig &after, const ModelConfig &before)
{
    if (after.name.isEmpty() || after.name != before.name)
        return; // unnamed, or renamed by this edit (`--set name=…`)
    ModelConfig same = after;
    same.source = before.source;
    if (same == before)
        return;
    // Marked once: "(edited)" again at every slider tick would pile up.
    const QString pattern = tr("%1 (edited)");
    const qsizetype at = pattern.indexOf(QLatin1String("%1"));
    const QString prefix = pattern.left(at), suffix = pattern.mid(at + 2);
    if (at < 0 || (before.name.startsWith(prefix) && before.name.endsWith(suffix)))
        return;
    after.name = pattern.arg(before.name);
}

std::optional<Error> DesignEdits::set(ModelConfig &config, const QString &field, const QString &value,
                                      const DesignLocks &locks)
{
    ModelConfig next = config;
    if (auto error = DesignFile::applySetting(next, field, value))
        return error;
    couple(next, config, field.trimmed(), locks);
    config = next;
    return std::nullopt;
}

void DesignEdits::setDffLock(ModelConfig &config, DesignLocks &locks, bool on)
{
    locks.dFfFollowsWidth = on;
    if (on)
        config.dFf = 4 * config.dModel;
}

int DesignEdits::snapped(const ModelConfig &config, const QString &field, int value)
{
    if (field == QLatin1String("d_model"))
        return nearestMultiple(value, std::max(1, config.nHeads));
    if (field == QLatin1String("n_heads"))
        return nearestDivisor(value, config.dModel);
    if (field == QLatin1String("n_kv_heads"))
        return nearestDivisor(value, config.nHeads);
    if (field == QLatin1String("d_ff") || field == QLatin1String("vocab_size"))
        return nearestMultiple(value, 64);
    if (field == QLatin1String("max_positions") || field == QLatin1String("seq"))
        return nearestMultiple(value, 128);
    if (field == QLatin1String("embedding_dim"))
        return value < 8 ? 0 : nearestMultiple(value, 16);
    return value;
}

bool DesignEdits::editable(const ModelConfig &config, const DesignLocks &locks, const QString &field)
{
    if (field == QLatin1String("d_ff"))
        return !locks.dFfFollowsWidth;
    if (field == QLatin1String("moe_top_k"))
        return config.moe.enabled();
    if (field == QLatin1String("tied_embeddings"))
        return config.lmHead;
    // MLA's ranks only under MLA; key/value heads and QK-norm only without it.
    if (field == QLatin1String("q_lora_rank") || field == QLatin1String("kv_lora_rank")
        || field == QLatin1String("qk_nope_head_dim") || field == QLatin1String("qk_rope_head_dim")
        || field == QLatin1String("v_head_dim"))
        return config.attention == AttentionKind::Mla;
    if (field == QLatin1String("n_kv_heads") || field == QLatin1String("qk_norm"))
        return config.attention != AttentionKind::Mla;
    if (field == QLatin1String("global_every"))
        return config.slidingWindow > 0 && config.layerTypes.empty();
    if (field == QLatin1String("moe_d_ff") || field == QLatin1String("moe_shared_experts")
        || field == QLatin1String("moe_first_dense") || field == QLatin1String("moe_shared_d_ff"))
        return config.moe.enabled();
    return true;
}

QString DesignEdits::notEditableReason(const ModelConfig &config, const DesignLocks &locks, const QString &field)
{
    if (editable(config, locks, field))
        return {};
    if (field == QLatin1String("d_ff"))
        return tr("Follows the width: \"Keep at ×4 d_model\" is on.");
    if (field == QLatin1String("tied_embeddings"))
        return tr("The design has no output head.");
    if (field == QLatin1String("n_kv_heads") || field == QLatin1String("qk_norm"))
        return tr("Not used by latent attention (MLA): its keys and values come from one shared latent.");
    if (field == QLatin1String("global_every"))
        return config.slidingWindow > 0 ? tr("The design lists each layer's attention (layer_types).")
                                         : tr("Needs a sliding window first.");
    if (field.startsWith(QLatin1String("moe_")))
        return tr("Needs experts (set Experts above 1).");
    if (field.contains(QLatin1String("lora_rank")) || field.endsWith(QLatin1String("_head_dim")))
        return tr("Only for latent attention (MLA).");
    return tr("Not used by this design.");
}

int DesignEdits::nearestMultiple(double v, int step)
{
    step = std::max(1, step);
    return std::max(step, static_cast<int>(std::lround(v / step)) * step);
}

int DesignEdits::nearestDivisor(int v, int n)
{
    if (n <= 0)
        return std::max(1, v);
    int best = 1;
    for (int d = 1; d <= n && d <= 4096; ++d) {
        if (n % d == 0 && std::abs(d - v) < std::abs(best - v))
            best = d;
    }
    return best;
}

} // namespace tx
