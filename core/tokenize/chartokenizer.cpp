#include "core/tokenize/chartokenizer.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>
#include <QSet>

#include <algorithm>
#include <map>

namespace tx {

namespace {

QString byteToken(int b)
{
    return QStringLiteral("<0x%1>").arg(QString::number(b, 16).toUpper().rightJustified(2, QLatin1Char('0')));
}

// "<0xNN>" → NN, −1 for anything else.
int byteOf(const QString &token)
{
    if (token.size() != 6 || !token.startsWith(QLatin1String("<0x")) || !token.endsWith(QLatin1Char('>')))
        return -1;
    bool ok = false;
    const int b = token.mid(3, 2).toInt(&ok, 16);
    return ok ? b : -1;
}

// How a character reads on a chip: the visible space and line break, control characters as bytes.
QString visible(char32_t c)
{
    if (c == U' ')
        return QStringLiteral("␣");
    if (c == U'\n')
        return QStringLiteral("↵");
    if (c == U'\t')
        return QStringLiteral("⇥");
    if (c < 0x20 || c == 0x7f)
        return byteToken(int(c));
    return QString::fromUcs4(&c, 1);
}

} // namespace

CharTokenizer CharTokenizer::fromCharacters(const std::vector<char32_t> &characters)
{
    CharTokenizer t;
    for (char32_t c : characters) {
        if (t.m_ids.contains(c))
            continue;
        t.m_ids.insert(c, kByteTokens + int(t.m_chars.size()));
        t.m_chars.push_back(c);
    }
    return t;
}

CharTokenizer CharTokenizer::fromText(const QString &text, int minCount)
{
    std::map<char32_t, std::int64_t> counts;
    for (char32_t c : text.toUcs4())
        ++counts[c];
    std::vector<std::pair<char32_t, std::int64_t>> order(counts.begin(), counts.end());
    std::stable_sort(order.begin(), order.end(), [](const auto &a, const auto &b) { return a.second > b.second; });
    std::vector<char32_t> chars;
    for (const auto &[c, n] : order)
        if (n >= minCount)
            chars.push_back(c);
    return fromCharacters(chars);
}

CharTokenizer CharTokenizer::withSpecialTokens(const QStringList &tokens) const
{
    CharTokenizer t = *this;
    for (const QString &token : tokens)
        if (!token.isEmpty() && !t.m_specials.contains(token))
            t.m_specials << token;
    return t;
}

int CharTokenizer::specialId(const QString &token) const
{
    const qsizetype i = m_specials.indexOf(token);
    return i < 0 ? -1 : firstSpecial() + int(i);
}

int CharTokenizer::specialAt(const QString &text, qsizetype at) const
{
    int best = -1;
    qsizetype bestLength = 0;
    for (qsizetype i = 0; i < m_specials.size(); ++i) {
        const QString &s = m_specials[i];
        if (s.size() > bestLength && QStringView(text).mid(at).startsWith(s)) {
            best = firstSpecial() + int(i);
            bestLength = s.size();
        }
    }
    return best;
}

bool CharTokenizer::isCharLevel(const QJsonObject &root)
{
    const QJsonObject model = root.value(QStringLiteral("model")).toObject();
    return model.value(QStringLiteral("type")).toString() == QLatin1String("BPE")
        && model.value(QStringLiteral("byte_fallback")).toBool(false)
        && model.value(QStringLiteral("merges")).toArray().isEmpty()
        && (root.value(QStringLiteral("normalizer")).isNull() || root.value(QStringLiteral("normalizer")).isUndefined())
        && (root.value(QStringLiteral("pre_tokenizer")).isNull() || root.value(QStringLiteral("pre_tokenizer")).isUndefined());
}

Expected<CharTokenizer, Error> CharTokenizer::fromJson(const QJsonObject &root, const QString &path)
{
    if (!isCharLevel(root))
        return Error{path, QStringLiteral("model"),
                     tr("not a character-level tokenizer (a BPE model without merges, with byte_fallback, "
                        "no normalizer and no pre-tokenizer)")};
    const QJsonObject vocab = root.value(QStringLiteral("model")).toObject().value(QStringLiteral("vocab")).toObject();
    std::vector<char32_t> byId(std::size_t(vocab.size()), 0);
    std::vector<bool> seen(byId.size(), false);
    for (auto it = vocab.begin(); it != vocab.end(); ++it) {
        const QString field = QStringLiteral("model.vocab.") + it.key();
        const double v = it.value().toDouble(-1);
        if (!it.value().isDouble() || v < 0 || v >= double(byId.size()) || v != double(int(v)))
            return Error{path, field, tr("ids must run from 0 to %1 without gaps").arg(byId.size() - 1)};
        const int id = int(v);
        if (seen[std::size_t(id)])
            return Error{path, field, tr("id %1 is used twice").arg(id)};
        seen[std::size_t(id)] = true;
        const int b = byteOf(it.key());
        const QList<uint> ucs4 = it.key().toUcs4();
        if (id < kByteTokens) {
            if (b != id)
                return Error{path, field, tr("ids 0–255 must be the byte tokens <0x00>…<0xFF>")};
        } else if (ucs4.size() != 1) {
            return Error{path, field, tr("a token from id 256 on must be one character")};
        } else {
            byId[std::size_t(id)] = char32_t(ucs4.first());
        }
    }
    if (byId.size() < std::size_t(kByteTokens))
        return Error{path, QStringLiteral("model.vocab"), tr("needs the 256 byte tokens, has %1 entries").arg(byId.size())};
    CharTokenizer t = fromCharacters(std::vector<char32_t>(byId.begin() + kByteTokens, byId.end()));
    // Special tokens: ids right after the characters, in order, as toJson() writes them. An added
    // token that only repeats a vocabulary entry (same text, same id) adds nothing. Every position
    // of a text is matched against each special token, so a hostile file's count is bounded.
    const QJsonArray added = root.value(QStringLiteral("added_tokens")).toArray();
    if (added.size() > kMaxSpecialTokens)
        return Error{path, QStringLiteral("added_tokens"),
                     tr("at most %1 special tokens, this file has %2").arg(kMaxSpecialTokens).arg(added.size())};
    QSet<QString> specials;
    for (qsizetype i = 0; i < added.size(); ++i) {
        const QJsonObject token = added[i].toObject();
        const QString field = QStringLiteral("added_tokens[%1]").arg(i);
        const QString content = token.value(QStringLiteral("content")).toString();
        if (vocab.contains(content) && vocab.value(content) == token.value(QStringLiteral("id")))
            continue;
        if (content.isEmpty() || specials.contains(content))
            return Error{path, field + QStringLiteral(".content"), tr("expected a token text used once")};
        specials.insert(content);
        const int expected = t.vocabSize();
        if (token.value(QStringLiteral("id")).toDouble(-1) != double(expected))
            return Error{path, field + QStringLiteral(".id"),
                         tr("expected %1: special tokens follow the vocabulary's %2 entries in order")
                             .arg(expected)
                             .arg(byId.size())};
        t.m_specials << content;
    }
    return t;
}

QByteArray CharTokenizer::toJson() const
{
    QJsonObject vocab;
    for (int b = 0; b < kByteTokens; ++b)
        vocab.insert(byteToken(b), b);
    for (std::size_t i = 0; i < m_chars.size(); ++i)
        vocab.insert(QString::fromUcs4(&m_chars[i], 1), kByteTokens + int(i));
    QJsonObject model{{QStringLiteral("type"), QStringLiteral("BPE")},
                      {QStringLiteral("dropout"), QJsonValue::Null},
                      {QStringLiteral("unk_token"), QJsonValue::Null},
                      {QStringLiteral("continuing_subword_prefix"), QJsonValue::Null},
                      {QStringLiteral("end_of_word_suffix"), QJsonValue::Null},
                      {QStringLiteral("fuse_unk"), false},
                      {QStringLiteral("byte_fallback"), true},
                      {QStringLiteral("ignore_merges"), false},
                      {QStringLiteral("vocab"), vocab},
                      {QStringLiteral("merges"), QJsonArray()}};
    // Hugging Face's AddedToken fields: split out whole, wherever they stand, never normalized.
    QJsonArray added;
    for (qsizetype i = 0; i < m_specials.size(); ++i)
        added.append(QJsonObject{{QStringLiteral("id"), firstSpecial() + int(i)},
                                 {QStringLiteral("content"), m_specials[i]},
                                 {QStringLiteral("single_word"), false},
                                 {QStringLiteral("lstrip"), false},
                                 {QStringLiteral("rstrip"), false},
                                 {QStringLiteral("normalized"), false},
                                 {QStringLiteral("special"), true}});
    const QJsonArray decoders{QJsonObject{{QStringLiteral("type"), QStringLiteral("ByteFallback")}},
                              QJsonObject{{QStringLiteral("type"), QStringLiteral("Fuse")}}};
    QJsonObject root{{QStringLiteral("version"), QStringLiteral("1.0")},
                     {QStringLiteral("truncation"), QJsonValue::Null},
                     {QStringLiteral("padding"), QJsonValue::Null},
                     {QStringLiteral("added_tokens"), added},
                     {QStringLiteral("normalizer"), QJsonValue::Null},
                     {QStringLiteral("pre_tokenizer"), QJsonValue::Null},
                     {QStringLiteral("post_processor"), QJsonValue::Null},
                     {QStringLiteral("decoder"),
                      QJsonObject{{QStringLiteral("type"), QStringLiteral("Sequence")}, {QStringLiteral("decoders"), decoders}}},
                     {QStringLiteral("model"), model}};
    return QJsonDocument(root).toJson(QJsonDocument::Compact);
}

std::optional<Error> CharTokenizer::save(const QString &path) const
{
    const QByteArray json = toJson();
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(json) != json.size() || !f.commit())
        return Error{path, {}, f.errorString()};
    return std::nullopt;
}

std::vector<int> CharTokenizer::encode(const QString &text) const
{
    std::vector<int> ids;
    for (qsizetype at = 0; at < text.size();) {
        if (const int special = m_specials.isEmpty() ? -1 : specialAt(text, at); special >= 0) {
            ids.push_back(special);
            at += m_specials[special - firstSpecial()].size();
            continue;
        }
        // One code point, as QString::toUcs4 reads it (an unpaired surrogate is U+FFFD).
        const bool pair = text[at].isHighSurrogate() && at + 1 < text.size() && text[at + 1].isLowSurrogate();
        const char32_t c = pair ? QChar::surrogateToUcs4(text[at], text[at + 1])
            : text[at].isSurrogate() ? char32_t(QChar::ReplacementCharacter)
                                     : char32_t(text[at].unicode());
        at += pair ? 2 : 1;
        const int id = m_ids.value(c, -1);
        if (id >= 0) {
            ids.push_back(id);
            continue;
        }
        for (char b : QString::fromUcs4(&c, 1).toUtf8())
            ids.push_back(int(static_cast<unsigned char>(b)));
    }
    return ids;
}

QString CharTokenizer::decode(const std::vector<int> &ids) const
{
    QByteArray utf8;
    for (int id : ids) {
        if (id >= 0 && id < kByteTokens)
            utf8.append(char(id));
        else if (id >= kByteTokens && id < firstSpecial())
            utf8.append(QString::fromUcs4(&m_chars[std::size_t(id - kByteTokens)], 1).toUtf8());
        else if (id >= firstSpecial() && id < vocabSize())
            utf8.append(m_specials[id - firstSpecial()].toUtf8());
    }
    return QString::fromUtf8(utf8);
}

QStringList CharTokenizer::labels(const std::vector<int> &ids) const
{
    QStringList out;
    for (std::size_t i = 0; i < ids.size(); ++i) {
        const int id = ids[i];
        if (id >= kByteTokens && id < firstSpecial()) {
            out << visible(m_chars[std::size_t(id - kByteTokens)]);
            continue;
        }
        if (id >= firstSpecial() && id < vocabSize()) {
            out << m_specials[id - firstSpecial()];
            continue;
        }
        // A byte token: the character on its lead byte, "·" on the continuation bytes, as the
        // byte tokenizer labels them.
        const int b = id & 0xff;
        if ((b & 0xc0) == 0x80) {
            out << QStringLiteral("·");
            continue;
        }
        const int length = (b & 0xe0) == 0xc0 ? 2 : (b & 0xf0) == 0xe0 ? 3 : (b & 0xf8) == 0xf0 ? 4 : 1;
        QByteArray seq;
        for (int k = 0; k < length && i + std::size_t(k) < ids.size() && ids[i + std::size_t(k)] < kByteTokens; ++k)
            seq.append(char(ids[i + std::size_t(k)] & 0xff));
        const QList<uint> ucs4 = QString::fromUtf8(seq).toUcs4();
        out << (length > 1 && ucs4.size() == 1 ? visible(char32_t(ucs4.first())) : visible(char32_t(b)));
    }
    return out;
}

} // namespace tx
