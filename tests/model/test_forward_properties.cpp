// Properties of the recording forward pass: the causal mask, softmax rows, head
// ablation, the sliding window and the empty input.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>
#include <vector>

#include "am/model/forward.hpp"
#include "am/model/normalizer.hpp"
#include "am/model/weights.hpp"
#include "test_util.hpp"

using namespace am;
using am::test::bitwise_equal;
using am::test::max_abs_diff;

namespace {

std::vector<int> ids_of(const std::string& text) { return normalize(text).ids; }

// Deterministic ids covering the whole alphabet.
std::vector<int> cycling_ids(int n, int stride = 7) {
  std::vector<int> ids;
  for (int i = 0; i < n; ++i) ids.push_back((i * stride + 3) % kVocab);
  return ids;
}

std::span<const float> entry(const Activations& a, const std::string& name) {
  const auto values = a.get(name);
  REQUIRE(!values.empty());
  return values;
}

// The model with every attention head removed, written out independently of
// forward(): x0 -> per layer (resid stays as it is) -> LN2 -> MLP -> final LN -> logits.
// Returns logits: [T, 30].
std::vector<float> logits_without_attention(const Weights& weights, const std::vector<int>& ids) {
  const ParamView p = weights.view();
  const int T = static_cast<int>(ids.size());
  const auto layer_norm = [](const float* x, const float* w, const float* b, float* y) {
    float mean = 0.0f;
    for (int c = 0; c < kDModel; ++c) mean += x[c];
    mean /= kDModel;
    float var = 0.0f;
    for (int c = 0; c < kDModel; ++c) var += (x[c] - mean) * (x[c] - mean);
    var /= kDModel;
    const float r = 1.0f / std::sqrt(var + 1e-5f);
    for (int c = 0; c < kDModel; ++c) y[c] = (x[c] - mean) * r * w[c] + b[c];
  };
  std::vector<float> logits(static_cast<std::size_t>(T * kVocab));
  for (int t = 0; t < T; ++t) {
    float x[kDModel];
    for (int i = 0; i < kDModel / 2; ++i) {
      const double angle = t / std::pow(10000.0, 2.0 * i / kDModel);
      x[2 * i] = p.embed[ids[t] * kDModel + 2 * i] + static_cast<float>(std::sin(angle));
      x[2 * i + 1] = p.embed[ids[t] * kDModel + 2 * i + 1] + static_cast<float>(std::cos(angle));
    }
    for (const auto& L : p.layers) {
      float h[kDModel], hidden[kDMlp];
      layer_norm(x, L.ln2_w, L.ln2_b, h);
      for (int n = 0; n < kDMlp; ++n) {
        float acc = 0.0f;
        for (int k = 0; k < kDModel; ++k) acc += h[k] * L.fc_w[n * kDModel + k];
        const float pre = acc + L.fc_b[n];
        hidden[n] = 0.5f * pre * (1.0f + std::erf(pre / std::sqrt(2.0f)));
      }
      for (int n = 0; n < kDModel; ++n) {
        float acc = 0.0f;
        for (int k = 0; k < kDMlp; ++k) acc += hidden[k] * L.proj_w[n * kDMlp + k];
        x[n] += acc + L.proj_b[n];
      }
    }
    float h[kDModel];
    layer_norm(x, p.lnf_w, p.lnf_b, h);
    for (int v = 0; v < kVocab; ++v) {
      float acc = 0.0f;
      for (int k = 0; k < kDModel; ++k) acc += h[k] * p.unembed_w[v * kDModel + k];
      logits[static_cast<std::size_t>(t * kVocab + v)] = acc + p.unembed_b[v];
    }
  }
  return logits;
}

const char* kLayerEntries[] = {"ln1",      "q",   "k",        "v",        "scores",  "attn_weights", "head_out",
                               "attn_out", "resid_attn", "ln2", "mlp_pre", "mlp_post", "mlp_out", "resid_mlp"};

}  // namespace

TEST_CASE("sinusoidal positions follow the 2017 formula") {
  for (int pos : {0, 1, 5, 31, 63}) {
    float pe[kDModel];
    position_encoding(pos, pe);
    for (int i = 0; i < kDModel / 2; ++i) {
      const double angle = pos / std::pow(10000.0, 2.0 * i / kDModel);
      CHECK(pe[2 * i] == Approx(std::sin(angle)).margin(1e-6));
      CHECK(pe[2 * i + 1] == Approx(std::cos(angle)).margin(1e-6));
    }
  }
}

TEST_CASE("causal mask is exact zeros above the diagonal in scores and weights and rows sum to one") {
  const Weights w = random_weights(11);
  for (int T : {1, 2, 17, 64}) {
    const Activations a = forward(w, cycling_ids(T));
    REQUIRE(a.length() == T);
    for (int l = 0; l < kLayers; ++l) {
      const LayerActivations& la = a.layers[static_cast<std::size_t>(l)];
      for (int h = 0; h < kHeads; ++h)
        for (int i = 0; i < T; ++i) {
          const float* srow = la.scores + (h * T + i) * T;
          const float* wrow = la.weights + (h * T + i) * T;
          double sum = 0.0;
          int nonzero_above = 0;
          for (int j = 0; j < T; ++j) {
            if (j > i && (srow[j] != 0.0f || wrow[j] != 0.0f || std::signbit(wrow[j]))) ++nonzero_above;
            if (j <= i) CHECK(wrow[j] > 0.0f);
            sum += wrow[j];
          }
          CHECK(nonzero_above == 0);
          CHECK(std::abs(sum - 1.0) <= 1e-6);
          // Score = q_i·k_j/√8, recomputed from the recorded q and k.
          for (int j = 0; j <= i; ++j) {
            double dot = 0.0;
            for (int d = 0; d < kDHead; ++d)
              dot += double(la.q[(h * T + i) * kDHead + d]) * la.k[(h * T + j) * kDHead + d];
            CHECK(std::abs(srow[j] - dot / std::sqrt(8.0)) <= 1e-5);
          }
        }
      // The first character can only look at itself.
      for (int h = 0; h < kHeads; ++h) CHECK(la.weights[h * T * T] == 1.0f);
    }
    // Probabilities are a softmax of the logits.
    for (int t = 0; t < T; ++t) {
      double sum = 0.0;
      for (int v = 0; v < kVocab; ++v) sum += a.probs[t * kVocab + v];
      CHECK(std::abs(sum - 1.0) <= 1e-6);
    }
  }
}

TEST_CASE("a position's activations do not depend on later characters") {
  const Weights w = random_weights(5);
  const auto full = cycling_ids(40);
  const Activations whole = forward(w, full);
  for (int n : {1, 9, 39}) {
    const std::vector<int> prefix(full.begin(), full.begin() + n);
    const Activations part = forward(w, prefix);
    const std::span<const float> all_logits(whole.logits, static_cast<std::size_t>(40 * kVocab));
    CHECK(max_abs_diff(all_logits.first(static_cast<std::size_t>(n * kVocab)),
                       std::span<const float>(part.logits, static_cast<std::size_t>(n * kVocab))) <= 1e-6);
  }
}

TEST_CASE("every activation entry is named, sized and inside the block") {
  const Activations a = forward(random_weights(2), cycling_ids(10));
  const int T = 10;
  CHECK(entry(a, "embed").size() == std::size_t(T * kDModel));
  CHECK(entry(a, "blocks.1.attn_weights").size() == std::size_t(kHeads * T * T));
  CHECK(entry(a, "blocks.0.mlp_pre").size() == std::size_t(T * kDMlp));
  CHECK(entry(a, "probs").size() == std::size_t(T * kVocab));
  CHECK(a.get("no.such.entry").empty());
  std::size_t total = 0;
  for (const auto& e : a.entries()) {
    CHECK(e.offset == total);  // contiguous, in order
    total += e.count;
  }
  CHECK(total == a.block().size());
  CHECK(a.entries().size() == 3 + kLayers * 14 + 3);
  // Named views and named entries are the same memory.
  CHECK(entry(a, "blocks.1.attn_weights").data() == a.layers[1].weights);
  CHECK(entry(a, "blocks.0.head_out").data() == a.layers[0].head_out);
}

TEST_CASE("pulling a layer-2 head changes nothing upstream of it") {
  const Weights w = random_weights(21);
  const auto ids = ids_of("the queen said the queen was queer, wasn't she.");
  const int T = static_cast<int>(ids.size());
  HeadMask mask;
  mask.pulled[1][2] = true;  // L2H3
  const Activations base = forward(w, ids);
  const Activations cut = forward(w, ids, mask);

  for (const char* name : {"embed", "pos", "x0"}) {
    INFO(name);
    CHECK(bitwise_equal(entry(base, name), entry(cut, name)));
  }
  for (const char* e : kLayerEntries) {
    const std::string name = std::string("blocks.0.") + e;
    INFO(name);
    CHECK(bitwise_equal(entry(base, name), entry(cut, name)));
  }
  for (const char* e : {"ln1", "q", "k", "v", "scores", "attn_weights"}) {
    const std::string name = std::string("blocks.1.") + e;
    INFO(name);
    CHECK(bitwise_equal(entry(base, name), entry(cut, name)));
  }
  // head_out: [H, T, 8]; only head 2 is zero, the others are untouched.
  const std::size_t per_head = static_cast<std::size_t>(T * kDHead);
  const auto base_out = entry(base, "blocks.1.head_out");
  const auto cut_out = entry(cut, "blocks.1.head_out");
  for (int h = 0; h < kHeads; ++h) {
    const auto b = base_out.subspan(h * per_head, per_head);
    const auto c = cut_out.subspan(h * per_head, per_head);
    if (h == 2) {
      CHECK(std::all_of(c.begin(), c.end(), [](float v) { return v == 0.0f; }));
      CHECK(max_abs_diff(b, c) > 1e-3);  // it was doing something before
    } else {
      CHECK(bitwise_equal(b, c));
    }
  }
  for (const char* name : {"blocks.1.attn_out", "blocks.1.resid_attn", "blocks.1.mlp_out", "blocks.1.resid_mlp",
                           "ln_f", "logits", "probs"}) {
    INFO(name);
    CHECK(max_abs_diff(entry(base, name), entry(cut, name)) > 1e-5);
  }
}

TEST_CASE("pulling a layer-1 head keeps its layer's q, k, v and weights and changes everything after") {
  const Weights w = random_weights(22);
  const auto ids = cycling_ids(30, 11);
  HeadMask mask;
  mask.pulled[0][0] = true;  // L1H1
  const Activations base = forward(w, ids);
  const Activations cut = forward(w, ids, mask);
  for (const char* name : {"x0", "blocks.0.ln1", "blocks.0.q", "blocks.0.k", "blocks.0.v", "blocks.0.scores",
                           "blocks.0.attn_weights"}) {
    INFO(name);
    CHECK(bitwise_equal(entry(base, name), entry(cut, name)));
  }
  const auto head0 = entry(cut, "blocks.0.head_out").first(30 * kDHead);
  CHECK(std::all_of(head0.begin(), head0.end(), [](float v) { return v == 0.0f; }));
  for (const char* name : {"blocks.0.attn_out", "blocks.0.resid_mlp", "blocks.1.q", "blocks.1.attn_weights",
                           "blocks.1.head_out", "logits"}) {
    INFO(name);
    CHECK(max_abs_diff(entry(base, name), entry(cut, name)) > 1e-6);
  }
}

TEST_CASE("pulling every head equals a model without attention") {
  HeadMask all;
  for (auto& layer : all.pulled) layer.fill(true);
  REQUIRE(all.count() == kLayers * kHeads);
  for (std::uint64_t seed : {3u, 4u}) {
    const Weights w = random_weights(seed);
    for (int T : {1, 13, 64}) {
      const auto ids = cycling_ids(T, 5);
      const Activations a = forward(w, ids, all);
      const std::vector<float> expected = logits_without_attention(w, ids);
      const double diff = max_abs_diff(std::span<const float>(a.logits, expected.size()), expected);
      INFO("seed " << seed << ", T " << T << ", max |diff| " << diff);
      CHECK(diff <= 1e-6);
      for (int l = 0; l < kLayers; ++l) {
        const std::string p = "blocks." + std::to_string(l) + ".";
        const auto attn = entry(a, p + "attn_out");
        CHECK(std::all_of(attn.begin(), attn.end(), [](float v) { return v == 0.0f; }));
        const auto before = l == 0 ? entry(a, "x0") : entry(a, "blocks.0.resid_mlp");
        CHECK(bitwise_equal(before, entry(a, p + "resid_attn")));
      }
    }
  }
  // And the reference is not trivially equal to the model with attention.
  const Weights w = random_weights(3);
  const auto ids = cycling_ids(13, 5);
  const Activations with_attention = forward(w, ids);
  CHECK(max_abs_diff(std::span<const float>(with_attention.logits, 13 * kVocab),
                     logits_without_attention(w, ids)) > 1e-3);
}

TEST_CASE("the window slides and 80 ids read exactly like their last 64") {
  const Weights w = random_weights(8);
  const auto ids = cycling_ids(80, 13);
  const Activations longer = forward(w, ids);
  const std::vector<int> last(ids.end() - kContext, ids.end());
  const Activations window = forward(w, last);
  CHECK(longer.length() == kContext);
  CHECK(bitwise_equal(longer.block(), window.block()));
  CHECK(context_window(ids).size() == std::size_t(kContext));
  CHECK(context_window(ids).data() == ids.data() + 16);
  CHECK(context_window_start(80) == 16u);
  CHECK(context_window_start(64) == 0u);
  CHECK(context_window_start(0) == 0u);
  // And it differs from the first 64 (the window really moved).
  const std::vector<int> first(ids.begin(), ids.begin() + kContext);
  CHECK(max_abs_diff(forward(w, first).block(), longer.block()) > 1e-3);
}

TEST_CASE("empty input gives T = 0 and no crash") {
  const Weights w = random_weights(1);
  const Activations a = forward(w, std::vector<int>{});
  CHECK(a.length() == 0);
  CHECK(a.block().empty());
  for (const auto& e : a.entries()) CHECK(e.count == 0);
  Activations reused = forward(w, cycling_ids(20));
  forward(w, std::vector<int>{}, HeadMask{}, reused);
  CHECK(reused.length() == 0);
  CHECK(reused.get("logits").empty());
}

TEST_CASE("a reused Activations grows to exactly the longer text's block, not the vector's doubling") {
  // Issue 13: the checkpoint cache recomputes passes in place; a block that doubled on
  // every small growth would hold up to twice the longest text's memory.
  const Weights w = random_weights(1);
  Activations a = forward(w, cycling_ids(60));
  forward(w, cycling_ids(64), HeadMask{}, a);
  const std::size_t longest = a.block().size();
  CHECK(a.block().capacity() == longest);
  forward(w, cycling_ids(30), HeadMask{}, a);  // shorter: the memory stays for the next long text
  CHECK(a.block().capacity() == longest);
  CHECK(a.block() == forward(w, cycling_ids(30)).block());
}
