// What a head does, by the stated rule (docs/analysis_schema.md §1.7): one function for
// both sides. The analysis writes the role's name into analysis.json; the app groups and
// describes heads by the same role, so the two can never disagree.
#pragma once

#include "am/model/head_scores.hpp"
#include "am/model/thresholds.hpp"

namespace am {

// The first role (in this order) whose test passes (thresholds.hpp); otherwise kNone.
enum class HeadRole { kInduction, kPreviousCharacter, kTwoBack, kDuplicate, kSpaces, kSelf, kNone };

HeadRole role_of(const HeadScores& scores, const RoleThresholds& t = {});

// The role's name as analysis.json writes it: "induction", "previous character", "two back",
// "duplicate", "spaces", "self", and "mixed" for kNone.
const char* role_name(HeadRole role);

}  // namespace am
