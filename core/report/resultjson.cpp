#include "core/report/resultjson.h"

namespace tx {

JsonTree ResultJson::nodeTree(const ParamNode &n)
{
    JsonTree o = JsonTree::object();
    o.insert(QStringLiteral("name"), n.key);
    o.insert(QStringLiteral("params"), qint64(n.params));
    if (!n.children.empty()) {
        JsonTree children = JsonTree::array();
        for (const ParamNode &c : n.children)
            children.append(nodeTree(c));
        o.insert(QStringLiteral("children"), std::move(children));
    }
    return o;
}

JsonTree ResultJson::paramsTree(const ParamCount &c)
{
    JsonTree o = JsonTree::object();
    o.insert(QStringLiteral("total"), qint64(c.total));
    o.insert(QStringLiteral("active"), qint64(c.active));
    o.insert(QStringLiteral("executed"), qint64(c.executed));
    o.insert(QStringLiteral("embedding"), qint64(c.embedding));
    o.insert(QStringLiteral("non_embedding"), qint64(c.nonEmbedding));
    o.insert(QStringLiteral("lora"), qint64(c.lora));
    o.insert(QStringLiteral("active_without_input_embedding"), qint64(c.activeWithoutInputEmbedding));
    o.insert(QStringLiteral("mtp"), qint64(c.mtp));
    o.insert(QStringLiteral("breakdown"), nodeTree(c.breakdown));
    return o;
}

QJsonObject ResultJson::node(const ParamNode &n)
{
    return nodeTree(n).toObject();
}

QJsonObject ResultJson::params(const ParamCount &c)
{
    return paramsTree(c).toObject();
}

} // namespace tx
