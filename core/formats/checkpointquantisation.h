#pragma once

#include "core/base/error.h"
#include "core/base/expected.h"
#include "core/formats/safetensors.h"
#include "core/nn/mat.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QJsonObject>

#include <map>
#include <optional>
#include <set>
#include <utility>
#include <vector>

namespace tx {

// How a quantised checkpoint stored its weights, so a save writes them back the same way:
//
//   MXFP4 (gpt-oss's experts): `name`_blocks U8 (E, out, in/32, 16) and `name`_scales U8
//       (E, out, in/32). Each block of 32 inputs shares an E8M0 scale 2^(s − 127); each element is
//       an FP4 E2M1 value, two a byte, the low nibble first (OCP Microscaling Formats (MX) v1.0,
//       2023: §5.3.3 FP4 E2M1, §5.4.1 E8M0; transformers integrations/mxfp4.py,
//       convert_moe_packed_tensors). Packing takes the spec's shared exponent
//       floor(log2(amax)) − 2 (emax of E2M1, §6.3) and rounds each element to the nearest E2M1
//       value: MXFP4 weights read by the loader pack back to the same values bit for bit.
//   fp8 with block scales (DeepSeek-V3, Qwen3-FP8): `name` F8_E4M3 (out, in) and
//       `name`_scale_inv F32 (⌈out/b0⌉, ⌈in/b1⌉), w = e4m3 · scale_inv per (b0, b1) block
//       (DeepSeek-V3 inference/kernel.py weight_dequant). Packing reuses the file's scale of each
//       block (so the loaded weights pack back bit for bit: w / scale_inv rounds to the code it
//       came from) unless the block no longer fits, then amax / 448, as for a tensor never stored
//       in fp8.
struct CheckpointQuantisation
{
    Q_DECLARE_TR_FUNCTIONS(tx::CheckpointQuantisation)

public:
    QJsonObject config;          // config.json's quantization_config, written back with the weights
    std::set<QString> mxfp4;     // tensors stored as `name`_blocks and `name`_scales
    std::map<QString, Mat> fp8;  // tensors stored as F8_E4M3 → their scale_inv (empty: amax / 448)
    int blockRows = 128;         // quantization_config.weight_block_size [b0, b1]
    int blockCols = 128;
    QString fp8ScaleDtype = QStringLiteral("F32"); // the scale_inv tensors' dtype: F32 (DeepSeek-V3) or BF16 (Qwen3-FP8)

    bool empty() const { return mxfp4.empty() && fp8.empty(); }

    // What `file` (with its config.json object) stored quantised; empty for a float checkpoint.
    static Expected<CheckpointQuantisation, Error> of(const Safetensors &file, const QJsonObject &config);

    // m (E · in, out): the float tensor (E, in, out) as the loader returns it. blocks (E, out,
    // in/32, 16) and scales (E, out, in/32) bytes. `in` must divide by 32.
    static void packMxfp4(const Mat &m, std::int64_t E, std::int64_t in, std::int64_t out, QByteArray &blocks,
                          QByteArray &scales);
    // w (rows, cols) as the file lays it out; scaleInv (⌈rows/b0⌉, ⌈cols/b1⌉) is used where it
    // fits and rewritten where it does not (or filled when empty). codes: rows · cols e4m3 bytes.
    // bf16Scales: every scale is rounded up to a bfloat16 value first (it still fits), so the codes
    // match the scales as a BF16 scale_inv tensor holds them.
    static void packFp8(const Mat &w, int b0, int b1, Mat &scaleInv, QByteArray &codes, bool bf16Scales = false);
    // `name` (F8_E4M3 codes, as the file lays it out) and `name`_scale_inv for the float weights w,
    // with the file's scales where they still fit; appended to `out` as Safetensors::save writes them.
    void appendFp8(const QString &name, const Mat &w, std::vector<Safetensors::Out> &out) const;

    // quantization_config.weight_block_size of a config.json object, DeepSeek-V3's [128, 128] when absent.
    static std::pair<int, int> blockSize(const QJsonObject &config);
    // m holds the e4m3 values of the file's F8_E4M3 tensor `name` (as Safetensors::tensor reads
    // them); multiplies each (b0, b1) block by `name`_scale_inv, w = e4m3 · scale_inv (DeepSeek-V3
    // inference/kernel.py weight_dequant). `used` gains the scale's name.
    static std::optional<Error> dequantiseFp8(const Safetensors &file, const QString &name, const QJsonObject &config,
                                              Mat &m, std::set<QString> *used = nullptr);
    // The e4m3fn byte nearest to x (ties to the even code), ±448 past the range.
    static uchar toE4m3(float x);
};

} // namespace tx
