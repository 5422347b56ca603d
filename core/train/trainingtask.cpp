#include "core/train/trainingtask.h"

#include "core/train/spancorruption.h"
#include "core/train/tokenmasking.h"

#include <QCoreApplication>
#include <QStringList>

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
    if (o.seq2seq && o.kind == TaskKind::Induction)
        return Error{{}, QStringLiteral("task"),
                     tr("induction is a decoder-only task; an encoder-decoder trains on copy, reverse, sort or "
                        "span corruption of a text")};
    if (o.maskedLm && (o.seq2seq || o.kind != TaskKind::Chars))
        return Error{{}, QStringLiteral("task"),
                     tr("an encoder alone trains on masked characters of a text (the chars task); copy, reverse, sort "
                        "and induction predict what comes next")};
    if (o.maskedLm && !(o.maskShare > 0.0 && o.maskShare < 1.0))
        return Error{{}, QStringLiteral("mask_share"), tr("must be between 0 and 1, got %1").arg(o.maskShare)};
    if (o.seq2seq && o.kind == TaskKind::Chars && (o.seqLen < 8 || !(o.noiseDensity > 0.0 && o.noiseDensity < 1.0)
                                                   || !(o.meanSpan >= 1.0)))
        return Error{{}, QStringLiteral("seq_len"),
                     tr("span corruption needs windows of at least 8 characters, a noise density between 0 and 1 "
                        "and spans of at least 1, got %1, %2 and %3").arg(o.seqLen).arg(o.noiseDensity).arg(o.meanSpan)};
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
        if (o.maskedLm) {
            t.m_alphabet = t.m_corpus;
            std::sort(t.m_alphabet.begin(), t.m_alphabet.end());
            t.m_alphabet.erase(std::unique(t.m_alphabet.begin(), t.m_alphabet.end()), t.m_alphabet.end());
        }
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
        if (!m_tokenizer)
            return 0;
        if (isMaskedLm())
            return m_tokenizer->vocabSize() + 1; // [MASK]
        return m_tokenizer->vocabSize() + (isSeq2Seq() ? SpanCorruption(m_options.seqLen, m_options.noiseDensity,
                                                                        m_options.meanSpan).spans() : 0);
    }
    return 0;
}

int TrainingTask::maskToken() const
{
    return isMaskedLm() && m_tokenizer ? m_tokenizer->vocabSize() : -1;
}

std::shared_ptr<const CharTokenizer> TrainingTask::checkpointTokenizer() const
{
    if (!m_tokenizer)
        return nullptr;
    QStringList specials;
    if (isMaskedLm())
        specials << maskLabel(); // id maskToken()
    else if (isSeq2Seq())
        for (int i = 0; i < vocabSize() - firstSentinel(); ++i)
            specials << QStringLiteral("<extra_id_%1>").arg(i); // id firstSentinel() + i, as decode() names it
    if (specials.isEmpty())
        return m_tokenizer;
    return std::make_shared<const CharTokenizer>(m_tokenizer->withSpecialTokens(specials));
}

int TrainingTask::firstSentinel() const
{
    return m_tokenizer ? m_tokenizer->vocabSize() : 0;
}

int TrainingTask::seqLen() const
{
    switch (m_options.kind) {
    case TaskKind::Copy:
    case TaskKind::Reverse:
    case TaskKind::Sort:
        return isSeq2Seq() ? m_options.digits : 2 * m_options.digits;
    case TaskKind::Chars:
        if (isSeq2Seq())
            return SpanCorruption(m_options.seqLen, m_options.noiseDensity, m_options.meanSpan).targetLength();
        return m_options.seqLen;
    default:
        return m_options.seqLen;
    }
}

int TrainingTask::encoderSeqLen() const
{
    if (!isSeq2Seq())
        return 0;
    if (m_options.kind == TaskKind::Chars)
        return SpanCorruption(m_options.seqLen, m_options.noiseDensity, m_options.meanSpan).sourceLength();
    return m_options.digits;
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
        return isSeq2Seq()    ? spanCorruption(B, rng, 0, m_split)
               : isMaskedLm() ? maskedWindows(B, rng, 0, m_split)
                              : windows(B, rng, 0, m_split);
    default:
        break;
    }
    if (isSeq2Seq())
        return digitPairs(B, rng);
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
        return isSeq2Seq()    ? spanCorruption(B, rng, m_split, int(m_corpus.size()))
               : isMaskedLm() ? maskedWindows(B, rng, m_split, int(m_corpus.size()))
                              : windows(B, rng, m_split, int(m_corpus.size()));
    return batch(B, rng);
}

namespace {

// Teacher forcing: the decoder reads the targets shifted right behind the start token
// (Hugging Face T5's _shift_right), and every target counts.
void shiftRight(TrainingBatch &b)
{
    const int T = b.seqLen;
    b.inputs.resize(b.targets.size());
    b.mask.assign(b.targets.size(), 1.0f);
    for (int s = 0; s < b.batch; ++s) {
        b.inputs[std::size_t(s) * T] = TrainingTask::kDecoderStart;
        for (int t = 1; t < T; ++t)
            b.inputs[std::size_t(s) * T + t] = b.targets[std::size_t(s) * T + t - 1];
    }
}

} // namespace

TrainingBatch TrainingTask::digitPairs(int B, Rng &rng) const
{
    const int n = m_options.digits;
    TrainingBatch b;
    b.batch = B;
    b.seqLen = n;
    b.encoderSeqLen = n;
    b.encoderInputs.resize(std::size_t(B) * n);
    b.targets.resize(std::size_t(B) * n);
    b.sourcePosition.resize(std::size_t(B) * n);
    std::vector<int> order(static_cast<std::size_t>(n));
    for (int s = 0; s < B; ++s) {
        int *source = b.encoderInputs.data() + std::size_t(s) * n;
        for (int i = 0; i < n; ++i)
            source[i] = 1 + rng.uniformInt(10); // digit d is token d + 1
        for (int i = 0; i < n; ++i)
            order[std::size_t(i)] = m_options.kind == TaskKind::Reverse ? n - 1 - i : i;
        if (m_options.kind == TaskKind::Sort) // where each sorted digit comes from (stable)
            std::stable_sort(order.begin(), order.end(), [source](int x, int y) { return source[x] < source[y]; });
        for (int t = 0; t < n; ++t) {
            b.targets[std::size_t(s) * n + t] = source[order[std::size_t(t)]];
            b.sourcePosition[std::size_t(s) * n + t] = order[std::size_t(t)];
        }
    }
    shiftRight(b);
    return b;
}

TrainingBatch TrainingTask::spanCorruption(int B, Rng &rng, int begin, int end) const
{
    const SpanCorruption noise(m_options.seqLen, m_options.noiseDensity, m_options.meanSpan);
    const int L = noise.length(), Te = noise.sourceLength(), T = noise.targetLength();
    TrainingBatch b;
    b.batch = B;
    b.seqLen = T;
    b.encoderSeqLen = Te;
    b.encoderInputs.resize(std::size_t(B) * Te);
    b.targets.resize(std::size_t(B) * T);
    b.sourcePosition.resize(std::size_t(B) * T);
    for (int s = 0; s < B; ++s) {
        const int at = begin + rng.uniformInt(end - begin - L);
        noise.corrupt(m_corpus.data() + at, firstSentinel(), kEndOfSequence, rng, b.encoderInputs.data() + std::size_t(s) * Te,
                      b.targets.data() + std::size_t(s) * T, b.sourcePosition.data() + std::size_t(s) * T);
    }
    shiftRight(b);
    return b;
}

TrainingBatch TrainingTask::maskedWindows(int B, Rng &rng, int begin, int end) const
{
    const TokenMasking masking(m_options.seqLen, m_options.maskShare);
    const int T = masking.length();
    TrainingBatch b;
    b.batch = B;
    b.seqLen = T;
    b.inputs.resize(std::size_t(B) * T);
    b.targets.resize(std::size_t(B) * T);
    b.mask.resize(std::size_t(B) * T);
    for (int s = 0; s < B; ++s) {
        const int at = begin + rng.uniformInt(end - begin - T);
        const std::size_t row = std::size_t(s) * T;
        masking.corrupt(m_corpus.data() + at, maskToken(), m_alphabet, rng, b.inputs.data() + row,
                        b.targets.data() + row, b.mask.data() + row);
    }
    return b;
}

std::vector<int> TrainingTask::encode(const QString &text) const
{
    return m_tokenizer ? m_tokenizer->encode(text) : std::vector<int>{};
}

QString TrainingTask::decode(const std::vector<int> &tokens) const
{
    if (m_options.kind == TaskKind::Chars && isSeq2Seq() && m_tokenizer) {
        // Sentinels and the end token under Hugging Face T5's names, the characters between them.
        QString s;
        std::vector<int> run;
        auto flush = [&] {
            s += m_tokenizer->decode(run);
            run.clear();
        };
        for (const int t : tokens) {
            if (t >= firstSentinel()) {
                flush();
                s += QStringLiteral("<extra_id_%1>").arg(t - firstSentinel());
            } else if (t == kEndOfSequence) {
                flush();
                s += QStringLiteral("</s>");
            } else if (t != kDecoderStart) {
                run.push_back(t);
            }
        }
        flush();
        return s;
    }
    if (isMaskedLm() && m_tokenizer) {
        QString s;
        std::vector<int> run;
        for (const int t : tokens) {
            if (t != maskToken()) {
                run.push_back(t);
                continue;
            }
            s += m_tokenizer->decode(run) + maskLabel();
            run.clear();
        }
        return s + m_tokenizer->decode(run);
    }
    if (m_options.kind == TaskKind::Chars)
        return m_tokenizer ? m_tokenizer->decode(tokens) : QString();
    if (isSeq2Seq()) {
        QString s;
        for (const int t : tokens)
            if (t > 0) // token 0 is the start token
                s += QString::number(t - 1);
        return s;
    }
    QString s;
    for (int t : tokens) {
        if (t == kSeparator && m_options.kind != TaskKind::Induction)
            s += QLatin1Char('|');
        else
            s += (m_options.kind == TaskKind::Induction ? QStringLiteral("%1 ").arg(t) : QString::number(t));
    }
    return s.trimmed();
}

std::vector<int> TrainingTask::encodeSource(const QString &text) const
{
    std::vector<int> out;
    if (isMaskedLm()) {
        const QStringList parts = text.split(maskLabel());
        for (qsizetype i = 0; i < parts.size(); ++i) {
            if (i > 0)
                out.push_back(maskToken());
            const std::vector<int> ids = encode(parts[i]);
            out.insert(out.end(), ids.begin(), ids.end());
        }
        return out;
    }
    if (!isSeq2Seq())
        return encode(text);
    if (m_options.kind != TaskKind::Chars) {
        for (const QChar c : text)
            if (c.isDigit() && c.digitValue() >= 0 && c.digitValue() <= 9)
                out.push_back(1 + c.digitValue());
        return out;
    }
    const int spans = vocabSize() - firstSentinel();
    int span = 0;
    QString kept;
    for (int i = 0; i < text.size(); ++i) {
        if (text[i] != QLatin1Char('_')) {
            kept += text[i];
            continue;
        }
        const std::vector<int> ids = encode(kept);
        out.insert(out.end(), ids.begin(), ids.end());
        kept.clear();
        while (i + 1 < text.size() && text[i + 1] == QLatin1Char('_'))
            ++i; // a run of '_' is one span
        if (span < spans)
            out.push_back(firstSentinel() + span++);
    }
    const std::vector<int> ids = encode(kept);
    out.insert(out.end(), ids.begin(), ids.end());
    out.push_back(kEndOfSequence);
    return out;
}

void TrainingTask::fitModel(ModelConfig &model) const
{
    if (m_options.kind == TaskKind::Chars && model.vocabSize < vocabSize())
        model.vocabSize = vocabSize(); // the model takes the text's alphabet
    const int longest = std::max(seqLen(), encoderSeqLen());
    if (model.maxPositions < longest)
        model.maxPositions = longest;
}

} // namespace tx
