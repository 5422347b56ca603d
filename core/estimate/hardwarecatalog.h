#pragma once

#include "core/base/error.h"
#include "core/base/expected.h"
#include "core/estimate/device.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QStringList>

#include <vector>

namespace tx {

// The editable hardware catalog:
//   { "format": "transformer-explorer-hardware", "version": 1,
//     "devices": [ { "id", "name", "kind", "memory_bytes", "bandwidth_bytes_per_s",
//                    "peak_flops": { "fp32", "bf16", "fp8", "int8", "int4" },
//                    "interconnect_bytes_per_s", "interconnect_source",
//                    "price_per_hour", "price_kind" (rental | purchase, default rental),
//                    "price_source", "source" }, … ] }
// Required: id, memory_bytes, bandwidth_bytes_per_s, peak_flops with fp32 or bf16. Unknown keys
// are errors (a typo such as "memory_byte" would otherwise silently drop a figure).
// Built in as :/presets/hardware.json; users may load their own file.
class HardwareCatalog
{
    Q_DECLARE_TR_FUNCTIONS(tx::HardwareCatalog)

public:
    static const HardwareCatalog &builtIn();
    static Expected<HardwareCatalog, Error> load(const QString &path);
    static Expected<HardwareCatalog, Error> parse(const QByteArray &bytes, const QString &file);

    const std::vector<Device> &devices() const { return m_devices; }
    // Case-insensitive lookup by id; nullptr when absent.
    const Device *find(const QString &id) const;
    QStringList ids() const;

private:
    std::vector<Device> m_devices;
};

} // namespace tx
