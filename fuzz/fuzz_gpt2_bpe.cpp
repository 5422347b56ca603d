// GPT-2's vocab.json + merges.txt (Gpt2Tokenizer::load). The input holds both files, split at the
// first line "=====merges=====" (vocab.json before, merges.txt after; without it, all of the input
// is merges.txt and vocab.json is empty), then encode / decode / labels on the loaded tokenizer.
#include "core/tokenize/gpt2tokenizer.h"
#include "fuzz/fuzzsupport.h"
#include "fuzz/tokenizercheck.h"

extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    tx::fuzz::initialize();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    static const QByteArray separator("\n=====merges=====\n");
    const QByteArray input = tx::fuzz::bytesOf(data, size);
    const qsizetype at = input.indexOf(separator);
    const QByteArray vocab = at < 0 ? QByteArray() : input.left(at);
    const QByteArray merges = at < 0 ? input : input.mid(at + separator.size());
    auto tokenizer = tx::Gpt2Tokenizer::load(tx::fuzz::writeScratch(QStringLiteral("vocab.json"), vocab),
                                             tx::fuzz::writeScratch(QStringLiteral("merges.txt"), merges));
    if (tokenizer)
        tx::fuzz::exerciseTokenizer(**tokenizer);
    else
        tx::fuzz::refused(tokenizer.error().toString());
    return 0;
}
