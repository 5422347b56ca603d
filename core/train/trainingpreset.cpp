#include "core/train/trainingpreset.h"

#include <QCoreApplication>

#include <algorithm>

namespace tx {

namespace {

// A small GPT-2-family model: learned positions, pre-LayerNorm, GELU, tied head.
ModelConfig smallModel(int vocab, int d, int layers, int heads, int context)
{
    ModelConfig c;
    c.name = QStringLiteral("tiny");
    c.vocabSize = vocab;
    c.dModel = d;
    c.nLayers = layers;
    c.nHeads = heads;
    c.nKvHeads = heads;
    c.dFf = 4 * d;
    c.maxPositions = context;
    c.weightPrecision = Precision::FP32;
    c.kvPrecision = Precision::FP32;
    return c;
}

TrainingPreset inductionHead()
{
    // Choices measured on the 2 shared cores (README "Training" has the runs):
    // - Rotary positions and an untied head are what make the textbook circuit form. With
    //   learned positions and a tied head (the earlier preset) the model reached second-copy
    //   loss 0.64 with a diffuse solution: layer-2 heads spread over i−len+2…i−len+3 and no
    //   layer-1 previous-token head, induction score 0.01. RoPE makes "attend to i−1" a single
    //   relative rule (Su et al. 2021) instead of one learned per position; an untied head lets
    //   the induction head's OV circuit write the copied token without fighting the embedding's
    //   "predict the current token" direct path (tied + RoPE stayed at loss 3.3 after 1,000 steps).
    // - Llama family (RMSNorm, no biases, the dropped FFN written as zeros) so the trained
    //   model saves as a checkpoint; RoPE + LayerNorm learned faster still but has no HF family here.
    // - d 64, 4 heads (head size 16): ~4 ms of CPU per step on one thread.
    // - sequences of 32 tokens with segments of 4–16 at a random offset: position alone cannot
    //   solve it, and the copy covers a large share of each sequence.
    // - vocabulary 64: few accidental repeats inside 32 random tokens.
    // - lr 3e-3, 50 warmup steps, cosine over 2,000 steps: the head forms by step ~500.
    TrainingPreset p;
    p.name = QStringLiteral("induction-head");
    p.title = TrainingPreset::tr("Watch an induction head form: 2-layer attention-only model on repeated random sequences");
    p.model = smallModel(64, 64, 2, 4, 32);
    p.model.name = QStringLiteral("induction-head");
    p.model.positions = PositionKind::Rotary;
    p.model.norm = NormKind::RmsNorm;
    p.model.ffn = FfnKind::Gated3;
    p.model.activation = Activation::Silu;
    p.model.qkvBias = false;
    p.model.attnOutBias = false;
    p.model.ffnBias = false;
    p.model.tiedEmbeddings = false;
    p.attentionOnly = true;
    p.task.kind = TaskKind::Induction;
    p.task.vocab = 64;
    p.task.seqLen = 32;
    p.task.minSegment = 4;
    p.task.maxSegment = 16;
    p.settings.steps = 2000;
    p.settings.batch = 32;
    p.settings.lr = 3e-3;
    p.settings.warmupSteps = 50;
    p.settings.weightDecay = 0.01;
    p.settings.evalEvery = 100;
    return p;
}

} // namespace

TrainingPreset TrainingPreset::mixtureOfExperts()
{
    // A Qwen3-MoE block scaled down (Qwen3MoeSparseMoeBlock; Qwen/Qwen3-30B-A3B config.json): RMSNorm,
    // RoPE, per-head QK-norm, grouped KV heads, no biases, an untied head, and in every layer a
    // softmax router over the experts keeping the top 2 renormalised (norm_topk_prob) in front
    // of SwiGLU experts. 8 experts of width 64 at d 64 (30B-A3B: 128 of 768 at d 2048, top 8),
    // so the load chart has few bars to read. RoPE base 10,000, not Qwen's 10⁶: at a context of
    // 64 the 10⁶ base leaves most rotary pairs nearly still. The engine trains without the
    // auxiliary balance loss (the Hugging Face parity runs have none either), so the chart shows
    // what the router does on its own.
    TrainingPreset p = defaultFor(TaskKind::Chars);
    p.name = QStringLiteral("moe-chars");
    p.title = tr("Mixture of experts (Qwen3-MoE style, 8 experts, top 2): a character model, 2 layers, context 64");
    p.model = smallModel(0, 64, 2, 4, 64); // vocab comes from the text
    p.model.name = p.name;
    p.model.nKvHeads = 2;
    p.model.positions = PositionKind::Rotary;
    p.model.norm = NormKind::RmsNorm;
    p.model.qkNorm = QkNorm::PerHead;
    p.model.ffn = FfnKind::Gated3;
    p.model.activation = Activation::Silu;
    p.model.qkvBias = p.model.attnOutBias = p.model.ffnBias = false;
    p.model.tiedEmbeddings = false;
    p.model.moe.numExperts = 8;
    p.model.moe.topK = 2;
    p.model.moe.expertDff = 64;
    p.model.moe.normTopK = true;
    p.model.moe.routerScore = RouterScore::Softmax;
    p.settings.steps = 600;
    p.settings.batch = 16;
    p.settings.lr = 3e-3;
    p.settings.evalEvery = 50;
    return p;
}

ModelConfig TrainingPreset::smallT5(int vocab, int d, int encoderLayers, int decoderLayers, int heads, int context)
{
    // T5 v1.0's block (Raffel et al. 2020; HF T5Config defaults): RMSNorm (T5LayerNorm) before
    // every sub-layer, no biases, ReLU FFN of 4 d, relative position buckets per stack (32
    // buckets, offsets up to 128), the head tied to the token table behind d^-0.5.
    ModelConfig c = smallModel(vocab, d, encoderLayers, heads, context);
    c.layout = Layout::EncoderDecoder;
    c.nDecoderLayers = decoderLayers;
    c.positions = PositionKind::RelativeBuckets;
    c.relativeBuckets = 32;
    c.relativeMaxDistance = 128;
    c.norm = NormKind::RmsNorm;
    c.normPlacement = NormPlacement::Pre;
    c.ffn = FfnKind::Dense2;
    c.activation = Activation::Relu;
    c.qkvBias = c.attnOutBias = c.ffnBias = false;
    c.tiedEmbeddings = true;
    return c;
}

TrainingPreset TrainingPreset::encoderDecoderFor(TaskKind kind)
{
    // Measured on the 2 shared cores (README "Training"): 2 + 2 layers of d 64 at lr 3e-3 learn to
    // reverse 8 digits in 2,000 steps (validation loss 0.02, 99 % of the digits right, a
    // cross-attention head aligned 0.97 with the digit it copies); at lr 1e-3 over 600 steps they
    // reach validation loss 1.34, at 3e-3 over 1,200 steps 0.11. Relative buckets give no absolute positions: the
    // encoder has to find where each digit sits from the bidirectional offsets first.
    TrainingPreset p = defaultFor(kind);
    p.task.seq2seq = true;
    if (kind == TaskKind::Chars) {
        p.name = QStringLiteral("t5-span-corruption");
        p.title = tr("T5 span corruption: a 2 + 2-layer encoder-decoder fills in hidden spans of a text");
        p.task.seqLen = 64;
        p.model = smallT5(0, 128, 2, 2, 4, 64); // vocab comes from the text
        // 72 tokens a pair through d 128: 0.25 s a step at batch 16 on the loaded 2 cores (0.13 s
        // of CPU), so 1,000 steps take about 4 minutes; at batch 32 a step took 0.6 s.
        p.settings.batch = 16;
    } else {
        p.name = QStringLiteral("t5-") + toString(kind) + QStringLiteral("-digits");
        p.title = tr("%1 8 random digits with a 2 + 2-layer T5 encoder-decoder").arg(toString(kind));
        p.model = smallT5(11, 64, 2, 2, 4, 16);
    }
    p.settings.steps = kind == TaskKind::Chars ? 1000 : 2000;
    p.settings.lr = 3e-3;
    p.model.name = p.name;
    return p;
}

ModelConfig TrainingPreset::smallEncoder(bool albert, int vocab, int d, int layers, int heads, int context)
{
    // BERT (Devlin et al. 2018; HF BertConfig): post-LayerNorm blocks, an embedding LayerNorm,
    // learned positions and segment (token-type) rows, biases everywhere, exact GELU, and
    // BertLMPredictionHead (dense d → d, GELU, LayerNorm, the tied table and a bias). ALBERT (Lan
    // et al. 2019; HF AlbertConfig) factorises the table (embedding_size 128 for hidden 768: a
    // sixth here too) and shares every layer (num_hidden_groups 1), with gelu_new.
    ModelConfig c = smallModel(vocab, d, layers, heads, context);
    c.layout = Layout::EncoderOnly;
    c.normPlacement = NormPlacement::Post;
    c.finalNorm = false;
    c.embeddingNorm = true;
    c.tokenTypes = 2;
    c.activation = albert ? Activation::GeluTanh : Activation::Gelu;
    c.lmHead = c.mlmHead = c.tiedEmbeddings = c.lmHeadBias = true;
    if (albert) {
        c.embeddingDim = std::max(1, d / 4);
        c.sharing = Sharing::AllLayers;
    }
    return c;
}

TrainingPreset TrainingPreset::maskedLmFor(bool albert)
{
    TrainingPreset p = defaultFor(TaskKind::Chars);
    p.task.maskedLm = true;
    p.task.seqLen = 64;
    p.name = albert ? QStringLiteral("albert-mlm") : QStringLiteral("bert-mlm");
    p.title = albert ? tr("ALBERT masked characters: a 4-layer encoder sharing one layer fills in hidden characters of a text")
                     : tr("BERT masked characters: a 4-layer encoder fills in hidden characters of a text");
    p.model = smallEncoder(albert, 0, 128, 4, 4, 64); // vocab comes from the text
    p.model.name = p.name;
    // 64 characters through d 128 at batch 16: 0.6 s a step on the loaded 2 cores (load average 10),
    // 1.3 s at batch 32 (README "Training" has the runs).
    p.settings.batch = 16;
    p.settings.steps = 2000;
    p.settings.lr = 1e-3;
    return p;
}

std::vector<TrainingPreset> TrainingPreset::all()
{
    std::vector<TrainingPreset> out{inductionHead()};
    for (TaskKind k : {TaskKind::Copy, TaskKind::Reverse, TaskKind::Sort, TaskKind::Chars}) {
        TrainingPreset p = defaultFor(k);
        out.push_back(p);
    }
    for (TaskKind k : {TaskKind::Copy, TaskKind::Reverse, TaskKind::Sort, TaskKind::Chars})
        out.push_back(encoderDecoderFor(k));
    out.push_back(maskedLmFor(true));
    out.push_back(maskedLmFor(false));
    out.push_back(mixtureOfExperts());
    return out;
}

std::optional<TrainingPreset> TrainingPreset::find(const QString &name)
{
    for (const TrainingPreset &p : all())
        if (p.name == name)
            return p;
    return std::nullopt;
}

TrainingPreset TrainingPreset::defaultFor(TaskKind kind)
{
    if (kind == TaskKind::Induction)
        return inductionHead();
    TrainingPreset p;
    p.task.kind = kind;
    p.settings.steps = 1000;
    p.settings.batch = 32;
    p.settings.lr = 1e-3;
    switch (kind) {
    case TaskKind::Copy:
    case TaskKind::Reverse:
    case TaskKind::Sort:
        p.name = toString(kind) + QStringLiteral("-digits");
        p.title = tr("%1 8 random digits with a 2-layer model").arg(toString(kind));
        p.task.digits = 8;
        p.model = smallModel(11, 64, 2, 4, 16);
        break;
    case TaskKind::Chars:
        p.name = QStringLiteral("chars-lm");
        p.title = tr("Character-level language model, 4 layers, context 64");
        p.task.seqLen = 64;
        p.model = smallModel(0, 128, 4, 4, 64); // vocab comes from the text
        break;
    case TaskKind::Induction:
        break;
    }
    p.model.name = p.name;
    return p;
}

} // namespace tx
