#pragma once

#include "core/base/error.h"
#include "core/design/modelconfig.h"

#include <QByteArray>
#include <QString>

#include <cstddef>
#include <cstdint>

namespace tx::fuzz {

// What every harness shares: quiet Qt logging (qFatal still aborts), a private scratch folder for
// the loaders that read paths, and the checks run on whatever a loader accepted.

// Call once from LLVMFuzzerInitialize.
void initialize();

// A folder of this process only (under /dev/shm when it exists: the loaders that take a path are
// fed through a file, and tmpfs keeps that off the disk). Removed at exit.
QString scratchDir();

// Writes the bytes to scratchDir()/name (truncating) and returns the path.
QString writeScratch(const QString &name, const QByteArray &bytes);

inline QByteArray bytesOf(const std::uint8_t *data, std::size_t size)
{
    return QByteArray(reinterpret_cast<const char *>(data), qsizetype(size));
}

// A design that loaded, however absurd, goes through everything a user's design goes through:
// countParams, evaluate (default assumptions), explain, and the design file round trip, which must
// give the same design back (abort() otherwise, so libFuzzer keeps the input).
void exerciseDesign(const ModelConfig &config);

// With TX_FUZZ_VERBOSE=1 in the environment, prints why an input was refused (replaying a corpus
// file shows whether it reaches past the loader).
void refused(const QString &why);

// abort()s with a message when `ok` is false: a broken invariant is a crash for libFuzzer.
void require(bool ok, const char *what);

} // namespace tx::fuzz
