#include "core/estimate/weightstorage.h"

#include <algorithm>
#include <array>

namespace tx {

namespace {

using Type = WeightStorage::Type;
using Role = WeightTensor::Role;

struct Block
{
    int elements = 1; // values per block along a row
    int bytes = 0;    // bytes per block
};

// ggml/src/ggml-common.h block structs (bytes per block of `elements` weights).
Block ggmlBlock(Type t)
{
    switch (t) {
    case Type::Q8_0: return {32, 34};   // block_q8_0: fp16 d + 32 int8
    case Type::Q6_K: return {256, 210}; // block_q6_K: 128 ql + 64 qh + 16 scales + fp16 d
    case Type::Q5_K: return {256, 176}; // block_q5_K: 2 fp16 + 12 scales + 32 qh + 128 qs
    case Type::Q5_1: return {32, 24};   // block_q5_1: fp16 d + fp16 m + 4 qh + 16 qs
    case Type::Q5_0: return {32, 22};   // block_q5_0: fp16 d + 4 qh + 16 qs
    case Type::Q4_K: return {256, 144}; // block_q4_K: 2 fp16 + 12 scales + 128 qs
    case Type::Q4_0: return {32, 18};   // block_q4_0: fp16 d + 16 qs
    case Type::Q3_K: return {256, 110}; // block_q3_K: 32 hmask + 64 qs + 12 scales + fp16 d
    case Type::Q2_K: return {256, 84};  // block_q2_K: 16 scales + 64 qs + 2 fp16
    case Type::F32: return {1, 4};
    case Type::F16:
    case Type::BF16: return {1, 2};
    default: return {1, 1};
    }
}

std::int64_t ceilDiv(std::int64_t a, std::int64_t b)
{
    return (a + b - 1) / b;
}

bool isGguf(Precision p)
{
    return int(p) >= int(Precision::Q8_0);
}

// The type llama.cpp starts a tensor from (llama_ftype_get_default_type).
Type ggufDefault(Precision p)
{
    switch (p) {
    case Precision::Q8_0: return Type::Q8_0;
    case Precision::Q6_K: return Type::Q6_K;
    case Precision::Q5_K:
    case Precision::Q5_K_M: return Type::Q5_K;
    case Precision::Q5_0: return Type::Q5_0;
    case Precision::Q4_K:
    case Precision::Q4_K_M: return Type::Q4_K;
    case Precision::Q4_0: return Type::Q4_0;
    case Precision::Q3_K:
    case Precision::Q3_K_M: return Type::Q3_K;
    case Precision::Q2_K: return Type::Q2_K;
    default: return Type::BF16;
    }
}

// llama.cpp src/llama-quant.cpp, llama_tensor_get_type_impl: use_more_bits(i, n).
bool useMoreBits(int i, int n)
{
    return i < n / 8 || i >= 7 * n / 8 || (i - n / 8) % 3 == 2;
}

// Where llama.cpp puts the tensor (tensor_get_category, from the converter's names).
enum class Category { TokenEmbd, Output, AttnQ, AttnK, AttnV, AttnOutput, FfnDown, Other };

Category category(const WeightTensor &t)
{
    switch (t.role) {
    case Role::TokenEmbedding: return Category::TokenEmbd;
    case Role::LmHead: return Category::Output;
    case Role::Query: return Category::AttnQ;             // attn_q (MLA without q_lora too)
    case Role::Key: return Category::AttnK;
    case Role::Value:                                     // attn_v, cross_attn_v
    case Role::KvB: return Category::AttnV;               // attn_kv_b is attn_v-like
    case Role::AttentionOutput: return Category::AttnOutput;
    case Role::Down: return Category::FfnDown;            // ffn_down, ffn_down_exps, ffn_down_shexp
    default: return Category::Other;
    }
}

// The mixes' per-tensor choice (llama_tensor_get_type_impl at ggml-org/llama.cpp 007dbbf for
// LLAMA_FTYPE_MOSTLY_Q3_K_M, Q4_K_M, Q5_K_M; Q8_0 changes nothing: its output stays Q8_0).
struct MixState
{
    const ModelConfig &c;
    int attnV = 0;       // qs.i_attention_wv: attn_v-like tensors seen so far
    int attnVCount = 0;  // qs.n_attention_wv
    bool tied = true;    // no output.weight: token_embd takes the output tensor's type
};

Type mixType(MixState &s, const WeightTensor &t, Type type)
{
    const Precision p = s.c.weightPrecision;
    const int nExpert = s.c.moe.numExperts;
    // LLM_TYPE_70B: an 80-layer Llama-family model with grouped KV heads (llama-model.cpp).
    const bool is70B = s.c.decoderLayers() == 80 && s.c.attention == AttentionKind::Gqa && s.c.nKvHeads < s.c.nHeads;
    const Category cat = category(t);
    const int nLayers = t.decoder ? s.c.decoderLayers() : s.c.encoderLayers(); // hparams.n_layer
    if (cat == Category::Output || (s.tied && cat == Category::TokenEmbd)) {
        if (t.cols % ggmlBlock(type).elements != 0)
            return Type::Q8_0;
        return type == Type::Q8_0 ? Type::Q8_0 : Type::Q6_K;
    }
    if (p == Precision::Q8_0)
        return type;
    switch (cat) {
    case Category::AttnV:
        if (p == Precision::Q3_K_M)
            type = s.attnV < 2 ? Type::Q5_K : Type::Q4_K;
        else if (useMoreBits(s.attnV, s.attnVCount))
            type = Type::Q6_K;
        if (is70B && (type == Type::Q3_K || type == Type::Q4_K))
            type = Type::Q5_K; // 8 heads share one attn_v: more bits for almost no bytes
        if (nExpert == 8)
            type = Type::Q8_0;
        ++s.attnV;
        return type;
    case Category::AttnK: return nExpert == 8 ? Type::Q8_0 : type;
    case Category::FfnDown:
        if (p == Precision::Q3_K_M)
            return t.layer < nLayers / 16 ? Type::Q5_K : Type::Q4_K;
        return useMoreBits(t.layer, nLayers) ? Type::Q6_K : type;
    case Category::AttnOutput:
        if (nExpert == 8)
            return p == Precision::Q5_K_M ? type : Type::Q5_K;
        return p == Precision::Q3_K_M ? Type::Q4_K : type;
    default: return type;
    }
}

// tensor_type_fallback: a row the type's block does not divide takes a 32-wide type, else
// F16. (llama.cpp has no fallback for the 32-wide types and refuses the tensor; F16 here.)
Type fallback(Type type, std::int64_t cols)
{
    if (cols % ggmlBlock(type).elements == 0)
        return type;
    switch (type) {
    case Type::Q2_K:
    case Type::Q3_K: type = Type::Q4_0; break;
    case Type::Q4_K: type = Type::Q5_0; break;
    case Type::Q5_K: type = Type::Q5_1; break;
    case Type::Q6_K: type = Type::Q8_0; break;
    default: return Type::F16;
    }
    return cols % ggmlBlock(type).elements == 0 ? type : Type::F16;
}

// What convert_hf_to_gguf.py and llama-quantize leave unquantised: vectors and biases, norms,
// the router (ffn_gate_inp), position and token-type tables are f32; T5's relative bias table
// stays at the converter's 16-bit type (tensor_allows_quantization).
std::optional<Type> ggufUnquantised(const WeightTensor &t)
{
    switch (t.role) {
    case Role::Bias:
    case Role::Norm:
    case Role::Sinks:
    case Role::ScoreBias:
    case Role::Router:
    case Role::PositionEmbedding:
    case Role::TokenTypeEmbedding: return Type::F32;
    case Role::RelativeBias: return Type::F16;
    default: return std::nullopt;
    }
}

// The safetensors block formats: which tensors the shipped checkpoints quantise.
Type blockFormatType(const ModelConfig &c, const WeightTensor &t)
{
    if (t.role == Role::ScoreBias)
        return Type::F32; // DeepSeek-V3 inference/model.py, Gate: bias in float32
    if (!t.layerMatrix())
        return Type::BF16;
    switch (c.weightPrecision) {
    case Precision::Fp8Block: return Type::Fp8Block;
    case Precision::Nvfp4: return Type::Nvfp4;
    case Precision::Mxfp4:
        // gpt-oss config.json quantization_config: modules_to_not_convert self_attn, router,
        // embed_tokens, lm_head; only the experts are MXFP4.
        return !c.moe.enabled() || t.expert == WeightTensor::Expert::Routed ? Type::Mxfp4 : Type::BF16;
    default: return Type::BF16;
    }
}

Type uniformType(Precision p)
{
    switch (p) {
    case Precision::FP32: return Type::F32;
    case Precision::FP16: return Type::F16;
    case Precision::FP8: return Type::FP8;
    case Precision::INT8: return Type::INT8;
    case Precision::INT4: return Type::INT4;
    default: return Type::BF16;
    }
}

} // namespace

bool WeightStorage::uniform(Precision p)
{
    return int(p) <= int(Precision::INT4);
}

double WeightStorage::tensorBytes(Type type, std::int64_t rows, std::int64_t cols, std::int64_t copies,
                                  int quantGroupSize)
{
    const double n = double(rows) * double(cols) * double(copies);
    switch (type) {
    case Type::F32: return 4.0 * n;
    case Type::F16:
    case Type::BF16: return 2.0 * n;
    case Type::FP8: return n;
    case Type::INT8: return n * bitsPerWeight(Precision::INT8, quantGroupSize) / 8.0;
    case Type::INT4: return n * bitsPerWeight(Precision::INT4, quantGroupSize) / 8.0;
    // DeepSeek-V3 inference/model.py Linear: fp8 e4m3 weight (out, in) + fp32 scale
    // (ceil(out/128), ceil(in/128)); an edge block that is only partly filled still has a scale.
    case Type::Fp8Block:
        return double(copies) * (double(rows) * double(cols) + 4.0 * double(ceilDiv(rows, 128) * ceilDiv(cols, 128)));
    // OCP MX v1.0 §5 as gpt-oss stores it (transformers integrations/mxfp4.py): *_blocks
    // (…, out, in/32, 16) of e2m1 pairs + *_scales (…, out, in/32) of e8m0: 17 bytes per 32.
    case Type::Mxfp4: return double(copies) * double(rows) * double(ceilDiv(cols, 32)) * 17.0;
    // NVIDIA Model Optimizer NVFP4: weight (out, in/2) of e2m1 pairs, weight_scale (out, in/16)
    // e4m3, weight_scale_2 one fp32 per tensor: 9 bytes per 16 + 4 bytes.
    case Type::Nvfp4: return double(copies) * (double(rows) * double(ceilDiv(cols, 16)) * 9.0 + 4.0);
    default: {
        const Block b = ggmlBlock(type);
        return double(copies) * double(rows) * double(ceilDiv(cols, b.elements)) * double(b.bytes);
    }
    }
}

namespace {

// llama.cpp's mixes give attn_v and ffn_down their type by layer index (use_more_bits), so
// their tensors are typed one layer at a time; every other format types a layer's tensors by
// their kind alone.
bool typedByLayer(Precision p)
{
    return p == Precision::Q4_K_M || p == Precision::Q5_K_M || p == Precision::Q3_K_M;
}

// What the mixes count before typing (entries of WeightTensors::of or ::kinds).
MixState mixState(const ModelConfig &c, const std::vector<WeightTensor> &all)
{
    MixState mix{c};
    for (const WeightTensor &t : all) {
        if (category(t) == Category::AttnV)
            mix.attnVCount += int(t.layers);
        if (t.role == Role::LmHead)
            mix.tied = false;
    }
    return mix;
}

Type typeOf(const ModelConfig &c, MixState &mix, const WeightTensor &t)
{
    const Precision p = c.weightPrecision;
    if (isGguf(p)) {
        if (const std::optional<Type> keep = ggufUnquantised(t))
            return *keep;
        Type type = ggufDefault(p);
        if (p == Precision::Q8_0 || typedByLayer(p))
            type = mixType(mix, t, type);
        return fallback(type, t.cols);
    }
    return WeightStorage::uniform(p) ? uniformType(p) : blockFormatType(c, t);
}

// The shares summed per type, in Type order.
class Tally
{
public:
    void add(Type type, std::int64_t tensors, std::int64_t params, double bytes)
    {
        WeightStorage::Share &s = m_byType[std::size_t(type)];
        s.type = type;
        s.tensors += tensors;
        s.params += params;
        s.bytes += bytes;
        m_used[std::size_t(type)] = true;
    }
    std::vector<WeightStorage::Share> shares() const
    {
        std::vector<WeightStorage::Share> out;
        for (std::size_t t = 0; t < m_byType.size(); ++t)
            if (m_used[t])
                out.push_back(m_byType[t]);
        return out;
    }

private:
    static constexpr std::size_t kTypes = std::size_t(Type::Q2_K) + 1;
    std::array<WeightStorage::Share, kTypes> m_byType{};
    std::array<bool, kTypes> m_used{};
};

// Under the mixes, attn_v-like and ffn_down tensors take their type from their layer.
bool typedByItsLayer(const WeightTensor &t)
{
    const Category cat = category(t);
    return t.layer >= 0 && (cat == Category::AttnV || cat == Category::FfnDown);
}

} // namespace

std::vector<WeightStorage::Tensor> WeightStorage::tensors(const ModelConfig &c)
{
    const std::vector<WeightTensor> all = WeightTensors::of(c);
    std::vector<Tensor> out;
    out.reserve(all.size());
    MixState mix = mixState(c, all);
    for (const WeightTensor &t : all) {
        const Type type = typeOf(c, mix, t);
        out.push_back({t, type, tensorBytes(type, t.rows, t.cols, t.copies, c.quantGroupSize)});
    }
    return out;
}

std::vector<WeightStorage::Share> WeightStorage::shares(const ModelConfig &c)
{
    // evaluate() and explain() of one design both ask, and under the mixes a thousand-layer
    // design types a few thousand tensors: the last design's shares are kept, per thread.
    struct Last
    {
        ModelConfig config;
        std::vector<Share> shares;
        bool valid = false;
    };
    thread_local Last last;
    const bool byLayer = typedByLayer(c.weightPrecision);
    if (byLayer && last.valid && last.config == c)
        return last.shares;
    // A layer's tensors by their kind, each standing for its `layers` stored layers: the same
    // types and (integer) bytes as layer by layer, in a few dozen entries.
    std::vector<WeightTensors::StoredLayer> order;
    const std::vector<WeightTensor> all = byLayer ? WeightTensors::kinds(c, order) : WeightTensors::kinds(c);
    MixState mix = mixState(c, all);
    Tally tally;
    for (const WeightTensor &t : all) {
        if (byLayer && typedByItsLayer(t))
            continue;
        const Type type = typeOf(c, mix, t);
        const std::int64_t copies = t.copies * t.layers;
        tally.add(type, copies, t.params() * t.layers, tensorBytes(type, t.rows, t.cols, copies, c.quantGroupSize));
    }
    // The mixes' attn_v and ffn_down, one stored layer after the other in checkpoint order
    // (the attn_v count runs over both stacks).
    for (const WeightTensors::StoredLayer &l : order)
        for (std::uint32_t n = l.begin; n < l.end; ++n) {
            if (!typedByItsLayer(all[n]))
                continue;
            WeightTensor t = all[n];
            t.layer = l.layer;
            t.layers = 1;
            const Type type = typeOf(c, mix, t);
            tally.add(type, t.copies, t.params(), tensorBytes(type, t.rows, t.cols, t.copies, c.quantGroupSize));
        }
    if (byLayer)
        last = {c, tally.shares(), true};
    return tally.shares();
}

double WeightStorage::bytes(const ModelConfig &c)
{
    if (uniform(c.weightPrecision)) {
        std::int64_t total = 0;
        for (const WeightTensor &t : WeightTensors::kinds(c))
            total += t.params() * t.layers;
        return double(total) * (bitsPerWeight(c.weightPrecision, c.quantGroupSize) / 8.0);
    }
    double sum = 0;
    for (const Share &s : shares(c))
        sum += s.bytes;
    return sum;
}

QString WeightStorage::name(Type type)
{
    switch (type) {
    case Type::F32: return QStringLiteral("F32");
    case Type::F16: return QStringLiteral("F16");
    case Type::BF16: return QStringLiteral("BF16");
    case Type::FP8: return QStringLiteral("FP8");
    case Type::INT8: return QStringLiteral("INT8");
    case Type::INT4: return QStringLiteral("INT4");
    case Type::Fp8Block: return QStringLiteral("F8_E4M3 + 128×128 F32 scales");
    case Type::Mxfp4: return QStringLiteral("MXFP4");
    case Type::Nvfp4: return QStringLiteral("NVFP4");
    case Type::Q8_0: return QStringLiteral("Q8_0");
    case Type::Q6_K: return QStringLiteral("Q6_K");
    case Type::Q5_K: return QStringLiteral("Q5_K");
    case Type::Q5_1: return QStringLiteral("Q5_1");
    case Type::Q5_0: return QStringLiteral("Q5_0");
    case Type::Q4_K: return QStringLiteral("Q4_K");
    case Type::Q4_0: return QStringLiteral("Q4_0");
    case Type::Q3_K: return QStringLiteral("Q3_K");
    case Type::Q2_K: return QStringLiteral("Q2_K");
    }
    return {};
}

std::optional<std::uint32_t> WeightStorage::ggmlId(Type type)
{
    // enum ggml_type (ggml/include/ggml.h)
    switch (type) {
    case Type::F32: return 0;
    case Type::F16: return 1;
    case Type::Q4_0: return 2;
    case Type::Q5_0: return 6;
    case Type::Q5_1: return 7;
    case Type::Q8_0: return 8;
    case Type::Q2_K: return 10;
    case Type::Q3_K: return 11;
    case Type::Q4_K: return 12;
    case Type::Q5_K: return 13;
    case Type::Q6_K: return 14;
    case Type::BF16: return 30;
    case Type::Mxfp4: return 39;
    default: return std::nullopt;
    }
}

} // namespace tx
