// Presets (Preset::parse, as PresetLibrary reads presets/*.json).
#include "core/design/preset.h"
#include "fuzz/fuzzsupport.h"

extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    tx::fuzz::initialize();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    auto preset = tx::Preset::parse(tx::fuzz::bytesOf(data, size), QStringLiteral("fuzz.json"));
    if (preset)
        tx::fuzz::exerciseDesign(preset->config);
    else
        tx::fuzz::refused(preset.error().toString());
    return 0;
}
