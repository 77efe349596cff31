// Naming what each head does, from measured scores and stated thresholds. The
// sentences are generated: a head is called a previous-character head only if its
// score says so, and the threshold is quoted in the sentence.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "am/ui/analysis_summary.hpp"

namespace am::ui {

enum class HeadRole { kInduction, kPreviousCharacter, kTwoBack, kSpaces, kNone };

struct RoleThresholds {
  double previous = 0.5;      // attention one back above this: a previous-character head
  double two_back = 0.3;      // two back above this AND above one back and self: a two-back head
  double space_lift = 2.0;    // mass on spaces at least this many times their share
  double space_min = 0.25;    // ... and at least this much mass on spaces
  double induction = 0.5;     // induction score above this: an induction head
};

// The first role (in the order of HeadRole) whose threshold the scores pass.
HeadRole role_of(const HeadScoreSet& scores, const RoleThresholds& t = {});

struct HeadRef {
  int layer = -1;  // zero-based
  int head = -1;
  bool valid() const { return layer >= 0 && head >= 0; }
};

// The head with the largest score by `field` (optionally within one layer).
HeadRef strongest(const HeadScoreTable& table, double HeadScoreSet::*field, int only_layer = -1);

// One sentence per layer naming the heads with each role and their scores, e.g.
// "In layer 1, heads 2 and 4 put more than 50 % of their attention on the character
// just before (0.81, 0.77); ...". Heads with no role are said to have none.
std::string describe_layer_roles(const HeadScoreTable& table, int layer, const RoleThresholds& t = {});
// Short caption "Layer 1: previous character (heads 2, 4) · two back (1) · spaces (3)".
std::string roles_caption(const HeadScoreTable& table, int layer, const RoleThresholds& t = {});
// Induction heads and how strong they are, or an honest "none found" with the best score.
std::string describe_induction(const HeadScoreTable& table, const RoleThresholds& t = {});

}  // namespace am::ui
