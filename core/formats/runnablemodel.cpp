#include "core/formats/runnablemodel.h"

#include "core/formats/hfcheckpoint.h"
#include "core/tokenize/bytetokenizer.h"

#include <QCoreApplication>
#include <QFileInfo>

namespace tx {

Expected<RunnableModel, Error> RunnableModel::fromCheckpoint(const QString &path, std::int64_t capBytes,
                                                             const StopToken &stop)
{
    auto loaded = HfCheckpoint::load(path, capBytes, stop);
    if (!loaded)
        return loaded.error();
    if (stop.stopped()) // after the last chunk, before GPT-2's 50,257-entry vocabulary is read
        return Error{path, {}, QCoreApplication::translate("tx::Transformer", "cancelled")};
    const QFileInfo info(path);
    auto found = Tokenizer::fromDirectory(info.isDir() ? info.filePath() : info.absolutePath());
    if (!found)
        return found.error();
    std::shared_ptr<Tokenizer> tokenizer = *found ? *found : byteTokenizerFor(loaded->config());
    return RunnableModel{std::move(*loaded), std::move(tokenizer)};
}

Expected<RunnableModel, Error> RunnableModel::fromDesign(const ModelConfig &config, std::int64_t capBytes,
                                                         std::uint64_t seed, const std::atomic<bool> *stop)
{
    auto created = Transformer::create(config, capBytes, 1e-5f, false, stop);
    if (!created)
        return created.error();
    if (!created->initGpt2Style(seed, stop))
        return Error{{}, {}, QCoreApplication::translate("tx::Transformer", "cancelled")};
    return RunnableModel{std::move(*created), byteTokenizerFor(config)};
}

std::shared_ptr<Tokenizer> RunnableModel::byteTokenizerFor(const ModelConfig &config)
{
    return config.vocabSize >= 256 ? std::make_shared<ByteTokenizer>() : nullptr;
}

} // namespace tx
