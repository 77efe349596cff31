// What the scene hands the renderer each frame: instances of a few procedural
// meshes in a few materials, 3D text labels and swept tubes, with revision numbers
// that say which of them changed. Pure data (GLM only): the renderer knows meshes,
// materials and instances, never transformers.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include <glm/glm.hpp>

namespace am::render {

// Unit-sized procedural meshes; an instance's transform scales and places them.
enum class Mesh : std::uint8_t {
  kBevelBox,   // 1x1x1 box with bevelled edges, centred at the origin
  kBox,        // 1x1x1 sharp box, centred
  kCylinder,   // radius 0.5, height 1 along +Y, centred
  kDisc,       // radius 0.5 flat disc in the XZ plane facing +Y
  kSphere,     // radius 0.5
  kNeedle,     // tapered bar from the origin along +Y, length 1, 1 wide at the base (scale x/z to its width)
  kCount
};

enum class Material : std::uint8_t {
  kBrass,     // metallic, warm
  kCopper,    // metallic, reddish
  kSteel,     // metallic, cool grey
  kGlass,     // transparent with a fresnel rim (drawn after opaque, blended)
  kLiquid,    // translucent coloured fill inside glass
  kPaint,     // plain diffuse colour (bands, markers): uses the instance colour
  kGlow,      // unlit emissive colour (threads, highlights)
  kCount
};

inline constexpr int kMeshCount = static_cast<int>(Mesh::kCount);
inline constexpr int kMaterialCount = static_cast<int>(Material::kCount);

// 0 means "not pickable".
using PickId = std::uint32_t;

struct Instance {
  glm::mat4 transform{1.0f};
  glm::vec4 color{1.0f};  // tint (metals), base colour (paint, glow, liquid); alpha for glass/liquid.
                          // Colours are sRGB, as picked by eye; the renderer lights in linear space.
  PickId pick = 0;
  // Striped (stripe_count > 0): the mesh's local y from -0.5 to 0.5 is cut into stripe_count
  // equal stripes, stripe j painted DrawList::stripe_colors[stripe_first + j] instead of
  // `color` and pickable as pick + j. One long instance then draws a row of small parts:
  // a software rasteriser pays for every triangle, and 32 bands in one rod have 1/32 of them.
  std::uint32_t stripe_first = 0, stripe_count = 0;
};

// A text label in 3D: drawn from a signed-distance glyph atlas, facing along `normal`.
struct Label {
  std::string text;
  glm::vec3 position{0.0f};  // centre of the text's baseline
  glm::vec3 right{1, 0, 0};  // direction the text runs
  glm::vec3 up{0, 1, 0};
  float height = 0.1f;       // cap height in world units
  glm::vec4 color{1.0f};
  bool raised = false;       // brass-type letters raised on a slug face (drawn with relief shading)
};

// A tube swept along a polyline (threads between characters): radius per point.
struct SweptTube {
  std::vector<glm::vec3> points;
  float radius = 0.01f;
  glm::vec4 color{1.0f};
  Material material = Material::kGlow;
  PickId pick = 0;
};

// Revision numbers of what the renderer keeps between frames. Whoever fills the
// list bumps them when the part they guard changes (RevisionStamp does it by
// hashing once, on the builder's side); the renderer only compares them. Numbers
// come from one process-wide counter, so two lists share one only when they are
// copies of each other. 0: never stamped (a list drawn once, or that never
// changes; the renderer cannot see changes to an unstamped list).
using BatchRevisions = std::array<std::array<std::uint64_t, kMaterialCount>, kMeshCount>;
struct DrawListRevisions {
  BatchRevisions batches{};  // anything in a batch: its instances and their count
  BatchRevisions shapes{};   // a batch's transforms and count (what shadows and bounds follow)
  std::array<std::uint64_t, kMaterialCount> tube_shapes{};  // points and radii of one material's tubes
  std::uint64_t tubes = 0;                                  // anything of any tube
  std::uint64_t labels = 0;                                 // anything of any label
  std::uint64_t stripes = 0;                                // stripe_colors and stripe_fill
};

// A fresh revision number, never handed out before in this process.
inline std::uint64_t next_revision() {
  static std::atomic<std::uint64_t> counter{0};
  return counter.fetch_add(1, std::memory_order_relaxed) + 1;
}

struct DrawList {
  std::array<std::array<std::vector<Instance>, kMaterialCount>, kMeshCount> batches;
  std::vector<Label> labels;
  std::vector<SweptTube> tubes;
  std::vector<glm::vec4> stripe_colors;  // sRGB, for striped instances
  float stripe_fill = 1.0f;              // share of each stripe's length painted (the rest is left open)
  DrawListRevisions revisions;  // kept by whoever fills the list (clear() leaves them)

  std::vector<Instance>& batch(Mesh mesh, Material material) {
    return batches[static_cast<std::size_t>(mesh)][static_cast<std::size_t>(material)];
  }
  const std::vector<Instance>& batch(Mesh mesh, Material material) const {
    return batches[static_cast<std::size_t>(mesh)][static_cast<std::size_t>(material)];
  }
  void clear() {
    for (auto& per_mesh : batches)
      for (auto& b : per_mesh) b.clear();
    labels.clear();
    tubes.clear();
    stripe_colors.clear();
  }
  std::size_t instance_count() const {
    std::size_t n = 0;
    for (const auto& per_mesh : batches)
      for (const auto& b : per_mesh) n += b.size();
    return n;
  }
};

// Stripe j of a striped instance as an instance of its own: the painted part of its
// share of the length, its colour and pick id (for picking, bounds and tests).
// Assumes the unit mesh spans y from -0.5 to 0.5, as the cylinder and boxes do.
inline Instance stripe_instance(const DrawList& list, const Instance& inst, std::uint32_t j) {
  const float n = static_cast<float>(inst.stripe_count);
  Instance out;
  out.transform = inst.transform;
  out.transform[1] = inst.transform[1] * (list.stripe_fill / n);
  out.transform[3] = inst.transform[3] + inst.transform[1] * ((static_cast<float>(j) + 0.5f) / n - 0.5f);
  const std::size_t at = std::size_t{inst.stripe_first} + j;
  out.color = at < list.stripe_colors.size() ? list.stripe_colors[at] : inst.color;
  out.pick = inst.pick == 0 ? 0 : inst.pick + j;
  return out;
}

// Calls fn(const Instance&) with each part an instance draws: itself, or each stripe.
template <typename Fn>
void for_each_drawn_part(const DrawList& list, const Instance& inst, Fn&& fn) {
  if (inst.stripe_count == 0) {
    fn(inst);
    return;
  }
  for (std::uint32_t j = 0; j < inst.stripe_count; ++j) fn(stripe_instance(list, inst, j));
}

}  // namespace am::render
