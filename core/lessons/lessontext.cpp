#include "core/lessons/lessontext.h"

#include "core/base/numberformat.h"
#include "core/estimate/evaluator.h"
#include "core/lessons/layerformulas.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <cmath>
#include <functional>
#include <map>
#include <optional>

namespace tx {

namespace {

// One placeholder's value: an exact count, bytes, FLOPs or a plain number.
struct Value
{
    enum class Kind { Count, Bytes, Flops, Number } kind = Kind::Count;
    double x = 0;
    std::int64_t n = 0;
};

Value count(std::int64_t n) { return {Value::Kind::Count, double(n), n}; }
Value bytes(double b) { return {Value::Kind::Bytes, b, 0}; }
Value flops(double f) { return {Value::Kind::Flops, f, 0}; }
Value number(double x) { return {Value::Kind::Number, x, 0}; }

const LayerParams *firstLayer(const ParamCount &p)
{
    if (!p.decoderLayers.empty())
        return &p.decoderLayers.front();
    if (!p.encoderLayers.empty())
        return &p.encoderLayers.front();
    return nullptr;
}

// Every named quantity of one design: from countParams() and evaluate(), nothing typed in.
class Quantities
{
public:
    Quantities(const ModelConfig &c, const Assumptions &a, const Evaluation &e) : m_c(c), m_a(a), m_e(e) {}

    std::optional<Value> get(const QString &name) const
    {
        const auto it = table().find(name);
        if (it == table().end())
            return std::nullopt;
        return it->second(*this);
    }

    static const std::map<QString, std::function<Value(const Quantities &)>> &table()
    {
        using Q = Quantities;
        static const std::map<QString, std::function<Value(const Q &)>> t = {
            {QStringLiteral("d_model"), [](const Q &q) { return count(q.m_c.dModel); }},
            {QStringLiteral("n_layers"), [](const Q &q) { return count(q.m_c.nLayers); }},
            {QStringLiteral("n_heads"), [](const Q &q) { return count(q.m_c.nHeads); }},
            {QStringLiteral("n_kv_heads"), [](const Q &q) { return count(q.m_c.nKvHeads); }},
            {QStringLiteral("head_dim"), [](const Q &q) { return count(q.m_c.effectiveHeadDim()); }},
            {QStringLiteral("d_ff"), [](const Q &q) { return count(q.m_c.dFf); }},
            {QStringLiteral("vocab_size"), [](const Q &q) { return count(q.m_c.vocabSize); }},
            {QStringLiteral("lora_rank"), [](const Q &q) { return count(q.m_c.lora.rank); }},
            {QStringLiteral("seq"), [](const Q &q) { return count(q.m_a.contextLength); }},
            {QStringLiteral("batch"), [](const Q &q) { return count(q.m_a.batch); }},
            {QStringLiteral("params.total"), [](const Q &q) { return count(q.m_e.params.total); }},
            {QStringLiteral("params.active"), [](const Q &q) { return count(q.m_e.params.active); }},
            {QStringLiteral("params.executed"), [](const Q &q) { return count(q.m_e.params.executed); }},
            {QStringLiteral("params.embedding"), [](const Q &q) { return count(q.m_e.params.embedding); }},
            {QStringLiteral("params.non_embedding"), [](const Q &q) { return count(q.m_e.params.nonEmbedding); }},
            {QStringLiteral("params.lora"), [](const Q &q) { return count(q.m_e.params.lora); }},
            {QStringLiteral("params.token_table"), [](const Q &q) {
                 return count(std::int64_t(q.m_c.vocabSize) * q.m_c.effectiveEmbeddingDim()); }},
            {QStringLiteral("layer.attention"), [](const Q &q) { return count(q.layer().attention); }},
            {QStringLiteral("layer.ffn"), [](const Q &q) { return count(q.layer().ffn); }},
            {QStringLiteral("layer.norms"), [](const Q &q) { return count(q.layer().norms); }},
            {QStringLiteral("layer.total"), [](const Q &q) { return count(q.layer().total()); }},
            // The seeds' rule of thumb: 12·d² per layer (4·d² attention + 8·d² FFN at d_ff = 4·d).
            {QStringLiteral("layer.approx"), [](const Q &q) { return count(12 * std::int64_t(q.m_c.dModel) * q.m_c.dModel); }},
            {QStringLiteral("layer.minus_approx"), [](const Q &q) {
                 return count(q.layer().total() - 12 * std::int64_t(q.m_c.dModel) * q.m_c.dModel); }},
            {QStringLiteral("model.approx"), [](const Q &q) {
                 return count(12 * std::int64_t(q.m_c.nLayers) * q.m_c.dModel * q.m_c.dModel); }},
            {QStringLiteral("layer.at_half_width"), [](const Q &q) { return count(q.halfWidthLayer()); }},
            {QStringLiteral("layer.ratio_to_half_width"), [](const Q &q) {
                 const std::int64_t half = q.halfWidthLayer();
                 return number(half > 0 ? double(q.layer().total()) / double(half) : 0.0); }},
            {QStringLiteral("mem.weights"), [](const Q &q) { return bytes(q.m_e.inference.weightsBytes); }},
            {QStringLiteral("mem.kv"), [](const Q &q) { return bytes(q.m_e.inference.kvCacheBytes); }},
            {QStringLiteral("mem.kv_mha"), [](const Q &q) {
                 ModelConfig c = q.m_c;
                 c.nKvHeads = c.nHeads;
                 return bytes(q.other(c, q.m_a).inference.kvCacheBytes); }},
            {QStringLiteral("mem.activations"), [](const Q &q) { return bytes(q.m_e.inference.activationsBytes); }},
            {QStringLiteral("mem.inference"), [](const Q &q) { return bytes(q.m_e.inference.totalBytes); }},
            {QStringLiteral("weights.fp32"), [](const Q &q) { return bytes(q.weightsAt(Precision::FP32)); }},
            {QStringLiteral("weights.fp16"), [](const Q &q) { return bytes(q.weightsAt(Precision::FP16)); }},
            {QStringLiteral("weights.int8"), [](const Q &q) { return bytes(q.weightsAt(Precision::INT8)); }},
            {QStringLiteral("weights.int4"), [](const Q &q) { return bytes(q.weightsAt(Precision::INT4)); }},
            {QStringLiteral("train.trainable"), [](const Q &q) { return count(q.m_e.training.trainableParams); }},
            {QStringLiteral("train.weights"), [](const Q &q) { return bytes(q.m_e.training.weightsBytes); }},
            {QStringLiteral("train.gradients"), [](const Q &q) { return bytes(q.m_e.training.gradientsBytes); }},
            {QStringLiteral("train.optimizer"), [](const Q &q) { return bytes(q.m_e.training.optimizerBytes); }},
            {QStringLiteral("train.states"), [](const Q &q) { return bytes(q.states()); }},
            {QStringLiteral("train.bytes_per_param"), [](const Q &q) {
                 const double n = double(q.m_e.training.trainableParams);
                 return number(n > 0 ? q.states() / n : 0.0); }},
            {QStringLiteral("train.activations"), [](const Q &q) { return bytes(q.m_e.training.activationsBytes); }},
            {QStringLiteral("train.activations_none"), [](const Q &q) { return bytes(q.activationsWith(Recompute::None)); }},
            {QStringLiteral("train.activations_selective"), [](const Q &q) { return bytes(q.activationsWith(Recompute::Selective)); }},
            {QStringLiteral("train.activations_full"), [](const Q &q) { return bytes(q.activationsWith(Recompute::Full)); }},
            {QStringLiteral("train.total"), [](const Q &q) { return bytes(q.m_e.training.totalBytes); }},
            {QStringLiteral("flops.forward_token"), [](const Q &q) { return flops(q.m_e.compute.forwardFlopsPerToken); }},
            {QStringLiteral("flops.training"), [](const Q &q) { return flops(q.m_e.compute.trainingFlops); }},
            {QStringLiteral("flops.6nd"), [](const Q &q) {
                 return flops(6.0 * double(q.m_e.params.total) * q.m_a.trainingTokens); }},
            {QStringLiteral("tokens"), [](const Q &q) { return number(q.m_a.trainingTokens); }},
            {QStringLiteral("tokens_per_param"), [](const Q &q) { return number(q.m_e.scaling.tokensPerParam); }},
            // Hoffmann et al. 2022: compute-optimal training uses about 20 tokens per parameter.
            {QStringLiteral("chinchilla.tokens"), [](const Q &q) { return number(20.0 * double(q.m_e.params.total)); }},
            {QStringLiteral("optimal.params"), [](const Q &q) { return number(q.m_e.scaling.optimalParams); }},
            {QStringLiteral("optimal.tokens"), [](const Q &q) { return number(q.m_e.scaling.optimalTokens); }},
            {QStringLiteral("optimal.tokens_per_param"), [](const Q &q) { return number(q.m_e.scaling.optimalTokensPerParam); }},
            {QStringLiteral("loss"), [](const Q &q) { return number(q.m_e.scaling.loss); }},
        };
        return t;
    }

private:
    LayerParams layer() const
    {
        const LayerParams *l = firstLayer(m_e.params);
        return l ? *l : LayerParams{};
    }
    Evaluation other(const ModelConfig &c, const Assumptions &a) const
    {
        auto e = evaluate(c, a);
        return e ? *e : Evaluation{};
    }
    std::int64_t halfWidthLayer() const
    {
        ModelConfig c = m_c;
        c.dModel = std::max(1, c.dModel / 2);
        c.dFf = std::max(1, c.dFf / 2);
        if (c.headDim == 0 && c.dModel % c.nHeads != 0)
            c.nHeads = c.nKvHeads = 1;
        const Evaluation e = other(c, m_a);
        const LayerParams *l = firstLayer(e.params);
        return l ? l->total() : 0;
    }
    double weightsAt(Precision p) const
    {
        ModelConfig c = m_c;
        c.weightPrecision = p;
        return other(c, m_a).inference.weightsBytes;
    }
    double activationsWith(Recompute r) const
    {
        Assumptions a = m_a;
        a.recompute = r;
        return other(m_c, a).training.activationsBytes;
    }
    double states() const
    {
        return m_e.training.weightsBytes + m_e.training.gradientsBytes + m_e.training.optimizerBytes;
    }

    const ModelConfig &m_c;
    const Assumptions &m_a;
    const Evaluation &m_e;
};

QString format(const Value &v, bool brief)
{
    switch (v.kind) {
    case Value::Kind::Count:
        return brief ? NumberFormat::count(double(v.n)) : NumberFormat::exact(v.n);
    case Value::Kind::Bytes:
        return NumberFormat::bytes(v.x);
    case Value::Kind::Flops:
        return NumberFormat::flops(v.x);
    case Value::Kind::Number:
        if (std::fabs(v.x) >= 1e4)
            return NumberFormat::count(v.x);
        return NumberFormat::scientific(v.x, 3);
    }
    return {};
}

// linear(a,b), linear_nobias(a,b), mlp(a,b,…), lstm(in,h) over literal widths 1..10^6.
std::optional<Value> function(const QString &name, const QStringList &args, QString &problem)
{
    std::vector<std::int64_t> w;
    for (const QString &a : args) {
        bool ok = false;
        const qlonglong x = a.trimmed().toLongLong(&ok);
        if (!ok || x < 1 || x > 1000000) {
            problem = LessonText::tr("arguments must be integers from 1 to 1,000,000");
            return std::nullopt;
        }
        w.push_back(x);
    }
    if ((name == QLatin1String("linear") || name == QLatin1String("linear_nobias")) && w.size() == 2)
        return count(LayerFormulas::linear(w[0], w[1], name == QLatin1String("linear")));
    if (name == QLatin1String("mlp") && w.size() >= 2 && w.size() <= 64)
        return count(LayerFormulas::mlp(w));
    if (name == QLatin1String("lstm") && w.size() == 2)
        return count(LayerFormulas::lstm(w[0], w[1]));
    problem = LessonText::tr("unknown function or wrong number of arguments (known: linear(in,out), "
                 "linear_nobias(in,out), mlp(w0,w1,…), lstm(in,hidden))");
    return std::nullopt;
}

} // namespace

QStringList LessonText::names()
{
    QStringList out;
    for (const auto &entry : Quantities::table())
        out << entry.first;
    return out;
}

Expected<QString, Error> LessonText::fill(const QString &text, const ModelConfig &config, const Assumptions &assumptions)
{
    static const QRegularExpression placeholder(
        QStringLiteral(R"(\{([a-z0-9_.]+)(?:\(([0-9, ]*)\))?(\|short)?\})"));
    if (!text.contains(QLatin1Char('{')))
        return text;
    const auto evaluation = evaluate(config, assumptions);
    if (!evaluation)
        return evaluation.error();
    const Quantities q(config, assumptions, *evaluation);

    QString out;
    qsizetype last = 0;
    auto it = placeholder.globalMatch(text);
    while (it.hasNext()) {
        const QRegularExpressionMatch m = it.next();
        out += text.mid(last, m.capturedStart() - last);
        last = m.capturedEnd();
        const QString name = m.captured(1);
        const bool brief = !m.captured(3).isEmpty();
        std::optional<Value> v;
        QString problem;
        if (m.capturedLength(2) > 0 || m.captured(0).contains(QLatin1Char('(')))
            v = function(name, m.captured(2).split(QLatin1Char(','), Qt::SkipEmptyParts), problem);
        else if (!(v = q.get(name)))
            problem = tr("unknown placeholder");
        if (!v)
            return Error{{}, m.captured(0), problem};
        out += format(*v, brief);
    }
    out += text.mid(last);
    return out;
}

} // namespace tx
