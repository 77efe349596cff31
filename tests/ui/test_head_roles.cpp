// Head roles follow the stated thresholds, and the sentence says exactly that.
#include <catch2/catch.hpp>

#include "am/ui/ablation_contrasts.hpp"
#include "am/ui/head_roles.hpp"
#include "fakes.hpp"

using namespace am;
using namespace am::ui;
using Catch::Matchers::Contains;

namespace {

HeadScoreTable quiet_table() {
  HeadScoreTable t{};
  for (auto& layer : t)
    for (auto& h : layer) h = HeadScoreSet{0.1, 0.1, 0.2, 0.1, 0.2, 0.0, 0.0};
  return t;
}

}  // namespace

TEST_CASE("a head is a previous-character head only above the threshold", "[roles]") {
  const RoleThresholds t;
  HeadScoreSet s{0.51, 0.1, 0.1, 0.0, 0.2, 0.0, 0.0};
  CHECK(role_of(s, t) == HeadRole::kPreviousCharacter);
  s.previous = 0.49;
  CHECK(role_of(s, t) == HeadRole::kNone);
  s.previous = 0.50;  // "more than half": exactly half is not enough
  CHECK(role_of(s, t) == HeadRole::kNone);
}

TEST_CASE("two-back needs the threshold and to beat one-back and self", "[roles]") {
  HeadScoreSet s{0.2, 0.35, 0.1, 0.0, 0.2, 0.0, 0.0};
  CHECK(role_of(s) == HeadRole::kTwoBack);
  s.self = 0.4;
  CHECK(role_of(s) == HeadRole::kNone);
  s = HeadScoreSet{0.2, 0.29, 0.1, 0.0, 0.2, 0.0, 0.0};
  CHECK(role_of(s) == HeadRole::kNone);
}

TEST_CASE("spaces need both the mass and the lift over the even share", "[roles]") {
  HeadScoreSet s{0.1, 0.1, 0.1, 0.36, 0.17, 0.0, 0.0};
  CHECK(role_of(s) == HeadRole::kSpaces);
  s.space_share = 0.19;  // 0.36 < 2 x 0.19
  CHECK(role_of(s) == HeadRole::kNone);
  s = HeadScoreSet{0.1, 0.1, 0.1, 0.2, 0.05, 0.0, 0.0};  // lifted but too little mass
  CHECK(role_of(s) == HeadRole::kNone);
}

TEST_CASE("induction outranks the other roles", "[roles]") {
  const HeadScoreSet s{0.6, 0.1, 0.1, 0.0, 0.2, 0.55, 0.0};
  CHECK(role_of(s) == HeadRole::kInduction);
}

TEST_CASE("the layer sentence names exactly the heads that pass", "[roles]") {
  HeadScoreTable t = quiet_table();
  t[0][1].previous = 0.81;
  t[0][3].previous = 0.77;
  std::string s = describe_layer_roles(t, 0);
  CHECK_THAT(s, Contains("In layer 1, heads 2 and 4 put more than 50 % of their attention on the character just before (81 % and 77 %)"));
  CHECK_THAT(s, Contains("Heads 1 and 3 have no job that clears these thresholds."));

  t[0][3].previous = 0.45;  // drops below the threshold: no longer named
  s = describe_layer_roles(t, 0);
  CHECK_THAT(s, Contains("head 2 puts more than 50 % of its attention on the character just before (81 %)"));
  CHECK(s.find("heads 2 and 4") == std::string::npos);
  CHECK_THAT(s, Contains("Heads 1, 3 and 4 have no job"));

  RoleThresholds strict;
  strict.previous = 0.9;
  s = describe_layer_roles(t, 0, strict);
  CHECK_THAT(s, Contains("In layer 1, no head passes any of these thresholds; the most attention one character back is 81 % (head 2)."));
}

TEST_CASE("induction sentence is honest when no head passes", "[roles]") {
  HeadScoreTable t = quiet_table();
  t[1][2].induction = 0.23;
  CHECK(describe_induction(t) ==
        "No head passes the induction threshold of 50 %: the strongest, L2H3, puts only 23 % of its attention on the "
        "character that followed last time.");
  t[1][3].induction = 0.7;
  CHECK_THAT(describe_induction(t), Contains("L2H4 passes the induction threshold of 50 %: inside a repeated stretch it puts 70 %"));
  CHECK(roles_caption(t, 1) == "Layer 2: induction (4)");
  CHECK(roles_caption(quiet_table(), 0) == "Layer 1: no clear jobs");
}

TEST_CASE("strongest picks the largest score, optionally within a layer", "[roles]") {
  HeadScoreTable t = quiet_table();
  t[1][0].previous = 0.9;
  t[0][2].previous = 0.6;
  CHECK(strongest(t, &HeadScoreSet::previous).layer == 1);
  const HeadRef in_layer_1 = strongest(t, &HeadScoreSet::previous, 0);
  CHECK(in_layer_1.layer == 0);
  CHECK(in_layer_1.head == 2);
}

TEST_CASE("ablation contrasts come from the table", "[roles]") {
  const AnalysisSummary a = test::analysis_a();
  const AblationContrasts c = pick_contrasts(a);
  CHECK(head_name(c.induction.layer, c.induction.head) == "L2H3");
  CHECK(head_name(c.relied_on.layer, c.relied_on.head) == "L1H2");
  CHECK(head_name(c.unimportant.layer, c.unimportant.head) == "L2H1");
  CHECK(*c.induction_accuracy == Approx(0.33));
  CHECK(*c.both_induction_accuracy == Approx(0.12));
}
