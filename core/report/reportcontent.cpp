#include "core/report/reportcontent.h"

#include "core/base/numberformat.h"
#include "core/estimate/explainer.h"
#include "core/estimate/scalinglaw.h"
#include "core/report/componentnames.h"
#include "core/report/concurrencyfigure.h"
#include "core/report/sensitivityfigure.h"

#include <QLocale>

#include <cmath>

namespace tx {

namespace {

QString nameOf(const EvaluatedDesign &d)
{
    return d.config.name.isEmpty() ? ReportContent::tr("Custom design") : d.config.name;
}

QString bytes(double b)
{
    return NumberFormat::bytes(b);
}

QString bytesBoth(double b)
{
    return NumberFormat::bytes(b) + QStringLiteral(" (") + NumberFormat::bytes(b, NumberFormat::ByteUnits::Binary)
        + QLatin1Char(')');
}

QString yesNo(bool b)
{
    return b ? ReportContent::tr("yes") : ReportContent::tr("no");
}

QString percent(double fraction)
{
    return QStringLiteral("%1%").arg(fraction * 100, 0, 'g', 3);
}

QString optimizerText(Optimizer o)
{
    switch (o) {
    case Optimizer::AdamW: return ReportContent::tr("AdamW in fp32 (16 bytes per trainable parameter)");
    case Optimizer::AdamWMixed: return ReportContent::tr("AdamW, mixed precision bf16 + fp32 master weights (16 bytes per trainable parameter)");
    case Optimizer::SgdMomentum: return ReportContent::tr("SGD with momentum in fp32 (12 bytes per trainable parameter)");
    case Optimizer::Adam8bit: return ReportContent::tr("8-bit Adam (10 bytes per trainable parameter)");
    case Optimizer::Adafactor: return ReportContent::tr("Adafactor (factored second moment)");
    }
    return toString(o);
}

QString recomputeText(Recompute r)
{
    switch (r) {
    case Recompute::None: return ReportContent::tr("none (all activations kept)");
    case Recompute::Selective: return ReportContent::tr("selective (attention core recomputed; Korthikanti et al. 2022)");
    case Recompute::Full: return ReportContent::tr("full (each layer's input kept, layer recomputed)");
    }
    return toString(r);
}

QString layoutText(const ModelConfig &c)
{
    switch (c.layout) {
    case Layout::DecoderOnly: return ReportContent::tr("decoder-only");
    case Layout::EncoderOnly: return ReportContent::tr("encoder-only");
    case Layout::EncoderDecoder: return ReportContent::tr("encoder-decoder");
    }
    return toString(c.layout);
}

QString ratio(double mine, double theirs)
{
    if (!(theirs > 0) || !std::isfinite(mine))
        return QStringLiteral("—");
    return QStringLiteral("×%1").arg(mine / theirs, 0, 'g', 3);
}

QString mdEscape(QString s)
{
    return s.replace(QLatin1Char('|'), QStringLiteral("\\|")).replace(QLatin1Char('\n'), QLatin1Char(' '));
}

// HTML understood by both browsers and QTextDocument (which reads a subset of CSS 2.1).
const char *kStyle = R"(
body { font-family: "DejaVu Sans", "Noto Sans CJK SC", sans-serif; color: #202020; line-height: 1.25; }
h1 { font-size: 20pt; margin-bottom: 2pt; }
h2 { font-size: 14pt; color: #0b4f8a; margin-top: 16pt; margin-bottom: 4pt; }
p.meta { color: #555555; margin-top: 0; }
p.note { color: #555555; font-size: 8.5pt; }
table { border-collapse: collapse; margin-top: 4pt; margin-bottom: 6pt; }
th { background-color: #e8eef5; text-align: left; padding: 2px 6px; border: 1px solid #b8c4d0; }
td { padding: 2px 6px; border: 1px solid #d0d6dc; vertical-align: top; }
td.num { text-align: right; white-space: nowrap; }
td.key { color: #555555; font-size: 8pt; }
code, td.formula { font-family: "DejaVu Sans Mono", monospace; font-size: 8.5pt; }
div.chart { margin-top: 6pt; margin-bottom: 6pt; }
div.chart svg { width: 100%; height: auto; }
)";

// Browsers only: a readable column. (QTextDocument would narrow its text frame below the
// charts' width and stop laying out after the first one.)
const char *kScreenStyle = "body { max-width: 60em; margin: 2em auto; }\n";

// A cell that holds a number (digits first, or a currency or ×): right-aligned.
bool numeric(const QString &cell)
{
    if (cell.isEmpty())
        return false;
    const QChar c = cell.front();
    return c.isDigit() || c == QLatin1Char('$') || c == QChar(0x00D7) || c == QLatin1Char('-');
}

} // namespace

// Columns after the first whose every cell is a number read right-aligned.
QList<bool> ReportContent::numericColumns(const Block &b)
{
    QList<bool> right(b.header.size(), false);
    for (int i = 1; i < b.header.size(); ++i) {
        bool all = !b.rows.isEmpty();
        for (const QStringList &row : b.rows)
            all = all && numeric(row.value(i));
        right[i] = all;
    }
    return right;
}

ReportContent::ReportContent(Input input)
    : m_input(std::move(input))
{
    if (!m_input.generated.isValid())
        m_input.generated = QDateTime::currentDateTime();
    m_figures = explain(m_input.design.config, m_input.design.assumptions, m_input.design.evaluation);
    build();
}

QString ReportContent::title() const
{
    return tr("%1 — design report").arg(nameOf(m_input.design));
}

std::vector<ReportCharts::Kind> ReportContent::chartKinds() const
{
    std::vector<ReportCharts::Kind> kinds;
    for (const Block &b : m_blocks)
        if (b.type == Block::Type::Chart)
            kinds.push_back(b.chart);
    return kinds;
}

void ReportContent::build()
{
    const ModelConfig &c = m_input.design.config;
    const Assumptions &a = m_input.design.assumptions;
    const Evaluation &e = m_input.design.evaluation;
    const auto &p = e.params;
    const auto &inf = e.inference;
    const auto &t = e.training;
    const auto &cp = e.compute;
    const auto &hw = e.hardware;
    const auto &sc = e.scaling;
    const ScalingLaw law = ScalingLaw::of(a.law);

    const auto heading = [&](const QString &text) { m_blocks.push_back({Block::Type::Heading, text, {}, {}, {}}); };
    // A major section starts on a fresh page in the PDF, so no heading is left at a page's foot.
    const auto section = [&](const QString &text) {
        m_blocks.push_back({Block::Type::Heading, text, {}, {}, {}});
        m_blocks.back().pageBreak = true;
    };
    const auto paragraph = [&](const QString &text) { m_blocks.push_back({Block::Type::Paragraph, text, {}, {}, {}}); };
    const auto note = [&](const QString &text) { m_blocks.push_back({Block::Type::Note, text, {}, {}, {}}); };
    const auto table = [&](const QStringList &header, const QList<QStringList> &rows) {
        m_blocks.push_back({Block::Type::Table, {}, header, rows, {}});
    };
    const auto chart = [&](ReportCharts::Kind kind) { m_blocks.push_back({Block::Type::Chart, {}, {}, {}, kind}); };

    // At a glance.
    heading(tr("At a glance"));
    QString fitInference = hw.fitsOneDeviceInference
        ? tr("fits one %1 (%2)").arg(hw.deviceName, bytes(hw.deviceMemoryBytes))
        : tr("needs %n × %1", nullptr, hw.devicesForInference).arg(hw.deviceName);
    QString fitTraining = !hw.fitsPerDeviceTraining
        ? tr("does not fit a %1 (%2)").arg(hw.deviceName, bytes(hw.deviceMemoryBytes))
        : a.devices == 1 ? tr("fits one %1 (%2)").arg(hw.deviceName, bytes(hw.deviceMemoryBytes))
                         : tr("fits each of the %n devices", nullptr, a.devices);
    QList<QStringList> glance = {
        {tr("Parameters (exact)"), NumberFormat::exact(p.total), NumberFormat::count(double(p.total))},
    };
    if (p.active != p.total)
        glance.append({tr("Active parameters per token"), NumberFormat::exact(p.active), NumberFormat::count(double(p.active))});
    glance.append({tr("Inference memory"), bytes(inf.totalBytes), fitInference});
    glance.append({tr("Training memory per device"), bytes(t.perDeviceBytes), fitTraining});
    glance.append({tr("Training compute"), NumberFormat::flops(cp.trainingFlops),
                   tr("%1 tokens").arg(NumberFormat::count(a.trainingTokens))});
    glance.append({tr("Training time"), NumberFormat::duration(hw.trainingSeconds),
                   tr("%n × %1 at %2 MFU", nullptr, hw.trainingDevices).arg(hw.deviceName, percent(a.mfu))});
    glance.append({tr("Training cost"), NumberFormat::money(hw.money),
                   tr("%1 GPU-hours at $%2/h").arg(NumberFormat::count(hw.gpuHours)).arg(hw.pricePerHour, 0, 'f', 2)});
    glance.append({tr("Decode throughput"), tr("%1 tokens/s").arg(NumberFormat::scientific(hw.decodeTokensPerSecond)),
                   tr("batch %1, %2 tokens of context").arg(a.batch).arg(a.contextLength)});
    glance.append({tr("Predicted loss"), tr("%1 nats/token").arg(sc.loss, 0, 'f', 3), law.name()});
    table({tr("Figure"), tr("Value"), tr("Note")}, glance);

    // Design.
    heading(tr("Design"));
    if (!c.source.isEmpty())
        paragraph(tr("Source: %1").arg(c.source));
    QList<QStringList> design = {
        {tr("Architecture"), layoutText(c)},
        {tr("Layers"), c.layout == Layout::EncoderDecoder
                           ? tr("%1 encoder + %2 decoder").arg(c.encoderLayers()).arg(c.decoderLayers())
                           : QString::number(c.totalLayers())},
        {tr("Model width d_model"), QString::number(c.dModel)},
        {tr("Attention heads (query / key-value)"), tr("%1 / %2").arg(c.nHeads).arg(c.nKvHeads)},
        {tr("Head dimension"), QString::number(c.effectiveHeadDim())},
        {tr("Feed-forward width d_ff"), tr("%1 (%2, %3)").arg(QString::number(c.dFf), toString(c.ffn), toString(c.activation))},
        {tr("Vocabulary"), NumberFormat::exact(c.vocabSize)},
        {tr("Context (positions)"), tr("%1 (%2)").arg(NumberFormat::exact(c.maxPositions), toString(c.positions))},
        {tr("Normalization"), tr("%1, %2").arg(toString(c.norm), toString(c.normPlacement))},
        {tr("Embeddings tied to output"), yesNo(c.tiedEmbeddings)},
        {tr("Weight / KV cache precision"), tr("%1 / %2").arg(toString(c.weightPrecision), toString(c.kvPrecision))},
    };
    if (c.moe.enabled())
        design.append({tr("Mixture of experts"), tr("%1 experts, top-%2, every %3 layer(s)")
                                                      .arg(c.moe.numExperts).arg(c.moe.topK).arg(c.moe.sparseEvery)});
    if (c.slidingWindow > 0)
        design.append({tr("Sliding attention window"), tr("%1 tokens").arg(c.slidingWindow)});
    if (c.sharing != Sharing::None)
        design.append({tr("Layer sharing"), toString(c.sharing)});
    if (c.lora.enabled())
        design.append({tr("LoRA rank"), QString::number(c.lora.rank)});
    table({tr("Setting"), tr("Value")}, design);

    // Parameters.
    section(tr("Parameters"));
    paragraph(tr("%1 parameters in total (tied and shared weights counted once); %2 outside the embeddings.")
                  .arg(NumberFormat::exact(p.total), NumberFormat::exact(p.nonEmbedding)));
    QList<QStringList> breakdown;
    const std::function<void(const ParamNode &, int)> addNode = [&](const ParamNode &n, int depth) {
        const double share = p.total > 0 ? double(n.params) / double(p.total) : 0.0;
        // No-break spaces: they survive HTML, QTextDocument and Markdown alike.
        breakdown.append({QString(depth * 4, QChar(0x00A0)) + ComponentNames::component(n.key),
                          NumberFormat::exact(n.params), QStringLiteral("%1%").arg(share * 100, 0, 'f', 2)});
        // A lone child holding everything (an output head's single weight) says nothing new.
        const bool loneChild = n.children.size() == 1 && n.children.front().params == n.params;
        if (depth < 2 && !loneChild)
            for (const ParamNode &child : n.children)
                addNode(child, depth + 1);
    };
    addNode(p.breakdown, 0);
    table({tr("Component"), tr("Parameters"), tr("Share")}, breakdown);
    chart(ReportCharts::Kind::Params);

    // Memory.
    section(tr("Memory and device fit"));
    paragraph(tr("Inference at %1 weights and a %2 KV cache, batch %3, %4 tokens of context. %5.")
                  .arg(toString(c.weightPrecision), toString(c.kvPrecision))
                  .arg(a.batch)
                  .arg(a.contextLength)
                  .arg(NumberFormat::unitNote() + QStringLiteral(", ") + NumberFormat::unitNote(NumberFormat::ByteUnits::Binary)));
    table({tr("Inference"), tr("Memory")},
          {{tr("Weights"), bytesBoth(inf.weightsBytes)},
           {tr("KV cache"), bytesBoth(inf.kvCacheBytes)},
           {tr("Activations (prefill)"), bytesBoth(inf.activationsBytes)},
           {tr("Runtime overhead (%1)").arg(percent(a.runtimeOverhead)), bytesBoth(inf.overheadBytes)},
           {tr("Total"), bytesBoth(inf.totalBytes)},
           {tr("Fits one %1").arg(hw.deviceName), yesNo(hw.fitsOneDeviceInference)},
           {tr("Devices needed to hold it"), QString::number(hw.devicesForInference)}});
    table({tr("Training"), tr("Memory")},
          {{tr("Trainable parameters"), NumberFormat::exact(t.trainableParams)},
           {tr("Weights"), bytesBoth(t.weightsBytes)},
           {tr("Gradients"), bytesBoth(t.gradientsBytes)},
           {tr("Optimizer states"), bytesBoth(t.optimizerBytes)},
           {tr("Activations"), bytesBoth(t.activationsBytes)},
           {tr("Total, one replica"), bytesBoth(t.totalBytes)},
           {tr("Per device (ZeRO-%1, tensor parallel %2, %3 devices)").arg(a.zeroStage).arg(a.tensorParallel).arg(a.devices),
            bytesBoth(t.perDeviceBytes)},
           {tr("Per-device share fits a %1").arg(hw.deviceName), yesNo(hw.fitsPerDeviceTraining)},
           {tr("Devices needed to hold one replica"), QString::number(hw.devicesForTraining)}});
    chart(ReportCharts::Kind::Memory);

    // Compute, time and cost.
    section(tr("Compute, time and cost"));
    table({tr("Compute"), tr("Value")},
          {{tr("Forward pass per token"), NumberFormat::flops(cp.forwardFlopsPerToken)},
           {tr("Training per token"), NumberFormat::flops(cp.trainingFlopsPerToken)},
           {tr("Training total (%1 tokens)").arg(NumberFormat::count(a.trainingTokens)), NumberFormat::flops(cp.trainingFlops)},
           {tr("Prefill (whole prompt, whole batch)"),
            tr("%1, %2 FLOP/byte").arg(NumberFormat::flops(cp.prefillFlops), NumberFormat::scientific(cp.prefillIntensity))},
           {tr("Decode step (whole batch)"),
            tr("%1, %2 FLOP/byte").arg(NumberFormat::flops(cp.decodeFlops), NumberFormat::scientific(cp.decodeIntensity))}});
    table({tr("On %1").arg(hw.deviceName), tr("Value")},
          {{tr("Peak at %1").arg(toString(c.weightPrecision)), tr("%1 FLOP/s").arg(NumberFormat::scientific(hw.inferencePeakFlops))},
           {tr("Memory bandwidth"), tr("%1/s").arg(bytes(hw.bandwidthBytesPerSecond))},
           {tr("Prefill time"), NumberFormat::duration(hw.prefillSeconds)},
           {tr("Decode step time"), NumberFormat::duration(hw.decodeStepSeconds)},
           {tr("Decode throughput"), tr("%1 tokens/s").arg(NumberFormat::scientific(hw.decodeTokensPerSecond))},
           {tr("Training time (%n devices, MFU %1)", nullptr, hw.trainingDevices).arg(percent(a.mfu)),
            tr("%1 (%2 days)").arg(NumberFormat::duration(hw.trainingSeconds)).arg(hw.days, 0, 'f', 1)},
           {tr("GPU-hours"), NumberFormat::count(hw.gpuHours)},
           {tr("Cost at $%1 per device-hour").arg(hw.pricePerHour, 0, 'f', 2), NumberFormat::money(hw.money)}});
    chart(ReportCharts::Kind::Compute);

    // Scaling.
    section(tr("Scaling law"));
    paragraph(tr("%1. Source: %2.").arg(law.name(), law.source()));
    table({tr("Scaling"), tr("Value")},
          {{law.usesNonEmbeddingParams() ? tr("Non-embedding parameters N") : tr("Parameters N"), NumberFormat::count(sc.params)},
           {tr("Training tokens D"), NumberFormat::count(sc.tokens)},
           {tr("Compute C = 6·N·D"), NumberFormat::flops(sc.computeBudget)},
           {tr("Predicted loss"), tr("%1 nats/token").arg(sc.loss, 0, 'f', 4)},
           {tr("Tokens per parameter"), NumberFormat::scientific(sc.tokensPerParam)},
           {tr("Compute-optimal N* for the same C"), NumberFormat::count(sc.optimalParams)},
           {tr("Compute-optimal D*"), NumberFormat::count(sc.optimalTokens)},
           {tr("Loss at the optimum"), tr("%1 nats/token").arg(sc.optimalLoss, 0, 'f', 4)},
           {tr("Compute-optimal tokens per parameter"), NumberFormat::scientific(sc.optimalTokensPerParam)}});
    chart(ReportCharts::Kind::Scaling);

    // Which knob matters, and how the design serves many users (the window's Solve tab).
    section(tr("Which knob matters"));
    const SensitivityFigure knobs = SensitivityFigure::of(m_input.design, SensitivityFigure::Metric::InferenceMemory);
    paragraph(tr("Each knob one step down and one step up (±10 % or the next valid value), and how far that moves "
                 "inference memory. %1").arg(knobs.note));
    chart(ReportCharts::Kind::Sensitivity);
    section(tr("Concurrent users"));
    paragraph(ConcurrencyFigure::of(&m_input.design).note);
    chart(ReportCharts::Kind::Concurrency);

    // Comparison.
    if (m_input.pinned) {
        const EvaluatedDesign &q = *m_input.pinned;
        const Evaluation &f = q.evaluation;
        heading(tr("Comparison with the pinned design"));
        paragraph(tr("The pinned design is %1; the last column is this design divided by it.").arg(nameOf(q)));
        const auto rowOf = [&](const QString &label, const QString &mine, const QString &theirs, double x, double y) {
            return QStringList{label, mine, theirs, ratio(x, y)};
        };
        table({tr("Figure"), nameOf(m_input.design), nameOf(q), tr("Ratio")},
              {rowOf(tr("Parameters"), NumberFormat::exact(p.total), NumberFormat::exact(f.params.total),
                     double(p.total), double(f.params.total)),
               rowOf(tr("Inference memory"), bytes(inf.totalBytes), bytes(f.inference.totalBytes), inf.totalBytes,
                     f.inference.totalBytes),
               rowOf(tr("KV cache"), bytes(inf.kvCacheBytes), bytes(f.inference.kvCacheBytes), inf.kvCacheBytes,
                     f.inference.kvCacheBytes),
               rowOf(tr("Training memory per device"), bytes(t.perDeviceBytes), bytes(f.training.perDeviceBytes),
                     t.perDeviceBytes, f.training.perDeviceBytes),
               rowOf(tr("Forward FLOPs per token"), NumberFormat::flops(cp.forwardFlopsPerToken),
                     NumberFormat::flops(f.compute.forwardFlopsPerToken), cp.forwardFlopsPerToken,
                     f.compute.forwardFlopsPerToken),
               rowOf(tr("Training time"), NumberFormat::duration(hw.trainingSeconds),
                     NumberFormat::duration(f.hardware.trainingSeconds), hw.trainingSeconds, f.hardware.trainingSeconds),
               rowOf(tr("Training cost"), NumberFormat::money(hw.money), NumberFormat::money(f.hardware.money), hw.money,
                     f.hardware.money),
               rowOf(tr("Decode throughput (tokens/s)"), NumberFormat::scientific(hw.decodeTokensPerSecond),
                     NumberFormat::scientific(f.hardware.decodeTokensPerSecond), hw.decodeTokensPerSecond,
                     f.hardware.decodeTokensPerSecond),
               rowOf(tr("Predicted loss (nats/token)"), QString::number(sc.loss, 'f', 4),
                     QString::number(f.scaling.loss, 'f', 4), sc.loss, f.scaling.loss)});
    }

    // Assumptions.
    section(tr("Assumptions"));
    const QString price = a.pricePerHour < 0 ? tr("$%1 per device-hour (catalog price)").arg(hw.pricePerHour, 0, 'f', 2)
                                             : tr("$%1 per device-hour (given)").arg(hw.pricePerHour, 0, 'f', 2);
    table({tr("Assumption"), tr("Value")},
          {{tr("Weight precision"), toString(c.weightPrecision)},
           {tr("KV cache precision"), toString(c.kvPrecision)},
           {tr("Batch (sequences)"), QString::number(a.batch)},
           {tr("Context length (tokens)"), QString::number(a.contextLength)},
           {tr("Training tokens D"), NumberFormat::count(a.trainingTokens)},
           {tr("Optimizer"), optimizerText(a.optimizer)},
           {tr("Activation recomputation"), recomputeText(a.recompute)},
           {tr("FlashAttention"), yesNo(a.flash)},
           {tr("ZeRO stage"), QString::number(a.zeroStage)},
           {tr("Tensor parallel / data parallel"), tr("%1 / %2").arg(a.tensorParallel).arg(a.dataParallel())},
           {tr("Devices"), tr("%1 × %2").arg(a.devices).arg(hw.deviceName)},
           {tr("Model FLOPs utilisation (MFU)"), percent(a.mfu)},
           {tr("Price"), price},
           {tr("Inference runtime overhead"), percent(a.runtimeOverhead)},
           {tr("Scaling-law fit"), tr("%1 — %2").arg(law.name(), law.source())},
           {tr("Byte units"), NumberFormat::unitNote() + QStringLiteral("; ")
                                  + NumberFormat::unitNote(NumberFormat::ByteUnits::Binary)}});

    // Formulas.
    section(tr("How each figure is computed"));
    note(tr("Each figure with its formula, the same formula with this design's numbers, and where the formula comes from."));
    m_blocks.push_back({Block::Type::Figures, {}, {}, {}, {}});
}

QString ReportContent::html(const std::function<QString(ReportCharts::Kind)> &chartHtml, bool screen) const
{
    QString h;
    h += QStringLiteral("<!DOCTYPE html>\n<html lang=\"%1\">\n<head>\n<meta charset=\"utf-8\">\n<title>%2</title>\n<style>%3</style>\n</head>\n<body>\n")
             .arg(QLocale().bcp47Name(), title().toHtmlEscaped(),
                  QString::fromLatin1(kStyle) + (screen ? QString::fromLatin1(kScreenStyle) : QString()));
    h += QStringLiteral("<h1>%1</h1>\n").arg(title().toHtmlEscaped());
    h += QStringLiteral("<p class=\"meta\">%1</p>\n")
             .arg(tr("Generated %1 by Transformer Explorer %2.")
                      .arg(QLocale().toString(m_input.generated, QLocale::LongFormat), QStringLiteral(TX_VERSION))
                      .toHtmlEscaped());
    for (const Block &b : m_blocks) {
        switch (b.type) {
        case Block::Type::Heading:
            h += QStringLiteral("<h2%1>%2</h2>\n")
                     .arg(b.pageBreak ? QStringLiteral(" style=\"page-break-before: always\"") : QString(), b.text.toHtmlEscaped());
            break;
        case Block::Type::Paragraph:
            h += QStringLiteral("<p>%1</p>\n").arg(b.text.toHtmlEscaped());
            break;
        case Block::Type::Note:
            h += QStringLiteral("<p class=\"note\">%1</p>\n").arg(b.text.toHtmlEscaped());
            break;
        case Block::Type::Table: {
            // Attributes as well as CSS: QTextDocument honours cellpadding/border more reliably.
            h += QStringLiteral("<table width=\"100%\" cellspacing=\"0\" cellpadding=\"2\" border=\"1\">\n<tr>");
            for (const QString &cell : b.header)
                h += QStringLiteral("<th>%1</th>").arg(cell.toHtmlEscaped());
            h += QStringLiteral("</tr>\n");
            const QList<bool> right = numericColumns(b);
            for (const QStringList &row : b.rows) {
                h += QStringLiteral("<tr>");
                for (int i = 0; i < row.size(); ++i) {
                    const bool num = right.value(i);
                    h += QStringLiteral("<td%1>%2</td>")
                             .arg(num ? QStringLiteral(" class=\"num\" align=\"right\"") : QString(), row[i].toHtmlEscaped());
                }
                h += QStringLiteral("</tr>\n");
            }
            h += QStringLiteral("</table>\n");
            break;
        }
        case Block::Type::Chart:
            h += chartHtml(b.chart);
            break;
        case Block::Type::Figures: {
            h += QStringLiteral("<table width=\"100%\" cellspacing=\"0\" cellpadding=\"2\" border=\"1\">\n<tr><th>%1</th><th>%2</th></tr>\n")
                     .arg(tr("Figure").toHtmlEscaped(), tr("Formula, with the numbers, and source").toHtmlEscaped());
            for (const Figure &f : m_figures) {
                h += QStringLiteral("<tr><td>%1<br><span class=\"key\"><font color=\"#666666\" size=\"2\">%2</font></span></td>"
                                    "<td><code>%3</code><br><code>%4 %5</code><br><font color=\"#555555\">%6</font></td></tr>\n")
                         .arg(f.title.toHtmlEscaped(), f.key.toHtmlEscaped(), f.formula.toHtmlEscaped(),
                              f.substituted.toHtmlEscaped(), f.unit.toHtmlEscaped(),
                              tr("Source: %1").arg(f.source).toHtmlEscaped());
            }
            h += QStringLiteral("</table>\n");
            break;
        }
        }
    }
    h += QStringLiteral("<p class=\"note\">%1</p>\n")
             .arg(tr("Estimates, not measurements: they follow the stated assumptions and the cited formulas.")
                      .toHtmlEscaped());
    h += QStringLiteral("</body>\n</html>\n");
    return h;
}

QString ReportContent::markdown(const QString &imageBase) const
{
    QString m;
    m += QStringLiteral("# %1\n\n").arg(title());
    m += tr("Generated %1 by Transformer Explorer %2.")
             .arg(QLocale().toString(m_input.generated, QLocale::LongFormat), QStringLiteral(TX_VERSION))
        + QStringLiteral("\n\n");
    for (const Block &b : m_blocks) {
        switch (b.type) {
        case Block::Type::Heading:
            m += QStringLiteral("## %1\n\n").arg(b.text);
            break;
        case Block::Type::Paragraph:
            m += b.text + QStringLiteral("\n\n");
            break;
        case Block::Type::Note:
            m += QStringLiteral("_%1_\n\n").arg(b.text);
            break;
        case Block::Type::Table: {
            QStringList header, rule;
            const QList<bool> right = numericColumns(b);
            for (int i = 0; i < b.header.size(); ++i) {
                header << mdEscape(b.header[i]);
                rule << (right.value(i) ? QStringLiteral("---:") : QStringLiteral("---"));
            }
            m += QStringLiteral("| %1 |\n| %2 |\n").arg(header.join(QStringLiteral(" | ")), rule.join(QStringLiteral(" | ")));
            for (const QStringList &row : b.rows) {
                QStringList cells;
                for (const QString &cell : row)
                    cells << mdEscape(cell);
                m += QStringLiteral("| %1 |\n").arg(cells.join(QStringLiteral(" | ")));
            }
            m += QLatin1Char('\n');
            break;
        }
        case Block::Type::Chart:
            m += QStringLiteral("![%1](%2-%3.png)\n\n")
                     .arg(ReportCharts::title(b.chart, m_input.design), imageBase, ReportCharts::toString(b.chart));
            break;
        case Block::Type::Figures:
            for (const Figure &f : m_figures) {
                m += QStringLiteral("- **%1** (`%2`)\n  - `%3`\n  - `%4 %5`\n  - %6\n")
                         .arg(f.title, f.key, f.formula, f.substituted, f.unit, tr("Source: %1").arg(f.source));
            }
            m += QLatin1Char('\n');
            break;
        }
    }
    m += QStringLiteral("_%1_\n").arg(tr("Estimates, not measurements: they follow the stated assumptions and the cited formulas."));
    return m;
}

} // namespace tx
