#include "ui/pages/summarycards.h"

#include "ui/snapshot/snapshotfeed.h"

#include "core/base/numberformat.h"
#include "core/estimate/servingestimator.h"
#include "ui/widgets/summarycard.h"

#include <QEvent>
#include <QGridLayout>

namespace tx {

namespace {
// Keys are the figure keys of explain() (core/explainer.h), or params.* for the counts.
struct CardSpec
{
    const char *key;
    const char *title; // translated in SummaryCards' context, again on every language change
    int row;
    int column;
};
constexpr CardSpec kCards[] = {
    {"params.total", QT_TRANSLATE_NOOP("tx::SummaryCards", "Parameters"), 0, 0},
    {"params.active", QT_TRANSLATE_NOOP("tx::SummaryCards", "Active per token"), 0, 1},
    {"memory.inference.weights_bytes", QT_TRANSLATE_NOOP("tx::SummaryCards", "Weights memory"), 0, 2},
    {"memory.inference.total_bytes", QT_TRANSLATE_NOOP("tx::SummaryCards", "Memory to run"), 0, 3},
    {"hardware.devices_for_inference", QT_TRANSLATE_NOOP("tx::SummaryCards", "Fits on"), 0, 4},
    {"compute.forward_flops_per_token", QT_TRANSLATE_NOOP("tx::SummaryCards", "Compute per token"), 1, 0},
    {"memory.training.total_bytes", QT_TRANSLATE_NOOP("tx::SummaryCards", "Memory to train"), 1, 1},
    {"compute.training_flops", QT_TRANSLATE_NOOP("tx::SummaryCards", "Training compute"), 1, 2},
    {"hardware.training_seconds", QT_TRANSLATE_NOOP("tx::SummaryCards", "Training time"), 1, 3},
    {"cost.money", QT_TRANSLATE_NOOP("tx::SummaryCards", "Training cost"), 1, 4},
};
} // namespace

SummaryCards::SummaryCards(SnapshotSource *source, QWidget *parent)
    : QWidget(parent)
{
    auto *grid = new QGridLayout(this);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setSpacing(6);
    for (const CardSpec &c : kCards)
        addCard(QLatin1String(c.key), tr(c.title), c.row, c.column);
    for (int c = 0; c < 5; ++c)
        grid->setColumnStretch(c, 1);
    SnapshotFeed::follow(source, this);
}

SummaryCard *SummaryCards::addCard(const QString &key, const QString &title, int row, int column)
{
    auto *card = new SummaryCard(key, title, this);
    static_cast<QGridLayout *>(layout())->addWidget(card, row, column);
    m_cards.insert(key, card);
    connect(card, &SummaryCard::selected, this, &SummaryCards::figureSelected);
    return card;
}

void SummaryCards::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        for (const CardSpec &c : kCards)
            if (SummaryCard *card = m_cards.value(QLatin1String(c.key)))
                card->setTitle(tr(c.title));
    }
    QWidget::changeEvent(event);
}

void SummaryCards::showSnapshot(const DesignSnapshot &s)
{
    if (!s.valid()) {
        const QString reason = s.errors.empty() ? QString() : s.errors.front().toString();
        for (SummaryCard *card : std::as_const(m_cards))
            card->show(tr("—"), tr("Invalid design: %1").arg(reason));
        return;
    }
    const Evaluation &e = *s.evaluation;
    const ParamCount &p = e.params;
    const auto card = [this](const char *key) { return m_cards.value(QLatin1String(key)); };
    const QString gb = NumberFormat::unitNote();

    card("params.total")->show(NumberFormat::count(double(p.total)), tr("%1 exactly").arg(NumberFormat::exact(p.total)),
                               tr("Capability ceiling and cost: more parameters can learn more, and cost more memory, "
                                  "compute and data."));
    card("params.active")->show(NumberFormat::count(double(p.active)),
                                p.active == p.total ? tr("every parameter, every token")
                                                    : tr("%1 exactly").arg(NumberFormat::exact(p.active)));
    card("memory.inference.weights_bytes")
        ->show(NumberFormat::bytes(e.inference.weightsBytes),
               tr("at %1; %2").arg(toString(s.config.weightPrecision), gb));
    card("memory.inference.total_bytes")
        ->show(NumberFormat::bytes(e.inference.totalBytes),
               s.assumptions.batch == 1
                   ? tr("1 user × %1 tokens; KV cache %2")
                         .arg(NumberFormat::exact(s.assumptions.contextLength), NumberFormat::bytes(e.inference.kvCacheBytes))
                   : tr("%1 users × %2 tokens; KV cache %3")
                         .arg(NumberFormat::exact(s.assumptions.batch), NumberFormat::exact(s.assumptions.contextLength),
                              NumberFormat::bytes(e.inference.kvCacheBytes)));
    const Evaluation::Hardware &hw = e.hardware;
    const QString memory = NumberFormat::bytes(hw.deviceMemoryBytes);
    // Serving economics in the detail line (README "serving.*"); cents stay visible.
    const ServingEstimate serving = ServingEstimator::estimate(s.config, s.assumptions, e);
    const double perMillion = serving.moneyPerMillionOutputTokens;
    const QString servingText =
        tr("%1 tokens/s per user, %2 per million output tokens")
            .arg(serving.tokensPerSecondPerUser >= 1000 ? NumberFormat::count(serving.tokensPerSecondPerUser)
                                                        : QString::number(serving.tokensPerSecondPerUser, 'f', 1))
            .arg(perMillion >= 100 ? NumberFormat::money(perMillion)
                                   : QStringLiteral("$") + QString::number(perMillion, 'g', 3));
    card("hardware.devices_for_inference")
        ->show(hw.fitsOneDeviceInference ? tr("1 device") : tr("needs %1×").arg(hw.devicesForInference),
               (hw.fitsOneDeviceInference ? tr("fits on 1× %1 (%2)").arg(hw.deviceName, memory)
                                          : tr("needs %1× %2 (%3 each) to run").arg(hw.devicesForInference).arg(hw.deviceName, memory))
                   + QStringLiteral("; ") + servingText);
    card("compute.forward_flops_per_token")
        ->show(NumberFormat::scientific(e.compute.forwardFlopsPerToken), tr("FLOP per generated token (forward pass)"));
    card("memory.training.total_bytes")
        ->show(NumberFormat::bytes(e.training.totalBytes),
               hw.fitsOneDeviceTraining ? tr("fits on 1× %1").arg(hw.deviceName)
                                        : tr("needs %1× %2 (perfect sharding)").arg(hw.devicesForTraining).arg(hw.deviceName));
    card("compute.training_flops")
        ->show(NumberFormat::scientific(e.compute.trainingFlops),
               tr("FLOP for %1 tokens, %2 per parameter").arg(NumberFormat::count(s.assumptions.trainingTokens))
                   .arg(e.scaling.tokensPerParam, 0, 'f', 1));
    card("hardware.training_seconds")
        ->show(NumberFormat::duration(hw.trainingSeconds),
               hw.trainingDevices > s.assumptions.devices
                   ? tr("needs %1× %2, at %3 % MFU").arg(hw.trainingDevices).arg(hw.deviceName)
                         .arg(std::lround(s.assumptions.mfu * 100))
                   : tr("on %1× %2 at %3 % MFU").arg(hw.trainingDevices).arg(hw.deviceName)
                         .arg(std::lround(s.assumptions.mfu * 100)));
    card("cost.money")
        ->show(NumberFormat::money(hw.money),
               tr("%1 device-hours at $%2/h").arg(NumberFormat::count(hw.gpuHours)).arg(hw.pricePerHour, 0, 'f', 2));
}

} // namespace tx
