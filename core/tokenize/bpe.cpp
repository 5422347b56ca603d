#include "core/tokenize/bpe.h"

#include <limits>

namespace tx {

void Bpe::addToken(const QString &token, int id)
{
    m_vocab.insert(token, id);
    if (id >= int(m_tokens.size()))
        m_tokens.resize(std::size_t(id) + 1);
    m_tokens[std::size_t(id)] = token;
}

void Bpe::addMerge(const QString &left, const QString &right, int rank)
{
    const QString key = left + QLatin1Char('\n') + right;
    if (!m_ranks.contains(key))
        m_ranks.insert(key, rank);
}

QString Bpe::token(int id) const
{
    return id >= 0 && id < int(m_tokens.size()) ? m_tokens[std::size_t(id)] : QString();
}

QStringList Bpe::merge(QStringList symbols) const
{
    while (symbols.size() > 1) {
        int best = std::numeric_limits<int>::max();
        qsizetype at = -1;
        for (qsizetype i = 0; i + 1 < symbols.size(); ++i) {
            const auto it = m_ranks.constFind(symbols[i] + QLatin1Char('\n') + symbols[i + 1]);
            if (it != m_ranks.constEnd() && it.value() < best) {
                best = it.value();
                at = i;
            }
        }
        if (at < 0)
            break;
        // Join every occurrence of the best pair, left to right, as GPT-2's bpe() does.
        const QString left = symbols[at], right = symbols[at + 1];
        QStringList next;
        next.reserve(symbols.size());
        for (qsizetype i = 0; i < symbols.size(); ++i) {
            if (i + 1 < symbols.size() && symbols[i] == left && symbols[i + 1] == right) {
                next << left + right;
                ++i;
            } else {
                next << symbols[i];
            }
        }
        symbols = std::move(next);
    }
    return symbols;
}

} // namespace tx
