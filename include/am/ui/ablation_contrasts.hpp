// The three heads chapter 9 contrasts, chosen from the measured ablation table:
// the strongest induction head, the earlier-layer head it relies on most, and the
// head whose removal changes the least.
#pragma once

#include <optional>

#include "am/model/analysis_summary.hpp"
#include "am/ui/head_roles.hpp"

namespace am::ui {

// Drops in accuracy (fractions) that the chapter calls large or negligible.
inline constexpr double kLargeDrop = 0.30;
inline constexpr double kNegligibleDrop = 0.03;

struct AblationContrasts {
  HeadRef induction;                  // highest induction score
  std::optional<double> induction_accuracy;
  HeadRef relied_on;                  // earlier layer: the largest single-head cost
  std::optional<double> relied_on_accuracy;
  HeadRef unimportant;                // any other head: the smallest change
  std::optional<double> unimportant_accuracy;
  HeadRef second_induction;           // next-highest induction score
  std::optional<double> both_induction_accuracy;  // both pulled together, if measured
};

std::optional<double> single_head_accuracy(const AnalysisSummary& a, int layer, int head);
AblationContrasts pick_contrasts(const AnalysisSummary& a);

}  // namespace am::ui
