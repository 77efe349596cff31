// Naming what each head does, from measured scores and stated thresholds. The
// sentences are generated: a head is called a previous-character head only if its
// score says so, and the threshold is quoted in the sentence. The rules are the
// analysis's (role_of, docs/analysis_schema.md §1.7), with its thresholds when it states them.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "am/model/analysis_summary.hpp"
#include "am/model/head_role.hpp"  // role_of: the analysis's rule, applied here

namespace am::ui {

struct HeadRef {
  int layer = -1;  // zero-based
  int head = -1;
  bool valid() const { return layer >= 0 && head >= 0; }
};

// The head with the largest score by `field` (optionally within one layer).
HeadRef strongest(const HeadTable& table, double HeadScores::*field, int only_layer = -1);

// One sentence per layer naming the heads with each role and their scores, e.g.
// "In layer 1, heads 2 and 4 put at least 40 % of their attention on the character
// just before (81 % and 77 %); ...". Heads with no role are said to have none.
std::string describe_layer_roles(const HeadTable& table, int layer, const RoleThresholds& t = {});
// Short caption "Layer 1: previous character (2, 4) · two back (1) · spaces (3)".
std::string roles_caption(const HeadTable& table, int layer, const RoleThresholds& t = {});
// Induction heads and how strong they are, or an honest "none found" with the best score.
std::string describe_induction(const HeadTable& table, const RoleThresholds& t = {});

}  // namespace am::ui
