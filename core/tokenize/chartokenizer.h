#pragma once

#include "core/tokenize/tokenizer.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QHash>
#include <QJsonObject>
#include <QStringList>

#include <memory>
#include <optional>
#include <vector>

namespace tx {

// One token per Unicode character, with a byte fallback: ids 0–255 are the UTF-8 bytes
// ("<0x00>" … "<0xFF>"), ids from 256 the characters of a training text. A character outside the
// vocabulary becomes its UTF-8 bytes, so any text encodes ("猫" is one token when the text had
// it, else the three byte tokens of E7 8C AB).
//
// Saved as a Hugging Face tokenizer.json: a BPE model without merges and with byte_fallback,
// no normalizer or pre-tokenizer, decoded by ByteFallback + Fuse. Hugging Face's tokenizers
// library (≥ 0.14, where BPE gained byte_fallback) reads it as the same tokenizer: without
// merges, BPE leaves every character its own token and falls back to <0xNN> for the rest.
//
// Special tokens a model was trained with beyond the text's characters ("[MASK]" of a masked LM,
// T5's "<extra_id_N>" sentinels) follow the characters, one id each; they are saved as
// tokenizer.json's added_tokens (special, not normalized), which is how Hugging Face's tokenizers
// split them out of a text before the model sees it, and encode() does the same.
class CharTokenizer : public Tokenizer
{
    Q_DECLARE_TR_FUNCTIONS(tx::CharTokenizer)
public:
    static constexpr int kByteTokens = 256;
    // Special tokens a tokenizer.json may add (T5 has 100 sentinels).
    static constexpr int kMaxSpecialTokens = 4096;

    // The characters of `text` seen at least `minCount` times, most frequent first (ties by
    // code point), so the same text always gives the same ids.
    static CharTokenizer fromText(const QString &text, int minCount = 1);
    // The characters in this order (ids 256, 257, …).
    static CharTokenizer fromCharacters(const std::vector<char32_t> &characters);
    // A tokenizer.json written by toJson(), or any merge-free BPE with 256 <0xNN> tokens at
    // ids 0–255 and byte_fallback. Errors name `path` and the field.
    static Expected<CharTokenizer, Error> fromJson(const QJsonObject &root, const QString &path);
    // True when `root` is such a file (TokenizerJson::load hands it here).
    static bool isCharLevel(const QJsonObject &root);

    // This tokenizer with `tokens` appended as special tokens (ids from vocabSize() on, in order);
    // an empty token, or one already there, is skipped.
    CharTokenizer withSpecialTokens(const QStringList &tokens) const;
    const QStringList &specialTokens() const { return m_specials; }

    QByteArray toJson() const;
    std::optional<Error> save(const QString &path) const;

    std::vector<int> encode(const QString &text) const override;
    QString decode(const std::vector<int> &ids) const override;
    QStringList labels(const std::vector<int> &ids) const override;
    int vocabSize() const override { return kByteTokens + int(m_chars.size()) + int(m_specials.size()); }
    QString kind() const override { return QStringLiteral("chars"); }

    const std::vector<char32_t> &characters() const { return m_chars; }
    // Id of a character, −1 when it is not in the vocabulary.
    int id(char32_t c) const { return m_ids.value(c, -1); }
    // Id of a special token, −1 when there is no such token.
    int specialId(const QString &token) const;

private:
    int firstSpecial() const { return kByteTokens + int(m_chars.size()); }
    // The special token `text` holds at `at`, longest first; −1 for none.
    int specialAt(const QString &text, qsizetype at) const;

    std::vector<char32_t> m_chars; // by id − 256
    QHash<char32_t, int> m_ids;
    QStringList m_specials; // by id − firstSpecial()
};

} // namespace tx
