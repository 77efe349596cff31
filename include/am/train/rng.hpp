// The trainer's random numbers: splitmix64, a 64-bit state that is trivial to
// save and restore, with integer and real draws defined here (not by the standard
// library's distributions, whose output differs between implementations).
#pragma once

#include <cmath>
#include <cstdint>

namespace am::train {

class Rng {
 public:
  explicit Rng(std::uint64_t seed = 0) : state_(seed) {}

  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }

  // Uniform integer in [0, n) without modulo bias (n > 0).
  std::uint64_t below(std::uint64_t n) {
    const std::uint64_t limit = -n % n;  // 2^64 mod n: draws under it are rejected
    for (;;) {
      const unsigned __int128 m = static_cast<unsigned __int128>(next()) * n;
      if (static_cast<std::uint64_t>(m) >= limit) return static_cast<std::uint64_t>(m >> 64);
    }
  }

  // Uniform double in [0, 1) with 53 random bits.
  double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

  // Standard normal by Box–Muller (one draw per call; the pair's second value is dropped).
  double normal() {
    const double u1 = 1.0 - uniform();  // (0, 1]
    const double u2 = uniform();
    return std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586476925 * u2);
  }

  std::uint64_t state() const { return state_; }
  void set_state(std::uint64_t s) { state_ = s; }

 private:
  std::uint64_t state_;
};

}  // namespace am::train
