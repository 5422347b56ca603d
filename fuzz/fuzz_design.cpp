// Design files (DesignFile::parse, what --config and File → Open read), then everything a loaded
// design goes through (fuzzsupport.h).
#include "core/design/designfile.h"
#include "fuzz/fuzzsupport.h"

extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    tx::fuzz::initialize();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    auto design = tx::DesignFile::parse(tx::fuzz::bytesOf(data, size), QStringLiteral("fuzz.json"));
    if (design)
        tx::fuzz::exerciseDesign(*design);
    else
        tx::fuzz::refused(design.error().toString());
    return 0;
}
