// The renderer's state and its passes, shared by renderer.cpp and the pass_*.cpp
// files (one per pass: shadow, static layer, instances, glass, labels, overlay).
// What the renderer keeps between frames is guarded by the draw list's revision
// counters (and its own, for the camera and the static layer's context): it
// compares numbers, it never hashes the list.
#pragma once

#include <array>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <glm/glm.hpp>

#include "am/render/glyph_atlas.hpp"
#include "am/render/level_of_detail.hpp"
#include "am/render/renderer.hpp"
#include "am/render/shader_program.hpp"
#include "am/render/static_layer.hpp"
#include "gl_check.hpp"
#include "gpu_mesh.hpp"
#include "label_batch.hpp"
#include "render_target.hpp"
#include "shadow_map.hpp"
#include "stripe_texture.hpp"
#include "tube_batch.hpp"

namespace am::render {

// Mirrors `Frame` in shaders/frame.glsl (std140: only mat4 and vec4 members).
struct FrameBlock {
  glm::mat4 view;
  glm::mat4 proj;
  glm::mat4 view_proj;
  glm::mat4 light_view_proj;
  glm::mat4 inv_view_proj;
  glm::vec4 eye;
  glm::vec4 key_dir;
  glm::vec4 scene;         // time, floor y, exposure, shadow texel size
  glm::vec4 scene_centre;  // centre on the floor, radius
  glm::vec4 viewport;      // width, height, 1 / width, 1 / height
  glm::uvec4 pick;
  glm::vec4 stripes;  // x: the list's stripe_fill
};

inline constexpr GLuint kFrameBinding = 0;
inline constexpr GLint kShadowUnit = 1, kAtlasUnit = 2, kStripeUnit = 3;

// Byte-for-byte equality of plain structs without padding (matrices, counters):
// what last frame's keys were compared by.
template <typename T>
bool same_bytes(const T& a, const T& b) {
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}

// Everything but glass is drawn opaque, liquid included: inside its glass it reads as
// liquid without blending (and one blend state fewer to compile).
inline bool drawn_opaque(Material m) { return m != Material::kGlass; }
inline bool is_transparent(Material m) { return m == Material::kGlass; }
// Glass and liquid let the light through; glowing parts (threads, beads) are light,
// not obstacles. Leaving them out also keeps the shadow map still while beads travel
// and columns fill.
inline bool casts_shadow(Material m) {
  return m != Material::kGlass && m != Material::kGlow && m != Material::kLiquid;
}

// The world box of a transformed unit box (Arvo): centre moved, extents through |M|.
void grow_bounds(Aabb& box, const Aabb& unit, const glm::mat4& m);

// What the camera shows: a change means "moving" (and, with the drawn size, re-upload).
struct CameraKey {
  glm::mat4 view{1.0f}, projection{1.0f};
  int width = 0, height = 0;  // the caller's view
};

// Everything besides the camera whose change means "moving": all but glow.
struct ContentKey {
  BatchRevisions batches{};  // glow's left at 0
  std::uint64_t tubes = 0, labels = 0;
};

// What the shadow map was drawn from: the light, and the shapes of the casters.
struct CasterKey {
  glm::mat4 light{1.0f};
  BatchRevisions shapes{};  // 0 for batches that cast no shadow
  std::array<std::array<std::size_t, kMaterialCount>, kMeshCount> counts{};
  std::array<std::uint64_t, kMaterialCount> tube_shapes{};  // 0 for materials that cast none
};

// Everything besides the instance batches that the static layer shows.
struct LayerKey {
  FrameBlock block{};  // with the time left out (nothing static uses it)
  std::uint64_t shadow_revision = 0, tubes = 0, labels = 0;
};

// Bounds follow the shapes of all but glow (beads move; the floor should not).
struct BoundsKey {
  BatchRevisions shapes{};  // glow's left at 0
  std::array<std::uint64_t, kMaterialCount> tube_shapes{};
};

// Optional per-pass timing: glFinish makes each pass's GPU work land in its own interval.
class PassTimer {
 public:
  explicit PassTimer(bool on);
  void lap(double& ms);

 private:
  using Clock = std::chrono::steady_clock;
  bool on_;
  Clock::time_point mark_;
};

// One frame's inputs and what the passes work out for the ones after them.
struct FrameContext {
  FrameContext(const DrawList& l, const FrameView& o, FrameStats& s) : list(l), out(o), stats(s) {}
  const DrawList& list;
  const FrameView& out;  // the caller's view and rectangle
  FrameStats& stats;
  FrameView view;  // as drawn: smaller while moving on a software rasteriser
  float scale = 1.0f;
  Aabb bounds;
  float radius = 0.0f;  // of the machine on the floor
  FrameBlock block{};
  PixelRect changed;  // the pixels this frame redraws
};

struct Renderer::Impl {
  RendererOptions options;
  bool software = false;  // a software rasteriser (llvmpipe, softpipe, SWR): the CPU draws
  // Few programs on purpose: a software rasteriser compiles each program again for
  // every blend and depth state it meets, and those compiles are most of the first frame.
  ShaderProgram surface, glass, shadow_instanced;
  ShaderProgram background, floor, label, shadow_blur;
  // Lower tiers' programs, built the first time a tier needs them.
  ShaderProgram surface_low, edge_filter;
  QualityTier tier = QualityTier::kHigh;
  QualityLevel level;
  Status apply_quality(QualityTier next);
  ShaderProgram& lit() { return level.simple_shading ? surface_low : surface; }
  Detail detail_for(float radius_px) const;
  std::array<std::vector<GpuMesh>, kMeshCount> meshes;  // [mesh][detail]
  GlBuffer instance_buffer, frame_buffer;
  std::size_t instance_capacity = 0;  // instances instance_buffer holds (grows to the scenes, up to kMaxInstances)
  GlVertexArray empty_vao;  // full-screen and floor passes make their vertices from gl_VertexID
  // Two targets: full size, and smaller for frames while the camera moves on a
  // software rasteriser (each frame is then drawn in full; the next still one is sharp).
  RenderTarget full_target, motion_target;
  RenderTarget* target = &full_target;
  float motion_scale = 1.0f;
  ShadowMap shadow;
  TubeBatch tubes;
  StripeTexture stripes;
  LabelBatch labels;
  std::optional<GlyphAtlas> atlas;
  std::string notes;
  int draw_calls = 0;

  // Last frame's keys; empty: nothing to compare with (first frame, or a new tier).
  std::optional<CameraKey> last_camera;
  ContentKey last_content;
  int drawn_width = 0, drawn_height = 0;  // last frame's, as drawn (smaller while moving)
  std::uint64_t view_revision = 0;        // bumped when the camera or the drawn size changes

  // A batch's instances in the instance buffer, grouped by level of detail (low first).
  struct Range {
    std::size_t first = 0, count = 0;
    std::array<std::size_t, kDetailCount> per_detail{};
    bool casts_shadow = true;
    bool uploaded = false;  // false: upload whatever the key says
    // What was uploaded: the batch's revision, the view's, and what sizes depend on.
    std::uint64_t revision = 0, view_revision = 0;
    float scene_radius = 0.0f, detail_scale = 0.0f;
  };
  std::array<std::array<Range, kMaterialCount>, kMeshCount> ranges{};
  std::vector<Instance> staging;  // scratch: instances reordered (back to front, or by detail)
  std::vector<float> keys;
  std::vector<std::uint32_t> order;
  std::vector<Detail> details;

  // What the tube and label buffers and the bounds hold (empty: nothing yet).
  std::optional<std::uint64_t> tubes_revision, labels_revision, stripes_revision;
  std::optional<BoundsKey> bounds_key;
  bool tubes_fit = true, labels_fit = true;
  Aabb bounds;

  std::optional<CasterKey> shadow_drawn_from;  // the shadow map is redrawn only when this changes
  std::uint64_t shadow_revision = 0;           // bumped on every redraw

  StaticLayer static_layer;
  std::optional<LayerKey> last_layer;
  std::uint64_t layer_revision = 0;  // bumped when anything but the batches the layer shows changes
  PixelRect last_moving_rect;        // where the moving batches were drawn last frame
  int target_generation = -1;        // the render target's, when the static layer was kept

  Status load_programs(const std::filesystem::path& dir);

  // Frame set-up (renderer.cpp): is it moving, at which size, into which target.
  Status begin_frame(FrameContext& f);
  void write_frame_block(FrameContext& f);
  void begin_main_pass(const FrameView& view);
  void present(FrameContext& f, unsigned target_framebuffer);
  void draw_edge_filter(unsigned target_framebuffer, int x, int y, int width, int height);

  // Instances (pass_instances.cpp): bounds, the instance buffer, batches and tubes.
  void update_bounds(FrameContext& f);
  void upload_instances(FrameContext& f);
  // Grows the instance buffer to this frame's instances; true when it kept its contents
  // and every batch its count, so unchanged batches may keep what they uploaded.
  bool reserve_instances(const DrawList& list);
  // Adds a range's triangles, at the levels of detail it draws, to the frame's count.
  void count_triangles(const Range& r, Mesh mesh, FrameStats& stats) const;
  // Fills `details` for a batch's first r.count instances, and r's per-level counts and
  // shadow flag: one level for glass and small batches, else one per instance.
  void assign_details(const std::vector<Instance>& batch, Mesh mesh, Material material, Range& r,
                      const FrameView& view, float focal_px, float scene_radius);
  // The batch's instances in the order to upload: back to front for glass, grouped by
  // level of detail otherwise (in `staging`), or the batch itself when already ordered.
  const Instance* ordered_instances(const std::vector<Instance>& batch, Material material, const Range& r,
                                    const FrameView& view);
  void upload_tubes(FrameContext& f);
  void upload_stripes(FrameContext& f);
  // Which batches a pass draws, given the static layer's excluded set.
  enum class Layer { kAll, kStatic, kMoving };
  // Draws every batch whose material passes `wanted` (and that belongs to `layer`);
  // sets u_material unless depth_only.
  void draw_batches(ShaderProgram& program, bool depth_only, bool (*wanted)(Material),
                    Layer layer = Layer::kAll);
  // Swept tubes of one material through an instanced program: one identity "instance"
  // (the matrix columns as constant attributes), colour and pick per vertex.
  void draw_tubes(ShaderProgram& program, Material material);

  // Shadow (pass_shadow.cpp): redrawn only when the light or the casters' shapes changed.
  void pass_shadow(FrameContext& f);
  CasterKey casters(const FrameContext& f) const;

  // Static layer (pass_static_layer.cpp): opaque batches but the excluded, floor,
  // backdrop and labels; kept for the next frame when worth it.
  bool static_layer_still_right(FrameContext& f);
  void pass_static_layer(FrameContext& f);

  // Labels (pass_labels.cpp).
  void upload_labels(FrameContext& f);
  void draw_labels();

  // Glass (pass_glass.cpp): back to front, over everything opaque.
  void pass_glass();

  // Overlay (pass_overlay.cpp): the moving glow batches, over a kept static layer
  // (only where they were or are) or over a freshly drawn one.
  void pass_overlay_on_kept_layer(FrameContext& f);
  void pass_moving_layer();
  // The pixels covered by the batches the static layer leaves out.
  PixelRect moving_rect(const DrawList& list, const glm::mat4& view_proj, int width, int height) const;
};

}  // namespace am::render
