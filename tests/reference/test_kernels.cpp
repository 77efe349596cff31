// The vectorised forward kernels against plain scalar versions (the engine's first,
// exact implementations, kept here as the specification), for every SIMD build this
// CPU can run: each must stay within 1e-6 of them — absolute for values below 1,
// relative above (a float near 8 is only resolved to 1e-6 anyway: different
// summation orders legitimately differ by an ulp there).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "am/model/cpu_features.hpp"
#include "am/model/kernels.hpp"

namespace {

namespace k = am::kernels;

// ---------------------------------------------------------------- scalar specification

void linear_spec(float* out, const float* in, const float* W, const float* bias, int T, int K, int N) {
  for (int t = 0; t < T; ++t)
    for (int n = 0; n < N; ++n) {
      float acc = 0.0f;
      for (int i = 0; i < K; ++i) acc += in[t * K + i] * W[n * K + i];
      out[t * N + n] = acc + (bias ? bias[n] : 0.0f);
    }
}

void layernorm_spec(float* out, float* mean, float* rstd, const float* in, const float* w, const float* b,
                    int T, int C) {
  for (int t = 0; t < T; ++t) {
    const float* x = in + t * C;
    float m = 0.0f;
    for (int c = 0; c < C; ++c) m += x[c];
    m /= static_cast<float>(C);
    float var = 0.0f;
    for (int c = 0; c < C; ++c) var += (x[c] - m) * (x[c] - m);
    var /= static_cast<float>(C);
    const float r = 1.0f / std::sqrt(var + 1e-5f);
    for (int c = 0; c < C; ++c) out[t * C + c] = (x[c] - m) * r * w[c] + b[c];
    mean[t] = m;
    rstd[t] = r;
  }
}

float gelu_spec(float x) { return 0.5f * x * (1.0f + std::erf(x * 0.70710678118654752f)); }

void softmax_spec(float* row, int n) {
  float mx = row[0];
  for (int i = 1; i < n; ++i) mx = std::max(mx, row[i]);
  float sum = 0.0f;
  for (int i = 0; i < n; ++i) sum += (row[i] = std::exp(row[i] - mx));
  for (int i = 0; i < n; ++i) row[i] /= sum;
}

// q, k, v: [T, 8] -> scores, weights: [T, T], out: [T, 8]
void attention_spec(float* scores, float* weights, float* out, const float* q, const float* k, const float* v,
                    int T, float scale) {
  for (int i = 0; i < T; ++i) {
    for (int j = 0; j < T; ++j) {
      float dot = 0.0f;
      for (int d = 0; d < 8; ++d) dot += q[i * 8 + d] * k[j * 8 + d];
      scores[i * T + j] = j <= i ? dot * scale : 0.0f;
      weights[i * T + j] = scores[i * T + j];
    }
    softmax_spec(weights + i * T, i + 1);
    for (int j = i + 1; j < T; ++j) weights[i * T + j] = 0.0f;
    for (int d = 0; d < 8; ++d) {
      float acc = 0.0f;
      for (int j = 0; j <= i; ++j) acc += weights[i * T + j] * v[j * 8 + d];
      out[i * 8 + d] = acc;
    }
  }
}

// ---------------------------------------------------------------- helpers

std::vector<float> random_values(std::mt19937& rng, std::size_t n, float scale) {
  std::normal_distribution<float> normal(0.0f, scale);
  std::vector<float> v(n);
  for (float& x : v) x = normal(rng);
  return v;
}

// max |a - b| / max(1, |b|): the absolute difference for values below 1, relative above.
double max_diff(const std::vector<float>& a, const std::vector<float>& b) {
  REQUIRE(a.size() == b.size());
  double worst = 0.0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    REQUIRE(std::isfinite(a[i]));
    const double scale = std::max(1.0, std::abs(static_cast<double>(b[i])));
    worst = std::max(worst, std::abs(static_cast<double>(a[i]) - b[i]) / scale);
  }
  return worst;
}

// Every SIMD build this CPU can run; restores the best one when the test ends.
struct EachLevel {
  std::vector<am::SimdLevel> levels;
  EachLevel() {
    for (int l = 0; l <= static_cast<int>(am::supported_simd_level()); ++l) levels.push_back(static_cast<am::SimdLevel>(l));
  }
  ~EachLevel() { am::set_simd_level(am::supported_simd_level()); }
};

constexpr double kTolerance = 1e-6;

}  // namespace

TEST_CASE("erf_approx is within 1e-7 of std::erf on a dense grid", "[kernels]") {
  double worst = 0.0;
  float worst_at = 0.0f;
  for (int i = -800000; i <= 800000; ++i) {  // [-8, 8] in steps of 1e-5
    const float x = static_cast<float>(i) * 1e-5f;
    const double err = std::abs(static_cast<double>(k::erf_approx(x)) - std::erf(static_cast<double>(x)));
    if (err > worst) worst = err, worst_at = x;
  }
  INFO("worst error " << worst << " at x = " << worst_at);
  CHECK(worst < 1e-7);
  CHECK(std::abs(k::erf_approx(0.0f)) < 1e-8f);
  for (const float x : {1e-6f, 0.3f, 1.7f, 3.0f, 5.0f})
    CHECK(k::erf_approx(-x) == -k::erf_approx(x));  // odd
  CHECK(k::erf_approx(3.925f) == 1.0f);  // past the fit, exactly ±1
  CHECK(k::erf_approx(30.0f) == 1.0f);
  CHECK(k::erf_approx(-30.0f) == -1.0f);
  CHECK(k::erf_approx(std::numeric_limits<float>::infinity()) == 1.0f);
  CHECK(std::isnan(k::erf_approx(std::numeric_limits<float>::quiet_NaN())));
}

TEST_CASE("set_simd_level never picks a build the CPU lacks", "[kernels]") {
  EachLevel restore;
  am::set_simd_level(am::SimdLevel::kAvx512);
  CHECK(am::simd_level() <= am::supported_simd_level());
  am::set_simd_level(am::SimdLevel::kBaseline);
  CHECK(am::simd_level() == am::SimdLevel::kBaseline);
}

TEST_CASE("linear matches the scalar version for every SIMD build", "[kernels]") {
  EachLevel each;
  std::mt19937 rng(7);
  struct Shape { int T, K, N; };
  const Shape shapes[] = {{64, 32, 32}, {64, 32, 128}, {64, 128, 32}, {64, 32, 30}, {1, 32, 32},
                          {5, 7, 3},    {3, 200, 45},  {9, 33, 65},   {0, 32, 32}};
  for (const auto level : each.levels) {
    am::set_simd_level(level);
    for (const Shape& s : shapes) {
      for (const bool with_bias : {true, false}) {
        const auto in = random_values(rng, static_cast<std::size_t>(s.T * s.K), 1.0f);
        const auto W = random_values(rng, static_cast<std::size_t>(s.N * s.K), 1.0f / std::sqrt(float(s.K)));
        const auto bias = random_values(rng, static_cast<std::size_t>(s.N), 0.5f);
        std::vector<float> got(static_cast<std::size_t>(s.T * s.N) + 1, 12345.0f), want(got);
        k::linear(got.data(), in.data(), W.data(), with_bias ? bias.data() : nullptr, s.T, s.K, s.N);
        linear_spec(want.data(), in.data(), W.data(), with_bias ? bias.data() : nullptr, s.T, s.K, s.N);
        INFO(am::to_string(level) << " T=" << s.T << " K=" << s.K << " N=" << s.N << " bias=" << with_bias);
        CHECK(max_diff(got, want) <= kTolerance);
        CHECK(got.back() == 12345.0f);  // nothing written past the output
      }
    }
  }
}

TEST_CASE("linear_to_heads and linear_from_heads use the head-major layout", "[kernels]") {
  EachLevel each;
  std::mt19937 rng(10);
  // element (t, c) of a head-major [T, C] matrix: ((c / 8)·T + t)·8 + c % 8
  const auto head_major = [](const std::vector<float>& row_major, int T, int C) {
    std::vector<float> out(row_major.size());
    for (int t = 0; t < T; ++t)
      for (int c = 0; c < C; ++c) out[static_cast<std::size_t>(((c / 8) * T + t) * 8 + c % 8)] = row_major[static_cast<std::size_t>(t * C + c)];
    return out;
  };
  for (const auto level : each.levels) {
    am::set_simd_level(level);
    for (const int T : {64, 7, 1}) {
      for (const int N : {32, 16, 40}) {
        const int K = 32;
        const auto in = random_values(rng, static_cast<std::size_t>(T * K), 1.0f);
        const auto W = random_values(rng, static_cast<std::size_t>(N * K), 0.2f);
        std::vector<float> want(static_cast<std::size_t>(T * N)), got(want.size());
        linear_spec(want.data(), in.data(), W.data(), nullptr, T, K, N);
        k::linear_to_heads(got.data(), in.data(), W.data(), T, K, N);
        INFO(am::to_string(level) << " T=" << T << " N=" << N);
        CHECK(max_diff(got, head_major(want, T, N)) <= kTolerance);

        // from heads: input [K'/8, T, 8] with K' = N, back to a row-major [T, 24] output
        const int N2 = 24;
        const auto W2 = random_values(rng, static_cast<std::size_t>(N2 * N), 0.2f);
        const auto bias2 = random_values(rng, static_cast<std::size_t>(N2), 0.5f);
        std::vector<float> want2(static_cast<std::size_t>(T * N2)), got2(want2.size());
        linear_spec(want2.data(), want.data(), W2.data(), bias2.data(), T, N, N2);
        const auto in_heads = head_major(want, T, N);
        k::linear_from_heads(got2.data(), in_heads.data(), W2.data(), bias2.data(), T, N, N2);
        CHECK(max_diff(got2, want2) <= kTolerance);
      }
    }
  }
}

TEST_CASE("add and softmax_rows match the scalar versions", "[kernels]") {
  EachLevel each;
  std::mt19937 rng(13);
  for (const auto level : each.levels) {
    am::set_simd_level(level);
    for (const int n : {1, 15, 16, 2048, 2053}) {
      const auto a = random_values(rng, static_cast<std::size_t>(n), 1.0f);
      const auto b = random_values(rng, static_cast<std::size_t>(n), 1.0f);
      std::vector<float> got(static_cast<std::size_t>(n)), want(got.size());
      for (std::size_t i = 0; i < want.size(); ++i) want[i] = a[i] + b[i];
      k::add(got.data(), a.data(), b.data(), n);
      INFO(am::to_string(level) << " n=" << n);
      CHECK(got == want);  // one rounding either way: bit-identical
    }
    const int T = 64, n = 30;
    const auto rows = random_values(rng, static_cast<std::size_t>(T * n), 4.0f);
    std::vector<float> got(rows), want(rows);
    k::softmax_rows(got.data(), T, n);
    for (int t = 0; t < T; ++t) softmax_spec(want.data() + t * n, n);
    CHECK(max_diff(got, want) <= kTolerance);
  }
}

TEST_CASE("linear sees weights that change in place between calls", "[kernels]") {
  // The kernels may keep packed copies of weight matrices; a change must never be missed.
  EachLevel each;
  std::mt19937 rng(8);
  for (const auto level : each.levels) {
    am::set_simd_level(level);
    auto W = random_values(rng, 32 * 32, 0.2f);
    const auto in = random_values(rng, 4 * 32, 1.0f);
    std::vector<float> got(4 * 32), want(4 * 32);
    k::linear(got.data(), in.data(), W.data(), nullptr, 4, 32, 32);
    W[5 * 32 + 7] += 1.0f;  // the trainer updates weights in place
    k::linear(got.data(), in.data(), W.data(), nullptr, 4, 32, 32);
    linear_spec(want.data(), in.data(), W.data(), nullptr, 4, 32, 32);
    INFO(am::to_string(level));
    CHECK(max_diff(got, want) <= kTolerance);
  }
}

TEST_CASE("layernorm matches the scalar version for every SIMD build", "[kernels]") {
  EachLevel each;
  std::mt19937 rng(9);
  for (const auto level : each.levels) {
    am::set_simd_level(level);
    for (const int C : {32, 128, 7, 40}) {
      const int T = 13;
      const auto in = random_values(rng, static_cast<std::size_t>(T * C), 3.0f);
      const auto w = random_values(rng, static_cast<std::size_t>(C), 1.0f);
      const auto b = random_values(rng, static_cast<std::size_t>(C), 1.0f);
      std::vector<float> got(static_cast<std::size_t>(T * C)), want(got), mean(T), rstd(T), mean_want(T), rstd_want(T);
      k::layernorm(got.data(), mean.data(), rstd.data(), in.data(), w.data(), b.data(), T, C);
      layernorm_spec(want.data(), mean_want.data(), rstd_want.data(), in.data(), w.data(), b.data(), T, C);
      INFO(am::to_string(level) << " C=" << C);
      CHECK(max_diff(got, want) <= kTolerance);
      CHECK(max_diff(mean, mean_want) <= kTolerance);
      CHECK(max_diff(rstd, rstd_want) <= kTolerance);
    }
  }
}

TEST_CASE("gelu is within 1e-6 of the exact erf GELU for every SIMD build", "[kernels]") {
  EachLevel each;
  std::vector<float> in;
  for (int i = -1000000; i <= 1000000; ++i) in.push_back(static_cast<float>(i) * 1e-5f);  // [-10, 10]
  in.push_back(-300.0f);
  in.push_back(250.0f);
  std::vector<float> want(in.size());
  for (std::size_t i = 0; i < in.size(); ++i) want[i] = gelu_spec(in[i]);
  for (const auto level : each.levels) {
    am::set_simd_level(level);
    std::vector<float> got(in.size());
    k::gelu(got.data(), in.data(), static_cast<int>(in.size()));
    INFO(am::to_string(level));
    CHECK(max_diff(got, want) <= kTolerance);
    for (const int n : {1, 5, 17, 33}) {  // tails shorter than a vector
      std::vector<float> part(static_cast<std::size_t>(n) + 1, 777.0f);
      k::gelu(part.data(), in.data() + 400000, n);
      CHECK(part[static_cast<std::size_t>(n) - 1] == Approx(want[400000 + static_cast<std::size_t>(n) - 1]).margin(kTolerance));
      CHECK(part.back() == 777.0f);
    }
    float nan = std::numeric_limits<float>::quiet_NaN();
    float out = 0.0f;
    k::gelu(&out, &nan, 1);
    CHECK(std::isnan(out));
  }
}

TEST_CASE("softmax_row matches the scalar version for every SIMD build", "[kernels]") {
  EachLevel each;
  std::mt19937 rng(11);
  for (const auto level : each.levels) {
    am::set_simd_level(level);
    for (int n = 1; n <= 70; ++n) {
      const auto row = random_values(rng, static_cast<std::size_t>(n) + 1, 6.0f);
      std::vector<float> got(row), want(row);
      k::softmax_row(got.data(), n);
      softmax_spec(want.data(), n);
      INFO(am::to_string(level) << " n=" << n);
      CHECK(max_diff(got, want) <= kTolerance);
      CHECK(got.back() == row.back());  // nothing written past the row
      double sum = 0.0;
      for (int i = 0; i < n; ++i) sum += got[static_cast<std::size_t>(i)];
      CHECK(sum == Approx(1.0).margin(1e-6));
    }
    std::vector<float> row = {1.0f, std::numeric_limits<float>::quiet_NaN(), 2.0f};
    k::softmax_row(row.data(), 3);
    CHECK(std::isnan(row[1]));
  }
}

TEST_CASE("attention_head matches the scalar version for every SIMD build", "[kernels]") {
  EachLevel each;
  std::mt19937 rng(12);
  const float scale = 1.0f / std::sqrt(8.0f);
  for (const auto level : each.levels) {
    am::set_simd_level(level);
    for (const int T : {1, 2, 3, 7, 15, 16, 17, 31, 33, 48, 63, 64, 100}) {
      const auto n = static_cast<std::size_t>(T);
      const auto q = random_values(rng, n * 8, 1.0f);  // scores of a few units, like the model
      const auto kk = random_values(rng, n * 8, 1.0f);
      const auto v = random_values(rng, n * 8, 1.0f);
      std::vector<float> s(n * n + 1, 99.0f), w(n * n + 1, 99.0f), o(n * 8 + 1, 99.0f);
      std::vector<float> s_want(n * n + 1, 99.0f), w_want(s_want), o_want(n * 8 + 1, 99.0f);
      k::attention_head(s.data(), w.data(), o.data(), q.data(), kk.data(), v.data(), T, scale);
      attention_spec(s_want.data(), w_want.data(), o_want.data(), q.data(), kk.data(), v.data(), T, scale);
      INFO(am::to_string(level) << " T=" << T);
      CHECK(max_diff(s, s_want) <= kTolerance);
      CHECK(max_diff(w, w_want) <= kTolerance);
      CHECK(max_diff(o, o_want) <= kTolerance);
      bool masked_exact_zero = true;
      for (int i = 0; i < T; ++i)
        for (int j = i + 1; j < T; ++j)
          masked_exact_zero = masked_exact_zero && s[n * i + j] == 0.0f && w[n * i + j] == 0.0f;
      CHECK(masked_exact_zero);
    }
  }
}
