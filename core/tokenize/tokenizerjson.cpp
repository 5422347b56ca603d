#include "core/tokenize/tokenizerjson.h"

#include "core/tokenize/chartokenizer.h"
#include "core/tokenize/gpt2tokenizer.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace tx {

namespace {

const QChar kSpace(0x2581); // "▁", SentencePiece's visible space

bool mentions(const QJsonValue &v, const QString &type)
{
    if (v.isObject()) {
        const QJsonObject o = v.toObject();
        if (o.value(QStringLiteral("type")).toString() == type)
            return true;
        for (const QString &key : {QStringLiteral("pretokenizers"), QStringLiteral("normalizers")})
            for (const QJsonValue &child : o.value(key).toArray())
                if (mentions(child, type))
                    return true;
    }
    return false;
}

int byteToken(const Bpe &bpe, uchar b)
{
    return bpe.id(QStringLiteral("<0x%1>").arg(QString::number(b, 16).toUpper().rightJustified(2, QLatin1Char('0'))));
}

} // namespace

Expected<std::shared_ptr<Tokenizer>, Error> TokenizerJson::load(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Error{path, {}, tr("cannot open: %1").arg(file.errorString())};
    if (file.size() > 200'000'000)
        return Error{path, {}, tr("too large for a tokenizer (%1 bytes)").arg(file.size())};
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll(), &parseError);
    if (!doc.isObject())
        return Error{path, {}, tr("not a JSON object (%1)").arg(parseError.errorString())};
    const QJsonObject root = doc.object();
    if (CharTokenizer::isCharLevel(root)) {
        auto chars = CharTokenizer::fromJson(root, path);
        if (!chars)
            return chars.error();
        return std::shared_ptr<Tokenizer>(std::make_shared<CharTokenizer>(std::move(*chars)));
    }
    const QJsonObject model = root.value(QStringLiteral("model")).toObject();
    if (model.value(QStringLiteral("type")).toString() != QLatin1String("BPE"))
        return Error{path, QStringLiteral("model.type"), tr("only BPE tokenizers are read, this one is \"%1\"")
                                                            .arg(model.value(QStringLiteral("type")).toString())};
    Bpe bpe;
    const QJsonObject vocab = model.value(QStringLiteral("vocab")).toObject();
    if (vocab.isEmpty())
        return Error{path, QStringLiteral("model.vocab"), tr("missing or empty")};
    // Ids index a table as long as the largest id, so an id far past the file's own entries would
    // allocate gigabytes for a kilobyte file (as fuzz/fuzz_gpt2_bpe found for vocab.json). Real
    // vocabularies are dense, with small gaps before some added tokens (cl100k's specials).
    const QJsonArray added = root.value(QStringLiteral("added_tokens")).toArray();
    const qint64 idLimit = std::min<qint64>(16777216, 2 * (qint64(vocab.size()) + added.size()) + 1024);
    auto addToken = [&bpe, idLimit](const QString &token, const QJsonValue &v) {
        const double id = v.toDouble(-1);
        if (!v.isDouble() || id < 0 || id >= double(idLimit) || id != double(int(id)))
            return false;
        bpe.addToken(token, int(id));
        return true;
    };
    for (auto it = vocab.begin(); it != vocab.end(); ++it)
        if (!addToken(it.key(), it.value()))
            return Error{path, QStringLiteral("model.vocab.") + it.key(),
                         tr("token id must be an integer from 0 to %1 (twice the file's entries, plus 1,024)")
                             .arg(idLimit - 1)};
    for (const QJsonValue &t : added)
        addToken(t.toObject().value(QStringLiteral("content")).toString(), t.toObject().value(QStringLiteral("id")));
    int rank = 0;
    for (const QJsonValue &m : model.value(QStringLiteral("merges")).toArray()) {
        QStringList pair;
        if (m.isString()) // "left right" (tokenizers < 0.20)
            pair = m.toString().split(QLatin1Char(' '));
        else // ["left", "right"]
            for (const QJsonValue &s : m.toArray())
                pair << s.toString();
        if (pair.size() != 2)
            return Error{path, QStringLiteral("model.merges[%1]").arg(rank), tr("expected two symbols")};
        bpe.addMerge(pair[0], pair[1], rank++);
    }

    if (mentions(root.value(QStringLiteral("pre_tokenizer")), QStringLiteral("ByteLevel")))
        return std::shared_ptr<Tokenizer>(std::make_shared<Gpt2Tokenizer>(std::move(bpe)));

    auto t = std::make_shared<TokenizerJson>();
    t->m_byteFallback = model.value(QStringLiteral("byte_fallback")).toBool(false);
    const QString unk = model.value(QStringLiteral("unk_token")).toString();
    t->m_unknown = unk.isEmpty() ? -1 : bpe.id(unk);
    const QJsonValue normalizer = root.value(QStringLiteral("normalizer"));
    const QJsonValue pre = root.value(QStringLiteral("pre_tokenizer"));
    // Llama 2: normalizer [Prepend "▁", Replace " " → "▁"]; older files: Metaspace pre-tokenizer.
    t->m_prependSpace = mentions(normalizer, QStringLiteral("Prepend"))
        || (mentions(pre, QStringLiteral("Metaspace"))
            && pre.toObject().value(QStringLiteral("prepend_scheme")).toString() != QLatin1String("never")
            && pre.toObject().value(QStringLiteral("add_prefix_space")).toBool(true));
    // Llama's TemplateProcessing: single = [<s>, $A].
    const QJsonArray single = root.value(QStringLiteral("post_processor")).toObject().value(QStringLiteral("single")).toArray();
    if (!single.isEmpty()) {
        const QJsonObject first = single.first().toObject().value(QStringLiteral("SpecialToken")).toObject();
        if (!first.isEmpty())
            t->m_bos = bpe.id(first.value(QStringLiteral("id")).toString());
    }
    t->m_bpe = std::move(bpe);
    return std::shared_ptr<Tokenizer>(t);
}

std::vector<int> TokenizerJson::encode(const QString &text) const
{
    QString normalized = text;
    normalized.replace(QLatin1Char(' '), kSpace);
    if (m_prependSpace && !normalized.isEmpty())
        normalized.prepend(kSpace);
    QStringList symbols;
    for (char32_t cp : normalized.toUcs4())
        symbols << QString::fromUcs4(&cp, 1);
    std::vector<int> ids;
    if (m_bos >= 0)
        ids.push_back(m_bos);
    for (const QString &piece : m_bpe.merge(symbols)) {
        const int id = m_bpe.id(piece);
        if (id >= 0) {
            ids.push_back(id);
        } else if (m_byteFallback) {
            for (char c : piece.toUtf8()) {
                const int b = byteToken(m_bpe, uchar(c));
                ids.push_back(b >= 0 ? b : m_unknown);
            }
        } else if (m_unknown >= 0) {
            ids.push_back(m_unknown);
        }
    }
    ids.erase(std::remove(ids.begin(), ids.end(), -1), ids.end());
    return ids;
}

QString TokenizerJson::decode(const std::vector<int> &ids) const
{
    QByteArray bytes;
    for (int id : ids) {
        if (id == m_bos)
            continue;
        const QString token = m_bpe.token(id);
        bool ok = false;
        if (token.size() == 6 && token.startsWith(QLatin1String("<0x")) && token.endsWith(QLatin1Char('>'))) {
            const int b = token.mid(3, 2).toInt(&ok, 16);
            if (ok)
                bytes.append(char(b));
        }
        if (!ok)
            bytes.append(token.toUtf8());
    }
    QString text = QString::fromUtf8(bytes);
    text.replace(kSpace, QLatin1Char(' '));
    if (m_prependSpace && text.startsWith(QLatin1Char(' ')))
        text.remove(0, 1);
    return text;
}

QStringList TokenizerJson::labels(const std::vector<int> &ids) const
{
    QStringList out;
    for (int id : ids)
        out << m_bpe.token(id);
    return out;
}

} // namespace tx
