#pragma once

#include <QCoreApplication>
#include <QString>

namespace tx {

// Plain-word, translated names for the stable keys of the parameter breakdown
// ("ffn" -> "Feed-forward (MLP)") and for design-file fields ("n_kv_heads" -> "Key/value heads").
class ComponentNames
{
    Q_DECLARE_TR_FUNCTIONS(tx::ComponentNames)

public:
    static QString component(const QString &key);
    static QString field(const QString &key);
};

} // namespace tx
