// Hugging Face tokenizer.json (TokenizerJson::load, as a model folder's tokenizer is read), then
// encode / decode / labels on the loaded tokenizer.
#include "core/tokenize/tokenizerjson.h"
#include "fuzz/fuzzsupport.h"
#include "fuzz/tokenizercheck.h"

extern "C" int LLVMFuzzerInitialize(int *, char ***)
{
    tx::fuzz::initialize();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    auto tokenizer = tx::TokenizerJson::load(
        tx::fuzz::writeScratch(QStringLiteral("tokenizer.json"), tx::fuzz::bytesOf(data, size)));
    if (tokenizer)
        tx::fuzz::exerciseTokenizer(**tokenizer);
    else
        tx::fuzz::refused(tokenizer.error().toString());
    return 0;
}
