// Direct logit attribution adds up: on random texts, both shipped runs, a checkpoint
// before the phase change (step 300), just after it (1000) and the final one, the parts
// sum to the logit the pass computed, and each head's by-source split to its part.
#include <catch2/catch.hpp>

#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "am/analysis/attribution.hpp"
#include "am/model/alphabet.hpp"
#include "am/model/forward.hpp"
#include "am/model/safetensors.hpp"
#include "shipped_weights.hpp"

using namespace am;
using namespace am::analysis;

namespace {

std::vector<int> random_ids(std::mt19937& rng, int length) {
  std::uniform_int_distribution<int> pick(0, kVocab - 1);
  std::vector<int> ids(static_cast<std::size_t>(length));
  for (int& id : ids) id = pick(rng);
  return ids;
}

void check_adds_up(const Attribution& a) {
  REQUIRE(a.target >= 0);
  CHECK(a.sum() == Approx(a.logit).margin(1e-4));
  for (int l = 0; l < kLayers; ++l)
    for (int h = 0; h < kHeads; ++h) {
      const auto& sources = a.by_source[static_cast<std::size_t>(l * kHeads + h)];
      REQUIRE(static_cast<int>(sources.size()) == a.place + 1);
      double s = 0.0;
      for (double v : sources) s += v;
      CHECK(s == Approx(a.parts[static_cast<std::size_t>(head_part(l, h))]).margin(1e-4));
    }
}

}  // namespace

TEST_CASE("the parts add up to the logit, and each head's sources to its part", "[attribution]") {
  std::mt19937 rng(22);
  for (const char* run : {"repeated", "plain"}) {
    for (const char* file :
         {"step_000300.safetensors", "step_001000.safetensors", "step_009000.safetensors"}) {
      INFO(run << " " << file);
      const Weights w = am::test::shipped_checkpoint(run, file);
      for (int trial = 0; trial < 6; ++trial) {
        const std::vector<int> ids = random_ids(rng, 1 + trial * 12);
        const HeadMask pulled = trial == 5 ? *HeadMask::parse("L2H4,L1H2") : HeadMask{};
        const Activations acts = forward(w, ids, pulled);
        const int top = favourite(acts, acts.length() - 1);
        const int target = static_cast<int>(rng() % kVocab);
        check_adds_up(attribute(w, acts, pulled, top));
        check_adds_up(attribute(w, acts, pulled, target));
        const Attribution diff =
            attribute_difference(w, acts, pulled, top, best_other(acts, acts.length() - 1, top));
        check_adds_up(diff);
        CHECK(diff.logit >= 0.0);  // the favourite over the runner-up
        if (pulled.any()) CHECK(diff.parts[static_cast<std::size_t>(head_part(1, 3))] == 0.0);
      }
    }
  }
}

TEST_CASE("a head's part is its output read out, and the difference is the two splits apart",
          "[attribution]") {
  const Weights w = am::test::shipped_checkpoint("repeated", "step_009000.safetensors");
  const std::vector<int> ids = encode("qzxv kplw qzxv kp");
  const Activations acts = forward(w, ids);
  const int l_id = char_to_id('l');
  REQUIRE(favourite(acts, acts.length() - 1) == l_id);
  const Attribution a = attribute(w, acts, {}, l_id);
  const int other = best_other(acts, acts.length() - 1, l_id);
  const Attribution b = attribute(w, acts, {}, other);
  const Attribution d = attribute_difference(w, acts, {}, l_id, other);
  for (int i = 0; i < kAttributionParts; ++i)
    CHECK(d.parts[static_cast<std::size_t>(i)] ==
          Approx(a.parts[static_cast<std::size_t>(i)] - b.parts[static_cast<std::size_t>(i)]).margin(1e-9));
  // Pulling a head removes its part: the logit drops by about that much (not exactly:
  // the norm's σ and the later layer move too), and the pulled pass gives it 0.
  const HeadMask pull = *HeadMask::parse("L2H4");
  const Attribution pulled = attribute(w, forward(w, ids, pull), pull, l_id);
  CHECK(pulled.parts[static_cast<std::size_t>(head_part(1, 3))] == 0.0);
  CHECK(pulled.logit < a.logit);
}

TEST_CASE("part names round-trip and an empty pass has no attribution", "[attribution]") {
  CHECK(attribution_part_name(kEmbedPart) == "embed");
  CHECK(attribution_part_name(kPosPart) == "pos");
  CHECK(attribution_part_name(head_part(0, 0)) == "L1H1");
  CHECK(attribution_part_name(head_part(1, 3)) == "L2H4");
  CHECK(attribution_part_name(mlp_part(0)) == "mlp1");
  CHECK(attribution_part_name(mlp_part(1)) == "mlp2");
  CHECK(attribution_part_name(kBiasPart) == "bias");
  for (int i = 0; i < kAttributionParts; ++i) CHECK(attribution_part_index(attribution_part_name(i)) == i);
  CHECK(attribution_part_index("L3H1") == -1);
  const Weights w = random_weights(1);
  CHECK(attribute(w, forward(w, std::vector<int>{}), {}, 0).target == -1);
}
