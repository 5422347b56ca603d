// Hugging Face config.json (HfConfigImporter::parse, what --hf-config and a model folder read).
#include "core/formats/hfconfigimporter.h"
#include "fuzz/fuzzsupport.h"

extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    tx::fuzz::initialize();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    auto config = tx::HfConfigImporter::parse(tx::fuzz::bytesOf(data, size), QStringLiteral("config.json"));
    if (config)
        tx::fuzz::exerciseDesign(*config);
    else
        tx::fuzz::refused(config.error().toString());
    return 0;
}
