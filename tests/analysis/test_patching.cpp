// Activation patching: every head at every position brings the clean difference back
// (1), nothing brings back 0, one cell of the map is the same as patching that one site
// alone, and the suggested corruption is the documented one.
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <vector>

#include "am/analysis/patching.hpp"
#include "am/model/alphabet.hpp"
#include "am/model/forward.hpp"
#include "am/model/safetensors.hpp"
#include "shipped_weights.hpp"

using namespace am;
using namespace am::analysis;

namespace {

std::vector<HeadSite> every_site(int T) {
  std::vector<HeadSite> sites;
  for (int l = 0; l < kLayers; ++l)
    for (int h = 0; h < kHeads; ++h)
      for (int p = 0; p < T; ++p) sites.push_back({l, h, p});
  return sites;
}

}  // namespace

TEST_CASE("the suggested corruption changes what followed the last character's first place", "[patching]") {
  const auto s = suggest_corruption(encode("qzxv kplw qzxv kp"));
  REQUIRE(s);
  CHECK(decode(*s) == "qzxv kpaw qzxv kp");  // 'l' after the first 'p'; 'a' is not in the text
  // The last character stands nowhere earlier: the first repeated character is used.
  const auto t = suggest_corruption(encode("abcab d"));
  REQUIRE(t);
  CHECK(decode(*t) == "aecab d");
  CHECK_FALSE(suggest_corruption(encode("abcdef")));
  CHECK_FALSE(suggest_corruption(encode("aa")));
}

TEST_CASE("patching everything restores the clean difference, nothing restores 0", "[patching]") {
  for (const char* run : {"repeated", "plain"}) {
    for (const char* file : {"step_000300.safetensors", "step_009000.safetensors"}) {
      INFO(run << " " << file);
      const Weights w = am::test::shipped_checkpoint(run, file);
      for (const char* text : {"qzxv kplw qzxv kp", "the cat sat. the ca", "abcdefgh abcdef"}) {
        INFO(text);
        const std::vector<int> clean = encode(text);
        const auto corrupted = suggest_corruption(clean);
        REQUIRE(corrupted);
        for (const HeadMask& pulled : {HeadMask{}, *HeadMask::parse("L1H3")}) {
          const auto runs = patching_runs(w, clean, *corrupted, pulled);
          REQUIRE(runs);
          CHECK(runs->clean_metric >= 0.0);  // the clean favourite wins in the clean run
          // A share is a ratio: checked as logit differences, so a small gap does not blow up rounding.
          const double gap = runs->clean_metric - runs->corrupted_metric;
          REQUIRE(std::abs(gap) > 1e-3);
          const auto all = every_site(runs->clean.length());
          CHECK((patch_heads(w, pulled, *runs, all) - 1.0) * gap == Approx(0.0).margin(1e-4));
          CHECK(patch_heads(w, pulled, *runs, {}) == Approx(0.0).margin(1e-9));
          const PatchingMap map = patching_map(w, pulled, *runs);
          // Each cell is that one site alone; spot-check the first layer's cells and the last place.
          const int T = runs->clean.length();
          for (int h = 0; h < kHeads; ++h)
            for (int p : {0, T / 2, T - 1}) {
              const HeadSite one[] = {{0, h, p}};
              CHECK((map.heads[static_cast<std::size_t>(h)][static_cast<std::size_t>(p)] -
                     patch_heads(w, pulled, *runs, one)) *
                        gap ==
                    Approx(0.0).margin(1e-4));
              const HeadSite two[] = {{1, h, p}};
              CHECK((map.heads[static_cast<std::size_t>(kHeads + h)][static_cast<std::size_t>(p)] -
                     patch_heads(w, pulled, *runs, two)) *
                        gap ==
                    Approx(0.0).margin(1e-4));
            }
          CHECK(map.resid[1][0] == 0.0);  // position 0 is not corrupted: nothing to patch
        }
      }
    }
  }
}

TEST_CASE("patching the changed place's stream entering layer 1 restores everything", "[patching]") {
  const Weights w = am::test::shipped_checkpoint("repeated", "step_009000.safetensors");
  const std::vector<int> clean = encode("qzxv kplw qzxv kp");
  const auto runs = patching_runs(w, clean, *suggest_corruption(clean), {});
  REQUIRE(runs);
  const PatchingMap map = patching_map(w, {}, *runs);
  // Only place 7 differs: its clean x0 makes the corrupted pass the clean one.
  CHECK(map.resid[0][7] == Approx(1.0).margin(1e-4));
  for (int p = 0; p < runs->clean.length(); ++p)
    if (p != 7) CHECK(map.resid[0][static_cast<std::size_t>(p)] == Approx(0.0).margin(1e-6));
}

TEST_CASE("texts of different lengths are refused with a message", "[patching]") {
  const Weights w = random_weights(3);
  const auto r = patching_runs(w, encode("abcab"), encode("abc"), {});
  REQUIRE_FALSE(r);
  CHECK(r.error().find("as many characters") != std::string::npos);
  CHECK_FALSE(patching_runs(w, std::vector<int>{}, std::vector<int>{}, {}));
}
