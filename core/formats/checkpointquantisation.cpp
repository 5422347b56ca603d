#include "core/formats/checkpointquantisation.h"

#include <QJsonArray>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>

namespace tx {

namespace {

// The E2M1 magnitudes of codes 0..7 (OCP MX v1.0 §5.3.3); code | 8 is the negative.
constexpr float kE2m1[8] = {0.0f, 0.5f, 1.0f, 1.5f, 2.0f, 3.0f, 4.0f, 6.0f};

uchar nearestE2m1(float x)
{
    const float a = std::fabs(x);
    int best = 0;
    for (int c = 1; c < 8; ++c) // nearest, ties to the even code (the smaller mantissa)
        if (std::fabs(kE2m1[c] - a) < std::fabs(kE2m1[best] - a))
            best = c;
    return uchar(best | (std::signbit(x) ? 8 : 0));
}

// e4m3fn magnitudes of codes 0..126 (127 is NaN), ascending.
const std::array<float, 127> &e4m3Magnitudes()
{
    static const std::array<float, 127> table = [] {
        std::array<float, 127> t{};
        for (int c = 0; c < 127; ++c)
            t[std::size_t(c)] = Safetensors::e4m3(uchar(c));
        return t;
    }();
    return table;
}

// The smallest bfloat16 value ≥ s (s > 0, finite): the float's top 16 bits, one up when any lower bit is set.
float bf16Above(float s)
{
    std::uint32_t bits = 0;
    std::memcpy(&bits, &s, 4);
    if (bits & 0xffffu)
        bits = (bits & 0xffff0000u) + 0x10000u;
    std::memcpy(&s, &bits, 4);
    return s;
}

} // namespace

Expected<CheckpointQuantisation, Error> CheckpointQuantisation::of(const Safetensors &file, const QJsonObject &config)
{
    CheckpointQuantisation q;
    q.config = config.value(QStringLiteral("quantization_config")).toObject();
    const QJsonArray size = q.config.value(QStringLiteral("weight_block_size")).toArray();
    if (size.size() == 2 && size.at(0).toInt() > 0 && size.at(1).toInt() > 0) {
        q.blockRows = size.at(0).toInt();
        q.blockCols = size.at(1).toInt();
    }
    for (const QString &name : file.names()) {
        const Safetensors::Entry *e = file.entry(name);
        if (name.endsWith(QLatin1String("_blocks")) && e->dtype == QLatin1String("U8")) {
            q.mxfp4.insert(name.chopped(7));
        } else if (e->dtype == QLatin1String("F8_E4M3") && e->shape.size() == 2) {
            const QString scaleName = name + QStringLiteral("_scale_inv");
            auto scale = file.tensor(scaleName, {(e->shape[0] + q.blockRows - 1) / q.blockRows,
                                                 (e->shape[1] + q.blockCols - 1) / q.blockCols});
            if (!scale)
                return scale.error();
            q.fp8[name] = *scale;
            q.fp8ScaleDtype = file.entry(scaleName)->dtype == QLatin1String("BF16") ? QStringLiteral("BF16") : QStringLiteral("F32");
        }
    }
    return q;
}

void CheckpointQuantisation::packMxfp4(const Mat &m, std::int64_t E, std::int64_t in, std::int64_t out,
                                       QByteArray &blocks, QByteArray &scales)
{
    const std::int64_t G = in / 32;
    blocks = QByteArray(qsizetype(E * out * G * 16), '\0');
    scales = QByteArray(qsizetype(E * out * G), '\0');
    for (std::int64_t e = 0; e < E; ++e)
        for (std::int64_t o = 0; o < out; ++o)
            for (std::int64_t g = 0; g < G; ++g) {
                const std::int64_t block = (e * out + o) * G + g, row0 = e * in + g * 32;
                float amax = 0.0f;
                for (int i = 0; i < 32; ++i)
                    amax = std::max(amax, std::fabs(m(row0 + i, o)));
                // Shared exponent floor(log2(amax)) − emax(E2M1) = 2; frexp gives amax = f · 2^x, f ∈ [0.5, 1).
                int x = 0;
                std::frexp(amax, &x);
                const int exponent = amax > 0.0f ? std::clamp(x - 1 - 2, -127, 127) : 0;
                scales[qsizetype(block)] = char(uchar(exponent + 127));
                for (int j = 0; j < 16; ++j) {
                    const uchar lo = nearestE2m1(std::ldexp(m(row0 + 2 * j, o), -exponent));
                    const uchar hi = nearestE2m1(std::ldexp(m(row0 + 2 * j + 1, o), -exponent));
                    blocks[qsizetype(block * 16 + j)] = char(uchar(lo | (hi << 4)));
                }
            }
}

uchar CheckpointQuantisation::toE4m3(float x)
{
    const std::array<float, 127> &t = e4m3Magnitudes();
    const float a = std::min(std::fabs(x), t.back()); // saturate at 448
    const auto above = std::lower_bound(t.begin(), t.end(), a);
    int c = int(above - t.begin());
    if (c > 0 && (c == int(t.size()) || a - t[std::size_t(c - 1)] < t[std::size_t(c)] - a
                  || (a - t[std::size_t(c - 1)] == t[std::size_t(c)] - a && (c - 1) % 2 == 0)))
        --c;
    c = std::min(c, int(t.size()) - 1);
    return uchar(c | (std::signbit(x) ? 0x80 : 0));
}

void CheckpointQuantisation::packFp8(const Mat &w, int b0, int b1, Mat &scaleInv, QByteArray &codes, bool bf16Scales)
{
    const Eigen::Index rows = w.rows(), cols = w.cols();
    const Eigen::Index R = (rows + b0 - 1) / b0, C = (cols + b1 - 1) / b1;
    if (scaleInv.rows() != R || scaleInv.cols() != C)
        scaleInv = Mat::Zero(R, C);
    constexpr float kMax = 448.0f; // the largest e4m3fn value
    for (Eigen::Index br = 0; br < R; ++br)
        for (Eigen::Index bc = 0; bc < C; ++bc) {
            const auto block = w.block(br * b0, bc * b1, std::min<Eigen::Index>(b0, rows - br * b0),
                                       std::min<Eigen::Index>(b1, cols - bc * b1));
            const float amax = block.cwiseAbs().maxCoeff();
            float &s = scaleInv(br, bc);
            if (!(s > 0.0f) || amax / s > kMax)
                s = amax > 0.0f ? amax / kMax : 1.0f;
            if (bf16Scales)
                s = bf16Above(s);
        }
    codes = QByteArray(qsizetype(rows * cols), '\0');
    for (Eigen::Index r = 0; r < rows; ++r)
        for (Eigen::Index c = 0; c < cols; ++c)
            codes[qsizetype(r * cols + c)] = char(toE4m3(w(r, c) / scaleInv(r / b0, c / b1)));
}

void CheckpointQuantisation::appendFp8(const QString &name, const Mat &w, std::vector<Safetensors::Out> &out) const
{
    const bool bf16 = fp8ScaleDtype == QLatin1String("BF16");
    Mat scale = fp8.count(name) ? fp8.at(name) : Mat(); // (⌈out/b0⌉, ⌈in/b1⌉), refitted where the weights outgrew it
    Safetensors::Out codes{name, nullptr, 0, 0, {w.rows(), w.cols()}, QStringLiteral("F8_E4M3"), {}};
    packFp8(w, blockRows, blockCols, scale, codes.raw, bf16);
    Safetensors::Out inv{name + QStringLiteral("_scale_inv"), nullptr, 0, 0, {scale.rows(), scale.cols()}, fp8ScaleDtype, {}};
    if (bf16) { // the top half of each float, exact: packFp8 rounded the scales to bfloat16
        inv.raw.resize(qsizetype(scale.size() * 2));
        for (Eigen::Index i = 0; i < scale.size(); ++i) {
            std::uint32_t bits = 0;
            std::memcpy(&bits, scale.data() + i, 4);
            const std::uint16_t top = std::uint16_t(bits >> 16);
            std::memcpy(inv.raw.data() + 2 * i, &top, 2);
        }
    } else {
        inv.raw = QByteArray(reinterpret_cast<const char *>(scale.data()), qsizetype(scale.size() * sizeof(float)));
    }
    out.push_back(std::move(codes));
    out.push_back(std::move(inv));
}

std::pair<int, int> CheckpointQuantisation::blockSize(const QJsonObject &config)
{
    const QJsonArray size = config.value(QStringLiteral("quantization_config")).toObject().value(QStringLiteral("weight_block_size")).toArray();
    if (size.size() == 2 && size.at(0).toInt() > 0 && size.at(1).toInt() > 0)
        return {size.at(0).toInt(), size.at(1).toInt()};
    return {128, 128};
}

std::optional<Error> CheckpointQuantisation::dequantiseFp8(const Safetensors &file, const QString &name, const QJsonObject &config,
                                                           Mat &m, std::set<QString> *used)
{
    const QString scaleName = name + QStringLiteral("_scale_inv");
    const auto [b0, b1] = blockSize(config);
    const std::int64_t rows = m.rows(), cols = m.cols();
    auto scale = file.tensor(scaleName, {(rows + b0 - 1) / b0, (cols + b1 - 1) / b1});
    if (!scale)
        return scale.error();
    if (used)
        used->insert(scaleName);
    for (std::int64_t r = 0; r < rows; ++r)
        for (std::int64_t c = 0; c < cols; ++c)
            m(r, c) *= (*scale)(r / b0, c / b1);
    return std::nullopt;
}

} // namespace tx
