#include "core/whatif/bpetrainer.h"

#include <QHash>

#include <map>
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
    for (int b = 0; b < 256; ++b)
        bpe.addToken(QString(QChar(char16_t(b))), b);
    // Unique pieces with their counts, each as its current symbols.
    QHash<QString, int> counts;
    for (const QString &p : pieces(text))
        ++counts[p];
    std::vector<std::pair<QStringList, int>> words;
    for (auto it = counts.cbegin(); it != counts.cend(); ++it)
        words.push_back({bytesOf(it.key()), it.value()});
    int rank = 0;
    while (bpe.vocabSize() < vocabSize) {
        std::map<std::pair<QString, QString>, qint64> pairs; // ordered: ties go to the smaller pair
        for (const auto &[symbols, n] : words)
            for (qsizetype i = 0; i + 1 < symbols.size(); ++i)
                pairs[{symbols[i], symbols[i + 1]}] += n;
        auto best = pairs.cend();
        for (auto it = pairs.cbegin(); it != pairs.cend(); ++it)
            if (best == pairs.cend() || it->second > best->second)
                best = it;
        if (best == pairs.cend() || best->second < 2)
            break;
        const QString left = best->first.first;
        const QString right = best->first.second;
        const QString joined = left + right;
        bpe.addMerge(left, right, rank++);
        bpe.addToken(joined, bpe.vocabSize());
        for (auto &[symbols, n] : words) {
            QStringList merged;
            for (qsizetype i = 0; i < symbols.size(); ++i) {
                if (i + 1 < symbols.size() && symbols[i] == left && symbols[i + 1] == right) {
                    merged << joined;
                    ++i;
                } else {
                    merged << symbols[i];
                }
            }
            symbols = std::move(merged);
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
