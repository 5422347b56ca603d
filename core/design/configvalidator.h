#pragma once

#include "core/base/error.h"
#include "core/design/modelconfig.h"

#include <vector>

namespace tx {

// Documented bounds of the design (README "Design fields"). Past them the design is
// rejected with a message instead of an absurd number or an overflow.
namespace limits {
inline constexpr int kMaxDModel = 131072;
inline constexpr int kMaxLayers = 1024;
inline constexpr int kMaxHeads = 4096;
inline constexpr int kMaxHeadDim = 4096;
inline constexpr int kMaxDff = 1048576;
inline constexpr int kMaxVocab = 16777216;
inline constexpr int kMaxPositions = 16777216;
inline constexpr int kMaxBuckets = 4096;
inline constexpr int kMaxTokenTypes = 1024;
inline constexpr int kMaxExperts = 4096;
inline constexpr int kMaxSharedExperts = 64;
inline constexpr int kMaxLoraRank = 65536;
inline constexpr int kMaxQuantGroup = 65536;
inline constexpr int kMaxMtpLayers = 64;
} // namespace limits

// Checks a design. Returns one error per offending field (empty when the design is valid);
// each error's `field` is the design-file key of the field to fix.
std::vector<Error> validate(const ModelConfig &config);

} // namespace tx
