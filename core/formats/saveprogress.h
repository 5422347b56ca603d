#pragma once

#include <atomic>
#include <cstdint>
#include <functional>

namespace tx {

// How far a checkpoint save has got, and whether to stop it. Safetensors::save reports the bytes
// of the file written so far out of its total after each tensor, and checks `stop` before each
// one: a stopped save is cancelled (QSaveFile::cancelWriting), so a file already at the path is
// left as it was. `report` runs on the saving thread.
struct SaveProgress
{
    std::function<void(std::int64_t written, std::int64_t total)> report; // bytes of model.safetensors
    const std::atomic<bool> *stop = nullptr;

    bool stopped() const { return stop && stop->load(); }
};

} // namespace tx
