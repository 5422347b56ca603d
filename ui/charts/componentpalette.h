#pragma once

#include <QColor>
#include <QString>

namespace tx {

// One colour per model component, shared by every chart that draws components (the breakdown
// bars, the per-layer stacks), so a colour means the same part everywhere: a gpt-oss layer's
// experts are the breakdown's experts, never its output head. Okabe & Ito (2008) colours,
// distinguishable with the common colour-vision deficiencies.
class ComponentPalette
{
public:
    // Keys of ParamComponents::keys() ("embeddings", "attention", …), and "attention_windowed"
    // for sliding or chunked attention layers: a light tint of attention's own blue.
    static QColor color(const QString &key);
};

} // namespace tx
