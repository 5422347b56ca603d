#pragma once

#include "core/design/modelconfig.h"
#include "core/train/trainer.h"
#include "core/train/trainingtask.h"

#include <QCoreApplication>
#include <QString>

#include <optional>
#include <vector>

namespace tx {

// A ready-made training run: model, task and hyper-parameters, picked so a classroom sees
// the result within a minute on a laptop (README "Training" says why each number is what it is).
struct TrainingPreset
{
    Q_DECLARE_TR_FUNCTIONS(tx::TrainingPreset)

public:
    QString name;        // command-line name, e.g. "induction-head"
    QString title;       // translated one-line description
    ModelConfig model;
    bool attentionOnly = false;
    TrainingTask::Options task;
    TrainingSettings settings;

    static std::vector<TrainingPreset> all();
    static std::optional<TrainingPreset> find(const QString &name);
    // The small model the `train` command uses for a task when no design is given.
    static TrainingPreset defaultFor(TaskKind kind);
    // The same task as source → target pairs for a small T5 encoder-decoder (copy / reverse /
    // sort digits; span corruption for chars): "t5-reverse-digits", "t5-span-corruption".
    static TrainingPreset encoderDecoderFor(TaskKind kind);
    // Masked characters (BERT's masked LM) for a small encoder alone: "albert-mlm" (a factorised
    // table, every layer shared) or "bert-mlm" (a plain BERT), each with its masked-LM head.
    static TrainingPreset maskedLmFor(bool albert);
    // A small BERT (albert false) or ALBERT of width d: post-LayerNorm blocks after an embedding
    // LayerNorm, learned positions, two token types, the masked-LM head tied to the table.
    static ModelConfig smallEncoder(bool albert, int vocab, int d, int layers, int heads, int context);
    // A small Qwen3-MoE-style character model ("moe-chars"): 8 experts, top 2, in both layers.
    static TrainingPreset mixtureOfExperts();
    // A small T5 v1.0-style encoder-decoder: encoderLayers + decoderLayers of width d.
    static ModelConfig smallT5(int vocab, int d, int encoderLayers, int decoderLayers, int heads, int context);
};

} // namespace tx
