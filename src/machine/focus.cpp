// Focus-part bounds from the scene itself: every instance and tube carries the pick
// id of the part it belongs to, so a part's bounds are the union of its pieces.
#include "am/machine/focus.hpp"

#include "am/machine/beat_notes.hpp"
#include "am/machine/layout.hpp"
#include "beat_look.hpp"

#include <algorithm>
#include <array>

namespace am::machine {
namespace {

using render::Mesh;

// The unit mesh's local bounds (draw_list.hpp): the needle grows from its base along +Y.
void local_bounds(Mesh mesh, glm::vec3& lo, glm::vec3& hi) {
  lo = glm::vec3(-0.5f);
  hi = glm::vec3(0.5f);
  if (mesh == Mesh::kNeedle) lo.y = 0.0f;
  if (mesh == Mesh::kDisc) lo.y = hi.y = 0.0f;
}

void add_instance(Box& box, Mesh mesh, const glm::mat4& m) {
  glm::vec3 lo, hi;
  local_bounds(mesh, lo, hi);
  for (int c = 0; c < 8; ++c) {
    const glm::vec3 p((c & 1) ? hi.x : lo.x, (c & 2) ? hi.y : lo.y, (c & 4) ? hi.z : lo.z);
    box.add(glm::vec3(m * glm::vec4(p, 1.0f)));
  }
}

// The last head on the highlighted path (the one that copies), if any.
std::optional<std::pair<int, int>> copying_head(const SceneInput& in) {
  if (!in.view.highlight_path) return std::nullopt;
  std::optional<std::pair<int, int>> last;
  for (const auto& ph : in.view.path_heads)
    if (ph) last = ph;
  return last;
}

bool on_path(const SceneInput& in, int layer, int head) {
  if (!in.view.highlight_path) return false;
  for (const auto& ph : in.view.path_heads)
    if (ph && ph->first == layer && ph->second == head) return true;
  return false;
}

bool selected(const Part& p, const SceneInput& in) {
  const int layer = std::clamp(in.selected_layer, 0, kLayers - 1),
            head = std::clamp(in.selected_head, 0, kHeads - 1);
  return p.layer == layer && p.head == head;
}

// The query position as the builder resolves it (-1: no text).
int query_of(const SceneInput& in) {
  const int T = in.acts ? in.acts->length() : 0;
  if (T == 0) return -1;
  return in.selected_position < 0 || in.selected_position >= T ? T - 1 : in.selected_position;
}

// Whether a part belongs to a focus part (kCopyThread is resolved by representative_part).
bool belongs(const Part& p, const SceneInput& in, FocusPart f, int query) {
  switch (f) {
    case FocusPart::kSlugs:
      return p.kind == PartKind::kSlug;
    case FocusPart::kQuerySlug:
      return p.kind == PartKind::kSlug && p.position == query;
    case FocusPart::kEntryBands:
      return p.kind == PartKind::kBand && p.stage <= static_cast<int>(Stage::kEmbeddingPlusPosition);
    case FocusPart::kLiftedDials:
      return p.kind == PartKind::kDial && selected(p, in);
    case FocusPart::kLiftedGrid:
      return p.kind == PartKind::kAttentionCell && selected(p, in);
    case FocusPart::kShutter:
      return p.kind == PartKind::kShutter && selected(p, in);
    case FocusPart::kThreads:
      return p.kind == PartKind::kThread && selected(p, in);
    case FocusPart::kBeads:
      return p.kind == PartKind::kBead && selected(p, in);
    case FocusPart::kLayerPlates:
      return p.kind == PartKind::kHeadPlate && p.layer == std::clamp(in.selected_layer, 0, kLayers - 1);
    case FocusPart::kAllPlates:
      return p.kind == PartKind::kHeadPlate;
    case FocusPart::kPathPlates:
      return p.kind == PartKind::kHeadPlate && on_path(in, p.layer, p.head);
    case FocusPart::kCopyThread:
      return false;
    case FocusPart::kMlp:
      return p.kind == PartKind::kMlpNeedle;
    case FocusPart::kColumns:
      return p.kind == PartKind::kProbabilityColumn;
    case FocusPart::kDrum:
      return p.kind == PartKind::kDrum;
    case FocusPart::kRack:
      return p.kind == PartKind::kRackHead;
    case FocusPart::kBeatStretch: {
      // The stretch the beat writes into and the stretch before it: before, then after.
      const int target = beat_stretch(in.beat);
      // Chapter 1's three stretches lie side by side: all of them; later, the one written.
      const int first = target <= static_cast<int>(Stage::kEmbeddingPlusPosition) ? 0 : target;
      return p.kind == PartKind::kBand && p.position == in.beat.query && target >= 0 && p.stage >= first &&
             p.stage <= target;
    }
    case FocusPart::kBeatMlp:
      return p.kind == PartKind::kMlpNeedle && p.layer == in.beat.layer;
    case FocusPart::kMachine:
    case FocusPart::kCount:
      return false;
  }
  return false;
}

// Bounds of everything carrying a pick id that `wanted` accepts.
template <typename Wanted>
Box bounds_where(const Scene& scene, Wanted wanted) {
  Box box;
  for (int m = 0; m < render::kMeshCount; ++m)
    for (const auto& batch : scene.draw.batches[static_cast<std::size_t>(m)])
      for (const render::Instance& inst : batch)
        render::for_each_drawn_part(scene.draw, inst, [&](const render::Instance& part) {
          if (part.pick != 0 && wanted(part.pick)) add_instance(box, static_cast<Mesh>(m), part.transform);
        });
  for (const render::SweptTube& t : scene.draw.tubes)
    if (t.pick != 0 && wanted(t.pick))
      for (const glm::vec3& p : t.points) {
        box.add(p - glm::vec3(t.radius));
        box.add(p + glm::vec3(t.radius));
      }
  return box;
}

}  // namespace

const char* focus_part_name(FocusPart part) {
  static constexpr std::array<const char*, kFocusPartCount> kNames = {
      "slugs", "query slug",   "entry bands",  "lifted dials", "weight grid", "shutter", "threads",
      "beads", "layer plates", "all plates",   "path plates",  "copy thread", "mlp",     "columns",
      "drum",  "rack",         "beat stretch", "beat mlp",     "machine"};
  const auto i = static_cast<std::size_t>(part);
  return i < kNames.size() ? kNames[i] : "?";
}

std::optional<render::PickId> representative_part(const Scene& scene, const SceneInput& input,
                                                  FocusPart part) {
  const int query = query_of(input);
  std::optional<render::PickId> best;
  float best_value = 0.0f;
  const auto consider = [&](std::size_t i, float value) {
    if (!best || value > best_value) {
      best = static_cast<render::PickId>(i + 1);
      best_value = value;
    }
  };
  if (part == FocusPart::kCopyThread) {
    // The thread to the key the copying head weighs most from the query, the query itself
    // included: the one rule the beats and the callout's words share (weight_look).
    const auto copier = copying_head(input);
    if (!copier || query < 0) return std::nullopt;
    const WeightLook look = weight_look(*input.acts, input.text, copier->first, copier->second, query);
    for (std::size_t i = 0; i < scene.parts.size(); ++i) {
      const Part& p = scene.parts[i];
      if (p.kind == PartKind::kThread && p.layer == copier->first && p.head == copier->second &&
          p.position == query && p.key == look.key)
        return static_cast<render::PickId>(i + 1);
    }
    return std::nullopt;
  }
  for (std::size_t i = 0; i < scene.parts.size(); ++i) {
    const Part& p = scene.parts[i];
    if (!belongs(p, input, part, query)) continue;
    // The MLP's callout names the lifted plate's layer, whose needles the text describes.
    if (part == FocusPart::kMlp && p.layer != std::clamp(input.selected_layer, 0, kLayers - 1)) continue;
    switch (p.kind) {
      case PartKind::kDial:
        consider(i, p.scaled);
        break;
      case PartKind::kThread:
      case PartKind::kBead:
      case PartKind::kAttentionCell:
        consider(i, p.position == query ? p.weight : -1.0f + p.weight);
        break;
      case PartKind::kProbabilityColumn:
      case PartKind::kMlpNeedle:
        consider(i, p.value);
        break;
      case PartKind::kHeadPlate:
      case PartKind::kRackHead:
        consider(i, selected(p, input) ? 1.0f : 0.0f);
        break;
      default:
        consider(i, 0.0f);
        break;  // the first one
    }
  }
  return best;
}

Box part_bounds(const Scene& scene, const SceneInput& input, FocusPart part) {
  if (part == FocusPart::kMachine) {
    Box b;
    b.add(scene.anchors.bounds_min);
    b.add(scene.anchors.bounds_max);
    return b;
  }
  if (part == FocusPart::kCopyThread) {
    const auto id = representative_part(scene, input, part);
    if (!id) return {};
    return bounds_where(scene, [&](render::PickId pick) { return pick == *id; });
  }
  const int query = query_of(input);
  return bounds_where(scene, [&](render::PickId pick) {
    const Part* p = scene.part(pick);
    return p != nullptr && belongs(*p, input, part, query);
  });
}

Box pick_bounds(const Scene& scene, render::PickId id) {
  return bounds_where(scene, [id](render::PickId pick) { return pick == id; });
}

Box parts_bounds(const Scene& scene, const SceneInput& input, std::span<const FocusPart> parts) {
  Box box;
  for (FocusPart f : parts) box.add(part_bounds(scene, input, f));
  return box;
}

}  // namespace am::machine
