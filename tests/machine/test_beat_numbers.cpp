// The numbers the beats quote, checked against the engine's own recorded tensors:
// on two texts, two shipped checkpoints (untrained and trained) and with a head pulled.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <regex>
#include <string>

#include "am/machine/beat_notes.hpp"
#include "am/machine/beat_numbers.hpp"
#include "am/machine/scene.hpp"
#include "am/model/alphabet.hpp"
#include "am/model/forward.hpp"
#include "am/model/kv_cache.hpp"
#include "am/model/safetensors.hpp"

using namespace am;
using namespace am::machine;

namespace {

constexpr double kTol = 1e-5;

Weights shipped(const char* file) {
  const auto path = std::filesystem::path(AM_SOURCE_DIR) / "weights" / "repeated" / file;
  auto w = load_weights(path);
  REQUIRE(w);
  return std::move(*w);
}

struct Case {
  std::string text;
  const char* checkpoint;
  const char* pulled;
};

void check_pass(const Activations& acts, const HeadMask& pulled) {
  const int T = acts.length();
  for (int p = 0; p < T; ++p) {
    const EmbeddingSum e = embedding_sum(acts, p);
    float pe[kDModel];
    position_encoding(p, pe);
    for (int i = 0; i < kDModel; ++i) {
      CHECK(e.embedding[i] + e.position[i] == Approx(e.sum[i]).margin(kTol));
      CHECK(e.position[i] == Approx(pe[i]).margin(kTol));
    }
  }
  for (int l = 0; l < kLayers; ++l)
    for (int h = 0; h < kHeads; ++h)
      for (int q = 0; q < T; ++q) {
        const LayerActivations& la = acts.layers[static_cast<std::size_t>(l)];
        const SoftmaxRow row = softmax_row(acts, l, h, q);
        REQUIRE(row.exp.size() == static_cast<std::size_t>(q + 1));
        for (int k = 0; k <= q; ++k) {
          const QueryKey qk = query_key(acts, l, h, q, k);
          double sum = 0.0;
          for (float p : qk.products) sum += p;
          CHECK(sum == Approx(qk.dot).margin(kTol));
          CHECK(qk.dot / std::sqrt(8.0) == Approx(qk.score).margin(kTol));
          CHECK(qk.score == Approx(la.scores[(h * T + q) * T + k]).margin(kTol));
          CHECK(row.exp[static_cast<std::size_t>(k)] / row.exp_sum ==
                Approx(row.weights[static_cast<std::size_t>(k)]).margin(kTol));
        }
        // The bars as shown (exp(score − shift)) give the same weights, and read well:
        // their sum below 100 000, the largest at least 1 (exactly 1 when shifted).
        const ShownSoftmax shown = shown_softmax(row);
        REQUIRE(shown.bars.size() == row.scores.size());
        const double top = *std::max_element(shown.bars.begin(), shown.bars.end());
        CHECK(shown.sum < 1e5);
        CHECK(top >= 1.0 - 1e-12);
        if (shown.shifted) CHECK(top == Approx(1.0));
        for (std::size_t k = 0; k < shown.bars.size(); ++k)
          CHECK(shown.bars[k] / shown.sum == Approx(row.weights[k]).margin(kTol));
        // Where the weight goes (chapter 7): the heaviest key, the query itself included.
        const WeightLook look = weight_look(acts, std::string(static_cast<std::size_t>(T), 'a'), l, h, q);
        REQUIRE((look.key >= 0 && look.key <= q));
        for (int k = 0; k <= q; ++k) CHECK(la.weights[(h * T + q) * T + k] <= look.weight);
        CHECK(look.one_back == (look.key == q - 1));
        const HeadMix mix = head_mix(acts, l, h, q);
        const auto mixed = mixed_values(mix);
        // A pulled head's output is zeroed before W_O; every other head's is Σ weight · value.
        if (!pulled.pulled[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)])
          for (int d = 0; d < kDHead; ++d) CHECK(mixed[d] == Approx(mix.head_output[d]).margin(kTol));
        for (int i = 0; i < kDModel; ++i)
          CHECK(mix.stream_before[i] + mix.attention_out[i] == Approx(mix.stream_after[i]).margin(kTol));
      }
  for (int l = 0; l < kLayers; ++l)
    for (int p = 0; p < T; ++p) {
      const MlpRow r = mlp_row(acts, l, p);
      for (int n = 0; n < kDMlp; ++n) CHECK(gelu(r.pre[n]) == Approx(r.post[n]).margin(kTol));
      for (int i = 0; i < kDModel; ++i)
        CHECK(r.stream_before[i] + r.out[i] == Approx(r.stream_after[i]).margin(kTol));
      double total = 0.0;
      for (float pr : r.probabilities) total += pr;
      CHECK(total == Approx(1.0).margin(kTol));
    }
}

}  // namespace

TEST_CASE("beat numbers add up to the recorded tensors", "[beats]") {
  const Case cases[] = {
      {"the queen. the qu", "step_000000.safetensors", ""},
      {"the queen. the qu", "step_009000.safetensors", ""},
      {"qzxv kplw qzxv kp", "step_009000.safetensors", "L2H4"},
      {"a cat sat on the mat, and the cat", "step_000000.safetensors", "L1H2,L2H1"},
  };
  for (const Case& c : cases) {
    INFO(c.text << " " << c.checkpoint << " pulled " << c.pulled);
    const Weights w = shipped(c.checkpoint);
    auto pulled = HeadMask::parse(c.pulled);
    REQUIRE(pulled);
    const Activations acts = forward(w, encode(c.text), *pulled);
    check_pass(acts, *pulled);
    // A pulled head hands over nothing.
    for (int l = 0; l < kLayers; ++l)
      for (int h = 0; h < kHeads; ++h)
        if (pulled->pulled[l][h])
          for (float v : head_mix(acts, l, h, acts.length() - 1).head_output) CHECK(v == 0.0f);
  }
}

TEST_CASE("cache counts match what the KV cache measures", "[beats]") {
  const Weights w = shipped("step_009000.safetensors");
  KvCache cache(w);
  std::int64_t without = 0;
  const std::vector<int> ids = encode("the queen. the qu");
  for (std::size_t n = 1; n <= ids.size(); ++n) {
    cache.append(ids[n - 1]);
    const CacheCounts c = cache_counts(static_cast<int>(n));
    CHECK(c.dot_products_with_cache == cache.dot_products());
    without += static_cast<std::int64_t>(kLayers) * kHeads * causal_cells(static_cast<std::int64_t>(n));
    CHECK(c.dot_products_without_cache == without);
    CHECK(c.scores_computed == static_cast<std::int64_t>(n));
    CHECK(c.cached_keys == static_cast<std::int64_t>(n) - 1);
  }
  CHECK(causal_cells(17) == 153);
}

TEST_CASE("a beat's sums write a negative term as a subtraction", "[beats]") {
  CHECK(sum_text(1.24, -2.30, -1.06) == "1.24 \u2212 2.30 = \u22121.06");
  CHECK(sum_text(-0.83, 3.19, 2.36) == "\u22120.83 + 3.19 = 2.36");
  CHECK(sum_text(1.76, -24.10, -22.34) == "1.76 \u2212 24.10 = \u221222.34");
  CHECK(terms_text({41.1, -41.1}) == "41.10 \u2212 41.10");
  CHECK(terms_text({-5.0, 3.0}) == "\u22125.00 + 3.00");
  CHECK(signed_fixed(-0.001) == "0.00");  // never "−0.00"
  CHECK(added_text(-0.004) == " + 0.00");
}

namespace {

// The notes a beat puts beside the parts, on the trained checkpoint.
struct NotesPass {
  Weights w = shipped("step_009000.safetensors");
  Activations acts;
  SceneInput in;
  explicit NotesPass(const std::string& text) {
    acts = forward(w, encode(text));
    in.acts = &acts;
    in.text = text;
  }
  std::vector<std::string> notes(const BeatStage& stage) {
    in.beat = stage;
    Scene scene;
    build_scene(in, scene);
    std::vector<std::string> out;
    for (const ScreenNote& n : scene.notes) out.push_back(n.text);
    return out;
  }
};

int numbers_in(const std::string& text) {
  const std::regex number("-?[0-9]+\\.[0-9]{2}");
  return static_cast<int>(
      std::distance(std::sregex_iterator(text.begin(), text.end(), number), std::sregex_iterator()));
}

}  // namespace

TEST_CASE("chapter 1's notes say how many of the 32 numbers they list", "[beats]") {
  NotesPass pass("the queen. the qu");
  pass.in.view.split_embedding = true;  // chapter 1 shows the embedding and the position apart
  const int q = pass.acts.length() - 1;
  for (const BeatOp op : {BeatOp::kEmbeddingRow, BeatOp::kPositionWaves}) {
    const char* title = op == BeatOp::kEmbeddingRow ? "embedding" : "position (sin, cos)";
    // Mid-beat, 25 bands have landed: the note lists 25 and says so.
    std::vector<std::string> n = pass.notes({.op = op, .query = q, .progress = 25.0f / 32.0f});
    REQUIRE(n.size() == 1);
    INFO(n[0]);
    CHECK(n[0].rfind(std::string(title) + " \u00b7 25 of 32 so far\n", 0) == 0);
    CHECK(numbers_in(n[0]) == 25);
    // At the beat's end: all 32, the last one the recorded last.
    n = pass.notes({.op = op, .query = q, .progress = 1.0f});
    REQUIRE(n.size() == 1);
    CHECK(n[0].rfind(std::string(title) + " \u00b7 all 32\n", 0) == 0);
    CHECK(numbers_in(n[0]) == 32);
    const float* row = (op == BeatOp::kEmbeddingRow ? pass.acts.embed : pass.acts.pos) + q * kDModel;
    char last[32];
    std::snprintf(last, sizeof last, "%.2f", row[kDModel - 1]);
    CHECK(n[0].substr(n[0].size() - std::string(last).size()) == last);
  }
}

TEST_CASE("chapter 2's note labels the products as key times query", "[beats]") {
  NotesPass pass("the queen. the qu");
  pass.in.selected_head = 1;  // the dials are on the lifted plate, L1H2
  const int q = pass.acts.length() - 1;
  const std::vector<std::string> n =
      pass.notes({.op = BeatOp::kQueryKey, .layer = 0, .head = 1, .query = q, .key = 3, .progress = 1.0f});
  const auto key_note =
      std::find_if(n.begin(), n.end(), [](const std::string& t) { return t.rfind("key", 0) == 0; });
  REQUIRE(key_note != n.end());
  INFO(*key_note);
  CHECK(key_note->rfind("key (place 4): ", 0) == 0);
  CHECK(key_note->find("\nkey \u00d7 query, number by number: ") != std::string::npos);
  CHECK(key_note->find("\n\u00d7 ") == std::string::npos);  // no bare "×" row that reads as the query
  const QueryKey qk = query_key(pass.acts, 0, 1, q, 3);
  char dot[32];
  std::snprintf(dot, sizeof dot, "%.2f", qk.dot);
  CHECK(key_note->find("the 8 products add to " + std::string(dot)) != std::string::npos);
}

TEST_CASE("an addition's note waits for its band and quotes beat_band", "[beats]") {
  NotesPass pass("the queen. the qu");
  const int q = pass.acts.length() - 1;
  for (const BeatOp op : {BeatOp::kAddBands, BeatOp::kAddIntoStream, BeatOp::kMlpAddsBack}) {
    const int layer = op == BeatOp::kMlpAddsBack ? kLayers - 1 : 0;
    const BandSum band = beat_band(pass.acts, op, layer, q);
    REQUIRE(band.band >= 0);
    const float landed = (static_cast<float>(band.band) + 1.0f) / 32.0f;
    // Before its band lands, no note; from then on, that band's sum.
    if (band.band > 0)
      CHECK(pass.notes({.op = op, .layer = layer, .query = q, .progress = landed - 1.0f / 32.0f}).empty());
    for (const float t : {landed, 1.0f}) {
      const std::vector<std::string> n = pass.notes({.op = op, .layer = layer, .query = q, .progress = t});
      REQUIRE(n.size() == 1);
      CHECK(n[0] ==
            "band " + std::to_string(band.band + 1) + ": " + sum_text(band.before, band.added, band.after));
    }
  }
}
