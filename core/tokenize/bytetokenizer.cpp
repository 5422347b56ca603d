#include "core/tokenize/bytetokenizer.h"

namespace tx {

std::vector<int> ByteTokenizer::encode(const QString &text) const
{
    const QByteArray utf8 = text.toUtf8();
    std::vector<int> ids;
    ids.reserve(std::size_t(utf8.size()));
    for (char c : utf8)
        ids.push_back(int(static_cast<unsigned char>(c)));
    return ids;
}

QString ByteTokenizer::decode(const std::vector<int> &ids) const
{
    QByteArray utf8;
    for (int id : ids)
        utf8.append(char(id & 0xff));
    return QString::fromUtf8(utf8);
}

QStringList ByteTokenizer::labels(const std::vector<int> &ids) const
{
    QStringList out;
    for (std::size_t i = 0; i < ids.size(); ++i) {
        const int b = ids[i] & 0xff;
        int length = 1; // bytes of the UTF-8 sequence this lead byte starts
        if ((b & 0xe0) == 0xc0)
            length = 2;
        else if ((b & 0xf0) == 0xe0)
            length = 3;
        else if ((b & 0xf8) == 0xf0)
            length = 4;
        if ((b & 0xc0) == 0x80) {
            out << QStringLiteral("·"); // continuation byte
        } else if (b < 0x20 || b == 0x7f) {
            out << QStringLiteral("<0x%1>").arg(QString::number(b, 16).toUpper().rightJustified(2, QLatin1Char('0')));
        } else {
            QByteArray seq;
            for (int k = 0; k < length && i + std::size_t(k) < ids.size(); ++k)
                seq.append(char(ids[i + std::size_t(k)] & 0xff));
            out << QString::fromUtf8(seq);
        }
    }
    return out;
}

} // namespace tx
