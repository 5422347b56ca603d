#pragma once

#include "core/design/modelconfig.h"
#include "core/nn/activationcache.h"

#include <cstdint>
#include <vector>

namespace tx {

// How evenly one mixture-of-experts layer's router spread its work over the experts, counted
// on the rows of one training batch (or of several: add()). With E experts and top-k routing:
//
//   f_i = routed[i] / (rows · k)  the share of the routed token-slots that went to expert i (Σ f_i = 1)
//   P_i = probSum[i] / rows      the router's mean probability for expert i (Σ P_i = 1): a softmax
//                                router's scores; a sigmoid router's scores normalised to sum 1 per
//                                row, as DeepSeek-V3's balance loss normalises them (DeepSeek-AI
//                                2024, arXiv:2412.19437, eqs. 17–19)
//
// balanceLoss() = E · Σ_i f_i · P_i is the auxiliary load-balancing loss of the Switch
// Transformer (Fedus, Zoph & Shazeer 2021, arXiv:2101.03961, eq. 4) without its factor α: 1.0
// when routing is even (f_i = P_i = 1/E), rising towards E as one expert takes everything.
// Hugging Face's load_balancing_loss_func (Mixtral, Qwen3-MoE) counts f per token, not per slot,
// so its figure is k times this one.
struct ExpertLoad
{
    int layer = 0;                   // the layer's index in the stack (0-based)
    int topK = 0;                    // experts per row
    std::int64_t rows = 0;           // rows (tokens) routed
    std::vector<std::int64_t> routed; // (E) token-slots routed to each expert; they sum to rows · topK
    std::vector<double> probSum;     // (E) the router's probability for each expert, summed over the rows

    int experts() const { return int(routed.size()); }
    std::int64_t totalSlots() const { return rows * topK; }
    double share(int expert) const;    // f_i; 0 with no rows
    double meanProb(int expert) const; // P_i; 0 with no rows
    double evenShare() const { return experts() > 0 ? 1.0 / experts() : 0.0; } // 1/E
    // The busiest expert's share over the even share (max_i f_i · E): 1.0 even, E when one
    // expert takes every slot.
    double maxOverMean() const;
    double balanceLoss() const; // E · Σ f_i · P_i (Switch Transformer eq. 4, α = 1)

    // The routing a forward kept in a sparse layer's activations (a.chosen, a.routerScores).
    static ExpertLoad measure(int layer, const ActivationCache::Layer &a, RouterScore score);
    // Adds the counts of `other`, the same layer of another shard or step (same experts and k).
    void add(const ExpertLoad &other);
    // Sums per-step lists of the same layers in the same order.
    static std::vector<ExpertLoad> sum(const std::vector<std::vector<ExpertLoad>> &steps);
};

} // namespace tx
