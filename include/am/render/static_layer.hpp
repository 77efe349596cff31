// Deciding when a frame can reuse the last one's static layer. While beads travel
// along threads and nothing else moves, redrawing the whole machine each frame is
// waste (and under a software rasteriser, most of the frame time): the renderer
// keeps the opaque parts that did not change (with floor, backdrop and labels) and
// redraws only the glowing batches that keep changing, then the glass. No GL here.
#pragma once

#include <array>
#include <cstdint>

#include <glm/glm.hpp>

#include "am/render/draw_list.hpp"
#include "am/render/mesh_data.hpp"

namespace am::render {

// A rectangle of pixels, origin bottom-left as in GL; empty when w or h <= 0.
struct PixelRect {
  int x = 0, y = 0, w = 0, h = 0;
  bool empty() const { return w <= 0 || h <= 0; }
};
PixelRect unite(const PixelRect& a, const PixelRect& b);

// The pixels a world box covers (clamped to the viewport, padded by `pad` pixels for
// antialiased edges); the whole viewport if the box reaches behind the eye.
PixelRect screen_rect(const Aabb& box, const glm::mat4& view_proj, int width, int height, int pad = 2);

using BatchFlags = std::array<std::array<bool, kMaterialCount>, kMeshCount>;

class StaticLayer {
 public:
  // Call once per frame with the draw list's batch revisions. `context` is a
  // revision of everything else the static layer shows (camera, size, hovered part,
  // tubes, labels, shadows). Returns true when the kept layer is still right: only
  // the batches in excluded() need drawing on it.
  bool reuse(const BatchRevisions& batches, std::uint64_t context);

  // After a miss: the batches to leave out of the layer that is about to be drawn
  // (glowing batches that changed since the previous frame; only glow can be left
  // out: it is opaque, casts no shadow, and needs no one drawn after it but glass).
  const BatchFlags& excluded() const { return excluded_; }
  // After a miss: whether the layer is worth keeping (something is excluded, so the
  // next frame will likely reuse it). The caller snapshots it and calls kept().
  bool worth_keeping() const { return any_excluded_; }
  void kept() { valid_ = true; }
  bool valid() const { return valid_; }
  void invalidate() { valid_ = false; }

 private:
  BatchRevisions previous_{}, at_snapshot_{};
  BatchFlags excluded_{};
  std::uint64_t context_at_snapshot_ = 0;
  bool valid_ = false, any_excluded_ = false, have_previous_ = false;
};

}  // namespace am::render
