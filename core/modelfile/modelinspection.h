#pragma once

#include "core/base/error.h"
#include "core/base/expected.h"
#include "core/base/stoptoken.h"
#include "core/estimate/paramcount.h"
#include "core/modelfile/modeldesign.h"
#include "core/modelfile/modelfile.h"
#include "core/modelfile/reconciliation.h"
#include "core/modelfile/tensorgroups.h"

#include <QJsonObject>
#include <QString>

#include <optional>

namespace tx {

// Everything the program says about a checkpoint: its headers, the tensor tree, the design it
// was made from and how the design's count compares with the file. A plain value, made off the
// UI thread and handed over whole.
struct ModelInspection
{
    ModelFile file;
    TensorGroups groups;
    std::optional<ModelDesign> design;
    std::optional<ParamCount> designCount;        // countParams(design)
    std::optional<Reconciliation> reconciliation; // when there is a design

    // `stop`: SafetensorsHeader::readIndex (a sharded folder stops between shards).
    static Expected<ModelInspection, Error> inspect(const QString &path, const StopToken &stop = {});

    // `inspect --format json`: format, files, tensors, params.total, params.stored_elements,
    // bytes.tensor_data, bytes.files, types, design, design_params_total, mismatches, groups.
    QJsonObject toJson() const;
};

} // namespace tx
