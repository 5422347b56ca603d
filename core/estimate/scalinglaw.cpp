#include "core/estimate/scalinglaw.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <limits>

namespace tx {

namespace {
// Kaplan et al. 2020, Table 2 (fit of L(N, D), eq. 1.5).
constexpr double kKaplanAlphaN = 0.076;
constexpr double kKaplanAlphaD = 0.103;
constexpr double kKaplanNc = 6.4e13;
constexpr double kKaplanDc = 1.8e13;
// Kaplan et al. 2020, Table 5: N_opt = N_e·C^p_N, D_opt = D_e·C^p_D, C in PF-days.
constexpr double kKaplanNe = 1.3e9;
constexpr double kKaplanPn = 0.73;
constexpr double kKaplanDe = 2e10;
constexpr double kKaplanPd = 0.27;
} // namespace

ScalingLaw ScalingLaw::chinchilla()
{
    ScalingLaw l;
    l.m_kind = ScalingLawKind::Chinchilla;
    // Hoffmann et al. 2022, App. D.2 eq. (10).
    l.m_e = 1.69, l.m_a = 406.4, l.m_b = 410.7, l.m_alpha = 0.34, l.m_beta = 0.28;
    return l;
}

ScalingLaw ScalingLaw::chinchillaUnrounded()
{
    ScalingLaw l;
    l.m_kind = ScalingLawKind::Chinchilla;
    l.m_variant = QStringLiteral("unrounded");
    // Besiroglu et al. 2024, arXiv:2404.10102, Table 1, "Hoffmann et al." column.
    l.m_e = 1.6934, l.m_a = 406.4, l.m_b = 410.7, l.m_alpha = 0.3392, l.m_beta = 0.2849;
    return l;
}

ScalingLaw ScalingLaw::epochRefit()
{
    ScalingLaw l;
    l.m_kind = ScalingLawKind::EpochRefit;
    // Besiroglu et al. 2024, arXiv:2404.10102, Table 1, "our estimate".
    l.m_e = 1.8172, l.m_a = 482.01, l.m_b = 2085.43, l.m_alpha = 0.3478, l.m_beta = 0.3658;
    return l;
}

ScalingLaw ScalingLaw::kaplan()
{
    ScalingLaw l;
    l.m_kind = ScalingLawKind::Kaplan;
    return l;
}

ScalingLaw ScalingLaw::of(ScalingLawKind kind)
{
    switch (kind) {
    case ScalingLawKind::Chinchilla: return chinchilla();
    case ScalingLawKind::EpochRefit: return epochRefit();
    case ScalingLawKind::Kaplan: return kaplan();
    }
    return chinchilla();
}

QString ScalingLaw::name() const
{
    switch (m_kind) {
    case ScalingLawKind::Chinchilla:
        return m_variant.isEmpty() ? tr("Chinchilla (Hoffmann et al. 2022, approach 3)")
                                   : tr("Chinchilla, unrounded constants (Hoffmann et al. 2022, approach 3)");
    case ScalingLawKind::EpochRefit: return tr("Epoch AI refit (Besiroglu et al. 2024)");
    case ScalingLawKind::Kaplan: return tr("Kaplan et al. 2020");
    }
    return {};
}

QString ScalingLaw::source() const
{
    switch (m_kind) {
    case ScalingLawKind::Chinchilla:
        return m_variant.isEmpty()
            ? tr("Hoffmann et al. 2022, arXiv:2203.15556, App. D.2 eq. (10); N*, D*: eq. (4)")
            : tr("Hoffmann et al. 2022 TeX source values, as given by Besiroglu et al. 2024, arXiv:2404.10102, "
                 "Table 1");
    case ScalingLawKind::EpochRefit:
        return tr("Besiroglu, Erdil, Barnett, You 2024, arXiv:2404.10102, Table 1; N*, D*: Hoffmann et al. 2022 "
                  "eq. (4)");
    case ScalingLawKind::Kaplan:
        return tr("Kaplan et al. 2020, arXiv:2001.08361, eq. (1.5) with Table 2; N_opt, D_opt: Table 5");
    }
    return {};
}

double ScalingLaw::loss(double n, double d) const
{
    if (!(n > 0) || !(d > 0))
        return std::numeric_limits<double>::quiet_NaN();
    if (m_kind == ScalingLawKind::Kaplan)
        return std::pow(std::pow(kKaplanNc / n, kKaplanAlphaN / kKaplanAlphaD) + kKaplanDc / d, kKaplanAlphaD);
    return m_e + m_a / std::pow(n, m_alpha) + m_b / std::pow(d, m_beta);
}

double ScalingLaw::g() const
{
    if (m_kind == ScalingLawKind::Kaplan)
        return 0;
    return std::pow(m_alpha * m_a / (m_beta * m_b), 1.0 / (m_alpha + m_beta));
}

double ScalingLaw::paramsExponent() const
{
    return m_kind == ScalingLawKind::Kaplan ? kKaplanPn : m_beta / (m_alpha + m_beta);
}

double ScalingLaw::tokensExponent() const
{
    return m_kind == ScalingLawKind::Kaplan ? kKaplanPd : m_alpha / (m_alpha + m_beta);
}

ScalingPoint ScalingLaw::optimal(double flops) const
{
    ScalingPoint p;
    p.flops = flops;
    if (!(flops > 0))
        return p;
    if (m_kind == ScalingLawKind::Kaplan) {
        const double pfDays = flops / kPetaflopDay;
        p.params = kKaplanNe * std::pow(pfDays, kKaplanPn);
        p.tokens = kKaplanDe * std::pow(pfDays, kKaplanPd);
    } else {
        const double g = this->g();
        p.params = g * std::pow(flops / 6.0, paramsExponent());
        p.tokens = std::pow(flops / 6.0, tokensExponent()) / g;
    }
    p.loss = loss(p.params, p.tokens);
    return p;
}

} // namespace tx
