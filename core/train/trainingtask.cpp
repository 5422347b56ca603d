#include "core/train/trainingtask.h"

#include <QCoreApplication>

#include <algorithm>

namespace tx {

namespace {

constexpr int kSeparator = 10;
constexpr int kMaxDigits = 512;
constexpr int kMaxSeqLen = 4096;
constexpr int kMaxCharVocab = 20000;

} // namespace

QString toString(TaskKind v)
{
    switch (v) {
    case TaskKind::Copy:
        return QStringLiteral("copy");
    case TaskKind::Reverse:
        return QStringLiteral("reverse");
    case TaskKind::Sort:
        return QStringLiteral("sort");
    case TaskKind::Induction:
        return QStringLiteral("induction");
    case TaskKind::Chars:
        return QStringLiteral("chars");
    }
    return {};
}

bool fromString(const QString &s, TaskKind &out)
{
    for (TaskKind k : {TaskKind::Copy, TaskKind::Reverse, TaskKind::Sort, TaskKind::Induction, TaskKind::Chars}) {
        if (toString(k) == s) {
            out = k;
            return true;
        }
    }
    return false;
}

Expected<TrainingTask, Error> TrainingTask::create(const Options &o)
{
    TrainingTask t;
    t.m_options = o;
    switch (o.kind) {
    case TaskKind::Copy:
    case TaskKind::Reverse:
    case TaskKind::Sort:
        if (o.digits < 1 || o.digits > kMaxDigits)
            return Error{{}, QStringLiteral("digits"), tr("must be between 1 and %1, got %2").arg(kMaxDigits).arg(o.digits)};
        return t;
    case TaskKind::Induction:
        if (o.seqLen < 4 || o.seqLen > kMaxSeqLen)
            return Error{{}, QStringLiteral("seq_len"), tr("must be between 4 and %1, got %2").arg(kMaxSeqLen).arg(o.seqLen)};
        if (o.vocab < 2 || o.vocab > 1'000'000)
            return Error{{}, QStringLiteral("vocab"), tr("must be between 2 and 1000000, got %1").arg(o.vocab)};
        if (o.minSegment < 2 || o.maxSegment < o.minSegment || 2 * o.maxSegment > o.seqLen + 1)
            return Error{{}, QStringLiteral("segment"),
                         tr("segments of %1 to %2 tokens, repeated, must fit in %3 tokens (and be at least 2)")
                             .arg(o.minSegment).arg(o.maxSegment).arg(o.seqLen + 1)};
        return t;
    case TaskKind::Chars: {
        if (o.seqLen < 1 || o.seqLen > kMaxSeqLen)
            return Error{{}, QStringLiteral("seq_len"), tr("must be between 1 and %1, got %2").arg(kMaxSeqLen).arg(o.seqLen)};
        if (o.minCount < 1)
            return Error{o.textSource, QStringLiteral("min_count"), tr("must be at least 1, got %1").arg(o.minCount)};
        auto tokenizer = std::make_shared<const CharTokenizer>(CharTokenizer::fromText(o.text, o.minCount));
        if (int(tokenizer->characters().size()) > kMaxCharVocab)
            return Error{o.textSource, QStringLiteral("text"),
                         tr("has %1 distinct characters, more than %2").arg(tokenizer->characters().size()).arg(kMaxCharVocab)};
        std::vector<int> corpus = tokenizer->encode(o.text);
        // Both splits need at least one window of seqLen + 1 tokens.
        const std::int64_t needed = 10 * std::int64_t(o.seqLen + 1) + 10;
        if (std::int64_t(corpus.size()) < needed)
            return Error{o.textSource, QStringLiteral("text"),
                         tr("has %1 characters; windows of %2 need at least %3")
                             .arg(corpus.size()).arg(o.seqLen + 1).arg(needed)};
        t.m_tokenizer = std::move(tokenizer);
        t.m_corpus = std::move(corpus);
        t.m_split = int(t.m_corpus.size() * 9 / 10);
        return t;
    }
    }
    return Error{{}, QStringLiteral("task"), tr("unknown task")};
}

int TrainingTask::vocabSize() const
{
    switch (m_options.kind) {
    case TaskKind::Copy:
    case TaskKind::Reverse:
    case TaskKind::Sort:
        return 11;
    case TaskKind::Induction:
        return m_options.vocab;
    case TaskKind::Chars:
        return m_tokenizer ? m_tokenizer->vocabSize() : 0;
    }
    return 0;
}

int TrainingTask::seqLen() const
{
    switch (m_options.kind) {
    case TaskKind::Copy:
    case TaskKind::Reverse:
    case TaskKind::Sort:
        return 2 * m_options.digits;
    default:
        return m_options.seqLen;
    }
}

TrainingBatch TrainingTask::inductionBatch(int B, int T, int vocab, int minSegment, int maxSegment, Rng &rng)
{
    TrainingBatch b;
    b.batch = B;
    b.seqLen = T;
    b.inputs.resize(std::size_t(B) * T);
    b.targets.resize(std::size_t(B) * T);
    b.mask.assign(std::size_t(B) * T, 0.0f);
    std::vector<int> seq(std::size_t(T) + 1);
    for (int s = 0; s < B; ++s) {
        const int len = rng.uniformInt(minSegment, std::min(maxSegment, (T + 1) / 2));
        const int start = rng.uniformInt(0, T + 1 - 2 * len);
        for (int &tok : seq)
            tok = rng.uniformInt(vocab);
        for (int i = 0; i < len; ++i)
            seq[std::size_t(start + len + i)] = seq[std::size_t(start + i)];
        for (int t = 0; t < T; ++t) {
            b.inputs[std::size_t(s) * T + t] = seq[std::size_t(t)];
            b.targets[std::size_t(s) * T + t] = seq[std::size_t(t) + 1];
        }
        // Targets seq[start+len+1 … start+2len−1] are the predictable part of the second copy.
        for (int t = start + len; t <= start + 2 * len - 2; ++t)
            b.mask[std::size_t(s) * T + t] = 1.0f;
        b.repeatStart.push_back(start);
        b.repeatLength.push_back(len);
    }
    return b;
}

TrainingBatch TrainingTask::windows(int B, Rng &rng, int begin, int end) const
{
    const int T = m_options.seqLen;
    TrainingBatch b;
    b.batch = B;
    b.seqLen = T;
    b.inputs.resize(std::size_t(B) * T);
    b.targets.resize(std::size_t(B) * T);
    b.mask.assign(std::size_t(B) * T, 1.0f);
    for (int s = 0; s < B; ++s) {
        const int at = begin + rng.uniformInt(end - begin - T);
        for (int t = 0; t < T; ++t) {
            b.inputs[std::size_t(s) * T + t] = m_corpus[std::size_t(at + t)];
            b.targets[std::size_t(s) * T + t] = m_corpus[std::size_t(at + t + 1)];
        }
    }
    return b;
}

TrainingBatch TrainingTask::batch(int B, Rng &rng) const
{
    const Options &o = m_options;
    switch (o.kind) {
    case TaskKind::Induction:
        return inductionBatch(B, o.seqLen, o.vocab, o.minSegment, o.maxSegment, rng);
    case TaskKind::Chars:
        return windows(B, rng, 0, m_split);
    default:
        break;
    }
    const int n = o.digits, T = 2 * n;
    TrainingBatch b;
    b.batch = B;
    b.seqLen = T;
    b.inputs.resize(std::size_t(B) * T);
    b.targets.resize(std::size_t(B) * T);
    b.mask.assign(std::size_t(B) * T, 0.0f);
    std::vector<int> seq(std::size_t(T) + 1);
    for (int s = 0; s < B; ++s) {
        for (int i = 0; i < n; ++i)
            seq[std::size_t(i)] = rng.uniformInt(10);
        seq[std::size_t(n)] = kSeparator;
        std::vector<int> answer(seq.begin(), seq.begin() + n);
        if (o.kind == TaskKind::Reverse)
            std::reverse(answer.begin(), answer.end());
        else if (o.kind == TaskKind::Sort)
            std::sort(answer.begin(), answer.end());
        std::copy(answer.begin(), answer.end(), seq.begin() + n + 1);
        for (int t = 0; t < T; ++t) {
            b.inputs[std::size_t(s) * T + t] = seq[std::size_t(t)];
            b.targets[std::size_t(s) * T + t] = seq[std::size_t(t) + 1];
            if (t >= n)
                b.mask[std::size_t(s) * T + t] = 1.0f;
        }
    }
    return b;
}

TrainingBatch TrainingTask::validationBatch(int B, Rng &rng) const
{
    if (m_options.kind == TaskKind::Chars)
        return windows(B, rng, m_split, int(m_corpus.size()));
    return batch(B, rng);
}

std::vector<int> TrainingTask::encode(const QString &text) const
{
    return m_tokenizer ? m_tokenizer->encode(text) : std::vector<int>{};
}

QString TrainingTask::decode(const std::vector<int> &tokens) const
{
    if (m_options.kind == TaskKind::Chars)
        return m_tokenizer ? m_tokenizer->decode(tokens) : QString();
    QString s;
    for (int t : tokens) {
        if (t == kSeparator && m_options.kind != TaskKind::Induction)
            s += QLatin1Char('|');
        else
            s += (m_options.kind == TaskKind::Induction ? QStringLiteral("%1 ").arg(t) : QString::number(t));
    }
    return s.trimmed();
}

void TrainingTask::fitModel(ModelConfig &model) const
{
    if (m_options.kind == TaskKind::Chars && model.vocabSize < vocabSize())
        model.vocabSize = vocabSize(); // the model takes the text's alphabet
    if (model.maxPositions < seqLen())
        model.maxPositions = seqLen();
}

} // namespace tx
