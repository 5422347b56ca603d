#pragma once

#include "core/base/error.h"
#include "core/base/expected.h"
#include "core/design/modelconfig.h"
#include "core/teach/architecturestack.h"

#include <QCoreApplication>

#include <vector>

namespace tx {

// The design drawn as blocks (the Inside page's architecture diagram): the embeddings, each
// kind of layer folded into one stack with its attention, norms at their positions and FFN or
// experts, then the head. Every count comes from countParams, so the blocks add up to the total.
struct ArchitectureFigure
{
    Q_DECLARE_TR_FUNCTIONS(tx::ArchitectureFigure)

public:
    QString title;                        // the design's name
    std::int64_t total = 0;               // params.total
    std::vector<ArchitectureBlock> input;  // embeddings (and an embedding norm)
    std::vector<ArchitectureStack> stacks; // encoder, then decoder; dense and MoE layers apart
    std::vector<ArchitectureBlock> output; // final norm, head (and pooler)

    // Share of the total a block holds, in [0, 1]: a stack block counts once per stored layer.
    double share(const ArchitectureBlock &block, int storedLayers = 1) const;

    static Expected<ArchitectureFigure, Error> build(const ModelConfig &config);
    // "a·b + c·d = n": the matrices' products, plus the rest (biases, norm scales) when there is one.
    static QString formulaOf(const std::vector<ArchitectureBlock::Matrix> &matrices, std::int64_t params);
};

} // namespace tx
