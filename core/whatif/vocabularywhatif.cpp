#include "core/whatif/vocabularywhatif.h"

#include "core/base/numberformat.h"
#include "core/estimate/evaluator.h"
#include "core/train/corpus.h"
#include "core/whatif/bpetrainer.h"

#include <QHash>
#include <QMutex>

#include <algorithm>

namespace tx {

namespace {

// Training is O(merges · text); the text is cut here so the page answers within a second.
constexpr qsizetype kMaxChars = 20'000;

struct Trained
{
    int vocab = 0;
    qint64 tokens = 0;
};

// Trained vocabularies by (text, asked size): the page recomputes on every design edit, and
// the merges do not depend on the design.
Trained trained(const QString &text, int size)
{
    static QMutex mutex;
    static QHash<QPair<size_t, int>, Trained> cache;
    const QPair<size_t, int> key{qHash(text), size};
    {
        QMutexLocker lock(&mutex);
        if (auto it = cache.constFind(key); it != cache.cend())
            return *it;
    }
    const Bpe bpe = BpeTrainer::train(text, size);
    const Trained t{bpe.vocabSize(), BpeTrainer::countTokens(bpe, text)};
    QMutexLocker lock(&mutex);
    if (cache.size() > 256)
        cache.clear();
    cache.insert(key, t);
    return t;
}

} // namespace

Expected<WhatIfOutcome, Error> VocabularyWhatIf::whatIf(const ModelConfig &c, const Assumptions &a,
                                                        const VocabularyOptions &o)
{
    if (o.sizes.empty())
        return Error{{}, QStringLiteral("sizes"), tr("give at least one vocabulary size")};
    for (int v : o.sizes)
        if (v < 256 || v > 65536)
            return Error{{}, QStringLiteral("sizes"), tr("expected vocabulary sizes from 256 (the bytes) to 65,536")};
    auto loaded = Corpus::load(o.corpus);
    if (!loaded)
        return loaded.error();
    QString text = loaded->left(kMaxChars);
    const qint64 chars = qint64(text.toUcs4().size());
    const qint64 bytes = qint64(text.toUtf8().size());
    if (chars == 0)
        return Error{o.corpus, {}, tr("the text is empty")};
    auto before = evaluate(c, a);
    if (!before)
        return before.error();

    std::vector<int> sizes = o.sizes;
    std::sort(sizes.begin(), sizes.end());
    sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
    const int applied = o.applySize > 0 ? o.applySize : sizes.back();

    WhatIfTable t;
    t.key = QStringLiteral("vocabularies");
    t.title = tr("Byte-level BPE trained on %1 (%2 characters, %3 UTF-8 bytes)")
                  .arg(o.corpus, NumberFormat::exact(chars), NumberFormat::exact(bytes));
    t.columnKeys = {QStringLiteral("vocab_size"), QStringLiteral("tokens"), QStringLiteral("tokens_per_char"),
                    QStringLiteral("embedding_head_params"), QStringLiteral("params"), QStringLiteral("weights_bytes"),
                    QStringLiteral("text_forward_flops")};
    t.columnTitles = {tr("Vocabulary"), tr("Tokens for the text"), tr("Tokens per character"),
                      tr("Embedding + head"), tr("Parameters"), tr("Weights memory"), tr("FLOPs for the text")};
    t.columnUnits = {QStringLiteral("count"), QStringLiteral("tokens"), QStringLiteral("number"), QStringLiteral("params"),
                     QStringLiteral("params"), QStringLiteral("bytes"), QStringLiteral("FLOP")};
    WhatIfOutcome w;
    w.id = QStringLiteral("vocabulary");
    w.title = tr("Vocabulary size");
    ModelConfig design = c;
    std::optional<Evaluation> after;
    qint64 firstTokens = 0, lastTokens = 0;
    const double e = c.effectiveEmbeddingDim();
    for (int size : sizes) {
        const Trained bpe = trained(text, size);
        const qint64 tokens = bpe.tokens;
        ModelConfig v = c;
        v.vocabSize = bpe.vocab;
        auto ev = evaluate(v, a);
        if (!ev)
            return ev.error();
        const double table = double(v.vocabSize) * e + (c.lmHead && !c.tiedEmbeddings ? double(c.dModel) * v.vocabSize : 0.0);
        t.rows.push_back({QString::number(size), tr("%1 (trained %2)").arg(size).arg(bpe.vocab),
                          {double(bpe.vocab), double(tokens), double(tokens) / double(chars), table,
                           double(ev->params.total), ev->inference.weightsBytes,
                           double(tokens) * ev->compute.forwardFlopsPerToken}});
        if (firstTokens == 0)
            firstTokens = tokens;
        lastTokens = tokens;
        if (size == applied || (!after && size == sizes.back())) {
            design = v;
            after = *ev;
        }
    }
    w.tables.push_back(t);
    w.before = sideOf(*before);
    w.after = sideOf(*after);
    w.trainingNote = tr("training memory of one replica under the chosen optimizer");
    w.figures.push_back({QStringLiteral("vocabulary.bytes_per_char"), tr("UTF-8 bytes per character"),
                         double(bytes) / double(chars), QStringLiteral("number"), QStringLiteral("bytes / characters"),
                         QStringLiteral("%1 / %2 = %3").arg(NumberFormat::exact(bytes), NumberFormat::exact(chars))
                             .arg(double(bytes) / double(chars), 0, 'f', 3),
                         tr("the byte vocabulary (256) cuts the text into one token per byte")});
    const double saved = firstTokens > 0 ? 1.0 - double(lastTokens) / double(firstTokens) : 0.0;
    w.figures.push_back({QStringLiteral("vocabulary.sequence_saved"), tr("Sequence saved by the largest vocabulary"), saved,
                         QStringLiteral("ratio"), QStringLiteral("1 − tokens(V_max) / tokens(V_min)"),
                         QStringLiteral("1 − %1 / %2 = %3 %").arg(NumberFormat::exact(lastTokens), NumberFormat::exact(firstTokens))
                             .arg(100.0 * saved, 0, 'f', 1),
                         tr("Sennrich et al. 2016 (BPE); Radford et al. 2019 (byte-level BPE); the seed: \"BPE saves 30–50 %\"")});
    w.notes << tr("Merges are learnt on this text and measured on it, so the savings are an upper bound for unseen text; "
                  "a small corpus stops learning merges early (the trained size can fall short of the asked one).");
    if (loaded->size() > kMaxChars)
        w.notes << tr("Trained and measured on the first %1 of the text's %2 characters.")
                       .arg(NumberFormat::exact(kMaxChars), NumberFormat::exact(loaded->size()));
    w.notes << tr("The design takes the %1-token vocabulary.").arg(design.vocabSize);
    w.design = design;
    w.changesDesign = design != c;
    return w;
}

} // namespace tx
