#include "core/tokenize/tokenizer.h"

#include "core/tokenize/gpt2tokenizer.h"
#include "core/tokenize/tokenizerjson.h"

#include <QDir>
#include <QFileInfo>

namespace tx {

Expected<std::shared_ptr<Tokenizer>, Error> Tokenizer::fromDirectory(const QString &dirPath)
{
    const QDir dir(dirPath);
    const QString json = dir.filePath(QStringLiteral("tokenizer.json"));
    if (QFileInfo::exists(json))
        return TokenizerJson::load(json);
    const QString vocab = dir.filePath(QStringLiteral("vocab.json"));
    const QString merges = dir.filePath(QStringLiteral("merges.txt"));
    if (QFileInfo::exists(vocab) && QFileInfo::exists(merges)) {
        auto t = Gpt2Tokenizer::load(vocab, merges);
        if (!t)
            return t.error();
        return std::shared_ptr<Tokenizer>(*t);
    }
    return std::shared_ptr<Tokenizer>();
}

} // namespace tx
