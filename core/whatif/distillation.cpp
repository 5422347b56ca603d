#include "core/whatif/distillation.h"

#include "core/base/numberformat.h"
#include "core/estimate/evaluator.h"
#include "core/estimate/solver.h"

#include <cmath>

namespace tx {

Expected<WhatIfOutcome, Error> Distillation::whatIf(const ModelConfig &teacher, const Assumptions &a,
                                                    const DistillationOptions &o, const HardwareCatalog &catalog)
{
    if (!std::isfinite(o.tokens) || o.tokens < 0 || o.tokens > 1e16)
        return Error{{}, QStringLiteral("tokens"), tr("expected 0 (20 per student parameter) to 10^16 tokens")};
    auto teacherEval = evaluate(teacher, a, catalog);
    if (!teacherEval)
        return teacherEval.error();
    ModelConfig student;
    QString how;
    if (!o.device.isEmpty()) {
        if (!catalog.find(o.device))
            return Error{{}, QStringLiteral("device"), tr("unknown device \"%1\"").arg(o.device)};
        Assumptions onDevice = a;
        onDevice.device = o.device;
        onDevice.devices = 1;
        onDevice.tensorParallel = 1;
        auto largest = Solver::largestDesign(teacher, onDevice, 0, false, catalog);
        if (!largest)
            return largest.error();
        if (largest->paramsTotal >= teacherEval->params.total)
            return Error{{}, QStringLiteral("student-device"),
                         tr("the teacher itself fits one %1; a student is only smaller on a smaller device")
                             .arg(catalog.find(o.device)->name)};
        student = largest->design;
        how = tr("the largest student of the teacher's proportions whose inference fits one %1")
                  .arg(catalog.find(o.device)->name);
    } else {
        if (!(o.fraction > 0 && o.fraction < 1))
            return Error{{}, QStringLiteral("fraction"), tr("expected a share of the teacher's parameters between 0 and 1")};
        const auto target = std::int64_t(std::llround(o.fraction * double(teacherEval->params.total)));
        auto shape = Solver::shapeFor(teacher, target, 0);
        if (!shape)
            return shape.error();
        student = shape->design;
        how = tr("the student of the teacher's proportions closest to %1 % of its parameters")
                  .arg(QString::number(100.0 * o.fraction, 'g', 3));
    }
    student.name = tr("%1 student").arg(teacher.name);
    student.lora = {};
    const auto counted = evaluate(student, a, catalog);
    if (!counted)
        return counted.error();
    const double tokens = o.tokens > 0 ? o.tokens : 20.0 * double(counted->params.total);
    Assumptions trained = a;
    trained.trainingTokens = tokens;
    const auto studentEval = evaluate(student, trained, catalog);
    if (!studentEval)
        return studentEval.error();

    // The teacher labels every token once (its soft targets): one forward pass per token.
    const double teacherFlops = teacherEval->compute.forwardFlopsPerToken * tokens;
    const double studentFlops = studentEval->compute.trainingFlopsPerToken * tokens;
    const auto &hw = studentEval->hardware;
    const double cluster = double(a.devices) * hw.trainingPeakFlops * a.mfu;
    const auto seconds = [&](double flops) { return cluster > 0 ? flops / cluster : 0.0; };
    const auto money = [&](double flops) { return double(a.devices) * seconds(flops) / 3600.0 * hw.pricePerHour; };

    WhatIfOutcome w;
    w.id = QStringLiteral("distil");
    w.title = tr("Distillation");
    w.before = sideOf(*teacherEval);
    w.after = sideOf(*studentEval);
    w.trainingNote = tr("training memory of one replica under the chosen optimizer");
    WhatIfTable t;
    t.key = QStringLiteral("cost");
    t.title = tr("Cost of distilling on %1 × %2").arg(a.devices).arg(hw.deviceName);
    t.columnKeys = {QStringLiteral("tokens"), QStringLiteral("flops"), QStringLiteral("seconds"), QStringLiteral("usd")};
    t.columnTitles = {tr("Tokens"), tr("FLOPs"), tr("Time"), tr("Money")};
    t.columnUnits = {QStringLiteral("tokens"), QStringLiteral("FLOP"), QStringLiteral("s"), QStringLiteral("USD")};
    t.rows.push_back({QStringLiteral("teacher_forward"), tr("Teacher forward (soft targets)"),
                      {tokens, teacherFlops, seconds(teacherFlops), money(teacherFlops)}});
    t.rows.push_back({QStringLiteral("student_training"), tr("Student training"),
                      {tokens, studentFlops, seconds(studentFlops), money(studentFlops)}});
    t.rows.push_back({QStringLiteral("total"), tr("Total"),
                      {tokens, teacherFlops + studentFlops, seconds(teacherFlops + studentFlops),
                       money(teacherFlops + studentFlops)}});
    w.tables.push_back(t);
    w.figures.push_back({QStringLiteral("distil.student_params"), tr("Student parameters"),
                         double(studentEval->params.total), QStringLiteral("params"), QStringLiteral("N_student"),
                         QStringLiteral("%1 (%2 % of %3)")
                             .arg(NumberFormat::exact(studentEval->params.total))
                             .arg(QString::number(100.0 * double(studentEval->params.total) / double(teacherEval->params.total), 'f', 1))
                             .arg(NumberFormat::exact(teacherEval->params.total)),
                         how});
    w.figures.push_back({QStringLiteral("distil.tokens"), tr("Distillation tokens"), tokens, QStringLiteral("tokens"),
                         o.tokens > 0 ? QStringLiteral("D") : QStringLiteral("D = 20 · N_student"),
                         NumberFormat::exact(std::int64_t(tokens)),
                         o.tokens > 0 ? tr("the user's budget") : tr("Hoffmann et al. 2022: about 20 tokens per parameter")});
    w.figures.push_back({QStringLiteral("distil.teacher_flops"), tr("Teacher forward over the tokens"), teacherFlops,
                         QStringLiteral("FLOP"), QStringLiteral("C_forward(teacher) · D"),
                         QStringLiteral("%1 · %2 = %3")
                             .arg(NumberFormat::flops(teacherEval->compute.forwardFlopsPerToken),
                                  NumberFormat::exact(std::int64_t(tokens)), NumberFormat::flops(teacherFlops)),
                         tr("Kaplan et al. 2020, Table 1 (2·N + 2·n_layer·n_ctx·d_attn per token)")});
    w.figures.push_back({QStringLiteral("distil.student_flops"), tr("Student training over the tokens"), studentFlops,
                         QStringLiteral("FLOP"), QStringLiteral("3 · C_forward(student) · D"),
                         NumberFormat::flops(studentFlops), tr("Kaplan et al. 2020 §2.1")});
    w.notes << tr("Student: %1.").arg(how);
    w.notes << tr("The predicted loss is the scaling law's for the student trained on these tokens from scratch; "
                  "DistilBERT kept 97 % of BERT's GLUE score at 60 % of its size (Sanh et al. 2019).");
    w.design = student;
    w.changesDesign = true;
    return w;
}

} // namespace tx
