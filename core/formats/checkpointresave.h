#pragma once

#include "core/base/error.h"
#include "core/base/expected.h"
#include "core/formats/checkpointquantisation.h"
#include "core/formats/safetensors.h"
#include "core/base/stoptoken.h"
#include "core/nn/transformer.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>

namespace tx {

// Writing a loaded Hugging Face checkpoint back: `transformer-explorer checkpoint PATH --save DIR`
// and the attention view's "Save checkpoint as…". The model goes out under its family's tensor
// names (HfCheckpoint::save), quantised as the source file stored it (MXFP4 experts, fp8 with
// block scales), its other tensors at the source's float dtype unless another is asked for, with
// the tokenizer files copied beside it so the copy reads text as the source does.
class CheckpointResave
{
    Q_DECLARE_TR_FUNCTIONS(tx::CheckpointResave)

public:
    // How the source checkpoint stored its weights, read from its header and config.json.
    struct Source
    {
        QString path;                          // as HfCheckpoint::load takes it: a folder or a .safetensors file
        Safetensors::Dtype dtype = Safetensors::Dtype::F32; // of most float elements (scales excluded)
        bool mixedDtypes = false;              // its float tensors were not all of `dtype`
        CheckpointQuantisation quantisation;   // empty for a float checkpoint
    };
    static Expected<Source, Error> describe(const QString &path);

    struct Options
    {
        std::optional<Safetensors::Dtype> dtype; // nullopt: the source's ("keep")
        bool dequantise = false;                 // write quantised tensors as floats instead
    };
    // What a save wrote into the folder.
    struct Written
    {
        QString dir;
        Safetensors::Dtype dtype = Safetensors::Dtype::F32;
        QStringList files;       // config.json, model.safetensors, then the copied tokenizer files
        std::int64_t bytes = 0;  // their sizes, summed
    };
    // `model` is what HfCheckpoint::load read from source.path. The folder is created if missing;
    // every file goes through QSaveFile, so a failed or stopped save leaves earlier files whole.
    static Expected<Written, Error> save(const Transformer &model, const Source &source, const QString &dir,
                                         const Options &options, const StopToken &stop = {});

    // "f32", "f16", "bf16" (any case) → the dtype; "keep" → nullopt; else an Error naming `field`.
    static Expected<std::optional<Safetensors::Dtype>, Error> parseDtype(const QString &text, const QString &field);
    // The tokenizer and generation files beside the weights that a copy carries along.
    static const QStringList &companionFiles();
};

} // namespace tx
