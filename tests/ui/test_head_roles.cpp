// Head roles follow the stated thresholds, and the sentence says exactly that.
#include <catch2/catch.hpp>

#include "am/ui/ablation_contrasts.hpp"
#include "am/ui/head_roles.hpp"
#include "fakes.hpp"

using namespace am;
using namespace am::ui;
using Catch::Matchers::Contains;

namespace {

// The sentences with the formatter's no-break spaces read as plain ones.
template <typename... A>
std::string layer_roles(A&&... a) { return test::plain_spaces(describe_layer_roles(std::forward<A>(a)...)); }
template <typename... A>
std::string induction_words(A&&... a) { return test::plain_spaces(describe_induction(std::forward<A>(a)...)); }

HeadTable quiet_table() {
  HeadTable t{};
  for (auto& layer : t)
    for (auto& h : layer) h = HeadScores{0.1, 0.1, 0.2, 0.1, 0.2, 0.0, 0.0};
  return t;
}

}  // namespace

TEST_CASE("a head is a previous-character head only at or above the threshold", "[roles]") {
  const RoleThresholds t;  // the analysis's: 0.4
  HeadScores s{0.41, 0.1, 0.1, 0.0, 0.2, 0.0, 0.0};
  CHECK(role_of(s, t) == HeadRole::kPreviousCharacter);
  s.previous = 0.39;
  CHECK(role_of(s, t) == HeadRole::kNone);
  s.previous = 0.40;  // "at least"
  CHECK(role_of(s, t) == HeadRole::kPreviousCharacter);
  RoleThresholds stricter;
  stricter.previous = 0.5;
  CHECK(role_of(s, stricter) == HeadRole::kNone);
}

TEST_CASE("roles are tested in the analysis's order", "[roles]") {
  CHECK(role_of({0.6, 0.1, 0.1, 0.0, 0.2, 0.55, 0.0}) == HeadRole::kInduction);        // before previous
  CHECK(role_of({0.45, 0.5, 0.1, 0.0, 0.2, 0.0, 0.0}) == HeadRole::kPreviousCharacter);  // before two back
  CHECK(role_of({0.1, 0.45, 0.1, 0.0, 0.2, 0.0, 0.5}) == HeadRole::kTwoBack);            // before duplicate
  CHECK(role_of({0.1, 0.1, 0.1, 0.0, 0.2, 0.0, 0.5}) == HeadRole::kDuplicate);
  CHECK(role_of({0.1, 0.1, 0.6, 0.0, 0.2, 0.0, 0.0}) == HeadRole::kSelf);
}

TEST_CASE("spaces need both the mass and the lift over the even share", "[roles]") {
  HeadScores s{0.1, 0.1, 0.1, 0.45, 0.2, 0.0, 0.0};
  CHECK(role_of(s) == HeadRole::kSpaces);
  s.space_share = 0.23;  // 0.45 < 2 x 0.23
  CHECK(role_of(s) == HeadRole::kNone);
  s = HeadScores{0.1, 0.1, 0.1, 0.3, 0.05, 0.0, 0.0};  // lifted but too little mass
  CHECK(role_of(s) == HeadRole::kNone);
}

TEST_CASE("the layer sentence names exactly the heads that pass", "[roles]") {
  HeadTable t = quiet_table();
  t[0][1].previous = 0.81;
  t[0][3].previous = 0.77;
  std::string s = layer_roles(t, 0);
  CHECK_THAT(s, Contains("In layer 1, heads 2 and 4 put at least 40 % of their attention on the character just before (81 % and 77 %)"));
  CHECK_THAT(s, Contains("Heads 1 and 3 have no job that clears these thresholds."));

  t[0][3].previous = 0.35;  // drops below the threshold: no longer named
  s = layer_roles(t, 0);
  CHECK_THAT(s, Contains("head 2 puts at least 40 % of its attention on the character just before (81 %)"));
  CHECK(s.find("heads 2 and 4") == std::string::npos);
  CHECK_THAT(s, Contains("Heads 1, 3 and 4 have no job"));

  RoleThresholds strict;
  strict.previous = 0.9;
  s = layer_roles(t, 0, strict);
  CHECK_THAT(s, Contains("In layer 1, no head passes any of these thresholds; the most attention one character back is 81 % (head 2)."));
  CHECK_THAT(layer_roles(t, 0, RoleThresholds{0.4, 0.8, 0.4, 0.4, 0.4, 2.0, 0.4}),
             Contains("head 2 puts at least 80 % of its attention"));
}

TEST_CASE("induction sentence is honest when no head passes", "[roles]") {
  HeadTable t = quiet_table();
  t[1][2].induction = 0.23;
  CHECK(induction_words(t) ==
        "No head reaches the induction threshold of 40 %: the strongest, L2H3, puts only 23 % of its attention on "
        "the character that followed last time.");
  t[1][3].induction = 0.7;
  CHECK_THAT(induction_words(t), Contains("L2H4 reaches the induction threshold of 40 %: inside a repeated stretch it puts 70 %"));
  CHECK_THAT(layer_roles(t, 1), Contains("In layer 2, head 4 is an induction head: inside a repeated stretch it puts at least 40 % of its attention"));
  CHECK(roles_caption(t, 1) == "Layer 2: induction (4)");
  CHECK(roles_caption(quiet_table(), 0) == "Layer 1: no clear jobs");
}

TEST_CASE("strongest picks the largest score, optionally within a layer", "[roles]") {
  HeadTable t = quiet_table();
  t[1][0].previous = 0.9;
  t[0][2].previous = 0.6;
  CHECK(strongest(t, &HeadScores::previous).layer == 1);
  const HeadRef in_layer_1 = strongest(t, &HeadScores::previous, 0);
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
