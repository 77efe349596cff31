#include "am/analysis/chapter_facts.hpp"

#include <algorithm>
#include <functional>
#include <tuple>

#include "am/model/head_mask.hpp"
#include "am/model/head_role.hpp"

namespace am::analysis {

std::string HeadPick::name() const { return valid() ? head_name(layer, head) : std::string(); }

PhaseFacts phase_facts(const std::vector<CheckpointRecord>& series, const PhaseThresholds& t) {
  std::vector<StepValue> accuracy, train, val;
  for (const auto& r : series) {
    accuracy.emplace_back(r.step, r.accuracy);
    if (r.train_loss_smoothed) train.emplace_back(r.step, *r.train_loss_smoothed);
    if (r.val_loss) val.emplace_back(r.step, *r.val_loss);
  }
  PhaseFacts p;
  const auto crossing = find_phase_change(accuracy, t);
  if (!crossing) return p;
  static_cast<PhaseChange&>(p) = *crossing;
  p.found = true;
  std::tie(p.window_start, p.window_end) = bump_window(*crossing);
  p.train_loss_bump = loss_bump(train, p.window_start, p.window_end);
  p.val_loss_bump = loss_bump(val, p.window_start, p.window_end);
  return p;
}

namespace {

// The head in `layers` with the largest (or smallest) value; first one on ties.
HeadPick pick(int first_layer, int last_layer, const std::function<double(int, int)>& value, bool largest) {
  HeadPick best;
  for (int l = first_layer; l <= last_layer; ++l)
    for (int h = 0; h < kHeads; ++h) {
      const double v = value(l, h);
      if (!best.valid() || (largest ? v > best.value : v < best.value)) best = HeadPick{l, h, v};
    }
  return best;
}

}  // namespace

ChapterFacts derive_facts(const std::vector<CheckpointRecord>& series, const HeadTable& heads,
                          const FinalAnalysis& final, const RoleThresholds& roles, const PhaseThresholds& phase) {
  const auto score = [&](int l, int h) -> const HeadScores& {
    return heads[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)];
  };
  const auto drop = [&](int l, int h) {
    return final.single[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)].drop;
  };
  ChapterFacts f;
  f.previous_l1 = pick(0, 0, [&](int l, int h) { return score(l, h).previous; }, true);
  f.two_back_l1 = pick(0, 0, [&](int l, int h) { return score(l, h).two_back; }, true);
  const auto ranked = layer2_by_induction(heads);
  if (ranked.size() >= 1)
    f.induction_l2 = HeadPick{ranked[0][0], ranked[0][1], score(ranked[0][0], ranked[0][1]).induction};
  if (ranked.size() >= 2)
    f.induction_l2_second = HeadPick{ranked[1][0], ranked[1][1], score(ranked[1][0], ranked[1][1]).induction};
  f.reads_from = pick(0, 0, drop, true);
  f.reads_from_is_previous_l1 = f.reads_from.layer == f.previous_l1.layer && f.reads_from.head == f.previous_l1.head;
  f.costliest = pick(0, kLayers - 1, drop, true);
  f.least_costly = pick(0, kLayers - 1, drop, false);
  for (int l = 0; l < kLayers; ++l)
    for (int h = 0; h < kHeads; ++h)
      f.roles[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)] =
          role_name(role_of(score(l, h), roles));
  f.phase = phase_facts(series, phase);
  return f;
}

}  // namespace am::analysis
