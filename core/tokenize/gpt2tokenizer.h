#pragma once

#include "core/tokenize/bpe.h"
#include "core/tokenize/tokenizer.h"

#include <array>
#include <QCoreApplication>

namespace tx {

// GPT-2's byte-level BPE (Radford et al. 2019; openai/gpt-2 encoder.py): text is split by
// GPT-2's pattern, each piece's UTF-8 bytes are mapped to printable characters
// (bytes_to_unicode), then merged by rank. Any text encodes, Chinese included.
class Gpt2Tokenizer : public Tokenizer
{
    Q_DECLARE_TR_FUNCTIONS(tx::Gpt2Tokenizer)

public:
    explicit Gpt2Tokenizer(Bpe bpe);

    // vocab.json ({"token": id}) and merges.txt ("#version" line, then "left right" per line).
    static Expected<std::shared_ptr<Gpt2Tokenizer>, Error> load(const QString &vocabPath, const QString &mergesPath);

    std::vector<int> encode(const QString &text) const override;
    QString decode(const std::vector<int> &ids) const override;
    QStringList labels(const std::vector<int> &ids) const override;
    int vocabSize() const override { return m_bpe.vocabSize(); }
    QString kind() const override { return QStringLiteral("gpt2-bpe"); }

    // bytes_to_unicode(): printable bytes stand for themselves, the others for U+0100 onwards.
    static QChar byteToChar(unsigned char b);

private:
    QByteArray tokenBytes(int id) const;

    Bpe m_bpe;
    std::array<int, 512> m_charToByte{}; // code point (< 512) → byte, -1 when none
};

} // namespace tx
