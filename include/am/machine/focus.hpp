// Named parts of the machine a chapter can point the camera and its callouts at,
// and their world-space bounds, found from the scene's own instances and tubes
// (so the bounds follow whatever the builder drew). Pure: no GL.
#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <span>

#include <glm/glm.hpp>

#include "am/machine/scene.hpp"

namespace am::machine {

enum class FocusPart : std::uint8_t {
  kSlugs,        // the whole row of type slugs
  kQuerySlug,    // the selected query's slug
  kEntryBands,   // the first stretch(es) of the tubes: embedding (+ position) bands
  kLiftedDials,  // the dials on the selected head's lifted plate
  kLiftedGrid,   // the [query x key] weight grid on that plate
  kShutter,      // the shutter over the cells j > i on that plate
  kThreads,      // the threads from the query to every key on that plate
  kBeads,        // the beads travelling along those threads
  kLayerPlates,  // the selected layer's four head plates
  kAllPlates,    // all eight head plates
  kPathPlates,   // the plates of the heads on the highlighted (copying) path
  kCopyThread,   // on the path's last head: the query's thread to the key it weighs most, itself included
  kMlp,          // both MLP housings' needles
  kColumns,      // the probability columns at the back
  kDrum,         // the training drum
  kRack,         // the rack of heads
  kBeatStretch,  // a beat's bands: the stretch of the query's tube the beat writes into (chapter 1: all
                 // three)
  kBeatMlp,      // a beat's MLP housing: its layer's needles
  kMachine,      // everything drawn
  kCount
};
inline constexpr int kFocusPartCount = static_cast<int>(FocusPart::kCount);

// "query slug", "lifted dials", ... (stable names for dumps and tests).
const char* focus_part_name(FocusPart part);

// An axis-aligned box; empty until a point is added.
struct Box {
  glm::vec3 lo{std::numeric_limits<float>::max()};
  glm::vec3 hi{std::numeric_limits<float>::lowest()};
  bool empty() const { return lo.x > hi.x; }
  void add(const glm::vec3& p) {
    lo = glm::min(lo, p);
    hi = glm::max(hi, p);
  }
  void add(const Box& b) {
    if (!b.empty()) {
      add(b.lo);
      add(b.hi);
    }
  }
  glm::vec3 centre() const { return 0.5f * (lo + hi); }
};

// The world bounds of one focus part in a built scene; empty when the scene does
// not show it (no lifted plate, no path, no text...). `input` is the scene's input.
Box part_bounds(const Scene& scene, const SceneInput& input, FocusPart part);
// The bounds of everything drawn with one pick id (one part).
Box pick_bounds(const Scene& scene, render::PickId id);
// The union of several parts' bounds.
Box parts_bounds(const Scene& scene, const SceneInput& input, std::span<const FocusPart> parts);

// The pick id of the part that best stands for a focus part (the one whose number a
// callout shows: the highest dial, the copying head's heaviest thread, to weight_look's
// key, the likeliest column...), or nullopt when the scene has none.
std::optional<render::PickId> representative_part(const Scene& scene, const SceneInput& input,
                                                  FocusPart part);

}  // namespace am::machine
