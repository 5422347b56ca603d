#pragma once

#include <QString>
#include <QStringList>

#include <cstdint>
#include <vector>

namespace tx {

// One block of the architecture diagram: what it is, its weight matrices' shapes and its
// exact parameter count (one layer's, for a block inside a stack).
struct ArchitectureBlock
{
    enum class Kind { Embedding, Norm, Attention, CrossAttention, Ffn, Experts, Head };

    // One weight matrix, or `count` equal ones (the experts), of shape (in, out).
    struct Matrix
    {
        QString name; // "W_Q", "experts · W_up"
        std::int64_t in = 0;
        std::int64_t out = 0;
        std::int64_t count = 1;
    };

    Kind kind = Kind::Norm;
    QString title;          // translated, "Self-attention · GQA"
    QString detail;         // translated, "32 query heads · 8 KV heads · head_dim 128"
    std::vector<Matrix> matrices; // the weight matrices, in the order the data meets them
    std::int64_t params = 0; // exact parameters of one instance (one layer inside a stack)
    std::int64_t activeParams = 0; // what one token runs through (experts: router + top-k); = params otherwise
    QString formula;        // "4096·4096 + 4096·1024 + 4096·1024 + 4096·4096 = 41,943,040"
    // "W_Q (4096, 4096)", "64 × W_up (7168, 2048)": what the diagram prints under the title.
    QStringList shapes() const;
    bool residualAfter = false; // the residual add follows this block
};

} // namespace tx
