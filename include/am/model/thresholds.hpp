// The stated rules that name what the measurements show (docs/analysis_schema.md §1.7):
// the analysis writes them into analysis.json and derives its facts with them, and the
// app reads them back and applies the same rules. One definition for both sides.
#pragma once

namespace am {

// A head role (role_of, head_role.hpp) is the first of these tests that passes, in this order:
//   "induction"          induction >= induction
//   "previous character" previous  >= previous
//   "two back"           two_back  >= two_back
//   "duplicate"          duplicate >= duplicate
//   "spaces"             space >= spaces and space >= spaces_over_share * space_share
//   "self"               self >= self
//   otherwise "mixed".
struct RoleThresholds {
  double induction = 0.4;
  double previous = 0.4;
  double two_back = 0.4;
  double duplicate = 0.4;
  double spaces = 0.4;
  double spaces_over_share = 2.0;
  double self = 0.4;
};
// The sudden change: `after` is the first checkpoint with accuracy >= high; `before` the
// last checkpoint before it with accuracy <= low. Not found if either is missing.
struct PhaseThresholds {
  double low = 0.20;
  double high = 0.70;
};

}  // namespace am
