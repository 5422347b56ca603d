#pragma once

#include <QString>

namespace tx {

// One reported figure with its working shown: what the formula panel, charts' captions and
// reports print.
struct Figure
{
    QString key;         // the JSON key path, e.g. "memory.inference.kv_cache_bytes"
    QString title;       // translated label, e.g. "KV cache"
    double value = 0;    // in `unit`
    QString unit;        // "bytes", "FLOP", "FLOP/token", "s", "USD", "nats/token", "params", "tokens", …
    QString formula;     // symbolic: "2 · b · s · L · n_kv · d_head · bytes"
    QString substituted; // same with numbers: "2 · 1 · 4096 · 32 · 32 · 128 · 2 = 2,147,483,648"
    QString source;      // paper and equation, or "definition"
};

} // namespace tx
