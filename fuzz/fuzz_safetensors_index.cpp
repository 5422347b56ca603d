// Sharded safetensors: the input is model.safetensors.index.json, in a folder that also holds two
// fixed, valid shards (model-00001-of-00002.safetensors: "a" F32 [2, 3]; model-00002-of-00002:
// "b" BF16 [4]), opened as `inspect FOLDER` opens it.
#include "fuzz/fuzzsupport.h"
#include "fuzz/modelfilecheck.h"

#include <QtEndian>

namespace {

QByteArray shard(const QByteArray &header, int dataBytes)
{
    QByteArray out(8, '\0');
    qToLittleEndian<quint64>(quint64(header.size()), out.data());
    return out + header + QByteArray(dataBytes, '\0');
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    tx::fuzz::initialize();
    tx::fuzz::writeScratch(QStringLiteral("model-00001-of-00002.safetensors"),
                           shard(R"({"a":{"dtype":"F32","shape":[2,3],"data_offsets":[0,24]}})", 24));
    tx::fuzz::writeScratch(QStringLiteral("model-00002-of-00002.safetensors"),
                           shard(R"({"b":{"dtype":"BF16","shape":[4],"data_offsets":[0,8]}})", 8));
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    tx::fuzz::writeScratch(QStringLiteral("model.safetensors.index.json"), tx::fuzz::bytesOf(data, size));
    tx::fuzz::inspectModel(tx::fuzz::scratchDir());
    return 0;
}
