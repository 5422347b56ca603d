#include "core/tokenize/gpt2tokenizer.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <algorithm>

namespace tx {

namespace {

// Tokenizer files past this size are refused rather than read (GPT-2's vocab.json is 1 MB).
constexpr qint64 kMaxFileBytes = 200'000'000;

std::array<ushort, 256> byteTable()
{
    std::array<ushort, 256> t{};
    int next = 256;
    for (int b = 0; b < 256; ++b) {
        const bool printable = (b >= '!' && b <= '~') || (b >= 0xa1 && b <= 0xac) || (b >= 0xae && b <= 0xff);
        t[std::size_t(b)] = ushort(printable ? b : next++);
    }
    return t;
}

} // namespace

QChar Gpt2Tokenizer::byteToChar(unsigned char b)
{
    static const std::array<ushort, 256> table = byteTable();
    return QChar(table[b]);
}

Gpt2Tokenizer::Gpt2Tokenizer(Bpe bpe) : m_bpe(std::move(bpe))
{
    m_charToByte.fill(-1);
    for (int b = 0; b < 256; ++b)
        m_charToByte[std::size_t(byteToChar(uchar(b)).unicode())] = b;
}

Expected<std::shared_ptr<Gpt2Tokenizer>, Error> Gpt2Tokenizer::load(const QString &vocabPath, const QString &mergesPath)
{
    QFile vocabFile(vocabPath);
    if (!vocabFile.open(QIODevice::ReadOnly))
        return Error{vocabPath, {}, tr("cannot open: %1").arg(vocabFile.errorString())};
    if (vocabFile.size() > kMaxFileBytes)
        return Error{vocabPath, {}, tr("too large for a vocabulary (%1 bytes)").arg(vocabFile.size())};
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(vocabFile.readAll(), &parseError);
    if (!doc.isObject())
        return Error{vocabPath, {}, tr("not a JSON object of token ids (%1)").arg(parseError.errorString())};
    Bpe bpe;
    const QJsonObject vocab = doc.object();
    // Ids index a table as long as the largest id: one id far past the file's own entries would
    // allocate gigabytes for a kilobyte file (found by fuzz/fuzz_gpt2_bpe). Real vocabularies are
    // dense (encoder.json holds ids 0 to N-1), so the slack below only admits small gaps.
    const qint64 idLimit = std::min<qint64>(16777216, 2 * qint64(vocab.size()) + 1024);
    for (auto it = vocab.begin(); it != vocab.end(); ++it) {
        const double id = it.value().toDouble(-1);
        if (!it.value().isDouble() || id < 0 || id >= 16777216 || id != double(int(id)))
            return Error{vocabPath, it.key(), tr("token id must be an integer from 0 to 16777215")};
        if (id >= double(idLimit))
            return Error{vocabPath, it.key(),
                         tr("token id %1 is far past the vocabulary's %2 entries (ids must be below %3)")
                             .arg(qint64(id)).arg(vocab.size()).arg(idLimit)};
        bpe.addToken(it.key(), int(id));
    }
    QFile mergesFile(mergesPath);
    if (!mergesFile.open(QIODevice::ReadOnly | QIODevice::Text))
        return Error{mergesPath, {}, tr("cannot open: %1").arg(mergesFile.errorString())};
    if (mergesFile.size() > kMaxFileBytes)
        return Error{mergesPath, {}, tr("too large for a merges file (%1 bytes)").arg(mergesFile.size())};
    int rank = 0;
    int lineNumber = 0;
    while (!mergesFile.atEnd()) {
        const QString line = QString::fromUtf8(mergesFile.readLine()).trimmed();
        ++lineNumber;
        if (line.isEmpty() || line.startsWith(QLatin1String("#version")))
            continue;
        const QStringList pair = line.split(QLatin1Char(' '));
        if (pair.size() != 2)
            return Error{mergesPath, tr("line %1").arg(lineNumber), tr("expected two symbols separated by a space")};
        bpe.addMerge(pair[0], pair[1], rank++);
    }
    return std::make_shared<Gpt2Tokenizer>(std::move(bpe));
}

std::vector<int> Gpt2Tokenizer::encode(const QString &text) const
{
    // GPT-2's pre-tokenizer pattern (openai/gpt-2 src/encoder.py).
    static const QRegularExpression pattern(
        QStringLiteral(R"('s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+)"),
        QRegularExpression::UseUnicodePropertiesOption);
    std::vector<int> ids;
    auto it = pattern.globalMatch(text);
    while (it.hasNext()) {
        const QByteArray bytes = it.next().captured().toUtf8();
        QStringList symbols;
        symbols.reserve(bytes.size());
        for (char c : bytes)
            symbols << QString(byteToChar(uchar(c)));
        for (const QString &piece : m_bpe.merge(symbols)) {
            const int id = m_bpe.id(piece);
            if (id >= 0)
                ids.push_back(id);
            else // a vocabulary without some merged piece: fall back to its single bytes
                for (QChar ch : piece)
                    if (m_bpe.id(QString(ch)) >= 0)
                        ids.push_back(m_bpe.id(QString(ch)));
        }
    }
    return ids;
}

QByteArray Gpt2Tokenizer::tokenBytes(int id) const
{
    QByteArray bytes;
    for (QChar ch : m_bpe.token(id)) {
        const ushort u = ch.unicode();
        if (u < m_charToByte.size() && m_charToByte[u] >= 0)
            bytes.append(char(m_charToByte[u]));
        else
            bytes.append(QString(ch).toUtf8()); // special tokens such as <|endoftext|>
    }
    return bytes;
}

QString Gpt2Tokenizer::decode(const std::vector<int> &ids) const
{
    QByteArray bytes;
    for (int id : ids)
        bytes.append(tokenBytes(id));
    return QString::fromUtf8(bytes);
}

QStringList Gpt2Tokenizer::labels(const std::vector<int> &ids) const
{
    QStringList out;
    for (int id : ids) {
        const QByteArray bytes = tokenBytes(id);
        const QString text = QString::fromUtf8(bytes);
        if (!text.contains(QChar::ReplacementCharacter)) {
            out << text;
            continue;
        }
        // Part of a character split across tokens (common for Chinese): show the bytes.
        QString hex;
        for (char c : bytes)
            hex += QStringLiteral("<0x%1>").arg(QString::number(uchar(c), 16).toUpper().rightJustified(2, QLatin1Char('0')));
        out << hex;
    }
    return out;
}

} // namespace tx
