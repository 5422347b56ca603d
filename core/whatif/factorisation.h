#pragma once

#include "core/base/error.h"
#include "core/base/expected.h"
#include "core/design/modelconfig.h"
#include "core/estimate/assumptions.h"
#include "core/whatif/whatifoutcome.h"

#include <QCoreApplication>

#include <cstdint>

namespace tx {

// Low-rank (W ≈ U·V, U (m, r), V (r, n): r·(m + n)) or Tucker-2 (W ≈ U·C·V, core C (r, r):
// r·(m + n + r)) factorisation of a group of matrices, at a rank or at a share of the parameters
// to keep. An energy target needs the weights' singular values, which a design does not have.
enum class FactorMethod { LowRank, Tucker };

struct FactorisationOptions
{
    FactorMethod method = FactorMethod::LowRank;
    unsigned groups = 1;   // bits: 1 attention (q, k, v, o), 2 FFN (every matrix, experts each), 4 embeddings, 8 head
    int rank = 0;          // > 0: this rank for every matrix
    double keep = 0.5;     // rank 0: the largest rank whose factors keep at most this share of each matrix

    static constexpr unsigned kAttention = 1, kFfn = 2, kEmbeddings = 4, kHead = 8;
    bool operator==(const FactorisationOptions &) const = default;
};

QString toString(FactorMethod m); // "low-rank", "tucker"
bool fromString(const QString &s, FactorMethod &out);

class Factorisation
{
    Q_DECLARE_TR_FUNCTIONS(tx::Factorisation)
public:
    static std::int64_t lowRankParams(std::int64_t m, std::int64_t n, std::int64_t r) { return r * (m + n); }
    static std::int64_t tuckerParams(std::int64_t m, std::int64_t n, std::int64_t r) { return r * (m + n + r); }
    static std::int64_t factorParams(FactorMethod method, std::int64_t m, std::int64_t n, std::int64_t r);
    // The smallest rank at which the factors are no smaller than the matrix: r ≥ mn/(m + n)
    // for low rank, r² + r(m + n) ≥ mn for Tucker.
    static std::int64_t breakEvenRank(FactorMethod method, std::int64_t m, std::int64_t n);
    // The largest rank whose factors hold at most keep · m · n parameters (0 if none).
    static std::int64_t rankForShare(FactorMethod method, std::int64_t m, std::int64_t n, double keep);

    static Expected<WhatIfOutcome, Error> whatIf(const ModelConfig &config, const Assumptions &assumptions,
                                                 const FactorisationOptions &options);
};

} // namespace tx
