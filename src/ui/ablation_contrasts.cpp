#include "am/ui/ablation_contrasts.hpp"

#include <cmath>

namespace am::ui {

std::optional<double> single_head_accuracy(const AnalysisSummary& a, int layer, int head) {
  HeadMask m;
  m.pulled[static_cast<std::size_t>(layer)][static_cast<std::size_t>(head)] = true;
  return a.accuracy_with(m);
}

AblationContrasts pick_contrasts(const AnalysisSummary& a) {
  AblationContrasts c;
  c.induction = strongest(a.heads, &HeadScores::induction);
  c.induction_accuracy = single_head_accuracy(a, c.induction.layer, c.induction.head);

  // The second-strongest induction head, for the "both together" row.
  double second = -1.0;
  for (int l = 0; l < kLayers; ++l)
    for (int h = 0; h < kHeads; ++h) {
      if (l == c.induction.layer && h == c.induction.head) continue;
      const double v = a.heads[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)].induction;
      if (v > second) {
        second = v;
        c.second_induction = {l, h};
      }
    }
  if (c.second_induction.valid()) {
    HeadMask both;
    both.pulled[static_cast<std::size_t>(c.induction.layer)][static_cast<std::size_t>(c.induction.head)] = true;
    both.pulled[static_cast<std::size_t>(c.second_induction.layer)][static_cast<std::size_t>(c.second_induction.head)] = true;
    c.both_induction_accuracy = a.accuracy_with(both);
  }

  // What the induction head relies on lives in an earlier layer: the costliest to pull.
  for (int l = 0; l < c.induction.layer; ++l)
    for (int h = 0; h < kHeads; ++h) {
      const auto acc = single_head_accuracy(a, l, h);
      if (acc && (!c.relied_on_accuracy || *acc < *c.relied_on_accuracy)) {
        c.relied_on = {l, h};
        c.relied_on_accuracy = acc;
      }
    }
  if (!c.relied_on.valid() && c.induction.layer > 0)  // no table: fall back on the scores
    c.relied_on = strongest(a.heads, &HeadScores::previous, c.induction.layer - 1);

  double smallest = 0.0;
  for (int l = 0; l < kLayers; ++l)
    for (int h = 0; h < kHeads; ++h) {
      if ((l == c.induction.layer && h == c.induction.head) || (l == c.relied_on.layer && h == c.relied_on.head))
        continue;
      const auto acc = single_head_accuracy(a, l, h);
      if (!acc) continue;
      const double change = std::fabs(a.accuracy - *acc);
      if (!c.unimportant_accuracy || change < smallest) {
        smallest = change;
        c.unimportant = {l, h};
        c.unimportant_accuracy = acc;
      }
    }
  return c;
}

}  // namespace am::ui
