#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

#include <cstdint>
#include <initializer_list>
#include <utility>
#include <vector>

namespace tx {

// A JSON value built cheaply and written as text byte for byte as QJsonDocument::toJson writes
// the same value (keys sorted, doubles in the shortest form that reads back, NaN and infinity as
// null, the same escapes and indentation), or handed over as a QJsonObject.
//
// Why: building a QJsonObject stores each key and string in CBOR and writing it allocates a
// string per key and per value; for the size JSON of one design (35 figures of seven keys) that
// was 0.3 ms, more than the whole estimate (bench_designs). tst_jsontree checks the bytes against
// Qt's writer for the size JSON of thousands of hostile designs.
class JsonTree
{
public:
    enum class Kind { Null, Bool, Integer, Double, String, Object, Array };

    JsonTree() = default; // null
    JsonTree(bool b) : m_kind(Kind::Bool), m_bool(b) {}
    JsonTree(int n) : m_kind(Kind::Integer), m_integer(n) {}
    JsonTree(qint64 n) : m_kind(Kind::Integer), m_integer(n) {}
    JsonTree(double d) : m_kind(Kind::Double), m_double(d) {}
    JsonTree(QString s) : m_kind(Kind::String), m_string(std::move(s)) {}
    JsonTree(const char *) = delete; // say QStringLiteral

    static JsonTree object() { return JsonTree(Kind::Object); }
    // An object of these members, as QJsonObject's initializer list makes one.
    static JsonTree object(std::initializer_list<std::pair<QString, JsonTree>> members);
    static JsonTree array() { return JsonTree(Kind::Array); }

    Kind kind() const { return m_kind; }
    // Objects: adds the member, replacing one of the same key (as QJsonObject::insert).
    JsonTree &insert(const QString &key, JsonTree value);
    // Arrays: adds an element at the end.
    void append(JsonTree value);
    // Members or elements, in insertion order.
    const std::vector<JsonTree> &children() const { return m_children; }
    const QString &key() const { return m_key; }
    double toDouble() const { return m_kind == Kind::Integer ? double(m_integer) : m_double; }

    // A Qt value as a tree (integers stay integers, as Qt stores them).
    static JsonTree fromJsonValue(const QJsonValue &value);
    QJsonValue toJsonValue() const;
    QJsonObject toObject() const { return toJsonValue().toObject(); }
    // As QJsonDocument(toObject()).toJson(compact ? Compact : Indented) (objects and arrays).
    QByteArray toJson(bool compact) const;

private:
    explicit JsonTree(Kind kind) : m_kind(kind) {}
    void write(QByteArray &out, int indent, bool compact) const;
    void writeContent(QByteArray &out, int indent, bool compact) const;

    Kind m_kind = Kind::Null;
    bool m_bool = false;
    std::int64_t m_integer = 0;
    double m_double = 0;
    QString m_string;
    QString m_key; // as a member of an object
    std::vector<JsonTree> m_children;
};

} // namespace tx
