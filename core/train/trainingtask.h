#pragma once

#include "core/base/error.h"
#include "core/base/expected.h"
#include "core/base/rng.h"
#include "core/design/modelconfig.h"
#include "core/tokenize/chartokenizer.h"
#include "core/train/trainingbatch.h"

#include <QCoreApplication>
#include <QString>

#include <memory>
#include <vector>

namespace tx {

enum class TaskKind { Copy, Reverse, Sort, Induction, Chars };

QString toString(TaskKind v);
bool fromString(const QString &s, TaskKind &out);

// A teaching task as a seeded data generator: batch(B, rng) draws B fresh sequences.
//
// copy / reverse / sort: n random digits, a separator, then the digits copied, reversed or
//   sorted. Tokens 0–9 are the digits, 10 the separator (vocabulary 11). The model reads the
//   2n first tokens and predicts the next one at each position; the loss counts only the n
//   answer digits (positions n … 2n−1, whose targets are the answer).
// induction: a random prefix, a random segment of random length in [minSegment, maxSegment],
//   that segment again, random tokens to fill seqLen + 1 tokens; tokens uniform in
//   [0, vocab). The repeat starts at a random offset, so no head can find it by position. The
//   loss counts the second copy after its first token (the first is unpredictable).
// chars: character-level language modelling on a text (a bundled corpus or pasted text):
//   the vocabulary is a CharTokenizer of the text: the 256 byte tokens, then the characters seen
//   at least minCount times, most frequent first (rarer ones are spelled in bytes); batches are random
//   windows of seqLen + 1 characters from the first 90 % of the text, validation windows from
//   the last 10 %. Every position counts.
//
// For an encoder-decoder (Options::seq2seq) the same data become source → target pairs, the
// decoder reading the target shifted right behind T5's decoder start token 0 (teacher forcing,
// Hugging Face T5's _shift_right) and every target position counting:
// copy / reverse / sort: the encoder reads the n digits, the decoder writes them copied,
//   reversed or sorted. Token 0 is T5's pad and decoder start, so the digits are tokens 1–10.
// chars: span corruption, T5's pre-training objective (SpanCorruption): a window of seqLen
//   characters with 15 % of them in spans of 3 on average hidden behind sentinels; the decoder
//   writes the hidden spans. Tokens 0 and 1, the bytes NUL and SOH that no text holds, are
//   T5's pad / decoder start and end of sequence; the sentinels follow the characters.
// induction is a decoder-only task and is refused.
//
// For an encoder alone (Options::maskedLm, BERT and ALBERT) chars is BERT's masked LM
// (TokenMasking, Devlin et al. 2018 §3.1): a window of seqLen characters with 15 % of its
// positions chosen, of those 80 % shown as [MASK], 10 % as a random character of the text and
// 10 % as themselves; the model reads the window at once (bidirectional attention) and the loss
// counts the chosen positions only, each predicting its original character. [MASK] is the token
// after the characters; the random ones come from the text's alphabet. The digit tasks and
// induction predict what follows and are refused.
class TrainingTask
{
    Q_DECLARE_TR_FUNCTIONS(tx::TrainingTask)

public:
    struct Options
    {
        TaskKind kind = TaskKind::Induction;
        int digits = 8;       // copy/reverse/sort: n
        int seqLen = 64;      // induction, chars: T (tokens the model reads)
        int vocab = 64;       // induction: token ids drawn from [0, vocab)
        int minSegment = 8;   // induction
        int maxSegment = 24;  // induction
        QString text;         // chars: the corpus
        QString textSource;   // chars: where it came from, for error messages
        int minCount = 1;     // chars: characters seen fewer times fall back to their bytes
        bool seq2seq = false; // source → target pairs for an encoder-decoder (see above)
        double noiseDensity = 0.15; // seq2seq chars: share of the window hidden (T5's)
        double meanSpan = 3.0;      // seq2seq chars: mean hidden span length (T5's)
        bool maskedLm = false;      // masked characters for an encoder alone (see above)
        double maskShare = 0.15;    // masked LM: share of the window's positions predicted (BERT's)
    };

    static constexpr int kDecoderStart = 0; // seq2seq: Transformer::kDecoderStartToken, T5's pad
    static constexpr int kEndOfSequence = 1; // seq2seq chars: T5's </s> (eos_token_id 1)

    static Expected<TrainingTask, Error> create(const Options &options);

    // Grows a model to this task: the chars task's alphabet into the vocabulary, the sequence
    // length into the context. The window fits every model; the command line only its default
    // one (a design the user gave is trained as given, and too small a one is an error).
    void fitModel(ModelConfig &model) const;

    const Options &options() const { return m_options; }
    int vocabSize() const;
    int seqLen() const;        // T: the decoder's tokens (the only stack's for a decoder-only task)
    int encoderSeqLen() const; // Te: the encoder's tokens of a seq2seq task, else 0
    bool isSeq2Seq() const { return m_options.seq2seq; }
    bool isMaskedLm() const { return m_options.maskedLm; }
    // Masked LM: the [MASK] token's id (the first after the tokenizer's), else −1.
    int maskToken() const;
    static QString maskLabel() { return QStringLiteral("[MASK]"); }
    // B sequences from the training distribution.
    TrainingBatch batch(int B, Rng &rng) const;
    // B sequences for validation: the held-out 10 % of a text; for generated tasks fresh
    // sequences from the same distribution (the caller passes a separate generator).
    TrainingBatch validationBatch(int B, Rng &rng) const;

    // chars: text <-> token ids (characters outside the vocabulary become byte tokens).
    std::vector<int> encode(const QString &text) const;
    QString decode(const std::vector<int> &tokens) const;
    // seq2seq: what the user types as the encoder's input into its tokens: digits for the digit
    // tasks, text with each run of '_' a hidden span (its sentinel) and the end token for span
    // corruption. Characters that are not digits are skipped by the digit tasks. The masked LM
    // reads each "[MASK]" in the text as the mask token.
    std::vector<int> encodeSource(const QString &text) const;

    // Induction-style probe sequences over [0, vocab) of length T with the same structure as
    // the induction task, for measuring induction and previous-token scores of any model.
    // chars: the text's tokenizer (nullptr for the other tasks).
    std::shared_ptr<const CharTokenizer> tokenizer() const { return m_tokenizer; }
    // chars: the tokenizer to save beside the model, the task's tokens past the text's characters
    // included as special tokens ([MASK] of a masked LM, <extra_id_N> for span corruption), so
    // that its tokenizer.json names every id of the model's vocabulary (nullptr for the other tasks).
    std::shared_ptr<const CharTokenizer> checkpointTokenizer() const;

    static TrainingBatch inductionBatch(int B, int T, int vocab, int minSegment, int maxSegment, Rng &rng);

private:
    TrainingBatch windows(int B, Rng &rng, int begin, int end) const;
    TrainingBatch spanCorruption(int B, Rng &rng, int begin, int end) const;
    TrainingBatch maskedWindows(int B, Rng &rng, int begin, int end) const;
    TrainingBatch digitPairs(int B, Rng &rng) const;
    int firstSentinel() const; // seq2seq chars: sentinel 0's id

    Options m_options;
    std::shared_ptr<const CharTokenizer> m_tokenizer; // chars: vocabulary
    std::vector<int> m_corpus;     // chars: the text as token ids
    int m_split = 0;               // chars: first validation token
    std::vector<int> m_alphabet;   // masked LM: the distinct tokens of the text, the random replacements
};

} // namespace tx
