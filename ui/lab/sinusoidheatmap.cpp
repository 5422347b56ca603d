#include "ui/lab/sinusoidheatmap.h"

namespace tx {

namespace {

QString positionName(PositionKind kind)
{
    switch (kind) {
    case PositionKind::None: return SinusoidHeatmap::tr("no position information");
    case PositionKind::Sinusoidal: return SinusoidHeatmap::tr("these sinusoidal encodings");
    case PositionKind::Learned: return SinusoidHeatmap::tr("a learned position table instead");
    case PositionKind::Rotary: return SinusoidHeatmap::tr("rotary encodings (RoPE) inside attention instead");
    case PositionKind::RelativeBuckets: return SinusoidHeatmap::tr("relative position buckets instead");
    }
    return {};
}

} // namespace

HeatmapData SinusoidHeatmap::data(const Mat &table)
{
    HeatmapData pe;
    pe.values = table;
    pe.scale = HeatmapData::Scale::Diverging;
    pe.squareCells = false;
    pe.title = tr("Sinusoidal position encoding, %1 positions × %2 dimensions").arg(pe.values.rows()).arg(pe.values.cols());
    pe.rowAxis = tr("position");
    pe.columnAxis = tr("dimension");
    for (int p = 0; p < pe.values.rows(); ++p)
        pe.rowLabels << QString::number(p);
    for (int d = 0; d < pe.values.cols(); ++d)
        pe.columnLabels << QString::number(d);
    return pe;
}

QString SinusoidHeatmap::note(const ModelConfig &config)
{
    return tr("PE(p, 2i) = sin(p / 10000^(2i/d)), PE(p, 2i+1) = cos(p / 10000^(2i/d)) "
              "(Vaswani et al. 2017, §3.5). Low dimensions change fast with position, high ones slowly. "
              "This design uses %1.")
        .arg(positionName(config.positions));
}

} // namespace tx
