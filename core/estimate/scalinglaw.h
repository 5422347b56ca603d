#pragma once

#include "core/estimate/assumptions.h"
#include "core/estimate/scalingpoint.h"

#include <QCoreApplication>
#include <QString>

#include <vector>

namespace tx {

// A fitted scaling law: predicted loss L(N, D) and the compute-optimal split of a budget C.
// Chinchilla form (Hoffmann et al. 2022, eq. 2/10): L = E + A/N^α + B/D^β, N*(C) = G·(C/6)^a,
// D*(C) = (C/6)^b / G with G = (αA/(βB))^(1/(α+β)), a = β/(α+β), b = α/(α+β) (constraint C = 6·N·D).
// Kaplan form (Kaplan et al. 2020, eq. 1.5, Table 2): L = [(N_c/N)^(α_N/α_D) + D_c/D]^α_D, with
// N non-embedding; N_opt = 1.3e9·C^0.73, D_opt = 2e10·C^0.27 for C in PF-days (Table 5).
class ScalingLaw
{
    Q_DECLARE_TR_FUNCTIONS(tx::ScalingLaw)

public:
    static ScalingLaw chinchilla();          // Hoffmann et al. 2022, App. D.2 eq. (10), rounded
    static ScalingLaw chinchillaUnrounded(); // arXiv TeX values, via Besiroglu et al. 2024 Table 1
    static ScalingLaw epochRefit();          // Besiroglu et al. 2024 (Epoch AI), Table 1
    static ScalingLaw kaplan();              // Kaplan et al. 2020, Tables 2 and 5
    static ScalingLaw of(ScalingLawKind kind);

    ScalingLawKind kind() const { return m_kind; }
    QString name() const;   // translated display name
    QString source() const; // paper, table, equation
    bool usesNonEmbeddingParams() const { return m_kind == ScalingLawKind::Kaplan; }

    double loss(double params, double tokens) const; // nats/token
    ScalingPoint optimal(double flops) const;        // N*, D*, L(N*, D*) for C

    // Chinchilla-form constants (zero for Kaplan).
    double e() const { return m_e; }
    double a() const { return m_a; }
    double b() const { return m_b; }
    double alpha() const { return m_alpha; }
    double beta() const { return m_beta; }
    double g() const;             // G
    double paramsExponent() const; // a = β/(α+β); Kaplan: 0.73
    double tokensExponent() const; // b = α/(α+β); Kaplan: 0.27

    static constexpr double kPetaflopDay = 1e15 * 24 * 3600; // 8.64e19 FLOPs (Kaplan §1.2)

private:
    ScalingLawKind m_kind = ScalingLawKind::Chinchilla;
    QString m_variant;
    double m_e = 0, m_a = 0, m_b = 0, m_alpha = 0, m_beta = 0;
};

} // namespace tx
