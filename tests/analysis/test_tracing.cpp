// The tracing JSON carries the contract names of issue 22, and the target is parsed plainly.
#include <catch2/catch.hpp>

#include "am/analysis/tracing.hpp"
#include "am/model/alphabet.hpp"
#include "am/model/forward.hpp"
#include "shipped_weights.hpp"

using namespace am;
using namespace am::analysis;

TEST_CASE("the target is 'top', one character or 'space'", "[tracing]") {
  CHECK(*parse_target_character("top") == -1);
  CHECK(*parse_target_character("l") == char_to_id('l'));
  CHECK(*parse_target_character("L") == char_to_id('l'));
  CHECK(*parse_target_character("space") == char_to_id(' '));
  CHECK(*parse_target_character(",") == char_to_id(','));
  CHECK_FALSE(parse_target_character("7"));
  CHECK_FALSE(parse_target_character("ll"));
}

TEST_CASE("attribution and patching JSON hold the contract's names and numbers", "[tracing]") {
  const Weights w = am::test::shipped_checkpoint("repeated", "step_009000.safetensors");
  const std::vector<int> ids = encode("qzxv kplw qzxv kp");
  const Activations acts = forward(w, ids);
  const Tracing t = trace(w, acts, ids, {}, -1, {Corruption::Kind::kAuto, {}});
  const Json a = attribution_json(t);
  CHECK(a["target"] == "l");
  CHECK(a["logit"].get<double>() == Approx(acts.logits[16 * kVocab + char_to_id('l')]).margin(1e-6));
  double sum = 0.0;
  for (const char* name : {"embed", "pos", "L1H1", "L1H2", "L1H3", "L1H4", "L2H1", "L2H2", "L2H3", "L2H4",
                           "mlp1", "mlp2", "bias"})
    sum += a["components"][name].get<double>();
  CHECK(sum == Approx(a["logit"].get<double>()).margin(1e-4));
  CHECK(a["components"].size() == 13);
  CHECK(a["by_source"]["L2H4"].size() == 17);
  const Json p = patching_json(t);
  CHECK(p["clean"] == "qzxv kplw qzxv kp");
  CHECK(p["corrupted"] == "qzxv kpaw qzxv kp");
  CHECK(p["metric"]["clean_favourite"] == "l");
  CHECK(p["heads"].size() == 8);
  CHECK(p["heads"]["L1H1"].size() == 17);
  CHECK(p["resid"]["L1"][7].get<double>() == Approx(1.0).margin(1e-4));
  // Different lengths: no map, and the reason.
  const Tracing bad = trace(w, acts, ids, {}, -1, {Corruption::Kind::kText, encode("abc")});
  CHECK_FALSE(bad.patched);
  CHECK(patching_json(bad)["error"].get<std::string>().find("as many characters") != std::string::npos);
  CHECK(patching_json(trace(w, acts, ids, {}, -1, {})).is_null());
}
