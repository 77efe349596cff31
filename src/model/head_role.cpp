#include "am/model/head_role.hpp"

#include "am/core/named_enum.hpp"

namespace am {
namespace {

constexpr NamedValue<HeadRole> kRoleNames[] = {
    {HeadRole::kInduction, "induction"}, {HeadRole::kPreviousCharacter, "previous character"},
    {HeadRole::kTwoBack, "two back"},    {HeadRole::kDuplicate, "duplicate"},
    {HeadRole::kSpaces, "spaces"},       {HeadRole::kSelf, "self"},
    {HeadRole::kNone, "mixed"},
};

}  // namespace

HeadRole role_of(const HeadScores& s, const RoleThresholds& t) {
  if (s.induction >= t.induction) return HeadRole::kInduction;
  if (s.previous >= t.previous) return HeadRole::kPreviousCharacter;
  if (s.two_back >= t.two_back) return HeadRole::kTwoBack;
  if (s.duplicate >= t.duplicate) return HeadRole::kDuplicate;
  if (s.space >= t.spaces && s.space >= t.spaces_over_share * s.space_share) return HeadRole::kSpaces;
  if (s.self >= t.self) return HeadRole::kSelf;
  return HeadRole::kNone;
}

const char* role_name(HeadRole role) { return name_of(kRoleNames, role); }

}  // namespace am
