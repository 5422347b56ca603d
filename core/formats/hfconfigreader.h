#pragma once

#include "core/base/error.h"
#include "core/formats/hfconfigimporter.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonObject>
#include <QString>

#include <cmath>
#include <initializer_list>
#include <limits>
#include <optional>

namespace tx {

// Reads typed values out of a config.json object. The first problem is kept and later
// reads return their fallbacks, so a mapping reads straight through and checks once.
// Each read can name the design field it feeds, so validation errors point back at the
// config key the user wrote.
class HfConfigReader
{
public:
    HfConfigReader(QJsonObject object, QString file, QString modelType)
        : m_object(std::move(object)), m_file(std::move(file)), m_modelType(std::move(modelType))
    {
    }

    // Written in the file, possibly as null.
    bool contains(const char *key) const { return m_object.contains(QLatin1String(key)); }

    // Present and not null (HF writes null for "use the default").
    bool has(const char *key) const
    {
        const QJsonValue v = m_object.value(QLatin1String(key));
        return !v.isUndefined() && !v.isNull();
    }

    int requiredInt(std::initializer_list<const char *> keys, const char *designField = nullptr)
    {
        const char *key = firstPresent(keys);
        if (!key) {
            fail(*keys.begin(), HfConfigImporter::tr("required key is missing (model_type \"%1\")").arg(m_modelType));
            return 0;
        }
        return readInt(key, 0, designField);
    }

    int optionalInt(std::initializer_list<const char *> keys, int fallback, const char *designField = nullptr)
    {
        const char *key = firstPresent(keys);
        return key ? readInt(key, fallback, designField) : fallback;
    }

    double optionalDouble(const char *key, double fallback, const char *designField = nullptr)
    {
        if (!has(key))
            return fallback;
        const QJsonValue v = m_object.value(QLatin1String(key));
        if (!v.isDouble() || !std::isfinite(v.toDouble())) {
            fail(key, HfConfigImporter::tr("expected a number"));
            return fallback;
        }
        note(designField, key);
        return v.toDouble();
    }

    bool optionalBool(const char *key, bool fallback, const char *designField = nullptr)
    {
        if (!has(key))
            return fallback;
        const QJsonValue v = m_object.value(QLatin1String(key));
        if (!v.isBool()) {
            fail(key, HfConfigImporter::tr("expected true or false"));
            return fallback;
        }
        note(designField, key);
        return v.toBool();
    }

    // Returns the value and the key it came from (empty when absent).
    QString optionalString(std::initializer_list<const char *> keys, const QString &fallback, const char **usedKey = nullptr)
    {
        const char *key = firstPresent(keys);
        if (usedKey)
            *usedKey = key ? key : *keys.begin();
        if (!key)
            return fallback;
        const QJsonValue v = m_object.value(QLatin1String(key));
        if (!v.isString()) {
            fail(key, HfConfigImporter::tr("expected a string"));
            return fallback;
        }
        return v.toString();
    }

    QJsonValue value(const char *key) const { return m_object.value(QLatin1String(key)); }

    // A list of non-negative integers (mlp_only_layers, no_rope_layers, moe_layers).
    std::vector<int> optionalIntList(const char *key)
    {
        std::vector<int> out;
        if (!has(key))
            return out;
        const QJsonValue v = value(key);
        if (!v.isArray()) {
            fail(key, HfConfigImporter::tr("expected a list of integers"));
            return out;
        }
        for (const QJsonValue &x : v.toArray()) {
            const double d = x.toDouble(std::nan(""));
            if (!x.isDouble() || d != std::floor(d) || d < 0 || d > double(std::numeric_limits<int>::max())) {
                fail(key, HfConfigImporter::tr("expected a list of integers"));
                return {};
            }
            out.push_back(int(d));
        }
        return out;
    }

    void fail(const char *key, const QString &message)
    {
        if (!m_error)
            m_error = Error{m_file, QString::fromLatin1(key), message};
    }

    void note(const char *designField, const char *key)
    {
        if (designField)
            m_origin.insert(QString::fromLatin1(designField), QString::fromLatin1(key));
    }

    const std::optional<Error> &error() const { return m_error; }
    const QString &file() const { return m_file; }
    // The config key that set a design field, or the design field itself.
    QString originOf(const QString &designField) const { return m_origin.value(designField, designField); }

private:
    const char *firstPresent(std::initializer_list<const char *> keys) const
    {
        for (const char *k : keys)
            if (has(k))
                return k;
        return nullptr;
    }

    int readInt(const char *key, int fallback, const char *designField)
    {
        const QJsonValue v = m_object.value(QLatin1String(key));
        const double x = v.toDouble(std::nan(""));
        if (!v.isDouble() || std::isnan(x) || x != std::floor(x) || x < 0
            || x > double(std::numeric_limits<int>::max())) {
            fail(key, HfConfigImporter::tr("expected a non-negative integer"));
            return fallback;
        }
        note(designField, key);
        return static_cast<int>(x);
    }

    QJsonObject m_object;
    QString m_file;
    QString m_modelType;
    std::optional<Error> m_error;
    QHash<QString, QString> m_origin;
};

} // namespace tx
