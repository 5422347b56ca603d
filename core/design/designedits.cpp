#include "core/design/designedits.h"

#include "core/design/designfile.h"

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
    }
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
    return true;
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
