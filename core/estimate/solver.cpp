#include "core/estimate/solver.h"

#include "core/base/numberformat.h"
#include "core/estimate/designsearch.h"
#include "core/estimate/evaluator.h"
#include "core/estimate/paramcounter.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <functional>

namespace tx {

namespace {

constexpr int kMaxContext = 16'777'216; // the --seq limit validate() enforces
constexpr int kMaxBatch = 1'000'000;    // the --batch limit
constexpr int kMaxDevices = 4096;       // cheapestDevice() stops looking beyond this count

double available(const Evaluation &e, const Assumptions &a)
{
    return double(a.devices) * e.hardware.deviceMemoryBytes;
}

bool fitsInference(const Evaluation &e, const Assumptions &a)
{
    return a.devices <= 1 ? e.hardware.fitsOneDeviceInference : e.hardware.devicesForInference <= a.devices;
}

// The largest n in [1, maxValue] with fits(n), by doubling then bisection; fits must be monotone
// (memory grows with context and batch). 0 when fits(1) fails. Errors from evaluate() pass through.
Expected<int, Error> largestFitting(int maxValue, const std::function<Expected<bool, Error>(int)> &fits)
{
    auto one = fits(1);
    if (!one)
        return one.error();
    if (!*one)
        return 0;
    int lo = 1, hi = 2;
    while (true) {
        if (hi >= maxValue) {
            auto top = fits(maxValue);
            if (!top)
                return top.error();
            if (*top)
                return maxValue;
            hi = maxValue;
            break;
        }
        auto f = fits(hi);
        if (!f)
            return f.error();
        if (!*f)
            break;
        lo = hi;
        hi = hi > maxValue / 2 ? maxValue : hi * 2;
    }
    while (hi - lo > 1) {
        const int mid = lo + (hi - lo) / 2;
        auto f = fits(mid);
        if (!f)
            return f.error();
        (*f ? lo : hi) = mid;
    }
    return lo;
}

QString partName(Solver::Binding b)
{
    switch (b) {
    case Solver::Binding::KvCache: return Solver::tr("the KV cache");
    case Solver::Binding::Activations: return Solver::tr("activations");
    case Solver::Binding::Weights: return Solver::tr("the weights");
    case Solver::Binding::Memory: return Solver::tr("memory");
    case Solver::Binding::DecodeSpeed: return Solver::tr("decode speed");
    case Solver::Binding::InputLimit: return Solver::tr("the input limit");
    case Solver::Binding::TrainedContext: return Solver::tr("the trained context");
    }
    return {};
}

// Context and batch grow the KV cache and the activations; whichever of the two is larger one
// step past the answer is what ran out.
Solver::Binding growingPart(const Evaluation &past)
{
    return past.inference.kvCacheBytes >= past.inference.activationsBytes ? Solver::Binding::KvCache
                                                                           : Solver::Binding::Activations;
}

// The assumptions with a context past the design's trained context cut to it; `note` then
// says so ("at 8,192 tokens, the design's trained context; 32,768 asked").
Assumptions withinTrainedContext(const ModelConfig &c, Assumptions a, QString *note)
{
    if (c.maxPositions > 0 && a.contextLength > c.maxPositions) {
        *note = Solver::tr("at %1 tokens, the design's trained context; %2 asked")
                    .arg(NumberFormat::exact(c.maxPositions), NumberFormat::exact(a.contextLength));
        a.contextLength = c.maxPositions;
    }
    return a;
}

QString withNote(const QString &text, const QString &note)
{
    return note.isEmpty() ? text : QStringLiteral("%1 (%2)").arg(text, note);
}

Expected<Solver::Limit, Error> solveLimit(const ModelConfig &c, const Assumptions &asked, const HardwareCatalog &catalog,
                                          bool context, Solver::ContextCap cap)
{
    QString note;
    const Assumptions base = context ? asked : withinTrainedContext(c, asked, &note);
    auto with = [&](int n) {
        Assumptions a = base;
        (context ? a.contextLength : a.batch) = n;
        return a;
    };
    const int maxValue = context ? kMaxContext : kMaxBatch;
    const int trained = context && cap == Solver::ContextCap::Trained && c.maxPositions > 0
        ? std::min(c.maxPositions, kMaxContext)
        : 0;
    auto n = largestFitting(maxValue, [&](int v) -> Expected<bool, Error> {
        const Assumptions a = with(v);
        auto e = evaluate(c, a, catalog);
        if (!e)
            return e.error();
        return fitsInference(*e, a);
    });
    if (!n)
        return n.error();
    Solver::Limit out;
    out.memoryValue = *n;
    out.value = trained > 0 ? std::min(*n, trained) : *n;
    const Assumptions at = with(std::max(1, out.value));
    out.contextLength = at.contextLength;
    const auto e = evaluate(c, at, catalog);
    if (!e)
        return e.error();
    out.usedBytes = e->inference.totalBytes;
    out.availableBytes = available(*e, at);
    const QString unitText = context ? Solver::tr("%1 tokens") : Solver::tr("%1 sequences");
    if (*n == 0) {
        out.binding = Solver::Binding::Weights;
        out.text = Solver::tr("limited by the weights: %1 of weights alone do not fit %2")
                       .arg(NumberFormat::bytes(e->inference.weightsBytes), NumberFormat::bytes(out.availableBytes));
    } else if (trained > 0 && *n > trained) {
        out.binding = Solver::Binding::TrainedContext;
        out.text = Solver::tr("limited by the design's trained context of %1; memory alone would hold %2")
                       .arg(unitText.arg(NumberFormat::exact(trained)), unitText.arg(NumberFormat::exact(*n)));
    } else if (*n == maxValue) {
        out.binding = Solver::Binding::InputLimit;
        out.text = Solver::tr("limited by the input limit of %1").arg(unitText.arg(NumberFormat::exact(maxValue)));
    } else {
        const auto past = evaluate(c, with(*n + 1), catalog);
        if (!past)
            return past.error();
        out.binding = growingPart(*past);
        out.text = Solver::tr("limited by %1 at %2").arg(partName(out.binding), unitText.arg(NumberFormat::exact(*n)));
    }
    out.text = withNote(out.text, note);
    return out;
}

} // namespace

QString Solver::key(Binding b)
{
    switch (b) {
    case Binding::KvCache: return QStringLiteral("kv_cache");
    case Binding::Activations: return QStringLiteral("activations");
    case Binding::Weights: return QStringLiteral("weights");
    case Binding::Memory: return QStringLiteral("memory");
    case Binding::DecodeSpeed: return QStringLiteral("decode_speed");
    case Binding::InputLimit: return QStringLiteral("input_limit");
    case Binding::TrainedContext: return QStringLiteral("trained_context");
    }
    return {};
}

QString Solver::key(PriceKind k)
{
    return k == PriceKind::Purchase ? QStringLiteral("purchase") : QStringLiteral("rental");
}

bool Solver::fromString(const QString &s, PriceKind &out)
{
    if (s == QLatin1String("rental"))
        out = PriceKind::Rental;
    else if (s == QLatin1String("purchase"))
        out = PriceKind::Purchase;
    else
        return false;
    return true;
}

Expected<Solver::Limit, Error> Solver::longestContext(const ModelConfig &design, const Assumptions &assumptions,
                                                      const HardwareCatalog &catalog, ContextCap cap)
{
    return solveLimit(design, assumptions, catalog, true, cap);
}

Expected<Solver::Limit, Error> Solver::largestBatch(const ModelConfig &design, const Assumptions &assumptions,
                                                    const HardwareCatalog &catalog)
{
    return solveLimit(design, assumptions, catalog, false, ContextCap::Trained);
}

Expected<Solver::Largest, Error> Solver::largestDesign(const ModelConfig &family, const Assumptions &asked,
                                                       double aspectRatio, bool training, const HardwareCatalog &catalog)
{
    if (auto err = validate(asked, catalog))
        return *err;
    QString note;
    const Assumptions a = withinTrainedContext(family, asked, &note);
    const double aspect = aspectRatio > 0 ? aspectRatio : double(family.dModel) / std::max(1, family.nLayers);
    const Device &dev = *catalog.find(a.device);
    const double budget = training ? dev.memoryBytes : double(a.devices) * dev.memoryBytes;
    const auto design = DesignSearch::largestForMemory(
        family, a, aspect, budget,
        training ? DesignSearch::Budget::TrainingPerDevice : DesignSearch::Budget::Inference, catalog);
    if (!design)
        return design.error();
    auto bytesOf = [&](const Evaluation &e) { return training ? e.training.perDeviceBytes : e.inference.totalBytes; };
    const auto e = evaluate(*design, a, catalog);
    if (!e)
        return e.error();
    Largest out;
    out.design = *design;
    out.paramsTotal = e->params.total;
    out.contextLength = a.contextLength;
    out.usedBytes = bytesOf(*e);
    out.availableBytes = budget;
    const ModelConfig next = DesignSearch::resized(family, design->nLayers + 1, aspect);
    if (const auto n = evaluate(next, a, catalog)) {
        out.nextParamsTotal = n->params.total;
        out.nextBytes = bytesOf(*n);
    }
    out.text = tr("limited by memory at %1 layers (d_model %2): %3 of %4; %5 layers (%6 parameters) would need %7")
                   .arg(design->nLayers)
                   .arg(NumberFormat::exact(design->dModel))
                   .arg(NumberFormat::bytes(out.usedBytes), NumberFormat::bytes(out.availableBytes))
                   .arg(design->nLayers + 1)
                   .arg(NumberFormat::count(double(out.nextParamsTotal)), NumberFormat::bytes(out.nextBytes));
    out.text = withNote(out.text, note);
    return out;
}

Expected<Solver::Shape, Error> Solver::shapeFor(const ModelConfig &family, std::int64_t targetParams, double aspectRatio)
{
    const double aspect = aspectRatio > 0 ? aspectRatio : double(family.dModel) / std::max(1, family.nLayers);
    const auto design = DesignSearch::suggestShape(family, targetParams, aspect);
    if (!design)
        return design.error();
    const auto count = countParams(*design);
    if (!count)
        return count.error();
    Shape out;
    out.design = *design;
    out.paramsTotal = count->total;
    const double ffn = design->dModel > 0 ? double(design->dFf) / design->dModel : 0;
    out.text = tr("%1 layers at d_model ≈ %2 · layers; %3 heads of %4 (%5 key/value heads, the family's grouping); "
                  "d_ff %6 (%7 × d_model, on a multiple of 64); %8 parameters, %9 off the target")
                   .arg(design->nLayers)
                   .arg(aspect, 0, 'g', 4)
                   .arg(design->nHeads)
                   .arg(design->dModel / std::max(1, design->nHeads))
                   .arg(design->nKvHeads)
                   .arg(NumberFormat::exact(design->dFf))
                   .arg(ffn, 0, 'f', 3)
                   .arg(NumberFormat::exact(out.paramsTotal))
                   .arg(QStringLiteral("%1%").arg(100.0 * (double(out.paramsTotal) - double(targetParams))
                                                      / double(targetParams),
                                                  0, 'f', 2));
    return out;
}

Expected<Solver::DeviceChoice, Error> Solver::cheapestDevice(const ModelConfig &design, const Assumptions &asked,
                                                             double tokensPerSecondPerUser, int users,
                                                             const HardwareCatalog &catalog, PriceKind prices)
{
    QString note;
    const Assumptions assumptions = withinTrainedContext(design, asked, &note);
    const QString kind = key(prices);
    if (!std::isfinite(tokensPerSecondPerUser) || tokensPerSecondPerUser <= 0 || tokensPerSecondPerUser > 1e6)
        return Error{{}, QStringLiteral("--tokens-per-second"), tr("expected a speed above 0 and up to 1,000,000 tokens/s")};
    if (users < 1 || users > kMaxBatch)
        return Error{{}, QStringLiteral("--users"), tr("expected 1 to 1,000,000 users")};
    std::optional<DeviceChoice> best;
    for (const Device &d : catalog.devices()) {
        Assumptions a = assumptions;
        a.device = d.id;
        a.devices = 1;
        a.tensorParallel = 1;
        a.batch = users;
        const auto e = evaluate(design, a, catalog);
        if (!e)
            return e.error();
        const auto &hw = e->hardware;
        if (!(hw.pricePerHour > 0) || hw.inferencePeakFlops <= 0 || d.bandwidthBytesPerSecond <= 0)
            continue; // no public price: it cannot be the cheapest
        // A price of the other kind is not comparable; an --price given for the job is of the kind asked.
        if (assumptions.pricePerHour < 0 && d.priceKind != kind)
            continue;
        // One decode step for all users with a full cache, split over n devices (their FLOP/s and
        // bandwidth add up; communication ignored, as in `size`).
        const auto stepSeconds = [&](int n) {
            return std::max(e->compute.decodeFlops / (n * hw.inferencePeakFlops),
                            e->compute.decodeBytes / (n * d.bandwidthBytesPerSecond));
        };
        const int forMemory = hw.devicesForInference;
        int n = std::max(forMemory, int(std::ceil(tokensPerSecondPerUser * stepSeconds(1) - 1e-9)));
        while (n <= kMaxDevices && 1.0 / stepSeconds(n) < tokensPerSecondPerUser)
            ++n;
        if (n > kMaxDevices)
            continue;
        DeviceChoice c;
        c.deviceId = d.id;
        c.deviceName = d.name;
        c.count = n;
        c.countForMemory = forMemory;
        c.moneyPerHour = n * hw.pricePerHour;
        c.tokensPerSecondPerUser = 1.0 / stepSeconds(n);
        c.moneyPerMillionOutputTokens = c.moneyPerHour / (double(users) * c.tokensPerSecondPerUser * 3600.0) * 1e6;
        c.binding = n > forMemory ? Binding::DecodeSpeed : Binding::Memory;
        c.priceKind = prices;
        c.contextLength = assumptions.contextLength;
        if (!best || c.moneyPerHour < best->moneyPerHour - 1e-12
            || (std::fabs(c.moneyPerHour - best->moneyPerHour) <= 1e-12 && c.count < best->count))
            best = c;
    }
    if (!best) {
        return Error{{}, QStringLiteral("--tokens-per-second"),
                     prices == PriceKind::Rental
                         ? tr("no device with a cloud rental price reaches this speed with up to %1 devices").arg(kMaxDevices)
                         : tr("no device with a purchase price reaches this speed with up to %1 devices").arg(kMaxDevices)};
    }
    best->text = best->binding == Binding::DecodeSpeed
        ? tr("%1 × %2: decode speed needs %1 (memory alone needs %3); %4 tokens/s per user with the cache full")
              .arg(best->count)
              .arg(best->deviceName)
              .arg(best->countForMemory)
              .arg(best->tokensPerSecondPerUser, 0, 'f', 1)
        : tr("%1 × %2: memory needs %1; %3 tokens/s per user with the cache full")
              .arg(best->count)
              .arg(best->deviceName)
              .arg(best->tokensPerSecondPerUser, 0, 'f', 1);
    best->text += QStringLiteral("; ")
        + (asked.pricePerHour >= 0 ? tr("every device at the given price of $%1 an hour").arg(asked.pricePerHour)
           : prices == PriceKind::Rental
               ? tr("compared at cloud rental prices (on-demand list prices; purchase-priced devices left out)")
               : tr("compared at purchase prices spread over 3 years (rental-priced devices left out)"));
    best->text = withNote(best->text, note);
    return *best;
}

} // namespace tx
