#include "core/base/jsontree.h"

#include <QCborValue>
#include <QJsonArray>

#include <algorithm>
#include <charconv>
#include <string>
#include <string_view>
#include <cmath>

namespace tx {

namespace {

char hexDigit(unsigned u)
{
    return char(u < 10 ? '0' + u : 'a' + u - 10);
}

char *escapeUnit(char *p, char16_t u)
{
    *p++ = '\\';
    *p++ = 'u';
    *p++ = hexDigit(u >> 12 & 0xf);
    *p++ = hexDigit(u >> 8 & 0xf);
    *p++ = hexDigit(u >> 4 & 0xf);
    *p++ = hexDigit(u & 0xf);
    return p;
}

// As qjsonwriter.cpp's escapedString: ASCII controls, '"' and '\\' escaped, the rest UTF-8, a
// lone surrogate as \uXXXX. Written through a pointer into room made once (6 bytes a unit at
// most): appending a byte at a time was most of the writing time.
void writeString(QByteArray &out, const QString &s)
{
    const qsizetype start = out.size();
    out.resize(start + 6 * s.size() + 2);
    char *const begin = out.data();
    char *p = begin + start;
    *p++ = '"';
    const char16_t *src = reinterpret_cast<const char16_t *>(s.constData());
    const char16_t *const end = src + s.size();
    while (src != end) {
        const char16_t u = *src++;
        if (u < 0x80) {
            if (u >= 0x20 && u != 0x22 && u != 0x5c) {
                *p++ = char(u);
                continue;
            }
            *p++ = '\\';
            switch (u) {
            case 0x22: *p++ = '"'; break;
            case 0x5c: *p++ = '\\'; break;
            case 0x8: *p++ = 'b'; break;
            case 0xc: *p++ = 'f'; break;
            case 0xa: *p++ = 'n'; break;
            case 0xd: *p++ = 'r'; break;
            case 0x9: *p++ = 't'; break;
            default:
                *p++ = 'u';
                *p++ = '0';
                *p++ = '0';
                *p++ = hexDigit(u >> 4);
                *p++ = hexDigit(u & 0xf);
            }
        } else if (u < 0x800) {
            *p++ = char(0xc0 | (u >> 6));
            *p++ = char(0x80 | (u & 0x3f));
        } else if (u >= 0xd800 && u < 0xdc00) { // high surrogate: with a low one, 4 bytes
            if (src == end || *src < 0xdc00 || *src >= 0xe000) {
                p = escapeUnit(p, u);
                continue;
            }
            const char32_t c = 0x10000 + ((char32_t(u) - 0xd800) << 10) + (char32_t(*src++) - 0xdc00);
            *p++ = char(0xf0 | (c >> 18));
            *p++ = char(0x80 | ((c >> 12) & 0x3f));
            *p++ = char(0x80 | ((c >> 6) & 0x3f));
            *p++ = char(0x80 | (c & 0x3f));
        } else if (u >= 0xdc00 && u < 0xe000) { // a lone low surrogate
            p = escapeUnit(p, u);
        } else {
            *p++ = char(0xe0 | (u >> 12));
            *p++ = char(0x80 | ((u >> 6) & 0x3f));
            *p++ = char(0x80 | (u & 0x3f));
        }
    }
    *p++ = '"';
    out.resize(p - begin);
}

// As QByteArray::number(d, 'g', QLocale::FloatingPointShortest): the fewest digits that read
// back (std::to_chars, without going through QLocale, which was a third of the writing time),
// in plain notation padded with zeros when that is no longer than the exponent form ("1e+16",
// "174434591167716400", "0.0001"). tst_jsontree compares the two on a million doubles.
void writeShortest(QByteArray &out, double d)
{
    char sci[64];
    const std::to_chars_result r = std::to_chars(sci, sci + sizeof sci, d, std::chars_format::scientific);
    const std::string_view text(sci, std::size_t(r.ptr - sci));
    const std::size_t e = text.find('e');
    const bool negative = text.front() == '-';
    std::string digits;
    for (std::size_t i = negative ? 1 : 0; i < e; ++i)
        if (text[i] != '.')
            digits += text[i];
    int exponent = 0;
    std::from_chars(text.data() + e + (text[e + 1] == '+' ? 2 : 1), text.data() + text.size(), exponent);
    const int count = int(digits.size());
    const int point = exponent + 1; // digits before the decimal point
    std::string plain;
    if (point <= 0)
        plain = "0." + std::string(std::size_t(-point), '0') + digits;
    else if (point < count)
        plain = digits.substr(0, std::size_t(point)) + "." + digits.substr(std::size_t(point));
    else
        plain = digits + std::string(std::size_t(point - count), '0');
    if (negative)
        plain.insert(plain.begin(), '-');
    if (plain.size() <= text.size())
        out.append(plain.data(), qsizetype(plain.size()));
    else
        out.append(text.data(), qsizetype(text.size()));
}

void writeIndent(QByteArray &out, int indent)
{
    out.append(qsizetype(4 * indent), ' ');
}

} // namespace

JsonTree JsonTree::object(std::initializer_list<std::pair<QString, JsonTree>> members)
{
    JsonTree o(Kind::Object);
    o.m_children.reserve(members.size());
    for (const auto &[key, value] : members)
        o.insert(key, value);
    return o;
}

JsonTree &JsonTree::insert(const QString &key, JsonTree value)
{
    value.m_key = key;
    for (JsonTree &c : m_children)
        if (c.m_key == key)
            return c = std::move(value);
    m_children.push_back(std::move(value));
    return m_children.back();
}

void JsonTree::append(JsonTree value)
{
    m_children.push_back(std::move(value));
}

JsonTree JsonTree::fromJsonValue(const QJsonValue &v)
{
    switch (v.type()) {
    case QJsonValue::Bool: return v.toBool();
    case QJsonValue::Double: {
        const QCborValue stored = QCborValue::fromJsonValue(v);
        return stored.isInteger() ? JsonTree(qint64(stored.toInteger())) : JsonTree(v.toDouble());
    }
    case QJsonValue::String: return v.toString();
    case QJsonValue::Array: {
        JsonTree a = array();
        for (const QJsonValue &e : v.toArray())
            a.append(fromJsonValue(e));
        return a;
    }
    case QJsonValue::Object: {
        JsonTree o = object();
        const QJsonObject obj = v.toObject();
        for (auto it = obj.begin(); it != obj.end(); ++it)
            o.insert(it.key(), fromJsonValue(it.value()));
        return o;
    }
    case QJsonValue::Null:
    case QJsonValue::Undefined: break;
    }
    return {};
}

QJsonValue JsonTree::toJsonValue() const
{
    switch (m_kind) {
    case Kind::Null: return QJsonValue(QJsonValue::Null);
    case Kind::Bool: return m_bool;
    case Kind::Integer: return qint64(m_integer);
    case Kind::Double: return m_double;
    case Kind::String: return m_string;
    case Kind::Object: {
        QJsonObject o;
        for (const JsonTree &c : m_children)
            o.insert(c.m_key, c.toJsonValue());
        return o;
    }
    case Kind::Array: {
        QJsonArray a;
        for (const JsonTree &c : m_children)
            a.append(c.toJsonValue());
        return a;
    }
    }
    return {};
}

QByteArray JsonTree::toJson(bool compact) const
{
    QByteArray out;
    out.reserve(4096);
    write(out, 0, compact);
    if (!compact && (m_kind == Kind::Object || m_kind == Kind::Array))
        out += '\n'; // QJsonDocument ends an indented document with a newline
    return out;
}

void JsonTree::write(QByteArray &out, int indent, bool compact) const
{
    switch (m_kind) {
    case Kind::Null: out += "null"; return;
    case Kind::Bool: out += m_bool ? "true" : "false"; return;
    case Kind::Integer: out += QByteArray::number(qint64(m_integer)); return;
    case Kind::Double:
        // As Qt 6.4 stores and writes a double: a whole number within ±2^53 as an integer
        // (3.35e12 bytes/s as 3350000000000), the rest in the shortest form that reads back
        // (1e+16, 174434591167716400), NaN and infinity as null (JSON has neither).
        if (!std::isfinite(m_double))
            out += "null";
        else if (m_double == std::trunc(m_double) && std::fabs(m_double) <= 0x1p53)
            out += QByteArray::number(qint64(m_double));
        else
            writeShortest(out, m_double);
        return;
    case Kind::String: writeString(out, m_string); return;
    case Kind::Object:
    case Kind::Array:
        out += m_kind == Kind::Object ? (compact ? "{" : "{\n") : (compact ? "[" : "[\n");
        writeContent(out, indent + (compact ? 0 : 1), compact);
        writeIndent(out, compact ? 0 : indent);
        out += m_kind == Kind::Object ? '}' : ']';
        return;
    }
}

void JsonTree::writeContent(QByteArray &out, int indent, bool compact) const
{
    if (m_children.empty())
        return;
    // QJsonObject keeps its keys sorted (UTF-16 order); arrays keep theirs.
    std::vector<const JsonTree *> order;
    order.reserve(m_children.size());
    for (const JsonTree &c : m_children)
        order.push_back(&c);
    if (m_kind == Kind::Object)
        std::sort(order.begin(), order.end(), [](const JsonTree *a, const JsonTree *b) { return a->m_key < b->m_key; });
    for (std::size_t i = 0; i < order.size(); ++i) {
        writeIndent(out, compact ? 0 : indent);
        if (m_kind == Kind::Object) {
            writeString(out, order[i]->m_key);
            out += compact ? ":" : ": ";
        }
        order[i]->write(out, indent, compact);
        if (i + 1 < order.size())
            out += compact ? "," : ",\n";
        else if (!compact)
            out += '\n';
    }
}

} // namespace tx
