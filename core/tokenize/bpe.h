#pragma once

#include <QHash>
#include <QString>
#include <QStringList>

#include <vector>

namespace tx {

// Byte-pair-encoding merges (Sennrich et al. 2016): a vocabulary and ranked merge rules.
// merge() repeatedly joins the adjacent pair with the lowest rank, as GPT-2's encoder.py and
// Hugging Face's BPE model do.
class Bpe
{
public:
    // Adds a token; ids may be sparse, the largest one sets the vocabulary size.
    void addToken(const QString &token, int id);
    // Rule number `rank` joins `left` and `right` (lower ranks merge first).
    void addMerge(const QString &left, const QString &right, int rank);

    QStringList merge(QStringList symbols) const;

    int id(const QString &token) const { return m_vocab.value(token, -1); } // -1 when absent
    QString token(int id) const;
    int vocabSize() const { return int(m_tokens.size()); }
    int mergeCount() const { return int(m_ranks.size()); }

private:
    QHash<QString, int> m_vocab;
    std::vector<QString> m_tokens; // by id
    QHash<QString, int> m_ranks;   // key: left + '\n' + right
};

} // namespace tx
