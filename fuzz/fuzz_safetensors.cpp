// One .safetensors file: the input is the whole file (8-byte length, JSON header, data), opened
// by ModelInspection::inspect as `inspect FILE` opens it.
#include "fuzz/fuzzsupport.h"
#include "fuzz/modelfilecheck.h"

extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    tx::fuzz::initialize();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    tx::fuzz::inspectModel(tx::fuzz::writeScratch(QStringLiteral("model.safetensors"), tx::fuzz::bytesOf(data, size)));
    return 0;
}
