// Hardware catalogs (HardwareCatalog::parse, what --hardware and the window's catalog loader read):
// GPT-2 small and Llama-2-7B are evaluated and explained on every device the catalog holds.
#include "core/design/presetlibrary.h"
#include "core/estimate/evaluator.h"
#include "core/estimate/explainer.h"
#include "core/estimate/hardwarecatalog.h"
#include "fuzz/fuzzsupport.h"

#include <cmath>

extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    tx::fuzz::initialize();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    auto catalog = tx::HardwareCatalog::parse(tx::fuzz::bytesOf(data, size), QStringLiteral("hardware.json"));
    if (!catalog) {
        tx::fuzz::refused(catalog.error().toString());
        return 0;
    }
    static const tx::ModelConfig designs[] = {tx::ModelConfig{}, tx::PresetLibrary::builtIn().find(QStringLiteral("llama-2-7b"))->config};
    for (const tx::Device &device : catalog->devices()) {
        tx::fuzz::require(catalog->find(device.id) != nullptr, "a device the catalog cannot find by its id");
        for (const tx::ModelConfig &design : designs) {
            tx::Assumptions assumptions;
            assumptions.device = device.id;
            auto evaluation = tx::evaluate(design, assumptions, *catalog);
            if (!evaluation)
                continue;
            for (const tx::Figure &f : tx::explain(design, assumptions, *evaluation))
                tx::fuzz::require(std::isfinite(f.value), "a figure is NaN or infinite");
        }
    }
    return 0;
}
