#include "core/report/resultjson.h"

#include <QJsonArray>

namespace tx {

QJsonObject ResultJson::node(const ParamNode &n)
{
    QJsonObject o;
    o.insert(QStringLiteral("name"), n.key);
    o.insert(QStringLiteral("params"), qint64(n.params));
    if (!n.children.empty()) {
        QJsonArray children;
        for (const ParamNode &c : n.children)
            children.append(node(c));
        o.insert(QStringLiteral("children"), children);
    }
    return o;
}

QJsonObject ResultJson::params(const ParamCount &c)
{
    QJsonObject o;
    o.insert(QStringLiteral("total"), qint64(c.total));
    o.insert(QStringLiteral("active"), qint64(c.active));
    o.insert(QStringLiteral("executed"), qint64(c.executed));
    o.insert(QStringLiteral("embedding"), qint64(c.embedding));
    o.insert(QStringLiteral("non_embedding"), qint64(c.nonEmbedding));
    o.insert(QStringLiteral("lora"), qint64(c.lora));
    o.insert(QStringLiteral("active_without_input_embedding"), qint64(c.activeWithoutInputEmbedding));
    o.insert(QStringLiteral("mtp"), qint64(c.mtp));
    o.insert(QStringLiteral("breakdown"), node(c.breakdown));
    return o;
}

} // namespace tx
