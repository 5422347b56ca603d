#include "core/teach/forwardtrace.h"

#include "core/base/numberformat.h"
#include "core/nn/activationcache.h"
#include "core/nn/sampler.h"

#include <algorithm>
#include <cmath>

namespace tx {

namespace {

QString n(std::int64_t v) { return NumberFormat::exact(v); }

ForwardStep step(ForwardStep::Kind kind, int layer, QString title, QString formula, const Mat &m,
                 const QStringList &labels, int colOffset = 0, int cols = -1)
{
    ForwardStep s;
    s.kind = kind;
    s.layer = layer;
    s.title = std::move(title);
    s.formula = std::move(formula);
    s.rows = int(m.rows());
    s.cols = cols >= 0 ? cols : int(m.cols()) - colOffset;
    const int r = std::min<int>(s.rows, ForwardStep::kPreviewRows);
    const int c = std::min<int>(s.cols, ForwardStep::kPreviewCols);
    s.preview = m.block(0, colOffset, r, c);
    s.rowLabels = labels.mid(0, r);
    return s;
}

// Row-wise softmax over the keys a causal query sees (j <= i); the rest 0. scores (T, T).
Mat causalSoftmax(const Mat &scores)
{
    Mat p = Mat::Zero(scores.rows(), scores.cols());
    for (Eigen::Index i = 0; i < scores.rows(); ++i) {
        const auto row = scores.row(i).head(i + 1);
        const float m = row.maxCoeff();
        p.row(i).head(i + 1) = (row.array() - m).exp().matrix();
        p.row(i).head(i + 1) /= p.row(i).head(i + 1).sum();
    }
    return p;
}

double meanRowMax(const Mat &p)
{
    return p.rows() > 0 ? double(p.rowwise().maxCoeff().mean()) : 0.0;
}

// A few values of a step in words, from its preview: the first token's first six values, or for
// attention the last query's three heaviest keys.
QString numbersOf(const ForwardStep &s)
{
    if (s.preview.size() == 0 || s.kind == ForwardStep::Kind::Next || s.kind == ForwardStep::Kind::Tokens)
        return {};
    if (s.kind == ForwardStep::Kind::Attention) {
        const int q = int(s.preview.rows()) - 1;
        std::vector<int> keys(std::size_t(s.preview.cols()));
        for (int k = 0; k < int(keys.size()); ++k)
            keys[std::size_t(k)] = k;
        std::sort(keys.begin(), keys.end(), [&](int a, int b) { return s.preview(q, a) > s.preview(q, b); });
        QStringList parts;
        for (std::size_t i = 0; i < keys.size() && i < 3; ++i)
            parts << QStringLiteral("%1 %2").arg(s.columnLabels.value(keys[i])).arg(double(s.preview(q, keys[i])), 0, 'f', 2);
        return ForwardTrace::tr("“%1” looks most at %2").arg(s.rowLabels.value(q), parts.join(QStringLiteral(", ")));
    }
    QStringList values;
    for (int c = 0; c < std::min<int>(6, int(s.preview.cols())); ++c)
        values << QString::number(double(s.preview(0, c)), 'f', 4);
    return QStringLiteral("%1: [%2%3]").arg(s.rowLabels.value(0), values.join(QStringLiteral(", ")),
                                             s.cols > 6 ? QStringLiteral(", …") : QString());
}

QString normName(const ModelConfig &c)
{
    return c.norm == NormKind::LayerNorm ? QStringLiteral("LayerNorm") : QStringLiteral("RMSNorm");
}

} // namespace

std::vector<NextToken> ForwardTrace::nextTokens(const std::vector<float> &logits, const Tokenizer *tokenizer,
                                                double temperature, int topK, int count)
{
    SamplingOptions o;
    o.temperature = temperature;
    o.topK = topK;
    const auto cands = Sampler(o).candidates(logits.data(), int(logits.size()));
    std::vector<NextToken> out;
    for (std::size_t i = 0; i < cands.size() && int(i) < count; ++i) {
        NextToken t;
        t.id = cands[i].first;
        t.probability = cands[i].second;
        t.label = tokenizer && t.id < tokenizer->vocabSize() ? tokenizer->labels({t.id}).value(0) : QString::number(t.id);
        t.label.replace(QLatin1Char('\n'), QStringLiteral("↵"));
        out.push_back(t);
    }
    return out;
}

Expected<ForwardTrace, Error> ForwardTrace::run(const Transformer &model, const std::vector<int> &tokens,
                                                const Tokenizer *tokenizer, int head, const std::atomic<bool> *stop)
{
    const ModelConfig &c = model.config();
    const int T = int(tokens.size());
    if (T < 1)
        return Error{{}, QStringLiteral("text"), tr("type at least one token")};
    if (T > model.maxSequenceLength())
        return Error{{}, QStringLiteral("text"),
                     tr("%1 tokens; this model reads at most %2").arg(T).arg(model.maxSequenceLength())};
    for (int id : tokens)
        if (id < 0 || id >= c.vocabSize)
            return Error{{}, QStringLiteral("text"), tr("token id %1 is outside the vocabulary of %2").arg(id).arg(c.vocabSize)};

    ActivationCache cache;
    if (!model.forwardCached(tokens, 1, T, cache, stop))
        return Error{{}, {}, tr("cancelled")};

    ForwardTrace t;
    t.tokens = tokens;
    if (tokenizer)
        t.tokenLabels = tokenizer->labels(tokens);
    else
        for (int id : tokens)
            t.tokenLabels << QString::number(id);
    for (QString &l : t.tokenLabels)
        l.replace(QLatin1Char('\n'), QStringLiteral("↵"));
    QStringList labels = t.tokenLabels; // the rows of every step after the first
    const int d = c.dModel, H = c.nHeads, hd = model.headDim();
    head = std::clamp(head, 0, H - 1);

    Mat ids(1, T); // (1, T) the ids as one row
    for (int i = 0; i < T; ++i)
        ids(0, i) = float(tokens[std::size_t(i)]);
    ForwardStep first = step(ForwardStep::Kind::Tokens, -1, tr("Text → %1 token ids").arg(T),
                             tr("one id per token, each in 0 … %1").arg(n(c.vocabSize - 1)), ids, {tr("id")});
    first.columnLabels = labels.mid(0, int(first.preview.cols()));
    first.diverging = false;
    t.steps.push_back(first);
    // An encoder-decoder's steps are its decoder's, whose rows read the text shifted right behind
    // the start token (row t predicts token t).
    if (model.isEncoderDecoder()) {
        labels = QStringList{tr("start (id %1)").arg(Transformer::kDecoderStartToken)} + t.tokenLabels.mid(0, T - 1);
    }

    const QString pos = c.positions == PositionKind::Learned ? tr(" + P[0 … %1]").arg(T - 1) : QString();
    QString embFormula = tr("x₀ = E[ids]%1: rows of the (%2, %3) token table").arg(pos, n(c.vocabSize), n(d));
    if (c.positions == PositionKind::Rotary)
        embFormula += tr("; positions enter later, as RoPE rotations of Q and K");
    t.steps.push_back(step(ForwardStep::Kind::Embedding, -1, tr("Embeddings"), embFormula,
                           cache.layers.empty() ? cache.xLast : cache.layers.front().x, labels));

    const bool mla = c.attention == AttentionKind::Mla;
    for (std::size_t li = 0; li < cache.layers.size(); ++li) {
        const ActivationCache::Layer &L = cache.layers[li];
        const int l = int(li);
        const QString layer = tr("Layer %1").arg(l + 1);
        if (L.n1Out.size() > 0)
            t.steps.push_back(step(ForwardStep::Kind::Norm, l, tr("%1 · %2 before attention").arg(layer, normName(c)),
                                   tr("each row scaled to unit size, times a learned scale of %1").arg(n(d)), L.n1Out, labels));
        if (!mla && L.qkv.size() > 0)
            t.steps.push_back(step(ForwardStep::Kind::Query, l, tr("%1 · Q of head %2").arg(layer).arg(head + 1),
                                   tr("Q = x·W_Q%1: head %2's columns; all heads' Q, K, V: (%3, %4)")
                                       .arg(c.positions == PositionKind::Rotary ? tr(", rotated by RoPE") : QString())
                                       .arg(head + 1)
                                       .arg(T)
                                       .arg(L.qkv.cols()),
                                   L.qkv, labels, head * hd, hd));
        if (L.probs.rows() >= std::int64_t(H) * T) {
            const Mat probs = L.probs.block(std::int64_t(head) * T, 0, T, T); // (T query, T key)
            ForwardStep s = step(ForwardStep::Kind::Attention, l, tr("%1 · attention weights of head %2").arg(layer).arg(head + 1),
                                 tr("softmax(Q·Kᵀ / √%1 + causal mask): row = query, column = key; each row sums to 1")
                                     .arg(mla ? c.mla.qkNopeHeadDim + c.mla.qkRopeHeadDim : hd),
                                 probs, labels);
            s.preview = probs.topLeftCorner(std::min(T, ForwardStep::kPreviewRows), std::min(T, ForwardStep::kPreviewRows));
            s.meanMax = meanRowMax(probs);
            // Without the ÷√d_k: the same cached Q and K (after RoPE and any QK-norm), scores not
            // divided. Plain causal heads only (no soft-capping, sinks or windows to re-apply).
            const bool plain = !mla && c.isCausal() && c.attnSoftcap == 0 && !c.attentionSinks
                               && c.layerAttention(l) == LayerAttention::Full && L.qkv.size() > 0;
            if (plain) {
                const int kvHead = head / std::max(1, H / std::max(1, c.nKvHeads));
                const Mat q = L.qkv.middleCols(std::int64_t(head) * hd, hd);                 // (T, hd)
                const Mat k = L.qkv.middleCols(std::int64_t(H + kvHead) * hd, hd);           // (T, hd)
                const Mat scores = q * k.transpose();                                      // (T, T) Q·Kᵀ
                // Only offered when the scaled scores give back the engine's own weights: then the
                // slices are this head's Q and K as the engine used them.
                const Mat scaled = causalSoftmax(scores / std::sqrt(float(hd)));
                if ((scaled - probs).cwiseAbs().maxCoeff() < 1e-4f) {
                    const Mat unscaled = causalSoftmax(scores);
                    s.unscaled = unscaled.topLeftCorner(s.preview.rows(), s.preview.cols());
                    s.unscaledMeanMax = meanRowMax(unscaled);
                }
            }
            s.columnLabels = labels.mid(0, int(s.preview.cols()));
            s.diverging = false;
            t.steps.push_back(s);
        }
        if (L.a.size() > 0)
            t.steps.push_back(step(ForwardStep::Kind::AttentionOut, l, tr("%1 · attention output").arg(layer),
                                   tr("the %1 heads' weighted sums of V side by side (%2, %3), times W_O (%3, %4)")
                                       .arg(H).arg(T).arg(L.att.cols()).arg(d),
                                   L.a, labels));
        if (L.h.size() > 0)
            t.steps.push_back(step(ForwardStep::Kind::Residual, l, tr("%1 · residual after attention").arg(layer),
                                   tr("h = x + attention(x): the stream each layer adds to"), L.h, labels));
        if (L.n2Out.size() > 0 && !c.parallelBlock)
            t.steps.push_back(step(ForwardStep::Kind::Norm, l, tr("%1 · %2 before the FFN").arg(layer, normName(c)),
                                   tr("the residual stream normalised again for the feed-forward network"), L.n2Out, labels));
        if (L.ffAct.size() > 0)
            t.steps.push_back(step(ForwardStep::Kind::FfnHidden, l, tr("%1 · FFN hidden units").arg(layer),
                                   c.ffn == FfnKind::Gated3 ? tr("act(x·W_gate) ⊙ (x·W_up): %1 units per token").arg(n(L.ffAct.cols()))
                                                            : tr("act(x·W_up + b): %1 units per token").arg(n(L.ffAct.cols())),
                                   L.ffAct, labels));
        const Mat &out = li + 1 < cache.layers.size() ? cache.layers[li + 1].x : cache.xLast;
        t.steps.push_back(step(ForwardStep::Kind::Residual, l, tr("%1 · output").arg(layer),
                               tr("h + FFN(norm(h)) = x%1, the next layer's input").arg(l + 1), out, labels));
        if (stop && stop->load())
            return Error{{}, {}, tr("cancelled")};
    }
    if (cache.xFinal.size() > 0)
        t.steps.push_back(step(ForwardStep::Kind::Norm, -1, tr("Final %1").arg(normName(c)),
                               tr("the last layer's output, normalised"), cache.xFinal, labels));

    const Mat &logits = cache.logits; // (T, vocab)
    t.lastLogits.assign(logits.row(T - 1).data(), logits.row(T - 1).data() + logits.cols());
    t.top = nextTokens(t.lastLogits, tokenizer, 1.0, 0, 5);
    std::vector<int> all(std::size_t(c.vocabSize));
    for (int i = 0; i < c.vocabSize; ++i)
        all[std::size_t(i)] = i;
    if (tokenizer && tokenizer->vocabSize() >= c.vocabSize)
        t.vocabLabels = tokenizer->labels(all);
    for (int i = int(t.vocabLabels.size()); i < c.vocabSize; ++i)
        t.vocabLabels << QString::number(i);
    for (QString &l : t.vocabLabels)
        l.replace(QLatin1Char('\n'), QStringLiteral("↵"));
    Mat topCols(T, int(t.top.size())); // (T, 5) the logits of the 5 most likely next tokens
    QStringList topLabels;
    for (std::size_t k = 0; k < t.top.size(); ++k) {
        topCols.col(int(k)) = logits.col(t.top[k].id);
        topLabels << t.top[k].label;
    }
    ForwardStep lg = step(ForwardStep::Kind::Logits, -1, tr("Logits"),
                          tr("x·W_vocab: one score per vocabulary entry (%1) for every position; shown: the columns of the 5 likeliest next tokens")
                              .arg(n(c.vocabSize)),
                          topCols, labels);
    lg.cols = int(logits.cols());
    lg.columnLabels = topLabels;
    t.steps.push_back(lg);

    Mat probs(1, int(t.top.size())); // (1, 5)
    for (std::size_t k = 0; k < t.top.size(); ++k)
        probs(0, int(k)) = float(t.top[k].probability);
    ForwardStep next = step(ForwardStep::Kind::Next, -1, tr("Next token"),
                            tr("softmax(logits of the last position / temperature): the 5 likeliest of %1").arg(n(c.vocabSize)),
                            probs, {labels.value(T - 1)});
    next.cols = c.vocabSize;
    next.columnLabels = topLabels;
    next.diverging = false;
    t.steps.push_back(next);
    for (ForwardStep &st : t.steps)
        st.numbers = numbersOf(st);
    return t;
}

} // namespace tx
