#pragma once

#include "core/base/error.h"
#include "core/design/modelconfig.h"

#include <QJsonValue>
#include <QString>

#include <initializer_list>
#include <optional>

// The mappings from a Hugging Face config.json onto a ModelConfig, one function per model
// family, for HfConfigImporter's model_type table. hfclassicmappers.cpp holds the families up to
// 2023 (BERT, GPT-2, T5, Llama and its copies, Phi, Falcon) and the helpers they share;
// hfmodernmappers.cpp the 2024–26 ones (Qwen3, DeepSeek, Gemma 2/3, Llama 4, gpt-oss, OLMo 2,
// GLM-4.5) with their per-layer attention patterns and RoPE scaling.
namespace tx {

class HfConfigReader;

namespace hfmap {

// Llama and the families that copy its block: RMSNorm pre-norm, rotary, gated FFN, no biases.
struct LlamaDefaults
{
    int maxPositions = 2048;
    double ropeTheta = 10000.0;
    bool tied = false;
    const char *activation = "silu";
    int slidingWindow = 0;
    int vocabSize = 0; // 0 = vocab_size is required
};

// Up to 2023 (hfclassicmappers.cpp).
bool parseActivation(HfConfigReader &r, std::initializer_list<const char *> keys, const QString &fallback, Activation &out);
void setDecoderDefaults(ModelConfig &c);
void setBertLike(ModelConfig &c);
void mapBert(HfConfigReader &r, ModelConfig &c, int defaultPositions, int defaultTypes);
void mapDistilBert(HfConfigReader &r, ModelConfig &c);
void mapAlbert(HfConfigReader &r, ModelConfig &c);
void mapGpt2(HfConfigReader &r, ModelConfig &c);
void mapT5(HfConfigReader &r, ModelConfig &c, bool switchTransformers);
void mapLlamaLike(HfConfigReader &r, ModelConfig &c, const LlamaDefaults &d);
void mapPhi(HfConfigReader &r, ModelConfig &c);
void mapFalcon(HfConfigReader &r, ModelConfig &c);

// 2024–26 (hfmodernmappers.cpp).
void readLayerTypes(HfConfigReader &r, ModelConfig &c);
// rope_scaling (or transformers 5's rope_parameters) into ModelConfig::ropeScaling, and back
// (hfropescaling.cpp).
void readRopeScaling(HfConfigReader &r, ModelConfig &c);
// The rope_scaling object of a design (null without scaling), and whether a config.json can
// say it: the error names the design field it cannot.
std::optional<Error> ropeScalingExportable(const ModelConfig &c);
QJsonValue ropeScalingJson(const ModelConfig &c);
// The design's RoPE fields as a config.json round trip leaves them (HfConfigExporter::canonical).
void canonicalRopeScaling(ModelConfig &c);
void mapQwen3(HfConfigReader &r, ModelConfig &c, bool moe);
void mapDeepseek(HfConfigReader &r, ModelConfig &c, bool v3);
void readGemmaScales(HfConfigReader &r, ModelConfig &c);
void mapGemma2(HfConfigReader &r, ModelConfig &c);
void mapGemma3Text(HfConfigReader &r, ModelConfig &c);
void mapLlama4Text(HfConfigReader &r, ModelConfig &c);
void mapGptOss(HfConfigReader &r, ModelConfig &c);
void mapOlmo2(HfConfigReader &r, ModelConfig &c);
void mapGlm4Moe(HfConfigReader &r, ModelConfig &c);

} // namespace hfmap
} // namespace tx
