// Activation patching, clean against corrupted: the same model reads two texts of the
// same length; copying one head's output (before W_O) at one position from the clean pass
// into the corrupted pass shows how much of the clean answer that one value carries.
//
// metric = logit(clean favourite) − logit(corrupted favourite) at the last place. A cell
// is (metric patched − metric corrupted) / (metric clean − metric corrupted): 1 brings
// the clean answer back, 0 changes nothing.
#pragma once

#include <array>
#include <span>
#include <vector>

#include "am/analysis/attribution.hpp"
#include "am/core/result.hpp"
#include "am/model/activations.hpp"
#include "am/model/head_mask.hpp"
#include "am/model/weights.hpp"

namespace am::analysis {

// The suggested corruption ("corrupt auto"), on the ids the model reads. Let c be the last
// character. At the first earlier place j where c stands (j + 1 before the last place),
// the character after it, ids[j + 1], is what an induction head would copy: it is replaced
// by the first letter a..z that is nowhere in the text (else the first letter other than
// it). If c stands nowhere earlier, the same is done for the first character that appears
// twice. A text with nothing repeated has no suggestion (an error says so).
Result<std::vector<int>> suggest_corruption(std::span<const int> ids);

// One head's output at one position: layer and head zero-based.
struct HeadSite {
  int layer = 0;
  int head = 0;
  int position = 0;
};

// The two passes patching starts from (same weights, same pulled heads).
struct PatchingRuns {
  Activations clean;
  Activations corrupted;
  int clean_favourite = -1;      // the characters the metric compares
  int corrupted_favourite = -1;  // (the clean runner-up when both runs favour the same one)
  double clean_metric = 0.0;
  double corrupted_metric = 0.0;
  double metric_of(const Activations& acts) const;
  // (metric − corrupted) / (clean − corrupted); 0 when the two runs do not differ.
  double share(double metric) const;
};

// Clean and corrupted ids must be as long as each other (and not empty).
Result<PatchingRuns> patching_runs(const Weights& weights, std::span<const int> clean,
                                   std::span<const int> corrupted, const HeadMask& pulled);

// The share brought back by patching every listed head site at once.
double patch_heads(const Weights& weights, const HeadMask& pulled, const PatchingRuns& runs,
                   std::span<const HeadSite> sites);

struct PatchingMap {
  // [head (layer * kHeads + head)][position]: the share brought back by that one site.
  std::array<std::vector<double>, kHeadCount> heads{};
  // [layer][position]: the share brought back by the residual stream entering that layer.
  std::array<std::vector<double>, kLayers> resid{};
};

// Every head × position and every layer × position, one site at a time. Each patched pass
// reuses the corrupted pass: only what the patched value reaches on the way to the last
// place is recomputed (last_place_reader.hpp). A layer-2 head at a
// position before the last writes only that position, which nothing after it reads again
// for the last place's score: those cells are exactly 0 and are not run; nor is a site
// whose clean value equals the corrupted one (before the first changed place, say).
PatchingMap patching_map(const Weights& weights, const HeadMask& pulled, const PatchingRuns& runs);

}  // namespace am::analysis
