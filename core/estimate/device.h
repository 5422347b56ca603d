#pragma once

#include "core/design/modelconfig.h"

#include <QString>

namespace tx {

// One accelerator of the hardware catalog (presets/hardware.json).
struct Device
{
    QString id;                   // key used by --device and Assumptions::device, e.g. "h100-sxm-80gb"
    QString name;                 // display name
    QString kind;                 // "gpu", "tpu", "apple", "cpu", "edge" (Jetson, phones)
    double memoryBytes = 0;       // memory one device can hold (bytes)
    double bandwidthBytesPerSecond = 0; // memory bandwidth (bytes/s)
    // Dense peak FLOP/s per precision (no structured sparsity); 0 = not supported.
    double peakFp32 = 0;
    double peakBf16 = 0;          // also fp16
    double peakFp8 = 0;
    double peakInt8 = 0;          // OP/s
    double peakInt4 = 0;          // OP/s
    // Scale-up link to a peer device, one direction (bytes/s): half the bidirectional NVLink /
    // Infinity Fabric / ICI figure datasheets quote; 0 = no link (the device works alone).
    double interconnectBytesPerSecond = 0;
    QString interconnectSource;
    double pricePerHour = 0;      // US dollars per device-hour; 0 = no public price
    // What the price is: an hour rented from a cloud ("rental", on-demand list prices), or the
    // purchase price spread over the hours of three years ("purchase"). Prices of different
    // kinds are not compared with each other (Solver::cheapestDevice).
    QString priceKind = QStringLiteral("rental");
    QString priceSource;
    QString source;               // datasheet

    // Peak FLOP/s at a precision, falling back to the nearest wider precision the device supports.
    double peakFlops(Precision p) const;

    bool operator==(const Device &) const = default;
};

} // namespace tx
