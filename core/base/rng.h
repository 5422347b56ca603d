#pragma once

#include <cmath>
#include <cstdint>

namespace tx {

// A small seeded generator (splitmix64 seeding + xoshiro256**, Blackman & Vigna 2018) whose
// output is the same on every compiler and standard library, unlike std::*_distribution.
// Training data order and initial weights come from it, so one seed gives one run, bit for bit.
class Rng
{
public:
    explicit Rng(std::uint64_t seed = 1)
    {
        std::uint64_t z = seed;
        for (auto &s : m_s) {
            z += 0x9E3779B97F4A7C15ull;
            std::uint64_t x = z;
            x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
            x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
            s = x ^ (x >> 31);
        }
    }

    std::uint64_t next()
    {
        const std::uint64_t result = rotl(m_s[1] * 5, 7) * 9;
        const std::uint64_t t = m_s[1] << 17;
        m_s[2] ^= m_s[0];
        m_s[3] ^= m_s[1];
        m_s[1] ^= m_s[2];
        m_s[0] ^= m_s[3];
        m_s[2] ^= t;
        m_s[3] = rotl(m_s[3], 45);
        return result;
    }

    // Uniform integer in [0, n), n > 0 (Lemire's multiply-shift; bias below 2^-32 for small n).
    int uniformInt(int n) { return int((std::uint64_t(std::uint32_t(next() >> 32)) * std::uint64_t(n)) >> 32); }
    // Uniform integer in [lo, hi].
    int uniformInt(int lo, int hi) { return lo + uniformInt(hi - lo + 1); }
    // Uniform double in [0, 1) from the top 53 bits.
    double uniform() { return double(next() >> 11) * 0x1.0p-53; }
    // Standard normal by Box–Muller (one draw per call; the pair's second half is dropped for simplicity).
    double normal()
    {
        double u1 = uniform();
        while (u1 <= 0.0)
            u1 = uniform();
        const double u2 = uniform();
        return std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2);
    }

private:
    static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    std::uint64_t m_s[4];
};

} // namespace tx
