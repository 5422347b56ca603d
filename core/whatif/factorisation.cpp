#include "core/whatif/factorisation.h"

#include "core/base/numberformat.h"
#include "core/estimate/evaluator.h"
#include "core/estimate/paramcounter.h"
#include "core/estimate/scalinglaw.h"
#include "core/estimate/statebytes.h"

#include <algorithm>
#include <cmath>

namespace tx {

QString toString(FactorMethod m)
{
    return m == FactorMethod::Tucker ? QStringLiteral("tucker") : QStringLiteral("low-rank");
}

bool fromString(const QString &s, FactorMethod &out)
{
    if (s == QLatin1String("tucker"))
        out = FactorMethod::Tucker;
    else if (s == QLatin1String("low-rank"))
        out = FactorMethod::LowRank;
    else
        return false;
    return true;
}

std::int64_t Factorisation::factorParams(FactorMethod method, std::int64_t m, std::int64_t n, std::int64_t r)
{
    return method == FactorMethod::Tucker ? tuckerParams(m, n, r) : lowRankParams(m, n, r);
}

std::int64_t Factorisation::breakEvenRank(FactorMethod method, std::int64_t m, std::int64_t n)
{
    // The smallest r with factorParams(r) ≥ m·n (factors monotone in r).
    std::int64_t lo = 0, hi = std::min(m, n) + 1;
    while (lo < hi) {
        const std::int64_t mid = (lo + hi) / 2;
        if (factorParams(method, m, n, mid) >= m * n)
            hi = mid;
        else
            lo = mid + 1;
    }
    return lo;
}

std::int64_t Factorisation::rankForShare(FactorMethod method, std::int64_t m, std::int64_t n, double keep)
{
    const double budget = keep * double(m) * double(n);
    std::int64_t lo = 0, hi = std::min(m, n);
    while (lo < hi) {
        const std::int64_t mid = (lo + hi + 1) / 2;
        if (double(factorParams(method, m, n, mid)) <= budget)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

namespace {

struct Matrix
{
    std::int64_t m = 0, n = 0, count = 0;
    double tokenShare = 1; // share of tokens through one (routed experts: top-k / E)
    bool lookup = false;   // an embedding table: no FLOPs before, a projection after
};

} // namespace

Expected<WhatIfOutcome, Error> Factorisation::whatIf(const ModelConfig &c, const Assumptions &a,
                                                     const FactorisationOptions &o)
{
    if (o.groups == 0)
        return Error{{}, QStringLiteral("groups"), tr("choose at least one group of matrices")};
    if (o.rank < 0 || o.rank > 1'000'000)
        return Error{{}, QStringLiteral("rank"), tr("expected a rank from 0 (use --keep) to 1,000,000")};
    if (o.rank == 0 && !(o.keep > 0 && o.keep < 1))
        return Error{{}, QStringLiteral("keep"), tr("expected a share of the parameters between 0 and 1, e.g. 0.5")};
    auto eval = evaluate(c, a);
    if (!eval)
        return eval.error();
    const ParamCount &p = eval->params;
    const std::int64_t d = c.dModel;
    const std::int64_t hd = c.effectiveHeadDim();
    const std::int64_t qDim = std::int64_t(c.nHeads) * hd;
    const std::int64_t kvDim = std::int64_t(c.nKvHeads) * hd;
    const bool gated = c.ffn == FfnKind::Gated3;

    struct Group
    {
        QString key;
        QString label;
        std::vector<Matrix> matrices;
    };
    std::vector<Group> groups;
    auto addTo = [](Group &g, Matrix m) {
        for (Matrix &x : g.matrices) {
            if (x.m == m.m && x.n == m.n && x.tokenShare == m.tokenShare && x.lookup == m.lookup) {
                x.count += m.count;
                return;
            }
        }
        g.matrices.push_back(m);
    };
    // Stored layers only: a shared layer is factorised once.
    std::vector<const LayerParams *> layers;
    for (const LayerParams &l : p.encoderLayers)
        if (l.stored)
            layers.push_back(&l);
    for (const LayerParams &l : p.decoderLayers)
        if (l.stored)
            layers.push_back(&l);
    if (o.groups & FactorisationOptions::kAttention) {
        if (c.attention == AttentionKind::Mla)
            return Error{{}, QStringLiteral("groups"), tr("multi-head latent attention is already low-rank; factorise the FFN, embeddings or head")};
        Group g{QStringLiteral("attention"), tr("Attention (q, k, v, o)"), {}};
        const std::int64_t L = std::int64_t(layers.size());
        addTo(g, {d, qDim, L});
        addTo(g, {d, kvDim, 2 * L});
        addTo(g, {qDim, d, L});
        groups.push_back(g);
    }
    if (o.groups & FactorisationOptions::kFfn) {
        Group g{QStringLiteral("ffn"), tr("FFN (experts each)"), {}};
        const std::int64_t upLike = gated ? 2 : 1;
        for (const LayerParams *l : layers) {
            if (!l->sparse) {
                addTo(g, {d, c.dFf, upLike});
                addTo(g, {c.dFf, d, 1});
            } else {
                const std::int64_t f = c.moe.effectiveExpertDff(c.dFf);
                const double share = double(c.moe.topK) / double(std::max(1, c.moe.numExperts));
                addTo(g, {d, f, upLike * c.moe.numExperts, share});
                addTo(g, {f, d, c.moe.numExperts, share});
                if (c.moe.sharedExperts > 0) {
                    const std::int64_t sf = c.moe.effectiveSharedDff(c.dFf);
                    addTo(g, {d, sf, upLike * c.moe.sharedExperts});
                    addTo(g, {sf, d, c.moe.sharedExperts});
                }
            }
        }
        groups.push_back(g);
    }
    if (o.groups & FactorisationOptions::kEmbeddings) {
        Group g{QStringLiteral("embeddings"), tr("Token embeddings"), {}};
        addTo(g, {c.vocabSize, c.effectiveEmbeddingDim(), 1, 1, true});
        groups.push_back(g);
    }
    if ((o.groups & FactorisationOptions::kHead) && c.lmHead && !c.tiedEmbeddings) {
        Group g{QStringLiteral("head"), tr("LM head"), {}};
        addTo(g, {d, c.vocabSize, 1});
        groups.push_back(g);
    }

    WhatIfOutcome w;
    w.id = QStringLiteral("factorise");
    w.title = tr("Low-rank and Tucker factorisation");
    WhatIfTable table;
    table.key = QStringLiteral("groups");
    table.title = tr("Savings per group");
    table.columnKeys = {QStringLiteral("matrices"), QStringLiteral("rank"), QStringLiteral("params_before"),
                        QStringLiteral("params_after"), QStringLiteral("saved_share"), QStringLiteral("flops_per_token_before"),
                        QStringLiteral("flops_per_token_after"), QStringLiteral("break_even_rank")};
    table.columnTitles = {tr("Matrices"), tr("Rank"), tr("Parameters before"), tr("Parameters after"), tr("Saved"),
                          tr("FLOPs/token before"), tr("FLOPs/token after"), tr("No saving from rank")};
    table.columnUnits = {QStringLiteral("count"), QStringLiteral("count"), QStringLiteral("params"), QStringLiteral("params"),
                         QStringLiteral("ratio"), QStringLiteral("FLOP/token"), QStringLiteral("FLOP/token"), QStringLiteral("count")};
    const QString formula = o.method == FactorMethod::Tucker ? QStringLiteral("r · (m + n + r)") : QStringLiteral("r · (m + n)");
    std::int64_t savedParams = 0;
    double savedFlops = 0;
    int embeddingRank = 0;
    for (const Group &g : groups) {
        std::int64_t before = 0, after = 0, matrices = 0;
        double flopsBefore = 0, flopsAfter = 0;
        std::int64_t firstRank = -1, firstBreakEven = 0;
        QStringList terms;
        for (const Matrix &m : g.matrices) {
            const std::int64_t full = m.m * m.n;
            const std::int64_t breakEven = breakEvenRank(o.method, m.m, m.n);
            std::int64_t r = o.rank > 0 ? std::min<std::int64_t>(o.rank, std::min(m.m, m.n))
                                        : rankForShare(o.method, m.m, m.n, o.keep);
            // A rank at or past break-even keeps the matrix as it is.
            const bool kept = r >= breakEven;
            const std::int64_t each = kept ? full : factorParams(o.method, m.m, m.n, r);
            if (firstRank < 0) {
                firstRank = r;
                firstBreakEven = breakEven;
            }
            before += full * m.count;
            after += each * m.count;
            matrices += m.count;
            const double rowFlopsBefore = m.lookup ? 0.0 : 2.0 * double(full);
            // Factorised lookup: the table's r-wide row, then (r, n) (and the core) per token.
            const double rowFlopsAfter = kept ? rowFlopsBefore
                : m.lookup ? 2.0 * double(r) * double(m.n) + (o.method == FactorMethod::Tucker ? 2.0 * double(r) * r : 0.0)
                           : 2.0 * double(each);
            flopsBefore += rowFlopsBefore * double(m.count) * m.tokenShare;
            flopsAfter += rowFlopsAfter * double(m.count) * m.tokenShare;
            if (g.key == QLatin1String("embeddings") && !kept && o.method == FactorMethod::LowRank)
                embeddingRank = int(r);
            terms << QStringLiteral("%1 × (%2 × %3 → %4)")
                         .arg(NumberFormat::exact(m.count), NumberFormat::exact(m.m), NumberFormat::exact(m.n),
                              kept ? tr("kept, r ≥ %1").arg(NumberFormat::exact(breakEven))
                                   : NumberFormat::exact(each));
        }
        savedParams += before - after;
        savedFlops += flopsBefore - flopsAfter;
        table.rows.push_back({g.key, g.label,
                              {double(matrices), double(firstRank), double(before), double(after),
                               before > 0 ? double(before - after) / double(before) : 0.0, flopsBefore, flopsAfter,
                               double(firstBreakEven)}});
        w.figures.push_back({QStringLiteral("factorise.%1.params_after").arg(g.key), g.label, double(after),
                             QStringLiteral("params"), QStringLiteral("Σ matrices · ") + formula,
                             terms.join(QStringLiteral(" + ")) + QStringLiteral(" = ") + NumberFormat::exact(after),
                             o.method == FactorMethod::Tucker
                                 ? tr("Tucker 1966; Kim et al. 2016 (Tucker-2 of a weight matrix: U (m, r), core (r, r), V (r, n))")
                                 : tr("Eckart–Young: truncated SVD W ≈ U_r Σ_r V_rᵀ, stored as (m, r) and (r, n)")});
    }
    w.tables.push_back(table);

    const double bytesPerParam = bitsPerWeight(c.weightPrecision, c.quantGroupSize) / 8.0;
    const StateBytes st = StateBytes::of(a.optimizer, c.dModel);
    const ScalingLaw law = ScalingLaw::of(a.law);
    const double nAfter = std::max(1.0, eval->scaling.params - double(savedParams));
    w.before = {p.total, eval->inference.weightsBytes, eval->training.totalBytes, eval->compute.forwardFlopsPerToken,
                eval->scaling.loss};
    w.after = {p.total - savedParams, eval->inference.weightsBytes - double(savedParams) * bytesPerParam,
               eval->training.totalBytes - double(savedParams) * st.total(), eval->compute.forwardFlopsPerToken - savedFlops,
               a.trainingTokens > 0 ? law.loss(nAfter, a.trainingTokens) : 0.0};
    w.trainingNote = tr("training memory of one replica under the chosen optimizer");
    w.figures.push_back({QStringLiteral("factorise.saved_params"), tr("Parameters saved"), double(savedParams),
                         QStringLiteral("params"), QStringLiteral("Σ groups (m·n − ") + formula + u')',
                         NumberFormat::exact(savedParams), tr("definition")});
    w.notes << tr("Ranks are per matrix; a rank at or past mn/(m + n) (low rank) or the root of r² + r(m + n) = mn "
                  "(Tucker) saves nothing, so that matrix is kept whole.");
    w.notes << tr("The predicted loss is the scaling law's for a model of the smaller size trained from scratch; "
                  "a factorised model usually needs fine-tuning to come close to it.");
    ModelConfig design = c;
    if (embeddingRank > 0) {
        design.embeddingDim = embeddingRank; // ALBERT's factorised embedding: (V, r) and a projection (r, d)
        w.notes << tr("Applied to the design: the token embedding becomes ALBERT's (V, %1) table with a (%1, d) "
                      "projection. The other groups cannot be stated in a design file and are not applied.")
                       .arg(embeddingRank);
    } else {
        w.notes << tr("A design file cannot state factorised attention or FFN matrices; this what-if informs and "
                      "does not change the design.");
    }
    w.design = design;
    w.changesDesign = design != c;
    return w;
}

} // namespace tx
