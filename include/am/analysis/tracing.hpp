// "Why this character?" for one pass: the attribution of the chosen character (or the
// favourite), the same split against the runner-up, and, when a corrupted text is given,
// the patching map. One pure function the app, the state dump and `--json` all call, and
// their JSON (the contract names of issue 22: attribution {target, logit, components,
// by_source}; patching {clean, corrupted, metric, heads, resid}).
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "am/analysis/attribution.hpp"
#include "am/analysis/manifest_metrics.hpp"
#include "am/analysis/patching.hpp"

namespace am::analysis {

// What to corrupt: nothing, the suggestion (suggest_corruption), or typed ids.
struct Corruption {
  enum class Kind { kNone, kAuto, kText } kind = Kind::kNone;
  std::vector<int> ids;  // kText: the normalized ids typed
};

struct Tracing {
  Attribution attribution;  // the target's logit (target -1 when there is no text)
  Attribution versus;       // target − runner-up (the best other character)
  // Patching (when asked and possible).
  bool patched = false;
  std::string patching_error;  // why not, when asked but impossible
  std::vector<int> clean_ids, corrupted_ids;
  int clean_favourite = -1, corrupted_favourite = -1;
  double clean_metric = 0.0, corrupted_metric = 0.0;
  PatchingMap map;
};

// "top" (or "") is the favourite: -1. Otherwise one character of the alphabet (a capital
// is read as its small letter; "space" names the space). Anything else is an error.
Result<int> parse_target_character(std::string_view text);

// acts: the pass of `ids` (the window read) with `pulled`; target -1: the favourite.
Tracing trace(const Weights& weights, const Activations& acts, std::span<const int> ids,
              const HeadMask& pulled, int target, const Corruption& corruption);

Json attribution_json(const Tracing& t);
Json patching_json(const Tracing& t);  // null when nothing was patched (with "error" if asked)

}  // namespace am::analysis
