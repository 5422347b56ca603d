#include "tests/support/referencemodel.h"

#include "core/design/designfile.h"
#include "core/formats/safetensors.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

namespace tx {

QString ReferenceModel::folder(const QString &name)
{
    return QStringLiteral(TX_TEST_DATA_DIR "/engine-features/") + name + QLatin1Char('/');
}

ReferenceModel ReferenceModel::read(const QString &name)
{
    QFile f(folder(name) + QStringLiteral("reference.json"));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("missing reference.json");
    const QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
    ReferenceModel r;
    for (const QJsonValue &v : o.value(QStringLiteral("tokens")).toArray())
        r.tokens.push_back(v.toInt());
    const QJsonArray logits = o.value(QStringLiteral("logits")).toArray();
    const int T = int(logits.size());
    r.logits.resize(T, logits[0].toArray().size());
    for (int t = 0; t < T; ++t)
        for (int v = 0; v < r.logits.cols(); ++v)
            r.logits(t, v) = float(logits[t].toArray()[v].toDouble());
    for (const QJsonValue &layer : o.value(QStringLiteral("attention")).toArray()) {
        for (const QJsonValue &head : layer.toArray()) {
            Mat m(T, T);
            for (int i = 0; i < T; ++i)
                for (int j = 0; j < T; ++j)
                    m(i, j) = float(head.toArray()[i].toArray()[j].toDouble());
            r.attention.push_back(m);
        }
    }
    return r;
}

std::optional<Error> ReferenceModel::fill(const QString &name, TransformerWeights &weights)
{
    auto file = Safetensors::open(folder(name) + QStringLiteral("weights.safetensors"));
    if (!file)
        return file.error();
    const std::vector<TransformerWeights::Slot> engineTensors = weights.registry();
    if (file->names().size() != qsizetype(engineTensors.size()))
        return Error{name, {}, QStringLiteral("%1 tensors in the file, %2 in the engine").arg(file->names().size()).arg(engineTensors.size())};
    for (const TransformerWeights::Slot &s : engineTensors) {
        Mat &m = s.in(weights);
        if (m.rows() == 1 && !s.matrix) {
            auto v = file->vector(s.name, m.cols());
            if (!v)
                return v.error();
            m.row(0) = *v;
        } else {
            auto read = file->matrix(s.name, m.rows(), m.cols());
            if (!read)
                return read.error();
            m = *read;
        }
    }
    return std::nullopt;
}

Expected<Transformer, Error> ReferenceModel::load(const QString &name)
{
    auto config = DesignFile::load(folder(name) + QStringLiteral("design.json"));
    if (!config)
        return config.error();
    auto model = Transformer::create(*config, Transformer::kDefaultCapBytes, 1e-6f);
    if (!model)
        return model.error();
    if (auto e = fill(name, model->weights()))
        return *e;
    return model;
}

float maxAbsDiff(const Mat &a, const Mat &b)
{
    if (a.rows() != b.rows() || a.cols() != b.cols())
        return INFINITY;
    return (a - b).cwiseAbs().maxCoeff();
}

} // namespace tx
