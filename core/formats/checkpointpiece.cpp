#include "core/formats/checkpointpiece.h"

namespace tx {

std::vector<std::int64_t> CheckpointPiece::fileShape() const
{
    if (vector)
        return {cols};
    return linear ? std::vector<std::int64_t>{cols, m->rows()} : std::vector<std::int64_t>{m->rows(), cols};
}

std::optional<Error> CheckpointPiece::readFrom(const Safetensors &file) const
{
    const std::vector<std::int64_t> shape = fileShape();
    if (vector) {
        auto v = file.vector(name, shape[0]);
        if (!v)
            return v.error();
        m->row(0).segment(col0, cols) = *v;
        return std::nullopt;
    }
    auto t = file.matrix(name, shape[0], shape[1]);
    if (!t)
        return t.error();
    if (linear)
        m->middleCols(col0, cols) = t->transpose();
    else
        m->middleCols(col0, cols) = *t;
    return std::nullopt;
}

std::optional<Error> CheckpointPiece::save(const std::vector<CheckpointPiece> &pieces, const QString &path,
                                           Safetensors::Dtype dtype, const StopToken &stop,
                                           const std::vector<CarriedTensor> &carried)
{
    std::vector<Mat> copies; // (file rows, file cols) of each tensor, as it is written
    copies.reserve(pieces.size());
    std::vector<Safetensors::Out> out;
    for (const CheckpointPiece &piece : pieces) {
        if (piece.linear)
            copies.emplace_back(piece.m->middleCols(piece.col0, piece.cols).transpose());
        else
            copies.emplace_back(piece.m->middleCols(piece.col0, piece.cols));
        out.push_back({piece.name, copies.back().data(), piece.vector ? 0 : copies.back().rows(), copies.back().cols()});
    }
    for (const CarriedTensor &t : carried)
        out.push_back({t.name, t.values.data(), t.shape.size() == 1 ? 0 : t.values.rows(), t.values.cols(), t.shape});
    return Safetensors::save(path, out, dtype, stop);
}

} // namespace tx
