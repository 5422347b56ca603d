#include "ui/design/designcontrols.h"

#include "core/design/designedits.h"
#include "core/estimate/hardwarecatalog.h"
#include "core/report/componentnames.h"
#include "ui/design/designstate.h"
#include "ui/design/presetpicker.h"
#include "ui/design/reasoncaptions.h"
#include "ui/widgets/controlgroup.h"
#include "ui/widgets/knobcontrol.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSlider>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace tx {

namespace {

ControlGroup *addGroup(QVBoxLayout *layout, const QString &title)
{
    auto *box = new ControlGroup(title);
    box->body()->setSpacing(4);
    layout->addWidget(box);
    return box;
}

} // namespace

DesignControls::DesignControls(DesignState *state, QWidget *parent)
    : QWidget(parent)
    , m_state(state)
    , m_presets(new PresetPicker(state, this))
    , m_otherProblems(new QLabel(this))
    , m_reasons(new ReasonCaptions(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);

    auto *presetRow = new QFormLayout;
    auto *presetLabel = new QLabel(tr("Start from &model:"), this);
    presetLabel->setBuddy(m_presets);
    presetRow->addRow(presetLabel, m_presets);
    layout->addLayout(presetRow);

    m_otherProblems->setWordWrap(true);
    m_otherProblems->setStyleSheet(QStringLiteral("color: #c0392b;"));
    m_otherProblems->setVisible(false);
    layout->addWidget(m_otherProblems);

    // --- Shape -------------------------------------------------------------------------
    ControlGroup *shape = addGroup(layout, tr("Size and shape"));
    addCombo(shape, QStringLiteral("layout"), tr("Kind of model"),
             tr("Decoder only (GPT, Llama) writes text left to right. Encoder only (BERT) reads a whole text "
                "at once to classify or search it. Encoder-decoder (T5) reads an input, then writes an output."),
             {{tr("Decoder only (GPT, Llama)"), int(Layout::DecoderOnly)},
              {tr("Encoder only (BERT)"), int(Layout::EncoderOnly)},
              {tr("Encoder-decoder (T5)"), int(Layout::EncoderDecoder)}},
             [](ModelConfig &c, int v) { c.layout = Layout(v); });
    addKnob(
        shape, QStringLiteral("d_model"), tr("Width (d_model)"),
        tr("Thinking bandwidth: how many numbers describe each token as it flows through the model. "
           "Wider models understand more but cost quadratically more.\n"
           "Each layer holds about 12·d_model² weights (4·d² attention + 8·d² FFN at d_ff = 4·d)."),
        1, 131072, 64, 16384, true, [](ModelConfig &c, int v) { c.dModel = v; }, tr("Change width"));
    addKnob(shape, QStringLiteral("n_layers"), tr("Layers (depth)"),
            tr("Depth of thought: each layer refines every token once more. Parameters, memory and compute "
               "grow linearly with depth.\nParameters ≈ 12·L·d_model²."),
            1, 1024, 1, 128, false, [](ModelConfig &c, int v) { c.nLayers = v; });
    addKnob(shape, QStringLiteral("n_decoder_layers"), tr("Decoder layers"),
            tr("Layers of the writing half of an encoder-decoder model; each also attends to the encoder's "
               "output (cross-attention, 4·d_model² more weights per layer)."),
            1, 1024, 1, 128, false, [](ModelConfig &c, int v) { c.nDecoderLayers = v; });
    addKnob(shape, QStringLiteral("n_heads"), tr("Attention heads"),
            tr("Size of the expert team: how many things each token can look for at once. Heads split the width: head size = "
               "d_model / heads, so d_model must be a multiple of the heads. Changing heads alone does not "
               "change the parameter count (Q, K, V, O stay d_model × d_model)."),
            1, 4096, 1, 128, false, [](ModelConfig &c, int v) { c.nHeads = v; });
    addKnob(shape, QStringLiteral("n_kv_heads"), tr("Key/value heads"),
            tr("Memory per token while generating: fewer key/value heads (grouped-query attention) shrink "
               "the KV cache, which limits how many users and how long a context fit.\n"
               "KV cache = 2 · layers · kv_heads · head_size · context · batch · bytes."),
            1, 4096, 1, 128, false, [](ModelConfig &c, int v) { c.nKvHeads = v; });
    KnobControl *dff = addKnob(
        shape, QStringLiteral("d_ff"), tr("FFN width (d_ff)"),
        tr("Knowledge storage: the feed-forward block is where most facts live; it holds two thirds of a "
           "classic layer's weights.\nFFN weights = 2·d_model·d_ff (3·d_model·d_ff when gated)."),
        1, 1048576, 64, 65536, true, [](ModelConfig &c, int v) { c.dFf = v; });
    m_dffLock = new QCheckBox(tr("Keep at ×4 d_model"), dff);
    m_dffLock->setToolTip(tr("Ties the FFN width to four times the width, the ratio of GPT-2 and BERT."));
    shape->layout()->addWidget(m_dffLock);
    connect(m_dffLock, &QCheckBox::toggled, this,
            [this](bool on) { m_state->setDffLock(on, on ? tr("Lock FFN width") : tr("Unlock FFN width")); });
    addKnob(shape, QStringLiteral("vocab_size"), tr("Vocabulary (tokens)"),
            tr("How many different word pieces the model knows. A bigger vocabulary reads text in fewer "
               "tokens (cheaper, longer effective context) but adds a d_model-wide row per token.\n"
               "Embedding weights = vocab · d_model (twice when the output head is not tied)."),
            1, 16777216, 256, 262144, true, [](ModelConfig &c, int v) { c.vocabSize = v; });
    addKnob(shape, QStringLiteral("max_positions"), tr("Context length (tokens)"),
            tr("How much text the model can keep in view at once. Longer contexts cost KV-cache memory "
               "linearly and attention compute quadratically; a learned position table adds "
               "context · d_model weights."),
            1, 16777216, 128, 1048576, true, [](ModelConfig &c, int v) { c.maxPositions = v; });

    // Sliders land where DesignEdits::snapped says (multiples of the heads, of 64, …).
    for (const char *field : {"d_model", "n_heads", "n_kv_heads", "d_ff", "vocab_size", "max_positions"}) {
        const QString key = QLatin1String(field);
        m_knobs.value(key)->setSnap([this, key](int v) { return DesignEdits::snapped(m_state->config(), key, v); });
    }

    // --- Building blocks ---------------------------------------------------------------
    ControlGroup *block = addGroup(layout, tr("Building blocks"));
    addCombo(block, QStringLiteral("ffn"), tr("Feed-forward kind"),
             tr("Plain (2 matrices, GPT-2, BERT) or gated (3 matrices, SwiGLU in Llama): gated FFNs learn "
                "better per parameter; at equal d_ff they hold 1.5× the weights."),
             {{tr("Plain (2 matrices)"), int(FfnKind::Dense2)}, {tr("Gated (3 matrices, SwiGLU)"), int(FfnKind::Gated3)}},
             [](ModelConfig &c, int v) { c.ffn = FfnKind(v); });
    addCombo(block, QStringLiteral("norm"), tr("Normalization"),
             tr("Keeps the numbers in a healthy range. LayerNorm has a scale and a bias (2·d_model weights), "
                "RMSNorm only a scale (d_model weights) and is a little faster."),
             {{tr("LayerNorm"), int(NormKind::LayerNorm)}, {tr("RMSNorm"), int(NormKind::RmsNorm)}},
             [](ModelConfig &c, int v) { c.norm = NormKind(v); });
    addCombo(block, QStringLiteral("positions"), tr("Word order signal"),
             tr("How the model knows word order. A learned table costs context · d_model weights and caps the "
                "context; rotary (RoPE) and sinusoidal cost nothing; T5's relative buckets add a small table."),
             {{tr("None"), int(PositionKind::None)},
              {tr("Sinusoidal"), int(PositionKind::Sinusoidal)},
              {tr("Learned table"), int(PositionKind::Learned)},
              {tr("Rotary (RoPE)"), int(PositionKind::Rotary)},
              {tr("Relative buckets (T5)"), int(PositionKind::RelativeBuckets)}},
             [](ModelConfig &c, int v) { c.positions = PositionKind(v); });

    // --- Attention (the 2024–26 kinds) --------------------------------------------------
    ControlGroup *attention = addGroup(layout, tr("Attention"));
    addCombo(attention, QStringLiteral("attention"), tr("Attention kind"),
             tr("Multi-head attention keeps a key and a value per key/value head and token (MHA, GQA, MQA). "
                "DeepSeek's latent attention (MLA) keeps one small latent per token shared by all heads: a "
                "far smaller KV cache.\nMLA cache per token and layer = kv_lora_rank + qk_rope_head_dim."),
             {{tr("Multi-head (MHA / GQA / MQA)"), int(AttentionKind::Gqa)},
              {tr("Latent (MLA, DeepSeek)"), int(AttentionKind::Mla)}},
             [](ModelConfig &c, int v) { c.attention = AttentionKind(v); });
    addKnob(attention, QStringLiteral("kv_lora_rank"), tr("MLA key/value latent"),
            tr("Width of the compressed key/value latent every token caches (DeepSeek-V3: 512)."), 1, 131072, 16,
            2048, false, [](ModelConfig &c, int v) { c.mla.kvLoraRank = v; });
    addKnob(attention, QStringLiteral("q_lora_rank"), tr("MLA query latent (0 = none)"),
            tr("Queries pass through a latent of this width (DeepSeek-V3: 1536); 0 is a plain query projection "
               "(DeepSeek-V2-Lite)."),
            0, 131072, 0, 4096, false, [](ModelConfig &c, int v) { c.mla.qLoraRank = v; });
    addKnob(attention, QStringLiteral("qk_rope_head_dim"), tr("MLA rotary key width"),
            tr("The part of each query/key head that carries positions; its key is shared by all heads and "
               "cached beside the latent (DeepSeek: 64)."),
            0, 4096, 0, 256, false, [](ModelConfig &c, int v) { c.mla.qkRopeHeadDim = v; });
    addCombo(attention, QStringLiteral("qk_norm"), tr("Query/key norm"),
             tr("Normalises queries and keys before the dot product for stable training: per head (Qwen3, "
                "Gemma 3: head_dim weights each), over the whole width (OLMo 2) or without weights (Llama 4)."),
             {{tr("None"), int(QkNorm::None)},
              {tr("Per head"), int(QkNorm::PerHead)},
              {tr("Whole width (OLMo 2)"), int(QkNorm::FullWidth)},
              {tr("Without weights (Llama 4)"), int(QkNorm::Weightless)}},
             [](ModelConfig &c, int v) { c.qkNorm = QkNorm(v); });
    addKnob(attention, QStringLiteral("sliding_window"), tr("Sliding window (0 = off)"),
            tr("Sliding layers attend to, and cache, only the last this-many tokens: the KV cache stops "
               "growing with the context.\nKV cache of a sliding layer = min(context, window) tokens."),
            0, 16777216, 0, 32768, false, [](ModelConfig &c, int v) { c.slidingWindow = v; });
    addKnob(attention, QStringLiteral("global_every"), tr("Every N-th layer global (0 = all slide)"),
            tr("With a window, every N-th layer still attends to everything (Gemma 2: 2, Gemma 3: 6)."), 0, 1024,
            0, 12, false, [](ModelConfig &c, int v) { c.globalEvery = v; });
    addCheck(attention, QStringLiteral("attention_sinks"), tr("Attention sinks (gpt-oss)"),
             tr("One learned logit per head that can soak up attention: n_heads weights per layer, nothing cached."),
             [](ModelConfig &c, bool v) { c.attentionSinks = v; });
    addKnob(attention, QStringLiteral("mtp_layers"), tr("Multi-token prediction modules"),
            tr("Extra modules that predict further tokens during training (DeepSeek-V3: 1). Counted apart, "
               "not in the total."),
            0, 64, 0, 4, false, [](ModelConfig &c, int v) { c.mtpLayers = v; });

    // --- Precision ---------------------------------------------------------------------
    const QList<QPair<QString, int>> precisions = {
        {tr("fp32 (4 bytes)"), int(Precision::FP32)}, {tr("fp16 (2 bytes)"), int(Precision::FP16)},
        {tr("bf16 (2 bytes)"), int(Precision::BF16)}, {tr("fp8 (1 byte)"), int(Precision::FP8)},
        {tr("int8 (1 byte + scales)"), int(Precision::INT8)}, {tr("int4 (½ byte + scales)"), int(Precision::INT4)}};
    QList<QPair<QString, int>> weightFormats = precisions;
    weightFormats << qMakePair(tr("fp8 + 128×128 block scales (DeepSeek)"), int(Precision::Fp8Block))
                  << qMakePair(tr("MXFP4 (4.25 bits)"), int(Precision::Mxfp4))
                  << qMakePair(tr("NVFP4 (4.5 bits)"), int(Precision::Nvfp4))
                  << qMakePair(tr("GGUF Q8_0 (8.5 bits)"), int(Precision::Q8_0))
                  << qMakePair(tr("GGUF Q6_K (6.56 bits)"), int(Precision::Q6_K))
                  << qMakePair(tr("GGUF Q5_K (5.5 bits)"), int(Precision::Q5_K))
                  << qMakePair(tr("GGUF Q5_0 (5.5 bits)"), int(Precision::Q5_0))
                  << qMakePair(tr("GGUF Q4_K (4.5 bits)"), int(Precision::Q4_K))
                  << qMakePair(tr("GGUF Q4_0 (4.5 bits)"), int(Precision::Q4_0))
                  << qMakePair(tr("GGUF Q3_K (3.44 bits)"), int(Precision::Q3_K))
                  << qMakePair(tr("GGUF Q2_K (2.63 bits)"), int(Precision::Q2_K))
                  << qMakePair(tr("GGUF Q5_K_M (llama.cpp mix)"), int(Precision::Q5_K_M))
                  << qMakePair(tr("GGUF Q4_K_M (llama.cpp mix)"), int(Precision::Q4_K_M))
                  << qMakePair(tr("GGUF Q3_K_M (llama.cpp mix)"), int(Precision::Q3_K_M));
    ControlGroup *precision = addGroup(layout, tr("Number precision"));
    addCombo(precision, QStringLiteral("weight_precision"), tr("Weights"),
             tr("Bytes per stored weight. Halving it halves the memory the model needs and speeds up "
                "generation, at some cost in quality below 8 bits.\nWeights memory = params · bits / 8; the "
                "block formats and llama.cpp's mixes (Q4_K_M …) are counted tensor by tensor, scales included, "
                "with the tensors each format keeps at 16 or 32 bits."),
             weightFormats, [](ModelConfig &c, int v) { c.weightPrecision = Precision(v); });
    addCombo(precision, QStringLiteral("kv_precision"), tr("KV cache"),
             tr("Bytes per cached key/value number while generating; the KV cache grows with context and "
                "batch, so this decides how many users fit."),
             precisions, [](ModelConfig &c, int v) { c.kvPrecision = Precision(v); });

    // --- Sharing -----------------------------------------------------------------------
    ControlGroup *sharing = addGroup(layout, tr("Weight sharing"));
    addCheck(sharing, QStringLiteral("tied_embeddings"), tr("Output head reuses the token table"),
             tr("Tied embeddings: the last layer that picks the next token reuses the input table, saving "
                "vocab · d_model weights."),
             [](ModelConfig &c, bool v) { c.tiedEmbeddings = v; });
    addCombo(sharing, QStringLiteral("sharing"), tr("Layers share weights"),
             tr("ALBERT stores one layer and runs it many times: far fewer parameters, the same compute."),
             {{tr("No sharing"), int(Sharing::None)},
              {tr("All layers share one (ALBERT)"), int(Sharing::AllLayers)},
              {tr("Groups of layers"), int(Sharing::Groups)}},
             [](ModelConfig &c, int v) { c.sharing = Sharing(v); });
    addKnob(sharing, QStringLiteral("share_group_size"), tr("Layers per shared group"),
            tr("With group sharing, this many consecutive layers use one stored layer."),
            1, 1024, 1, 64, false, [](ModelConfig &c, int v) { c.shareGroupSize = v; });
    addKnob(sharing, QStringLiteral("embedding_dim"), tr("Embedding size (0 = width)"),
            tr("Factorized embedding (ALBERT): a narrow token table projected up to d_model. Saves "
               "vocab · (d_model − e) weights, adds e · d_model."),
            0, 131072, 0, 4096, false, [](ModelConfig &c, int v) { c.embeddingDim = v; });
    m_knobs.value(QStringLiteral("embedding_dim"))->setSnap([this](int v) {
        return DesignEdits::snapped(m_state->config(), QStringLiteral("embedding_dim"), v);
    });

    // --- Mixture of experts ------------------------------------------------------------
    ControlGroup *moe = addGroup(layout, tr("Mixture of experts"));
    addKnob(moe, QStringLiteral("moe_experts"), tr("Experts (0 = dense)"),
            tr("Many FFNs per layer, of which each token uses only a few: more knowledge for the same "
               "compute per token, but every expert must sit in memory.\nFFN weights × experts."),
            0, 4096, 0, 256, false, [](ModelConfig &c, int v) { c.moe.numExperts = v; });
    addKnob(moe, QStringLiteral("moe_top_k"), tr("Experts per token"),
            tr("How many experts each token runs through; compute per token grows with it."),
            1, 4096, 1, 16, false, [](ModelConfig &c, int v) { c.moe.topK = v; });
    addKnob(moe, QStringLiteral("moe_d_ff"), tr("Expert width (0 = d_ff)"),
            tr("Inner width of one routed expert (moe_intermediate_size); fine-grained MoE uses many narrow "
               "experts (DeepSeek-V3: 2048 beside a dense d_ff of 18432)."),
            0, 1048576, 0, 32768, false, [](ModelConfig &c, int v) { c.moe.expertDff = v; });
    addKnob(moe, QStringLiteral("moe_shared_experts"), tr("Shared experts"),
            tr("Experts every token runs through beside the routed ones (DeepSeek, Llama 4: 1)."), 0, 64, 0, 8, false,
            [](ModelConfig &c, int v) { c.moe.sharedExperts = v; });
    addKnob(moe, QStringLiteral("moe_first_dense"), tr("Dense first layers"),
            tr("The first layers keep a dense FFN (DeepSeek-V3: 3, Kimi K2: 1)."), 0, 1024, 0, 16, false,
            [](ModelConfig &c, int v) { c.moe.firstDense = v; });

    // --- Fine-tuning -------------------------------------------------------------------
    ControlGroup *lora = addGroup(layout, tr("Fine-tuning"));
    addKnob(lora, QStringLiteral("lora_rank"), tr("LoRA rank (0 = off)"),
            tr("Cheap fine-tuning: small adapters beside the frozen weights. Only the adapters train, so "
               "optimizer memory shrinks to theirs.\nAdapter weights = r · (d_in + d_out) per adapted matrix."),
            0, 65536, 0, 256, false, [](ModelConfig &c, int v) { c.lora.rank = v; });

    // --- Use and training (assumptions, not part of the design file) -------------------
    ControlGroup *use = addGroup(layout, tr("Use and training"));
    addAssumptionKnob(use, QStringLiteral("seq"), tr("Context in use (tokens)"),
                      tr("How long the texts are that the model reads and writes in use. The KV cache grows "
                         "linearly with it, attention compute quadratically.\nKV cache = 2 · b · s · L · n_kv · d_head · bytes."),
                      1, 16777216, 128, 1048576, true, [](Assumptions &a, int v) { a.contextLength = v; });
    m_knobs.value(QStringLiteral("seq"))->setSnap([this](int v) {
        return DesignEdits::snapped(m_state->config(), QStringLiteral("seq"), v);
    });
    addAssumptionKnob(use, QStringLiteral("batch"), tr("Users at once (batch)"),
                      tr("Sequences served (or trained) together. More users share one read of the weights, "
                         "so throughput rises, but each brings its own KV cache."),
                      1, 1000000, 1, 1024, true, [](Assumptions &a, int v) { a.batch = v; });
    addAssumptionKnob(use, QStringLiteral("tokens"), tr("Training tokens (billions)"),
                      tr("How much text the model learns from. Chinchilla-optimal is about 20 tokens per "
                         "parameter (Hoffmann et al. 2022).\nTraining compute ≈ 6 · N · D FLOPs."),
                      1, 10000000, 1, 100000, true,
                      [](Assumptions &a, int v) { a.trainingTokens = double(v) * 1e9; });
    QList<QPair<QString, QVariant>> devices;
    for (const Device &d : HardwareCatalog::builtIn().devices())
        devices.append({d.name, d.id});
    addAssumptionCombo(use, QStringLiteral("device"), tr("Device"),
                       tr("The accelerator the model runs and trains on: its memory decides what fits, its "
                          "speed and price the time and cost."),
                       devices, [](Assumptions &a, const QVariant &v) { a.device = v.toString(); });
    addAssumptionKnob(use, QStringLiteral("devices"), tr("Devices for training"),
                      tr("How many devices share the training run; time falls with more of them, cost stays."),
                      1, 1000000, 1, 16384, true, [](Assumptions &a, int v) { a.devices = v; });
    addAssumptionKnob(use, QStringLiteral("mfu"), tr("Utilization (MFU, %)"),
                      tr("Share of the device's peak speed a training run achieves; 30–50 % is typical.\n"
                         "Time = training FLOPs / (devices · peak · MFU)."),
                      1, 100, 1, 100, false, [](Assumptions &a, int v) { a.mfu = v / 100.0; });
    addAssumptionCombo(use, QStringLiteral("optimizer"), tr("Optimizer"),
                       tr("Bytes of training state per parameter: mixed-precision AdamW keeps 16, 8-bit Adam 10."),
                       {{tr("AdamW, mixed precision (16 B/param)"), int(Optimizer::AdamWMixed)},
                        {tr("AdamW, fp32 (16 B/param)"), int(Optimizer::AdamW)},
                        {tr("SGD with momentum (12 B/param)"), int(Optimizer::SgdMomentum)},
                        {tr("8-bit Adam (10 B/param)"), int(Optimizer::Adam8bit)},
                        {tr("Adafactor"), int(Optimizer::Adafactor)}},
                       [](Assumptions &a, const QVariant &v) { a.optimizer = Optimizer(v.toInt()); });
    addAssumptionCombo(use, QStringLiteral("law"), tr("Scaling law"),
                       tr("Which published fit predicts the loss and the compute-optimal size. The papers "
                          "disagree; the choice is written into every report."),
                       {{tr("Chinchilla (Hoffmann et al. 2022)"), int(ScalingLawKind::Chinchilla)},
                        {tr("Epoch AI refit (Besiroglu et al. 2024)"), int(ScalingLawKind::EpochRefit)},
                        {tr("Kaplan et al. 2020"), int(ScalingLawKind::Kaplan)}},
                       [](Assumptions &a, const QVariant &v) { a.law = ScalingLawKind(v.toInt()); });

    layout->addStretch(1);
    showSnapshot(m_state->snapshot());
}

KnobControl *DesignControls::addKnob(QWidget *group, const QString &field, const QString &label, const QString &help,
                                     int min, int max, int sliderMin, int sliderMax, bool logScale,
                                     void (*set)(ModelConfig &, int), const QString &undoText)
{
    auto *knob = new KnobControl(label, min, max, sliderMin, sliderMax,
                                 logScale ? KnobControl::Scale::Log : KnobControl::Scale::Linear, group);
    knob->setObjectName(field);
    knob->setHelp(help);
    group->layout()->addWidget(knob);
    m_knobs.insert(field, knob);
    m_reasons->add(group, field, label, knob);
    if (set) {
        const QString text = undoText.isEmpty() ? tr("Change %1").arg(label) : undoText;
        connect(knob, &KnobControl::valueEdited, this, [this, field, text, set](int v, bool dragging) {
            m_state->edit(text, field, [set, v](ModelConfig &c) { set(c, v); }, dragging);
        });
    }
    return knob;
}

KnobControl *DesignControls::addAssumptionKnob(QWidget *group, const QString &field, const QString &label,
                                               const QString &help, int min, int max, int sliderMin, int sliderMax,
                                               bool logScale, void (*set)(Assumptions &, int))
{
    KnobControl *knob = addKnob(group, field, label, help, min, max, sliderMin, sliderMax, logScale, nullptr);
    connect(knob, &KnobControl::valueEdited, this, [this, field, label, set](int v, bool dragging) {
        m_state->editAssumptions(tr("Change %1").arg(label), field, [set, v](Assumptions &a) { set(a, v); }, dragging);
    });
    return knob;
}

QComboBox *DesignControls::addAssumptionCombo(QWidget *group, const QString &field, const QString &label,
                                              const QString &help, const QList<QPair<QString, QVariant>> &items,
                                              void (*set)(Assumptions &, const QVariant &))
{
    QComboBox *combo = addCombo(group, field, label, help, {}, nullptr);
    for (const auto &item : items)
        combo->addItem(item.first, item.second);
    connect(combo, &QComboBox::activated, this, [this, combo, field, label, set](int index) {
        const QVariant v = combo->itemData(index);
        m_state->editAssumptions(tr("Change %1").arg(label), field, [set, v](Assumptions &a) { set(a, v); });
    });
    return combo;
}

QComboBox *DesignControls::addCombo(QWidget *group, const QString &field, const QString &label, const QString &help,
                                    const QList<QPair<QString, int>> &items, void (*set)(ModelConfig &, int))
{
    auto *row = new QWidget(group);
    auto *form = new QFormLayout(row);
    form->setContentsMargins(0, 0, 0, 0);
    auto *combo = new QComboBox(row);
    combo->setObjectName(field);
    for (const auto &item : items)
        combo->addItem(item.first, item.second);
    combo->setToolTip(help);
    combo->setProperty("help", help);
    auto *text = new QLabel(label, row);
    text->setBuddy(combo);
    text->setToolTip(help);
    form->addRow(text, combo);
    group->layout()->addWidget(row);
    m_combos.insert(field, combo);
    m_reasons->add(group, field, label, row);
    if (set) {
        connect(combo, &QComboBox::activated, this, [this, combo, field, label, set](int index) {
            const int v = combo->itemData(index).toInt();
            m_state->edit(tr("Change %1").arg(label), field, [set, v](ModelConfig &c) { set(c, v); });
        });
    }
    return combo;
}

QCheckBox *DesignControls::addCheck(QWidget *group, const QString &field, const QString &label, const QString &help,
                                    void (*set)(ModelConfig &, bool))
{
    auto *check = new QCheckBox(label, group);
    check->setObjectName(field);
    check->setToolTip(help);
    group->layout()->addWidget(check);
    m_checks.insert(field, check);
    m_reasons->add(group, field, label, check);
    connect(check, &QCheckBox::clicked, this, [this, field, label, set](bool on) {
        m_state->edit(tr("Change %1").arg(label), field, [set, on](ModelConfig &c) { set(c, on); });
    });
    return check;
}

void DesignControls::showSnapshot(const DesignSnapshot &s)
{
    const ModelConfig &c = s.config;
    const auto setKnob = [this](const char *field, int v) { m_knobs.value(QLatin1String(field))->setValue(v); };
    setKnob("d_model", c.dModel);
    setKnob("n_layers", c.nLayers);
    setKnob("n_decoder_layers", c.nDecoderLayers);
    setKnob("n_heads", c.nHeads);
    setKnob("n_kv_heads", c.nKvHeads);
    setKnob("d_ff", c.dFf);
    setKnob("vocab_size", c.vocabSize);
    setKnob("max_positions", c.maxPositions);
    setKnob("share_group_size", c.shareGroupSize);
    setKnob("embedding_dim", c.embeddingDim);
    setKnob("moe_experts", c.moe.numExperts);
    setKnob("moe_top_k", c.moe.topK);
    setKnob("lora_rank", c.lora.rank);
    setKnob("kv_lora_rank", c.mla.kvLoraRank);
    setKnob("q_lora_rank", c.mla.qLoraRank);
    setKnob("qk_rope_head_dim", c.mla.qkRopeHeadDim);
    setKnob("sliding_window", c.slidingWindow);
    setKnob("global_every", c.globalEvery);
    setKnob("mtp_layers", c.mtpLayers);
    setKnob("moe_d_ff", c.moe.expertDff);
    setKnob("moe_shared_experts", c.moe.sharedExperts);
    setKnob("moe_first_dense", c.moe.firstDense);

    const Assumptions &a = s.assumptions;
    setKnob("seq", a.contextLength);
    setKnob("batch", a.batch);
    setKnob("tokens", int(std::lround(std::min(a.trainingTokens / 1e9, 1e7))));
    setKnob("devices", a.devices);
    setKnob("mfu", int(std::lround(a.mfu * 100)));
    {
        QComboBox *device = m_combos.value(QStringLiteral("device"));
        const QSignalBlocker block(device);
        device->setCurrentIndex(device->findData(a.device));
    }

    const auto setCombo = [this](const char *field, int v) {
        QComboBox *combo = m_combos.value(QLatin1String(field));
        const QSignalBlocker block(combo);
        combo->setCurrentIndex(combo->findData(v));
    };
    setCombo("layout", int(c.layout));
    setCombo("ffn", int(c.ffn));
    setCombo("norm", int(c.norm));
    setCombo("positions", int(c.positions));
    setCombo("weight_precision", int(c.weightPrecision));
    setCombo("kv_precision", int(c.kvPrecision));
    setCombo("sharing", int(c.sharing));
    setCombo("attention", int(c.attention));
    setCombo("qk_norm", int(c.qkNorm));
    setCombo("optimizer", int(a.optimizer));
    setCombo("law", int(a.law));
    {
        QCheckBox *tied = m_checks.value(QStringLiteral("tied_embeddings"));
        const QSignalBlocker block(tied);
        tied->setChecked(c.tiedEmbeddings);
    }
    {
        QCheckBox *sinks = m_checks.value(QStringLiteral("attention_sinks"));
        const QSignalBlocker block(sinks);
        sinks->setChecked(c.attentionSinks);
    }
    // MLA's ranks only show under MLA.
    const bool mla = c.attention == AttentionKind::Mla;
    for (const char *field : {"kv_lora_rank", "q_lora_rank", "qk_rope_head_dim"})
        m_knobs.value(QLatin1String(field))->setVisible(mla);

    const bool encDec = c.layout == Layout::EncoderDecoder;
    m_knobs.value(QStringLiteral("n_layers"))->label()->setText(encDec ? tr("Encoder layers") : tr("Layers (depth)"));
    m_knobs.value(QStringLiteral("n_decoder_layers"))->setVisible(encDec);
    m_knobs.value(QStringLiteral("share_group_size"))->setVisible(c.sharing == Sharing::Groups);
    {
        const QSignalBlocker block(m_dffLock);
        m_dffLock->setChecked(s.locks.dFfFollowsWidth);
    }
    updateEnabled(s);

    // Each problem goes to its own control; the rest are listed above the groups.
    QStringList other;
    for (auto it = m_knobs.cbegin(); it != m_knobs.cend(); ++it) {
        const Error *e = s.errorFor(it.key());
        it.value()->setProblem(e ? e->message : QString());
    }
    // Not an error for the estimators, but worth a mark: a model cannot read past its limit.
    if (!s.errorFor(QStringLiteral("seq")) && a.contextLength > c.maxPositions)
        m_knobs.value(QStringLiteral("seq"))
            ->setProblem(tr("longer than the model's context limit (%1 tokens)").arg(c.maxPositions));
    for (const Error &e : s.errors) {
        if (!m_knobs.contains(e.field))
            other << (e.field.isEmpty() ? e.message : ComponentNames::field(e.field) + QStringLiteral(": ") + e.message);
    }
    m_otherProblems->setText(other.join(QLatin1Char('\n')));
    m_otherProblems->setVisible(!other.isEmpty());
    m_presets->showConfig(c);
}

void DesignControls::setPresenting(bool presenting, const QString &focus)
{
    m_presenting = presenting;
    m_focus = focus;
    updateEnabled(m_state->snapshot());
}

void DesignControls::updateEnabled(const DesignSnapshot &s)
{
    // One rule for every control: the design decides what takes edits (DesignEdits::editable),
    // and while presenting only the lesson's focus field does. A knob locked by presenting
    // keeps showing its value; only its slider and spin box stop.
    const auto allowed = [this](const QString &field) { return !m_presenting || field == m_focus; };
    for (auto it = m_knobs.cbegin(); it != m_knobs.cend(); ++it) {
        it.value()->setEnabled(DesignEdits::editable(s.config, s.locks, it.key()));
        it.value()->setDisabledReason(DesignEdits::notEditableReason(s.config, s.locks, it.key()));
        it.value()->slider()->setEnabled(allowed(it.key()));
        it.value()->spinBox()->setEnabled(allowed(it.key()));
    }
    for (auto it = m_combos.cbegin(); it != m_combos.cend(); ++it) {
        it.value()->setEnabled(DesignEdits::editable(s.config, s.locks, it.key()) && allowed(it.key()));
        const QString reason = DesignEdits::notEditableReason(s.config, s.locks, it.key());
        const QString help = it.value()->property("help").toString();
        it.value()->setToolTip(reason.isEmpty() ? help : reason + QStringLiteral("\n\n") + help);
    }
    for (auto it = m_checks.cbegin(); it != m_checks.cend(); ++it)
        it.value()->setEnabled(DesignEdits::editable(s.config, s.locks, it.key()) && allowed(it.key()));
    m_dffLock->setEnabled(allowed(QStringLiteral("d_ff")));
    // The same reasons, visible at the top of each group.
    QHash<QString, QString> reasons;
    for (const QString &field : m_knobs.keys() + m_combos.keys() + m_checks.keys())
        reasons.insert(field, DesignEdits::notEditableReason(s.config, s.locks, field));
    m_reasons->update(reasons);
}

QLabel *DesignControls::reasonCaption(const QString &field) const
{
    return m_reasons->caption(field);
}

} // namespace tx
