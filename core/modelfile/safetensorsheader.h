#pragma once

#include "core/base/error.h"
#include "core/base/expected.h"
#include "core/base/stoptoken.h"
#include "core/modelfile/modelfile.h"

#include <QCoreApplication>
#include <QString>

namespace tx {

// Reads safetensors headers only (huggingface/safetensors README and safetensors/src/tensor.rs):
// an 8-byte little-endian length N, N bytes of JSON {name: {dtype, shape, data_offsets}, …,
// "__metadata__": {…}}, then the data. Checked as the reference library checks it: N within the
// file and at most 100 MB, every dtype known, byte spans equal to shape × dtype bits, offsets
// sorted, without gaps or overlaps, and covering the data exactly. The data is never read.
//
// Sharded checkpoints: model.safetensors.index.json {"metadata": {"total_size"},
// "weight_map": {tensor: shard file}}; every shard named must exist beside the index, every
// tensor must be where the map says, and total_size must equal the shards' tensor bytes.
class SafetensorsHeader
{
    Q_DECLARE_TR_FUNCTIONS(tx::SafetensorsHeader)

public:
    // One .safetensors file.
    static Expected<ModelFile, Error> readFile(const QString &path);
    // A model.safetensors.index.json and the shards it names. `stop` is looked at before each
    // shard (an Error "cancelled" naming the index when it has turned true) and told the shards
    // read so far of all of them: a 700 GB checkpoint has 163 shards and header JSON up to 100 MB
    // each, so a load a user abandons ends within one shard.
    static Expected<ModelFile, Error> readIndex(const QString &indexPath, const StopToken &stop = {});

private:
    static Expected<bool, Error> readShard(const QString &path, int fileIndex, ModelFile &out);
};

} // namespace tx
