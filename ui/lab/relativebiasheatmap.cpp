#include "ui/lab/relativebiasheatmap.h"

namespace tx {

HeatmapData RelativeBiasHeatmap::data(const Mat &bias, const ModelConfig &config)
{
    HeatmapData d;
    d.values = bias;
    d.scale = HeatmapData::Scale::Diverging;
    d.squareCells = false;
    const int heads = int(bias.rows()), offsets = int(bias.cols()), zero = (offsets - 1) / 2;
    d.title = tr("T5 relative position bias, %1 heads × %2 key offsets, one table for all %3 layers")
                  .arg(heads)
                  .arg(offsets)
                  .arg(config.decoderLayers() > 0 ? config.decoderLayers() : config.totalLayers()); // an encoder-decoder's: the decoder's
    d.rowAxis = tr("head");
    d.columnAxis = tr("key offset k − q");
    for (int h = 0; h < heads; ++h)
        d.rowLabels << tr("H%1").arg(h + 1);
    for (int c = 0; c < offsets; ++c)
        d.columnLabels << QString::number(c - zero);
    if (config.isCausal())
        d.masked = [zero](int, int col) { return col > zero; };
    return d;
}

QString RelativeBiasHeatmap::note(const ModelConfig &config)
{
    const bool bidirectional = !config.isCausal();
    const int exact = bidirectional ? config.relativeBuckets / 4 : config.relativeBuckets / 2;
    const QString direction = bidirectional
        ? tr("An encoder gives later keys their own half of the buckets.")
        : tr("A decoder sees earlier keys only (later offsets in the mask colour).");
    return tr("Each head adds a learned number to q·k, looked up by the bucket of the key's offset k − q: offsets "
              "below %1 have a bucket each, longer ones share logarithmically wider buckets up to %2 tokens, and every "
              "offset from there on shares the last of the %3 buckets (Raffel et al. 2019, §2.1). %4 T5 does not "
              "divide q·k by √d.")
        .arg(exact)
        .arg(config.relativeMaxDistance)
        .arg(config.relativeBuckets)
        .arg(direction);
}

} // namespace tx
