// Every hand-written backward against central finite differences, in double
// precision: for an op y = f(x) and a fixed random upstream gradient G, the loss
// L = Σ G·y must have ∂L/∂x equal to what the backward returns.
#include <catch2/catch.hpp>

#include <cmath>
#include <functional>
#include <vector>

#include "am/model/config.hpp"
#include "am/model/forward.hpp"
#include "am/model/weights.hpp"
#include "am/train/init.hpp"
#include "am/train/model_grad.hpp"
#include "am/train/ops.hpp"
#include "am/train/rng.hpp"

using namespace am;
using namespace am::train;
using Vec = std::vector<double>;

namespace {

constexpr double kStep = 1e-6;       // central-difference step
constexpr double kTolerance = 1e-6;  // relative to the largest gradient of the tensor

Vec random_vec(std::size_t n, Rng& rng, double scale = 1.0) {
  Vec v(n);
  for (double& x : v) x = scale * rng.normal();
  return v;
}

double weighted_sum(const Vec& y, const Vec& g) {
  double s = 0.0;
  for (std::size_t i = 0; i < y.size(); ++i) s += y[i] * g[i];
  return s;
}

// Checks analytic against (L(x+h) - L(x-h)) / 2h for every element of x.
void check_gradient(const char* what, Vec& x, const Vec& analytic, const std::function<double()>& loss) {
  INFO(what);
  REQUIRE(analytic.size() == x.size());
  double largest = 1e-12;
  for (double a : analytic) largest = std::max(largest, std::abs(a));
  double worst = 0.0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    const double keep = x[i];
    x[i] = keep + kStep;
    const double up = loss();
    x[i] = keep - kStep;
    const double down = loss();
    x[i] = keep;
    const double numeric = (up - down) / (2 * kStep);
    worst = std::max(worst, std::abs(numeric - analytic[i]) / largest);
  }
  INFO("largest |gradient| " << largest << ", worst relative error " << worst);
  CHECK(worst < kTolerance);
  CHECK(largest > 1e-3);  // the check must be about something
}

}  // namespace

TEST_CASE("gradients: linear layer (x, W, b)") {
  Rng rng(1);
  const int T = 5, K = 32, N = 24;
  Vec x = random_vec(T * K, rng), W = random_vec(N * K, rng, 0.3), b = random_vec(N, rng);
  const Vec G = random_vec(T * N, rng);
  const auto loss = [&] {
    Vec Wt(K * N), y(T * N);
    ops::transpose(Wt.data(), W.data(), N, K, K);
    ops::linear_forward(y.data(), x.data(), Wt.data(), b.data(), T, K, N);
    return weighted_sum(y, G);
  };
  Vec dx(T * K), dW(N * K, 0.0), db(N, 0.0);
  ops::linear_backward(dx.data(), dW.data(), db.data(), G.data(), x.data(), W.data(), T, K, N);
  check_gradient("dx", x, dx, loss);
  check_gradient("dW", W, dW, loss);
  check_gradient("db", b, db, loss);
}

TEST_CASE("gradients: matmul handles ragged edges and accumulates") {
  Rng rng(2);
  const int R = 7, P = 5, N = 13;  // neither a multiple of the row tile nor of the vector width
  const Vec A = random_vec(R * P, rng), B = random_vec(P * N, rng), bias = random_vec(N, rng);
  Vec C(R * N), C2(R * N, 1.0);
  ops::matmul(C.data(), N, A.data(), P, B.data(), N, bias.data(), R, P, N, false);
  ops::matmul(C2.data(), N, A.data(), P, B.data(), N, static_cast<const double*>(nullptr), R, P, N, true);
  for (int r = 0; r < R; ++r)
    for (int n = 0; n < N; ++n) {
      double expect = 0.0;
      for (int p = 0; p < P; ++p) expect += A[r * P + p] * B[p * N + n];
      CHECK(C[r * N + n] == Approx(expect + bias[n]).epsilon(1e-12));
      CHECK(C2[r * N + n] == Approx(expect + 1.0).epsilon(1e-12));
    }
}

TEST_CASE("gradients: layernorm (x, w, b)") {
  Rng rng(3);
  const int T = 4, C = 32;
  Vec x = random_vec(T * C, rng, 2.0), w = random_vec(C, rng), b = random_vec(C, rng);
  const Vec G = random_vec(T * C, rng);
  Vec mean(T), rstd(T);
  const auto loss = [&] {
    Vec y(T * C);
    ops::layernorm_forward(y.data(), mean.data(), rstd.data(), x.data(), w.data(), b.data(), T, C);
    return weighted_sum(y, G);
  };
  loss();
  const Vec residual = random_vec(T * C, rng);
  Vec dx = residual, dw(C, 0.0), db(C, 0.0);  // dx accumulates onto what it held
  ops::layernorm_backward(dx.data(), dw.data(), db.data(), G.data(), x.data(), mean.data(), rstd.data(), w.data(),
                          T, C);
  for (int i = 0; i < T * C; ++i) dx[i] -= residual[i];
  check_gradient("dx", x, dx, loss);
  check_gradient("dw", w, dw, loss);
  check_gradient("db", b, db, loss);
}

TEST_CASE("gradients: exact GELU") {
  Rng rng(4);
  const int n = 200;
  Vec x = random_vec(n, rng, 3.0);
  const Vec G = random_vec(n, rng);
  const auto loss = [&] {
    Vec y(n), slope(n);
    ops::gelu_forward(y.data(), slope.data(), x.data(), n);
    return weighted_sum(y, G);
  };
  Vec y(n), slope(n), dx(n);
  ops::gelu_forward(y.data(), slope.data(), x.data(), n);
  CHECK(y[0] == Approx(0.5 * x[0] * std::erfc(-x[0] / std::sqrt(2.0))).epsilon(1e-14));
  ops::gelu_backward(dx.data(), G.data(), slope.data(), n);
  check_gradient("dx", x, dx, loss);
}

TEST_CASE("gradients: causal attention (q, k, v)") {
  Rng rng(5);
  for (int T : {1, 7, kContext}) {
    INFO("T = " << T);
    Vec qkv = random_vec(T * 3 * kDModel, rng, 1.5);
    const Vec G = random_vec(T * kDModel, rng);
    Vec probs(kHeads * T * T), scratch(8 * T + T * T);
    const auto loss = [&] {
      Vec out(T * kDModel);
      ops::attention_forward(out.data(), probs.data(), qkv.data(), T, scratch.data());
      return weighted_sum(out, G);
    };
    loss();
    for (int h = 0; h < kHeads; ++h)
      for (int i = 0; i < T; ++i) {
        double row = 0.0;
        for (int j = 0; j < T; ++j) {
          const double p = probs[(h * T + i) * T + j];
          if (j > i) CHECK(p == 0.0);
          row += p;
        }
        CHECK(row == Approx(1.0).epsilon(1e-12));
      }
    Vec dqkv(T * 3 * kDModel);
    ops::attention_backward(dqkv.data(), G.data(), probs.data(), qkv.data(), T, scratch.data());
    check_gradient("dqkv", qkv, dqkv, loss);
  }
}

TEST_CASE("gradients: softmax cross-entropy") {
  Rng rng(6);
  const int T = 6, V = kVocab;
  Vec logits = random_vec(T * V, rng, 2.0);
  const std::vector<int> targets = {0, 29, 3, 3, 17, 26};
  const double scale = 0.37;
  const auto loss = [&] {
    return scale * ops::cross_entropy(static_cast<double*>(nullptr), logits.data(), targets.data(), T, V, V, 1.0);
  };
  Vec dlogits(T * V);
  const double total = ops::cross_entropy(dlogits.data(), logits.data(), targets.data(), T, V, V, scale);
  double expect = 0.0;
  for (int t = 0; t < T; ++t) {
    double z = 0.0;
    for (int v = 0; v < V; ++v) z += std::exp(logits[t * V + v]);
    expect += std::log(z) - logits[t * V + targets[t]];
  }
  CHECK(total == Approx(expect).epsilon(1e-12));
  check_gradient("dlogits", logits, dlogits, loss);
}

TEST_CASE("gradients: embedding rows scatter back by id") {
  Rng rng(7);
  const int T = 5;
  Vec E = random_vec(kVocab * kDModel, rng), pos = random_vec(T * kDModel, rng);
  const std::vector<int> ids = {4, 0, 4, 29, 11};  // a repeated id must sum
  const Vec G = random_vec(T * kDModel, rng);
  const auto loss = [&] {
    Vec x0(T * kDModel);
    ops::embed_forward(x0.data(), E.data(), pos.data(), ids.data(), T);
    return weighted_sum(x0, G);
  };
  Vec dE(kVocab * kDModel, 0.0);
  ops::embed_backward(dE.data(), G.data(), ids.data(), T);
  check_gradient("dE", E, dE, loss);
}

TEST_CASE("gradients: the whole model, every tensor, against finite differences") {
  // Random weights with non-trivial LayerNorm parameters, in double.
  Rng rng(8);
  const Weights w = initial_weights({InitKind::kTorch, 0.02, 1.0, 3});
  Vec params(w.values.begin(), w.values.end());
  for (const TensorInfo& t : parameter_table())
    if (t.name.find("ln") != std::string::npos)
      for (std::size_t i = 0; i < t.count; ++i) params[t.offset + i] += 0.3 * rng.normal();
  std::vector<int> window(kContext + 1);
  for (int& id : window) id = static_cast<int>(rng.below(kVocab));
  for (int t = 40; t <= kContext; ++t) window[t] = window[t - 20];  // a repeat, so attention matters

  const double scale = 1.0 / kContext;
  SequenceModel<double> model;
  PreparedParams<double> prepared;
  const auto loss = [&] {
    prepared.prepare(params.data());
    return scale * model.forward(prepared, window.data()).value();
  };
  loss();
  Vec grads(kParamCount, 0.0);
  model.backward(prepared, grads.data(), scale);

  // Eight entries of every tensor (all of a small one), by central differences.
  for (const TensorInfo& t : parameter_table()) {
    INFO(t.name);
    double largest = 1e-12;
    for (std::size_t i = 0; i < t.count; ++i) largest = std::max(largest, std::abs(grads[t.offset + i]));
    double worst = 0.0;
    for (int k = 0; k < 8; ++k) {
      const std::size_t i = t.offset + static_cast<std::size_t>(rng.below(t.count));
      const double keep = params[i];
      params[i] = keep + kStep;
      const double up = loss();
      params[i] = keep - kStep;
      const double down = loss();
      params[i] = keep;
      worst = std::max(worst, std::abs((up - down) / (2 * kStep) - grads[i]) / largest);
    }
    INFO("largest |gradient| " << largest << ", worst relative error " << worst);
    CHECK(worst < 1e-6);
    CHECK(largest > 1e-6);
  }
}

TEST_CASE("gradients: the float model agrees with the double model and with am::forward") {
  Rng rng(9);
  const Weights w = initial_weights({InitKind::kTorch, 0.02, 1.0, 5});
  std::vector<int> window(kContext + 1);
  for (int& id : window) id = static_cast<int>(rng.below(kVocab));

  PreparedParams<float> pf;
  pf.prepare(w.values.data());
  SequenceModel<float> mf;
  const double loss_f = mf.forward(pf, window.data()).value();
  std::vector<float> gf(kParamCount, 0.0f);
  mf.backward(pf, gf.data(), 1.0f);

  Vec params(w.values.begin(), w.values.end());
  PreparedParams<double> pd;
  pd.prepare(params.data());
  SequenceModel<double> md;
  const double loss_d = md.forward(pd, window.data()).value();
  Vec gd(kParamCount, 0.0);
  md.backward(pd, gd.data(), 1.0);

  CHECK(loss_f == Approx(loss_d).epsilon(1e-5));
  for (const TensorInfo& t : parameter_table()) {
    INFO(t.name);
    double largest = 0.0, worst = 0.0;
    for (std::size_t i = 0; i < t.count; ++i) largest = std::max(largest, std::abs(gd[t.offset + i]));
    for (std::size_t i = 0; i < t.count; ++i)
      worst = std::max(worst, std::abs(gf[t.offset + i] - gd[t.offset + i]) / largest);
    CHECK(worst < 1e-4);
  }

  // The engine's recording forward (a separate implementation) gives the same logits.
  const Activations acts = forward(w, std::span<const int>(window.data(), kContext));
  double worst_logit = 0.0;
  for (int i = 0; i < kContext * kVocab; ++i)
    worst_logit = std::max(worst_logit, std::abs(static_cast<double>(acts.logits[i]) - mf.logits()[i]));
  CHECK(worst_logit < 1e-4);
}
