#pragma once

#include "core/tokenize/tokenizer.h"

namespace tx {

// Every UTF-8 byte is a token (ids 0–255), so any text works, Chinese included: "中" is the
// three tokens [228, 184, 173]. Models built from a design use it when no tokenizer files exist.
class ByteTokenizer : public Tokenizer
{
public:
    std::vector<int> encode(const QString &text) const override;
    QString decode(const std::vector<int> &ids) const override;
    QStringList labels(const std::vector<int> &ids) const override;
    int vocabSize() const override { return 256; }
    QString kind() const override { return QStringLiteral("bytes"); }
};

} // namespace tx
