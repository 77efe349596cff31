// What the chapters say about this model, derived from the measured numbers by stated
// rules (never typed in): which head does what, which head the copying reads from, and
// where the sudden change happens.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "am/analysis/checkpoint_analysis.hpp"
#include "am/analysis/head_metrics.hpp"
#include "am/model/curve_search.hpp"
#include "am/model/thresholds.hpp"

namespace am::analysis {

struct HeadPick {
  int layer = -1;  // zero-based; -1 when there was nothing to pick
  int head = -1;
  double value = 0.0;  // the score or accuracy drop it was picked by
  bool valid() const { return layer >= 0; }
  std::string name() const;  // "L2H4", "" when invalid
};

// The sudden change as analysis.json records it: the crossing (find_phase_change), the
// window around it and the loss bumps in that window (loss_bump), all from
// am/model/curve_search.hpp, the searches the app runs too.
struct PhaseFacts : PhaseChange {
  bool found = false;
  std::int64_t window_start = 0;  // bump_window(crossing)
  std::int64_t window_end = 0;
  std::optional<LossBump> train_loss_bump;  // smoothed training loss from the manifest
  std::optional<LossBump> val_loss_bump;    // held-out loss
};
PhaseFacts phase_facts(const std::vector<CheckpointRecord>& series, const PhaseThresholds& t = {});

struct ChapterFacts {
  HeadPick previous_l1;           // layer-1 head with the highest previous-character score
  HeadPick two_back_l1;           // layer-1 head with the highest two-back score
  HeadPick induction_l2;          // layer-2 head with the highest induction score
  HeadPick induction_l2_second;   // the runner-up
  HeadPick reads_from;            // layer-1 head whose removal costs the most accuracy (value: drop)
  bool reads_from_is_previous_l1 = false;
  HeadPick costliest;             // any head, largest drop
  HeadPick least_costly;          // any head, smallest drop
  std::array<std::array<std::string, kHeads>, kLayers> roles;  // role_name(role_of(...))
  PhaseFacts phase;
};

ChapterFacts derive_facts(const std::vector<CheckpointRecord>& series, const HeadTable& final_heads,
                          const FinalAnalysis& final, const RoleThresholds& roles = {},
                          const PhaseThresholds& phase = {});

}  // namespace am::analysis
