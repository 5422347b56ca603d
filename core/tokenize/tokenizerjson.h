#pragma once

#include <QCoreApplication>

#include "core/tokenize/bpe.h"
#include "core/tokenize/tokenizer.h"

namespace tx {

// Hugging Face tokenizer.json with a BPE model. Two styles are read:
//  - SentencePiece style (Llama 1/2, Mistral): spaces become "▁", a "▁" is prepended, merges run
//    over the characters, and characters outside the vocabulary fall back to "<0xNN>" byte tokens;
//    the post-processor's leading special token (Llama's <s>) is added;
//  - byte-level style (a ByteLevel pre-tokenizer, as GPT-2 and Llama 3): handled as GPT-2's BPE.
class TokenizerJson : public Tokenizer
{
    Q_DECLARE_TR_FUNCTIONS(tx::TokenizerJson)

public:
    static Expected<std::shared_ptr<Tokenizer>, Error> load(const QString &path);

    std::vector<int> encode(const QString &text) const override;
    QString decode(const std::vector<int> &ids) const override;
    QStringList labels(const std::vector<int> &ids) const override;
    int vocabSize() const override { return m_bpe.vocabSize(); }
    QString kind() const override { return QStringLiteral("tokenizer.json"); }

private:
    Bpe m_bpe;
    bool m_prependSpace = true; // the "▁" in front of the text (add_dummy_prefix)
    bool m_byteFallback = false;
    int m_unknown = -1;         // id of the unknown token, -1 when none
    int m_bos = -1;             // id added in front of every encoding, -1 when none
};

} // namespace tx
