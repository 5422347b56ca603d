#pragma once

#include <vector>

namespace tx {

// A candidate token of a sampling search: its probability (or any non-negative weight) and id.
// 8 bytes, so the searches move half what pairs of int and double would.
struct WeightedToken
{
    float p;
    int id;
};

// Where the running mass of candidates, taken most likely first (equal weights: the lower id
// first), crosses a target: the nucleus of top-p sampling (Holtzman et al. 2019), and then the
// token a uniform draw lands on inside it, without sorting the candidates.
class MassCrossing
{
public:
    using It = std::vector<WeightedToken>::iterator;

    // The element of [first, last) (non-empty, weights ≥ 0) at which the running mass, starting
    // from 0, first reaches `target` (reach) or first exceeds it (!reach), with the mass up to and
    // including it in *mass; the last element in that order when it never does. Reorders the range
    // (it stays a permutation of its elements) so that the elements ranked up to the one returned
    // come first, in some order.
    //
    // Found on a histogram of the mass first: the weights are cut into at most 1,024 runs of float
    // bit patterns between the least and the greatest (for non-negative floats the pattern grows
    // with the value, about logarithmically, so a softmax's long tail spreads over many runs); one
    // pass sums each run's mass, a scan from the top finds the run in which the running mass
    // crosses the target, and only that run's elements are quickselected. Every pass is free of
    // data-dependent branches; nth_element's comparisons on random probabilities are not, and
    // mispredicted branches made the two quickselects of a nucleus draw ~1 ms of a stories15M token
    // (32,000 candidates, a fifth of the step; Emerald Rapids Xeon, 6 Dec 2026). A greater weight
    // never falls in a lower run and equal ones share one, so the answer is the quickselect's.
    static It find(It first, It last, double target, bool reach, double *mass);
};

} // namespace tx
