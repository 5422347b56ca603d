#include "core/modelfile/modelinspection.h"

#include "core/design/designfile.h"
#include "core/estimate/paramcounter.h"
#include "core/modelfile/modelfilereader.h"

#include <QJsonArray>

#include <cmath>

namespace tx {

namespace {

double rounded(double bits)
{
    return std::round(bits * 1000.0) / 1000.0; // bits per weight, to 3 decimals
}

QString roleName(TensorRole role)
{
    switch (role) {
    case TensorRole::Weight: return QStringLiteral("weight");
    case TensorRole::Scale: return QStringLiteral("scale");
    case TensorRole::Buffer: return QStringLiteral("buffer");
    }
    return {};
}

} // namespace

Expected<ModelInspection, Error> ModelInspection::inspect(const QString &path, const StopToken &stop)
{
    auto file = ModelFileReader::open(path, stop);
    if (!file)
        return file.error();
    ModelInspection in;
    in.file = std::move(*file);
    in.groups = TensorGroups::build(in.file);
    in.design = ModelDesignReader::read(in.file);
    if (in.design) {
        auto count = countParams(in.design->config);
        if (count) {
            in.designCount = *count;
            in.reconciliation = Reconciliation::compare(*in.design, *count, in.file, in.groups);
        } else {
            in.design->notes << count.error().toString();
        }
    }
    return in;
}

QJsonObject ModelInspection::toJson() const
{
    QJsonObject root;
    root.insert(QStringLiteral("format"), toString(file.format));
    root.insert(QStringLiteral("path"), file.path);
    QJsonArray files;
    for (const ModelFilePart &f : file.files)
        files.append(QJsonObject{{QStringLiteral("path"), f.path}, {QStringLiteral("bytes"), qint64(f.bytes)},
                                 {QStringLiteral("header_bytes"), qint64(f.headerBytes)}});
    root.insert(QStringLiteral("files"), files);
    QJsonArray tensors;
    for (const TensorInfo &t : file.tensors) {
        QJsonArray shape;
        for (std::int64_t s : t.shape)
            shape.append(qint64(s));
        QJsonObject o{{QStringLiteral("name"), t.name},
                      {QStringLiteral("shape"), shape},
                      {QStringLiteral("dtype"), t.dtype},
                      {QStringLiteral("bytes"), qint64(t.bytes)},
                      {QStringLiteral("params"), qint64(t.params)}};
        if (t.role != TensorRole::Weight)
            o.insert(QStringLiteral("role"), roleName(t.role));
        if (t.packed)
            o.insert(QStringLiteral("packed"), QStringLiteral("MXFP4"));
        tensors.append(o);
    }
    root.insert(QStringLiteral("tensors"), tensors);
    root.insert(QStringLiteral("params"), QJsonObject{{QStringLiteral("total"), qint64(file.params())},
                                                      {QStringLiteral("stored_elements"), qint64(file.storedElements())}});
    root.insert(QStringLiteral("bytes"), QJsonObject{{QStringLiteral("tensor_data"), qint64(file.tensorDataBytes())},
                                                     {QStringLiteral("files"), qint64(file.fileBytes())},
                                                     {QStringLiteral("scales"), qint64(file.scaleBytes())}});
    root.insert(QStringLiteral("bits_per_weight"), rounded(file.bitsPerWeight()));
    QJsonObject types;
    for (const auto &[dtype, n] : file.typeCounts())
        types.insert(dtype, n);
    root.insert(QStringLiteral("types"), types);
    QJsonArray groupArray;
    for (const TensorGroup &g : groups.groups())
        groupArray.append(QJsonObject{{QStringLiteral("key"), g.key},
                                      {QStringLiteral("kind"), toString(g.kind)},
                                      {QStringLiteral("tensors"), int(g.tensors.size())},
                                      {QStringLiteral("params"), qint64(g.params)},
                                      {QStringLiteral("bytes"), qint64(g.bytes)},
                                      {QStringLiteral("bits_per_weight"), rounded(g.bitsPerWeight())}});
    root.insert(QStringLiteral("groups"), groupArray);
    if (design) {
        root.insert(QStringLiteral("design"), DesignFile::toJson(design->config));
        root.insert(QStringLiteral("design_source"), ModelDesign::toString(design->source));
        root.insert(QStringLiteral("design_notes"), QJsonArray::fromStringList(design->notes));
    } else {
        root.insert(QStringLiteral("design"), QJsonValue::Null);
    }
    root.insert(QStringLiteral("design_params_total"),
                designCount ? QJsonValue(qint64(designCount->total)) : QJsonValue(QJsonValue::Null));
    QJsonArray mismatches;
    if (reconciliation) {
        for (const Mismatch &m : reconciliation->mismatches())
            mismatches.append(QJsonObject{{QStringLiteral("group"), m.group},
                                          {QStringLiteral("tensors"), QJsonArray::fromStringList(m.tensors)},
                                          {QStringLiteral("difference"), qint64(m.difference)},
                                          {QStringLiteral("design_params"), qint64(m.designParams)},
                                          {QStringLiteral("file_params"), qint64(m.fileParams)},
                                          {QStringLiteral("explanation"), m.explanation}});
    }
    root.insert(QStringLiteral("mismatches"), mismatches);
    return root;
}

} // namespace tx
