#include "core/whatif/bpetrainer.h"

#include <QHash>

#include <cstdint>
#include <unordered_map>
#include <vector>

namespace tx {

namespace {

QStringList bytesOf(const QString &piece)
{
    QStringList out;
    for (const char b : piece.toUtf8())
        out << QString(QChar(char16_t(uchar(b))));
    return out;
}

} // namespace

QStringList BpeTrainer::pieces(const QString &text)
{
    QStringList out;
    QString current;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (c.isSpace() && !current.isEmpty() && !current.back().isSpace()) {
            out << current;
            current.clear();
        }
        current += c;
    }
    if (!current.isEmpty())
        out << current;
    return out;
}

Bpe BpeTrainer::train(const QString &text, int vocabSize)
{
    Bpe bpe;
    std::vector<QString> tokens; // by id: the 256 bytes, then one per merge
    for (int b = 0; b < 256; ++b) {
        tokens.push_back(QString(QChar(char16_t(b))));
        bpe.addToken(tokens.back(), b);
    }
    // Unique pieces with their counts, each as its current token ids.
    QHash<QString, int> counts;
    for (const QString &p : pieces(text))
        ++counts[p];
    std::vector<std::pair<std::vector<int>, qint64>> words;
    for (auto it = counts.cbegin(); it != counts.cend(); ++it) {
        std::vector<int> ids;
        for (const char b : it.key().toUtf8())
            ids.push_back(int(uchar(b)));
        words.push_back({std::move(ids), it.value()});
    }
    int rank = 0;
    std::unordered_map<std::uint64_t, qint64> pairs;
    while (bpe.vocabSize() < vocabSize) {
        pairs.clear();
        for (const auto &[ids, n] : words)
            for (std::size_t i = 0; i + 1 < ids.size(); ++i)
                pairs[(std::uint64_t(ids[i]) << 32) | std::uint32_t(ids[i + 1])] += n;
        // The most frequent pair; ties go to the pair of smaller ids (the older tokens).
        std::uint64_t best = 0;
        qint64 bestCount = 0;
        for (const auto &[key, n] : pairs)
            if (n > bestCount || (n == bestCount && key < best)) {
                best = key;
                bestCount = n;
            }
        if (bestCount < 2)
            break;
        const int left = int(best >> 32);
        const int right = int(best & 0xffffffffu);
        const int joined = int(tokens.size());
        tokens.push_back(tokens[std::size_t(left)] + tokens[std::size_t(right)]);
        bpe.addMerge(tokens[std::size_t(left)], tokens[std::size_t(right)], rank++);
        bpe.addToken(tokens.back(), joined);
        for (auto &[ids, n] : words) {
            std::size_t out = 0;
            for (std::size_t i = 0; i < ids.size(); ++i) {
                if (i + 1 < ids.size() && ids[i] == left && ids[i + 1] == right) {
                    ids[out++] = joined;
                    ++i;
                } else {
                    ids[out++] = ids[i];
                }
            }
            ids.resize(out);
        }
    }
    return bpe;
}

qint64 BpeTrainer::countTokens(const Bpe &bpe, const QString &text)
{
    QHash<QString, int> counts;
    for (const QString &p : pieces(text))
        ++counts[p];
    qint64 tokens = 0;
    for (auto it = counts.cbegin(); it != counts.cend(); ++it)
        tokens += qint64(bpe.merge(bytesOf(it.key())).size()) * it.value();
    return tokens;
}

} // namespace tx
