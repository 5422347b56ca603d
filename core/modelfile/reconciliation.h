#pragma once

#include "core/estimate/paramcount.h"
#include "core/modelfile/modeldesign.h"
#include "core/modelfile/tensorgroups.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <vector>

namespace tx {

// One group where the design's count and the file disagree.
struct Mismatch
{
    TensorKind kind = TensorKind::Other;
    QString group;                  // toString(kind)
    std::int64_t designParams = 0;
    std::int64_t fileParams = 0;
    std::int64_t difference = 0;    // file − design
    QStringList tensors;            // the tensors (layer numbers as N) that account for it
    QString explanation;            // one sentence for the user
};

// The design's count (countParams) against what the file holds, group by group: embeddings,
// attention, mlp, experts, norms (per-layer and final), head, other.
class Reconciliation
{
    Q_DECLARE_TR_FUNCTIONS(tx::Reconciliation)

public:
    struct Row
    {
        TensorKind kind = TensorKind::Other;
        std::int64_t designParams = 0;
        std::int64_t fileParams = 0;
    };

    static Reconciliation compare(const ModelDesign &design, const ParamCount &count, const ModelFile &file,
                                  const TensorGroups &groups);

    const std::vector<Row> &rows() const { return m_rows; }
    const std::vector<Mismatch> &mismatches() const { return m_mismatches; }
    std::int64_t designTotal() const { return m_designTotal; }
    std::int64_t fileTotal() const { return m_fileTotal; }

    // The design's parameters per kind, from countParams' breakdown.
    static std::int64_t designParams(const ParamCount &count, TensorKind kind);

private:
    std::vector<Row> m_rows;
    std::vector<Mismatch> m_mismatches;
    std::int64_t m_designTotal = 0;
    std::int64_t m_fileTotal = 0;
};

} // namespace tx
