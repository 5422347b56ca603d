#pragma once

#include <Eigen/Core>

namespace tx {

// The engine's tensors: float32, row-major like PyTorch, so a (rows, cols) matrix here has
// the same memory layout as a contiguous torch tensor of that shape.
using Mat = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using RowVec = Eigen::Matrix<float, 1, Eigen::Dynamic>; // (1, n): biases and norm scales
using ColVec = Eigen::Matrix<float, Eigen::Dynamic, 1>; // (n, 1): per-row statistics

} // namespace tx
