#include "trainingpreset.h"

#include <QCoreApplication>

namespace tx {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("tx::TrainingPreset", text);
}

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
    TrainingPreset p;
    p.name = QStringLiteral("induction-head");
    p.title = tr("Watch an induction head form: 2-layer attention-only model on repeated random sequences");
    p.model = smallModel(64, 64, 2, 4, 64);
    p.model.name = QStringLiteral("induction-head");
    // Llama family (RoPE, RMSNorm, no biases) so the trained model saves as a Llama checkpoint;
    // the FFN is dropped (attentionOnly) and saved as zeros.
    p.model.positions = PositionKind::Rotary;
    p.model.norm = NormKind::RmsNorm;
    p.model.ffn = FfnKind::Gated3;
    p.model.activation = Activation::Silu;
    p.model.qkvBias = p.model.attnOutBias = p.model.ffnBias = false;
    p.attentionOnly = true;
    p.task.kind = TaskKind::Induction;
    p.task.vocab = 64;
    p.task.seqLen = 64;
    p.task.minSegment = 8;
    p.task.maxSegment = 24;
    p.settings.steps = 2000;
    p.settings.batch = 32;
    p.settings.lr = 3e-3;
    p.settings.warmupSteps = 50;
    p.settings.weightDecay = 0.01;
    p.settings.evalEvery = 50;
    return p;
}

} // namespace

std::vector<TrainingPreset> TrainingPreset::all()
{
    std::vector<TrainingPreset> out{inductionHead()};
    for (TaskKind k : {TaskKind::Copy, TaskKind::Reverse, TaskKind::Sort, TaskKind::Chars}) {
        TrainingPreset p = defaultFor(k);
        out.push_back(p);
    }
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
