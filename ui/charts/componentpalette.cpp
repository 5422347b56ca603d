#include "ui/charts/componentpalette.h"

namespace tx {

QColor ComponentPalette::color(const QString &key)
{
    struct Entry { const char *key; QRgb rgb; };
    static constexpr Entry entries[] = {
        {"embeddings", 0xE69F00},         // orange
        {"attention", 0x56B4E9},          // sky blue
        {"attention_windowed", 0xA9DAF4}, // sky blue, tinted halfway to white
        {"cross_attention", 0x009E73},    // bluish green
        {"ffn", 0xCC79A7},                // reddish purple
        {"moe", 0xF0E442},                // yellow
        {"norms", 0x0072B2},              // blue
        {"lm_head", 0xD55E00},            // vermillion
    };
    for (const Entry &e : entries)
        if (key == QLatin1String(e.key))
            return QColor(e.rgb);
    return QColor(0x99, 0x99, 0x99); // the pooler and anything without a colour of its own
}

} // namespace tx
