#include "commands.h"

#include "core/design/designedits.h"
#include "core/formats/headsurvey.h"
#include "core/formats/hfcheckpoint.h"
#include "core/train/corpus.h"
#include "core/train/tokenmasking.h"
#include "core/train/trainer.h"
#include "core/train/trainingpreset.h"
#include "designarguments.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QSaveFile>
#include <QTextStream>

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace tx {

namespace {

struct TrainCommand
{
    Q_DECLARE_TR_FUNCTIONS(tx::TrainCommand)
};

int fail(const Error &e)
{
    QTextStream(stderr) << e.toString() << '\n';
    return 2;
}

// "--name value" as an int/double/uint64 within [lo, hi]; keeps `out` when the option is absent.
template <typename T>
std::optional<Error> takeNumber(QStringList &args, const char *name, T &out, double lo, double hi)
{
    bool present = false;
    const QString text = DesignArguments::takeOption(args, QLatin1String(name), &present);
    if (!present)
        return std::nullopt;
    bool ok = false;
    const double v = text.toDouble(&ok);
    // Bounds as a user types them: 10000000, not the 1e+07 of QString::arg(double).
    auto bound = [](double b) {
        return b == std::floor(b) && std::abs(b) < 1e16 ? QString::number(std::int64_t(b))
                                                         : QString::number(b, 'g', QLocale::FloatingPointShortest);
    };
    if (!ok || !std::isfinite(v) || v < lo || v > hi || (std::is_integral_v<T> && v != std::floor(v)))
        return Error{{}, QStringLiteral("--") + QLatin1String(name),
                     TrainCommand::tr("expected a number between %1 and %2, got \"%3\"").arg(bound(lo), bound(hi), text)};
    out = T(v);
    return std::nullopt;
}

QJsonObject headJson(const HeadScore &h)
{
    QJsonObject o;
    o.insert(QStringLiteral("layer"), h.layer);
    o.insert(QStringLiteral("head"), h.head);
    o.insert(QStringLiteral("induction_score"), h.induction);
    o.insert(QStringLiteral("previous_token_score"), h.previousToken);
    o.insert(QStringLiteral("entropy_bits"), h.entropyBits);
    if (h.kind != HeadScore::Kind::Self) { // an encoder-decoder's encoder or cross-attention head
        o.insert(QStringLiteral("attention"), h.kind == HeadScore::Kind::Cross ? QStringLiteral("cross")
                                                                               : QStringLiteral("encoder"));
        if (h.kind == HeadScore::Kind::Cross)
            o.insert(QStringLiteral("alignment_score"), h.alignment);
    }
    return o;
}

// One sparse layer's routing over the last steps (ExpertLoad): shares of the token-slots, the
// router's mean probabilities, and the two balance figures.
QJsonObject expertLoadJson(const ExpertLoad &l, int steps)
{
    QJsonArray share, prob;
    for (int e = 0; e < l.experts(); ++e) {
        share.append(l.share(e));
        prob.append(l.meanProb(e));
    }
    return QJsonObject{{QStringLiteral("layer"), l.layer},
                       {QStringLiteral("experts"), l.experts()},
                       {QStringLiteral("top_k"), l.topK},
                       {QStringLiteral("steps"), steps},
                       {QStringLiteral("token_slots"), double(l.totalSlots())},
                       {QStringLiteral("share"), share},
                       {QStringLiteral("mean_router_probability"), prob},
                       {QStringLiteral("even_share"), l.evenShare()},
                       {QStringLiteral("max_over_mean"), l.maxOverMean()},
                       {QStringLiteral("balance_loss"), l.balanceLoss()}};
}

std::optional<Error> writeFile(const QString &path, const QByteArray &data)
{
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(data) != data.size() || !f.commit())
        return Error{path, {}, f.errorString()};
    return std::nullopt;
}

} // namespace

int runTrainCommand(QStringList args)
{
    bool hasFormat = false, hasTask = false, hasOut = false, hasCorpus = false, hasText = false;
    const QString format = DesignArguments::takeOption(args, QStringLiteral("format"), &hasFormat);
    const QString taskName = DesignArguments::takeOption(args, QStringLiteral("task"), &hasTask);
    const QString outDir = DesignArguments::takeOption(args, QStringLiteral("out"), &hasOut);
    const QString corpus = DesignArguments::takeOption(args, QStringLiteral("corpus"), &hasCorpus);
    const QString text = DesignArguments::takeOption(args, QStringLiteral("text"), &hasText);
    bool hasFill = false; // masked LM: a text with [MASK]s to fill in after training
    const QString fill = DesignArguments::takeOption(args, QStringLiteral("fill"), &hasFill);
    bool hasHashAt = false;
    const QString hashAt = DesignArguments::takeOption(args, QStringLiteral("hash-at"), &hasHashAt);
    const bool attentionOnlyFlag = DesignArguments::takeFlag(args, QStringLiteral("attention-only"));
    if (hasFormat && format != QLatin1String("json") && format != QLatin1String("text"))
        return fail({{}, QStringLiteral("--format"), TrainCommand::tr("expected text or json, got \"%1\"").arg(format)});
    if (!hasOut || outDir.isEmpty())
        return fail({{}, QStringLiteral("--out"), TrainCommand::tr("missing output folder")});

    // A training preset (model + task + settings) or a design preset/file plus a task.
    std::optional<TrainingPreset> preset;
    const int presetAt = args.indexOf(QStringLiteral("--preset"));
    if (presetAt >= 0 && presetAt + 1 < args.size())
        preset = TrainingPreset::find(args[presetAt + 1]);
    if (preset)
        args.remove(presetAt, 2);

    TaskKind kind = preset ? preset->task.kind : TaskKind::Induction;
    if (hasTask && !fromString(taskName, kind))
        return fail({{}, QStringLiteral("--task"),
                     TrainCommand::tr("expected copy, reverse, sort, induction or chars, got \"%1\"").arg(taskName)});
    if (!hasTask && !preset)
        return fail({{}, QStringLiteral("--task"), TrainCommand::tr("missing task (copy, reverse, sort, induction or chars)")});
    if (preset && preset->task.kind != kind)
        preset.reset(); // a different task: keep only the design flags
    TrainingPreset base = preset ? *preset : TrainingPreset::defaultFor(kind);

    const bool hasDesign = args.contains(QStringLiteral("--preset")) || args.contains(QStringLiteral("--config"))
        || args.contains(QStringLiteral("--hf-config"));
    ModelConfig design = base.model;
    if (hasDesign) {
        auto d = DesignArguments::take(args);
        if (!d)
            return fail(d.error());
        design = *d;
    } else {
        for (;;) {
            bool hasSet = false;
            const QString setting = DesignArguments::takeOption(args, QStringLiteral("set"), &hasSet);
            if (!hasSet)
                break;
            const int eq = setting.indexOf(QLatin1Char('='));
            if (eq <= 0)
                return fail({{}, QStringLiteral("--set"), TrainCommand::tr("expected key=value, got \"%1\"").arg(setting)});
            if (auto err = DesignEdits::set(design, setting.left(eq), setting.mid(eq + 1)))
                return fail(*err);
        }
    }
    const bool attentionOnly = attentionOnlyFlag || (base.attentionOnly && !hasDesign);

    TrainingTask::Options taskOptions = base.task;
    taskOptions.kind = kind;
    TrainingSettings settings = base.settings;
    bool hasSteps = args.contains(QStringLiteral("--steps"));
    for (auto err : {takeNumber(args, "steps", settings.steps, 1, 10'000'000),
                     takeNumber(args, "batch", settings.batch, 1, 4096),
                     takeNumber(args, "lr", settings.lr, 1e-7, 1.0),
                     takeNumber(args, "seed", settings.seed, 0, 9.0e15),
                     takeNumber(args, "warmup", settings.warmupSteps, 0, 10'000'000),
                     takeNumber(args, "weight-decay", settings.weightDecay, 0, 10),
                     takeNumber(args, "eval-every", settings.evalEvery, 1, 10'000'000),
                     takeNumber(args, "digits", taskOptions.digits, 1, 512),
                     takeNumber(args, "seq-len", taskOptions.seqLen, 4, 4096),
                     takeNumber(args, "vocab", taskOptions.vocab, 2, 1'000'000),
                     takeNumber(args, "min-segment", taskOptions.minSegment, 2, 4096),
                     takeNumber(args, "max-segment", taskOptions.maxSegment, 2, 4096),
                     takeNumber(args, "min-count", taskOptions.minCount, 1, 1'000'000'000),
                     takeNumber(args, "threads", settings.threads, 0, 1024)}) {
        if (err)
            return fail(*err);
    }
    // --hash-at 20,100: the weights' SHA-256 after those steps, so a shorter run of the same
    // script can be checked against a longer one (within the warmup their schedules agree).
    std::vector<int> hashSteps;
    if (hasHashAt) {
        for (const QString &part : hashAt.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            bool ok = false;
            const int step = part.trimmed().toInt(&ok);
            if (!ok || step < 1)
                return fail({{}, QStringLiteral("--hash-at"), TrainCommand::tr("expected step numbers like 20,100, got \"%1\"").arg(hashAt)});
            hashSteps.push_back(step);
        }
    }
    if (!hasSteps && !preset)
        return fail({{}, QStringLiteral("--steps"), TrainCommand::tr("missing number of steps")});
    if (!args.isEmpty())
        return fail({{}, args.first(), TrainCommand::tr("unknown option")});

    if (kind == TaskKind::Chars) {
        if (hasCorpus == hasText)
            return fail({{}, QStringLiteral("--corpus"), TrainCommand::tr("the chars task needs --corpus NAME|FILE or --text \"...\"")});
        if (hasCorpus) {
            auto t = Corpus::load(corpus);
            if (!t) {
                Error e = t.error();
                e.field = QStringLiteral("--corpus");
                return fail(e);
            }
            taskOptions.text = *t;
            taskOptions.textSource = corpus;
        } else {
            taskOptions.text = text;
            taskOptions.textSource = QStringLiteral("--text");
        }
    } else if (hasCorpus || hasText) {
        return fail({{}, hasCorpus ? QStringLiteral("--corpus") : QStringLiteral("--text"),
                     TrainCommand::tr("only the chars task reads text")});
    }
    // An encoder-decoder trains on the task's source → target pairs (T5's teacher forcing), an
    // encoder alone on masked characters (BERT's masked LM) through its masked-LM head.
    taskOptions.seq2seq = design.layout == Layout::EncoderDecoder;
    taskOptions.maskedLm = design.layout == Layout::EncoderOnly;
    QString headNote; // said once the run is sure to start (a refusal is one line)
    if (taskOptions.maskedLm && !design.lmHead) { // BERT's and ALBERT's presets describe the bare encoder
        design.lmHead = design.mlmHead = design.tiedEmbeddings = design.lmHeadBias = true;
        design.pooler = false;
        headNote = TrainCommand::tr("lm_head: no → yes, the masked-LM head (dense, %1, %2, tied to the token embedding, "
                                    "with a bias); pooler: no")
                       .arg(toString(design.activation), toString(design.norm));
    }
    auto task = TrainingTask::create(taskOptions);
    if (!task)
        return fail(task.error());
    const std::vector<int> fillTokens = hasFill ? task->encodeSource(fill) : std::vector<int>{};
    if (hasFill && (!task->isMaskedLm() || std::count(fillTokens.begin(), fillTokens.end(), task->maskToken()) == 0
                    || int(fillTokens.size()) > task->seqLen()))
        return fail({{}, QStringLiteral("--fill"),
                     TrainCommand::tr("expected a text of at most %1 characters with %2 for each hidden one, for an "
                                      "encoder-only design").arg(task->seqLen()).arg(TrainingTask::maskLabel())});
    if (!hasDesign)
        task->fitModel(design);

    auto trainer = Trainer::create(design, attentionOnly, *task, settings);
    if (!trainer)
        return fail(trainer.error());

    QTextStream err(stderr);
    if (!headNote.isEmpty())
        err << headNote << Qt::endl;
    err << TrainCommand::tr("training %1 parameters on %2 for %3 steps (batch %4)")
               .arg(trainer->model().parameterCount())
               .arg(task->isMaskedLm() ? TrainCommand::tr("masked characters (%1 of each window predicted)")
                                             .arg(TokenMasking(task->seqLen(), taskOptions.maskShare).chosen())
                                       : toString(kind))
               .arg(settings.steps)
               .arg(settings.batch)
        << Qt::endl;
    QJsonArray lossCurve, valCurve, hashes;
    TrainingSnapshot last;
    TrainingSnapshot lastEval;
    double firstInductionSeconds = -1.0;
    while (!trainer->finished()) {
        auto s = trainer->step();
        if (!s)
            break;
        lossCurve.append(QJsonArray{s->step, s->loss});
        if (std::find(hashSteps.begin(), hashSteps.end(), s->step) != hashSteps.end())
            hashes.append(QJsonArray{s->step, trainer->model().transformer().weightsSha256()});
        last = *s;
        if (s->evaluated) {
            lastEval = *s;
            valCurve.append(QJsonArray{s->step, s->valLoss});
            const HeadScore *strongest = HeadScore::strongestInduction(s->heads);
            const double bestInduction = strongest ? std::max(0.0, strongest->induction) : 0.0;
            if (firstInductionSeconds < 0.0 && HeadScore::formedInduction(s->heads) && s->valLoss < 0.5)
                firstInductionSeconds = s->seconds;
            err << TrainCommand::tr("step %1/%2  loss %3  val %4  accuracy %5  best later-layer induction %6  %7 s")
                       .arg(s->step)
                       .arg(s->totalSteps)
                       .arg(s->loss, 0, 'f', 4)
                       .arg(s->valLoss, 0, 'f', 4)
                       .arg(s->accuracy, 0, 'f', 3)
                       .arg(bestInduction, 0, 'f', 3)
                       .arg(s->seconds, 0, 'f', 1)
                << Qt::endl;
        }
    }

    if (!QDir().mkpath(outDir))
        return fail({outDir, QStringLiteral("--out"), TrainCommand::tr("cannot create the folder")});
    // Designs outside the GPT-2 and Llama families train fine but have no Hugging Face names
    // to be saved under; the run still writes training.json and says why.
    bool saved = false;
    if (auto family = HfCheckpoint::familyOf(design); !family) {
        err << TrainCommand::tr("checkpoint not written: %1").arg(family.error().toString()) << Qt::endl;
    } else {
        if (auto e = HfCheckpoint::save(trainer->model().transformer(), outDir))
            return fail(*e);
        saved = true;
        // A character-level model carries its tokenizer, so it opens anywhere (the attention
        // view, run --model, Hugging Face's tokenizers).
        if (const auto tokenizer = task->checkpointTokenizer())
            if (auto e = tokenizer->save(QDir(outDir).filePath(QStringLiteral("tokenizer.json"))))
                return fail(*e);
    }

    // A character model's heads, named on the start of the held-out tenth of its text (what a
    // reader sees in the attention view) and on a repeated random sequence.
    QJsonArray named;
    std::vector<HeadRole> roles;
    if (const auto tokenizer = task->tokenizer()) {
        const QString &all = taskOptions.text;
        const QString heldOut = all.mid(all.size() * 9 / 10);
        auto survey = HeadSurvey::run(trainer->model().transformer(), *tokenizer, heldOut, settings.seed);
        if (!survey)
            return fail(survey.error());
        roles = survey->roles;
        for (const HeadRole &r : roles)
            named.append(QJsonObject{{QStringLiteral("layer"), r.layer},
                                     {QStringLiteral("head"), r.head},
                                     {QStringLiteral("role"), HeadRole::key(r.kind)},
                                     {QStringLiteral("score"), r.score}});
    }

    QString filled;
    if (hasFill) { // greedy: each [MASK] gets the model's most likely character
        SamplingOptions greedy;
        greedy.temperature = 0.0;
        filled = task->decode(trainer->fillMasks(fillTokens, greedy));
    }

    QJsonObject root;
    root.insert(QStringLiteral("task"), toString(kind));
    root.insert(QStringLiteral("objective"), task->isMaskedLm() ? QStringLiteral("masked_lm")
                                             : task->isSeq2Seq() ? QStringLiteral("seq2seq")
                                                                 : QStringLiteral("next_token"));
    if (task->isMaskedLm())
        root.insert(QStringLiteral("mask_token"), task->maskToken());
    if (hasFill)
        root.insert(QStringLiteral("fill"), QJsonObject{{QStringLiteral("text"), fill}, {QStringLiteral("filled"), filled}});
    root.insert(QStringLiteral("steps"), last.step);
    root.insert(QStringLiteral("batch"), settings.batch);
    root.insert(QStringLiteral("lr"), settings.lr);
    root.insert(QStringLiteral("seed"), double(settings.seed));
    root.insert(QStringLiteral("parameters"), double(trainer->model().parameterCount()));
    root.insert(QStringLiteral("loss"), lossCurve);
    root.insert(QStringLiteral("val_loss"), valCurve);
    root.insert(QStringLiteral("final_loss"), last.loss);
    root.insert(QStringLiteral("final_val_loss"), lastEval.valLoss);
    root.insert(QStringLiteral("accuracy"), lastEval.accuracy);
    root.insert(QStringLiteral("seconds"), last.seconds);
    root.insert(QStringLiteral("tokens_per_second"), last.seconds > 0 ? double(last.tokens) / last.seconds : 0.0);
    if (firstInductionSeconds >= 0.0)
        root.insert(QStringLiteral("induction_formed_seconds"), firstInductionSeconds);
    QJsonArray heads;
    for (const HeadScore &h : lastEval.heads)
        heads.append(headJson(h));
    root.insert(QStringLiteral("heads"), heads);
    if (!last.recentExpertLoad.empty()) { // a mixture of experts: the last steps' routing per sparse layer
        QJsonArray loads;
        for (const ExpertLoad &l : last.recentExpertLoad)
            loads.append(expertLoadJson(l, last.recentSteps));
        root.insert(QStringLiteral("expert_load"), loads);
    }
    if (task->tokenizer())
        root.insert(QStringLiteral("named_heads"), named);
    root.insert(QStringLiteral("out"), QDir(outDir).absolutePath());
    root.insert(QStringLiteral("checkpoint"), saved);
    root.insert(QStringLiteral("weights_sha256"), trainer->model().transformer().weightsSha256());
    if (!hashSteps.empty())
        root.insert(QStringLiteral("weights_sha256_at"), hashes);
    if (const auto tokenizer = task->tokenizer())
        root.insert(QStringLiteral("vocab_size"), tokenizer->vocabSize());
    const QByteArray json = QJsonDocument(root).toJson(QJsonDocument::Indented);
    if (auto e = writeFile(QDir(outDir).filePath(QStringLiteral("training.json")), json))
        return fail(*e);

    QTextStream out(stdout);
    if (format == QLatin1String("json")) {
        out << json;
        return 0;
    }
    out << (task->isMaskedLm() ? TrainCommand::tr("Final loss: %1 (validation %2, masked-character accuracy %3)")
                               : TrainCommand::tr("Final loss: %1 (validation %2, accuracy %3)"))
               .arg(last.loss, 0, 'f', 4)
               .arg(lastEval.valLoss, 0, 'f', 4)
               .arg(lastEval.accuracy, 0, 'f', 3)
        << '\n';
    out << TrainCommand::tr("Time: %1 s").arg(last.seconds, 0, 'f', 1) << '\n';
    if (hasFill)
        out << TrainCommand::tr("Filled in: %1 → %2").arg(fill, filled) << '\n';
    out << TrainCommand::tr("layer head  induction  previous-token  entropy (bits)") << '\n';
    for (const HeadScore &h : lastEval.heads) // an encoder-decoder's heads say their stack: "enc 0", "cross 1"
        out << QStringLiteral("%1 %2  %3  %4  %5\n")
                   .arg(h.kind == HeadScore::Kind::Self ? QString::number(h.layer)
                        : h.kind == HeadScore::Kind::Cross ? QStringLiteral("cross %1").arg(h.layer)
                                                           : QStringLiteral("enc %1").arg(h.layer),
                        5)
                   .arg(h.head, 4)
                   .arg(h.induction, 9, 'f', 3)
                   .arg(h.previousToken, 14, 'f', 3)
                   .arg(h.entropyBits, 14, 'f', 3);
    for (const ExpertLoad &l : last.recentExpertLoad)
        out << TrainCommand::tr("layer %1 experts over the last %2 steps: busiest %3 × the even share, balance loss %4 "
                                "(1 is even)")
                   .arg(l.layer)
                   .arg(last.recentSteps)
                   .arg(l.maxOverMean(), 0, 'f', 2)
                   .arg(l.balanceLoss(), 0, 'f', 3)
            << '\n';
    for (const HeadRole &r : roles)
        out << TrainCommand::tr("layer %1 head %2: %3 head (score %4)")
                   .arg(r.layer)
                   .arg(r.head)
                   .arg(HeadRole::key(r.kind))
                   .arg(r.score, 0, 'f', 3)
            << '\n';
    if (saved)
        out << (task->tokenizer() ? TrainCommand::tr("Saved config.json, model.safetensors and tokenizer.json to %1")
                                  : TrainCommand::tr("Saved config.json and model.safetensors to %1"))
                   .arg(QDir(outDir).absolutePath())
            << '\n';
    return 0;
}

} // namespace tx
