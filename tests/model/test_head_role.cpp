// The one head-role rule: the enum both sides use, and the names analysis.json carries.
#include <catch2/catch.hpp>

#include <string>

#include "am/model/head_role.hpp"

using namespace am;

TEST_CASE("every role has the name analysis.json writes", "[roles]") {
  CHECK(std::string(role_name(HeadRole::kInduction)) == "induction");
  CHECK(std::string(role_name(HeadRole::kPreviousCharacter)) == "previous character");
  CHECK(std::string(role_name(HeadRole::kTwoBack)) == "two back");
  CHECK(std::string(role_name(HeadRole::kDuplicate)) == "duplicate");
  CHECK(std::string(role_name(HeadRole::kSpaces)) == "spaces");
  CHECK(std::string(role_name(HeadRole::kSelf)) == "self");
  CHECK(std::string(role_name(HeadRole::kNone)) == "mixed");
}

namespace {

struct Scores {
  double previous = 0, two_back = 0, self = 0, space = 0, space_share = 0, induction = 0, duplicate = 0;
  operator HeadScores() const {
    HeadScores h;
    h.previous = previous, h.two_back = two_back, h.self = self, h.space = space;
    h.space_share = space_share, h.induction = induction, h.duplicate = duplicate;
    return h;
  }
};

}  // namespace

TEST_CASE("role_of takes the first test that passes, at the stated thresholds", "[roles]") {
  Scores s{.previous = 0.45, .two_back = 0.9, .self = 0.9, .space = 0.9, .induction = 0.39, .duplicate = 0.9};
  CHECK(role_of(s) == HeadRole::kPreviousCharacter);
  s.induction = 0.40;  // thresholds are inclusive
  CHECK(role_of(s) == HeadRole::kInduction);
  CHECK(role_of(Scores{.previous = 0.39, .two_back = 0.40, .duplicate = 0.9}) == HeadRole::kTwoBack);
  CHECK(role_of(Scores{.self = 0.9, .duplicate = 0.40}) == HeadRole::kDuplicate);
  CHECK(role_of(Scores{.self = 0.9, .space = 0.5, .space_share = 0.25}) ==
        HeadRole::kSpaces);  // 0.5 >= 2 x 0.25
  CHECK(role_of(Scores{.self = 0.9, .space = 0.5, .space_share = 0.26}) ==
        HeadRole::kSelf);  // 0.5 < 2 x 0.26
  CHECK(role_of(Scores{.self = 0.39}) == HeadRole::kNone);
  RoleThresholds looser;
  looser.self = 0.3;
  CHECK(role_of(Scores{.self = 0.39}, looser) == HeadRole::kSelf);
}
