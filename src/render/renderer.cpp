#include "am/render/renderer.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstddef>
#include <cstring>
#include <string>
#include <cmath>
#include <limits>
#include <vector>

#include "am/render/glyph_atlas.hpp"
#include "am/render/level_of_detail.hpp"
#include "am/render/static_layer.hpp"
#include "am/render/shader_program.hpp"
#include "gl_check.hpp"
#include "gpu_mesh.hpp"
#include "label_batch.hpp"
#include "render_target.hpp"
#include "shadow_map.hpp"
#include "tube_batch.hpp"

namespace am::render {
namespace {

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
};

constexpr GLuint kFrameBinding = 0;
constexpr GLint kShadowUnit = 1, kAtlasUnit = 2;
// Warm softbox nearly overhead, a little to the left and front (see environment.glsl).
const glm::vec3 kKeyLightDir = glm::normalize(glm::vec3(-0.3f, 0.9f, 0.3f));

// llvmpipe, softpipe, swr: every pixel costs CPU time.
bool software_rasteriser() {
  const auto* name = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
  if (name == nullptr) return false;
  const std::string r(name);
  return r.find("llvmpipe") != std::string::npos || r.find("softpipe") != std::string::npos ||
         r.find("SWR") != std::string::npos;
}

// Everything but glass is drawn opaque, liquid included: inside its glass it reads as
// liquid without blending (and one blend state fewer to compile).
bool drawn_opaque(Material m) { return m != Material::kGlass; }

bool is_transparent(Material m) { return m == Material::kGlass; }

// The world box of a transformed unit box (Arvo): centre moved, extents through |M|.
void grow_bounds(Aabb& box, const Aabb& unit, const glm::mat4& m) {
  const glm::vec3 c = 0.5f * (unit.lo + unit.hi), h = 0.5f * (unit.hi - unit.lo);
  const glm::vec3 centre(m * glm::vec4(c, 1.0f));
  const glm::vec3 extent = glm::abs(glm::vec3(m[0])) * h.x + glm::abs(glm::vec3(m[1])) * h.y +
                           glm::abs(glm::vec3(m[2])) * h.z;
  box.lo = glm::min(box.lo, centre - extent);
  box.hi = glm::max(box.hi, centre + extent);
}

// Everything of the tubes and labels that shows.
void hash_tubes(std::uint64_t& h, const DrawList& list) {
  const std::size_t n = list.tubes.size();
  hash_bytes(h, &n, sizeof n);
  for (const SweptTube& t : list.tubes) {
    hash_bytes(h, &t.radius, sizeof t.radius);
    hash_bytes(h, &t.color, sizeof t.color);
    hash_bytes(h, &t.material, sizeof t.material);
    hash_bytes(h, &t.pick, sizeof t.pick);
    hash_bytes(h, t.points.data(), t.points.size() * sizeof(glm::vec3));
  }
}

void hash_labels(std::uint64_t& h, const DrawList& list) {
  const std::size_t n = list.labels.size();
  hash_bytes(h, &n, sizeof n);
  for (const Label& l : list.labels) {
    hash_bytes(h, l.text.data(), l.text.size());
    for (const glm::vec3* v : {&l.position, &l.right, &l.up}) hash_bytes(h, v, sizeof(glm::vec3));
    hash_bytes(h, &l.height, sizeof l.height);
    hash_bytes(h, &l.color, sizeof l.color);
    hash_bytes(h, &l.raised, sizeof l.raised);
  }
}

void hash_tubes_and_labels(std::uint64_t& h, const DrawList& list) {
  hash_tubes(h, list);
  hash_labels(h, list);
}

}  // namespace

struct Renderer::Impl {
  RendererOptions options;
  // Few programs on purpose: a software rasteriser compiles each program again for
  // every blend and depth state it meets, and those compiles are most of the first frame.
  ShaderProgram surface, glass, shadow_instanced;
  ShaderProgram background, floor, label, shadow_blur;
  std::array<std::vector<GpuMesh>, kMeshCount> meshes;  // [mesh][detail]
  GlBuffer instance_buffer, frame_buffer;
  GlVertexArray empty_vao;  // full-screen and floor passes make their vertices from gl_VertexID
  // Two targets: full size, and smaller for frames while the camera moves on a
  // software rasteriser (each frame is then drawn in full; the next still one is sharp).
  RenderTarget full_target, motion_target;
  RenderTarget* target = &full_target;
  float motion_scale = 1.0f;
  std::uint64_t last_camera = 0, last_content = 0;
  ShadowMap shadow;
  TubeBatch tubes;
  LabelBatch labels;
  std::optional<GlyphAtlas> atlas;
  std::string notes;

  // A batch's instances in the instance buffer, grouped by level of detail (low first).
  struct Range {
    std::size_t first = 0, count = 0;
    std::array<std::size_t, kDetailCount> per_detail{};
    bool casts_shadow = true;
    std::uint64_t key = 0;  // instances + camera when uploaded
  };
  std::array<std::array<Range, kMaterialCount>, kMeshCount> ranges{};
  std::vector<Instance> staging;  // scratch: instances reordered (back to front, or by detail)
  std::vector<float> keys;
  std::vector<std::uint32_t> order;
  std::vector<Detail> details;
  int draw_calls = 0;

  Status load_programs(const std::filesystem::path& dir);
  FrameStats upload_instances(const DrawList& list, const FrameView& view, float scene_radius, const BatchHashes& hashes,
                              std::uint64_t camera);
  std::uint64_t tubes_key = 0, labels_key = 0, bounds_key = 0;  // what the tube and label buffers and bounds hold
  bool tubes_fit = true, labels_fit = true;
  Aabb bounds;
  Aabb scene_bounds(const DrawList& list) const;
  // Which batches a pass draws, given the static layer's excluded set.
  enum class Layer { kAll, kStatic, kMoving };
  // Draws every batch whose material passes `wanted` (and that belongs to `layer`);
  // sets u_material unless depth_only.
  void draw_batches(ShaderProgram& program, bool depth_only, bool (*wanted)(Material), Layer layer = Layer::kAll);
  StaticLayer static_layer;
  PixelRect last_moving_rect;  // where the moving batches were drawn last frame
  // The pixels covered by the batches the static layer leaves out.
  PixelRect moving_rect(const DrawList& list, const glm::mat4& view_proj, int width, int height) const;
  int target_generation = -1;  // the render target's, when the static layer was kept
  std::uint64_t caster_hash(const DrawList& list, const glm::mat4& light) const;
  void draw_pass_shadow();
  std::uint64_t last_caster_hash = 0;  // the shadow map is redrawn only when this changes
  // Swept tubes of one material through an instanced program: one identity "instance"
  // (the matrix columns as constant attributes), colour and pick per vertex.
  void draw_tubes(ShaderProgram& program, Material material);
  void begin_main_pass(const FrameView& view);
  void draw_static_layer();
  void draw_moving_layer();
  void draw_transparent();
  // Everything besides the instance batches that the static layer shows.
  std::uint64_t layer_context(const DrawList& list, const FrameBlock& block, std::uint64_t casters) const;
};

Status Renderer::Impl::load_programs(const std::filesystem::path& dir) {
  struct Spec {
    ShaderProgram* program;
    const char* vert;
    const char* frag;
  };
  const Spec specs[] = {
      {&surface, "instanced.vert", "surface.frag"},     {&glass, "instanced.vert", "glass.frag"},
      {&shadow_instanced, "depth.vert", "depth_only.frag"},
      {&background, "fullscreen.vert", "background.frag"}, {&floor, "floor.vert", "floor.frag"},
      {&label, "label.vert", "label.frag"},
      {&shadow_blur, "fullscreen.vert", "shadow_blur.frag"},
  };
  for (const Spec& s : specs) {
    auto p = ShaderProgram::load(dir, s.vert, s.frag);
    if (!p) return fail(p.error());
    *s.program = std::move(*p);
    s.program->bind_block("Frame", kFrameBinding);
    s.program->use();
    s.program->set("u_shadow_map", kShadowUnit);
    s.program->set("u_atlas", kAtlasUnit);
    s.program->set("u_normal_sign", 1.0f);
    s.program->set("u_source", 0);
    s.program->set("u_receive_shadow", 1);
  }
  glUseProgram(0);
  return Ok{};
}

Aabb Renderer::Impl::scene_bounds(const DrawList& list) const {
  // Glowing parts (threads, beads) are left out: they cast no shadow and stand on
  // nothing, and beads move every frame; the floor and the light should not.
  constexpr float kBig = std::numeric_limits<float>::max();
  Aabb box{glm::vec3(kBig), glm::vec3(-kBig)};
  for (int m = 0; m < kMeshCount; ++m) {
    const Aabb unit = unit_bounds(static_cast<Mesh>(m));
    for (int k = 0; k < kMaterialCount; ++k) {
      if (static_cast<Material>(k) == Material::kGlow) continue;
      for (const Instance& inst : list.batches[static_cast<std::size_t>(m)][static_cast<std::size_t>(k)])
        grow_bounds(box, unit, inst.transform);
    }
  }
  for (const SweptTube& t : list.tubes) {
    if (t.material == Material::kGlow) continue;
    for (const glm::vec3& p : t.points) {
      box.lo = glm::min(box.lo, p - glm::vec3(t.radius));
      box.hi = glm::max(box.hi, p + glm::vec3(t.radius));
    }
  }
  if (box.lo.x > box.hi.x || !std::isfinite(box.lo.x) || !std::isfinite(box.hi.x)) return {glm::vec3(-1), glm::vec3(1)};
  return box;
}

// Batches at least this large get a level of detail per instance (up to three draw
// calls); smaller ones draw at the level their largest instance needs (one call).
constexpr std::size_t kPerInstanceDetailMin = 128;
// Instances smaller than this share of the machine's size cast no shadow worth drawing.
constexpr float kShadowCasterMinShare = 0.025f;

FrameStats Renderer::Impl::upload_instances(const DrawList& list, const FrameView& view, float scene_radius,
                                             const BatchHashes& hashes, std::uint64_t camera) {
  FrameStats stats;
  const float focal_px = focal_length_px(view.projection, view.height);
  glBindBuffer(GL_ARRAY_BUFFER, instance_buffer.id());
  // A batch whose instances, camera and place in the buffer are as last frame keeps
  // what it uploaded then (levels of detail, order, data): most frames change few batches.
  bool layout_same = true;
  for (std::size_t m = 0; m < static_cast<std::size_t>(kMeshCount); ++m)
    for (std::size_t k = 0; k < static_cast<std::size_t>(kMaterialCount); ++k)
      layout_same = layout_same && list.batches[m][k].size() == ranges[m][k].count;
  std::size_t next = 0;
  for (int m = 0; m < kMeshCount; ++m)
    for (int k = 0; k < kMaterialCount; ++k) {
      const auto mesh = static_cast<Mesh>(m);
      const std::vector<Instance>& batch = list.batches[static_cast<std::size_t>(m)][static_cast<std::size_t>(k)];
      Range& r = ranges[static_cast<std::size_t>(m)][static_cast<std::size_t>(k)];
      std::uint64_t key = hashes[static_cast<std::size_t>(m)][static_cast<std::size_t>(k)];
      hash_bytes(key, &camera, sizeof camera);
      hash_bytes(key, &scene_radius, sizeof scene_radius);
      if (layout_same && key == r.key && r.count == batch.size()) {
        for (int d = 0; d < kDetailCount; ++d)
          stats.triangles += r.per_detail[static_cast<std::size_t>(d)] *
                             meshes[static_cast<std::size_t>(m)][static_cast<std::size_t>(d)].index_count() / 3;
        next += r.count;
        continue;
      }
      r = Range{};
      r.key = key;
      r.first = next;
      r.count = std::min(batch.size(), kMaxInstances - next);
      if (r.count < batch.size()) stats.truncated = true;
      if (r.count == 0) continue;

      details.resize(r.count);
      float largest_px = 0.0f, largest_world = 0.0f;
      for (std::size_t i = 0; i < r.count; ++i) {
        const float px = screen_radius_px(batch[i].transform, mesh, view.eye, focal_px);
        details[i] = detail_for_radius(px);
        largest_px = std::max(largest_px, px);
        largest_world = std::max(largest_world, world_radius(batch[i].transform));
      }
      r.casts_shadow = largest_world > kShadowCasterMinShare * scene_radius;

      const Instance* data = batch.data();
      if (is_transparent(static_cast<Material>(k)) || r.count < kPerInstanceDetailMin) {
        r.per_detail[static_cast<std::size_t>(detail_for_radius(largest_px))] = r.count;
      } else {
        for (std::size_t i = 0; i < r.count; ++i) ++r.per_detail[static_cast<std::size_t>(details[i])];
      }
      order.resize(r.count);
      for (std::size_t i = 0; i < r.count; ++i) order[i] = static_cast<std::uint32_t>(i);
      if (is_transparent(static_cast<Material>(k))) {
        // Back to front by distance from the eye, so blending layers correctly.
        keys.resize(r.count);
        for (std::size_t i = 0; i < r.count; ++i) keys[i] = glm::distance(glm::vec3(batch[i].transform[3]), view.eye);
        std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) { return keys[a] > keys[b]; });
      } else if (r.per_detail[0] != r.count && r.per_detail[1] != r.count && r.per_detail[2] != r.count) {
        std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) { return details[a] < details[b]; });
      } else {
        order.clear();  // already in a usable order
      }
      if (!order.empty()) {
        staging.resize(r.count);
        for (std::size_t i = 0; i < r.count; ++i) staging[i] = batch[order[i]];
        data = staging.data();
      }
      glBufferSubData(GL_ARRAY_BUFFER, static_cast<GLintptr>(r.first * sizeof(Instance)),
                      static_cast<GLsizeiptr>(r.count * sizeof(Instance)), data);
      for (int d = 0; d < kDetailCount; ++d)
        stats.triangles += r.per_detail[static_cast<std::size_t>(d)] *
                           meshes[static_cast<std::size_t>(m)][static_cast<std::size_t>(d)].index_count() / 3;
      next += r.count;
    }
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  stats.instances = next;
  return stats;
}

void Renderer::Impl::draw_batches(ShaderProgram& program, bool depth_only, bool (*wanted)(Material), Layer layer) {
  program.use();
  for (int k = 0; k < kMaterialCount; ++k) {
    const auto material = static_cast<Material>(k);
    if (!wanted(material)) continue;
    if (!depth_only) program.set("u_material", k);
    for (int m = 0; m < kMeshCount; ++m) {
      const Range& r = ranges[static_cast<std::size_t>(m)][static_cast<std::size_t>(k)];
      if (r.count == 0) continue;
      const bool moving = static_layer.excluded()[static_cast<std::size_t>(m)][static_cast<std::size_t>(k)];
      if ((layer == Layer::kStatic && moving) || (layer == Layer::kMoving && !moving)) continue;
      const auto& levels = meshes[static_cast<std::size_t>(m)];
      if (depth_only) {
        // Shadows are soft: the coarsest meshes cast them well enough, and specks cast none.
        if (!r.casts_shadow) continue;
        levels[static_cast<std::size_t>(Detail::kLow)].draw_instances(r.first, r.count);
        ++draw_calls;
        continue;
      }
      std::size_t first = r.first;
      for (int d = 0; d < kDetailCount; ++d) {
        const std::size_t n = r.per_detail[static_cast<std::size_t>(d)];
        if (n == 0) continue;
        program.set("u_receive_shadow", d >= static_cast<int>(Detail::kMedium) ? 1 : 0);
        levels[static_cast<std::size_t>(d)].draw_instances(first, n);
        ++draw_calls;
        first += n;
      }
    }
  }
}

namespace {

// Glass and liquid let the light through; glowing parts (threads, beads) are light,
// not obstacles. Leaving them out also keeps the shadow map still while beads travel
// and columns fill.
bool casts_shadow(Material m) { return m != Material::kGlass && m != Material::kGlow && m != Material::kLiquid; }

}  // namespace

std::uint64_t Renderer::Impl::caster_hash(const DrawList& list, const glm::mat4& light) const {
  std::uint64_t h = kHashSeed;
  hash_bytes(h, &light, sizeof light);
  for (int m = 0; m < kMeshCount; ++m)
    for (int k = 0; k < kMaterialCount; ++k) {
      const Range& r = ranges[static_cast<std::size_t>(m)][static_cast<std::size_t>(k)];
      if (r.count == 0 || !r.casts_shadow || !casts_shadow(static_cast<Material>(k))) continue;
      // Only where things are matters, not their colour (a new checkpoint recolours
      // every band but moves little).
      hash_bytes(h, &r.count, sizeof r.count);
      for (const Instance& inst : list.batches[static_cast<std::size_t>(m)][static_cast<std::size_t>(k)])
        hash_bytes(h, &inst.transform, sizeof inst.transform);
    }
  for (const SweptTube& t : list.tubes) {
    if (!casts_shadow(t.material)) continue;
    hash_bytes(h, &t.radius, sizeof t.radius);
    hash_bytes(h, t.points.data(), t.points.size() * sizeof(glm::vec3));
  }
  return h;
}

void Renderer::Impl::draw_pass_shadow() {
  shadow.begin_depth();
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LESS);
  glDisable(GL_BLEND);
  glDisable(GL_CULL_FACE);  // thin parts (discs, needles) must cast from both sides
  draw_batches(shadow_instanced, true, casts_shadow);
  for (int k = 0; k < kMaterialCount; ++k)
    if (casts_shadow(static_cast<Material>(k))) draw_tubes(shadow_instanced, static_cast<Material>(k));
  glBindVertexArray(empty_vao.id());
  shadow.blur(shadow_blur);
  draw_calls += 2;
}

std::uint64_t Renderer::Impl::layer_context(const DrawList& list, const FrameBlock& block, std::uint64_t casters) const {
  std::uint64_t h = kHashSeed;
  // Camera, light, viewport, hovered part; not the time (nothing static uses it).
  hash_bytes(h, &block.view, offsetof(FrameBlock, scene));
  hash_bytes(h, &block.scene.y, 3 * sizeof(float));
  hash_bytes(h, &block.scene_centre, sizeof(FrameBlock) - offsetof(FrameBlock, scene_centre));
  hash_bytes(h, &casters, sizeof casters);
  hash_tubes_and_labels(h, list);
  return h;
}

PixelRect Renderer::Impl::moving_rect(const DrawList& list, const glm::mat4& view_proj, int width, int height) const {
  PixelRect out;
  for (std::size_t m = 0; m < static_cast<std::size_t>(kMeshCount); ++m)
    for (std::size_t k = 0; k < static_cast<std::size_t>(kMaterialCount); ++k) {
      if (!static_layer.excluded()[m][k]) continue;
      const Aabb unit = unit_bounds(static_cast<Mesh>(m));
      for (const Instance& inst : list.batches[m][k]) {
        Aabb box{glm::vec3(std::numeric_limits<float>::max()), glm::vec3(-std::numeric_limits<float>::max())};
        grow_bounds(box, unit, inst.transform);
        out = unite(out, screen_rect(box, view_proj, width, height));
      }
    }
  return out;
}

void Renderer::Impl::draw_tubes(ShaderProgram& program, Material material) {
  if (!tubes.has(material)) return;
  program.use();
  program.set("u_material", static_cast<int>(material));
  // Attributes 3-6 are arrays in the instanced meshes' vertex arrays but not in the
  // tubes': there the current (constant) values apply.
  for (GLuint c = 0; c < 4; ++c)
    glVertexAttrib4f(3 + c, c == 0 ? 1.0f : 0.0f, c == 1 ? 1.0f : 0.0f, c == 2 ? 1.0f : 0.0f, c == 3 ? 1.0f : 0.0f);
  draw_calls += tubes.draw(material);
}

void Renderer::Impl::begin_main_pass(const FrameView& view) {
  glBindFramebuffer(GL_FRAMEBUFFER, target->msaa_framebuffer());
  glViewport(0, 0, view.width, view.height);
  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
  glDepthMask(GL_TRUE);
  glActiveTexture(GL_TEXTURE0 + kShadowUnit);
  glBindTexture(GL_TEXTURE_2D, shadow.texture());
}

void Renderer::Impl::draw_static_layer() {
  glClearDepth(1.0);
  glClear(GL_DEPTH_BUFFER_BIT);
  // Opaque first (metals, paint, glow), so the floor and backdrop shade only what shows.
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LEQUAL);
  glDisable(GL_BLEND);
  glEnable(GL_CULL_FACE);
  glCullFace(GL_BACK);
  draw_batches(surface, false, drawn_opaque, Layer::kStatic);
  for (int k = 0; k < kMaterialCount; ++k)
    if (drawn_opaque(static_cast<Material>(k))) draw_tubes(surface, static_cast<Material>(k));

  // Floor, then the backdrop where nothing is (at the far plane); both opaque.
  glDisable(GL_CULL_FACE);
  glBindVertexArray(empty_vao.id());
  floor.use();
  glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
  ++draw_calls;
  glDepthMask(GL_FALSE);
  background.use();
  glDrawArrays(GL_TRIANGLES, 0, 3);
  ++draw_calls;
  glDepthMask(GL_TRUE);

  // Labels: on top of the faces they sit on, blended, not hiding what is behind.
  // (In the static layer: anything moving in front of a label simply covers it.)
  if (atlas && labels.glyph_count() > 0) {
    glEnable(GL_BLEND);
    glBlendFunc(GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
    glDepthMask(GL_FALSE);
    glEnable(GL_POLYGON_OFFSET_FILL);
    glPolygonOffset(-1.0f, -4.0f);
    glActiveTexture(GL_TEXTURE0 + kAtlasUnit);
    glBindTexture(GL_TEXTURE_2D, labels.atlas_texture());
    label.use();
    label.set("u_texels_per_unit", atlas->texels_per_unit);
    label.set("u_atlas_size", glm::vec2(atlas->width, atlas->height));
    draw_calls += labels.draw();
    glDisable(GL_POLYGON_OFFSET_FILL);
    glDepthMask(GL_TRUE);
    glDisable(GL_BLEND);
  }
}

void Renderer::Impl::draw_moving_layer() {
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LEQUAL);
  glDepthMask(GL_TRUE);
  glDisable(GL_BLEND);
  glEnable(GL_CULL_FACE);
  glCullFace(GL_BACK);
  draw_batches(surface, false, drawn_opaque, Layer::kMoving);
}

void Renderer::Impl::draw_transparent() {
  // Glass: inner walls first (normals flipped towards the eye), then outer walls,
  // blended over everything opaque, writing no depth.
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LEQUAL);
  glEnable(GL_BLEND);
  glBlendFunc(GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
  glEnable(GL_CULL_FACE);
  glDepthMask(GL_FALSE);
  const auto is_glass = [](Material m) { return m == Material::kGlass; };
  for (const bool inner : {true, false}) {
    glCullFace(inner ? GL_FRONT : GL_BACK);
    glass.use();
    glass.set("u_normal_sign", inner ? -1.0f : 1.0f);
    draw_batches(glass, false, is_glass);
    draw_tubes(glass, Material::kGlass);
  }
  glDepthMask(GL_TRUE);
  glCullFace(GL_BACK);
  glDisable(GL_BLEND);
}

Renderer::Renderer(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Renderer::~Renderer() = default;

Result<std::unique_ptr<Renderer>> Renderer::create(const RendererOptions& options) {
  auto impl = std::make_unique<Impl>();
  impl->options = options;
  if (auto s = impl->load_programs(options.shader_dir); !s) return fail(s.error());

  impl->instance_buffer = make_buffer();
  glBindBuffer(GL_ARRAY_BUFFER, impl->instance_buffer.id());
  // Allocated once at its largest; each frame writes only the live instances.
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(kMaxInstances * sizeof(Instance)), nullptr, GL_STREAM_DRAW);
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  for (int m = 0; m < kMeshCount; ++m)
    for (int d = 0; d < kDetailCount; ++d)
      impl->meshes[static_cast<std::size_t>(m)].push_back(
          GpuMesh::upload(make_mesh(static_cast<Mesh>(m), static_cast<Detail>(d)), impl->instance_buffer.id()));

  impl->frame_buffer = make_buffer();
  glBindBuffer(GL_UNIFORM_BUFFER, impl->frame_buffer.id());
  glBufferData(GL_UNIFORM_BUFFER, sizeof(FrameBlock), nullptr, GL_DYNAMIC_DRAW);
  glBindBuffer(GL_UNIFORM_BUFFER, 0);
  glBindBufferBase(GL_UNIFORM_BUFFER, kFrameBinding, impl->frame_buffer.id());

  impl->empty_vao = make_vertex_array();
  if (auto s = impl->shadow.create(options.shadow_map_size); !s) return fail(s.error());
  impl->motion_scale = options.motion_resolution > 0.0f ? std::min(options.motion_resolution, 1.0f)
                                                        : (software_rasteriser() ? 0.6f : 1.0f);
  impl->tubes.create();

  if (options.font_file) {
    auto atlas = build_glyph_atlas(*options.font_file, {.cap_height_px = 36.0f, .padding_px = 6,
                                                        .extra = default_extra_codepoints(), .threads = 2});
    if (atlas) {
      impl->atlas = std::move(*atlas);
      impl->labels.create(*impl->atlas);
    } else {
      impl->notes = "labels are off: " + atlas.error();
    }
  }
  if (auto s = check_gl("renderer set-up"); !s) return fail(s.error());
  return std::unique_ptr<Renderer>(new Renderer(std::move(impl)));
}

Result<FrameStats> Renderer::render(const DrawList& list, const FrameView& outer, unsigned target_framebuffer) {
  Impl& r = *impl_;
  FrameStats stats;
  if (outer.width <= 0 || outer.height <= 0) return stats;  // minimised: nothing to draw into
  const FrameView& out = outer;
  // While things keep changing (camera moving, data animating) every frame is drawn in
  // full; on a software rasteriser those frames are drawn smaller and stretched (the
  // eye forgives softness in motion), and the caller draws a sharp one at rest.
  std::uint64_t camera = kHashSeed;
  hash_bytes(camera, &out.view, sizeof out.view);
  hash_bytes(camera, &out.projection, sizeof out.projection);
  hash_bytes(camera, &out.width, sizeof out.width);
  hash_bytes(camera, &out.height, sizeof out.height);
  // Anything but glow changing (new data behind the picture) redraws everything.
  const BatchHashes batches = hash_batches(list);
  std::uint64_t content = kHashSeed;
  for (std::size_t m = 0; m < batches.size(); ++m)
    for (std::size_t k = 0; k < batches[m].size(); ++k)
      if (static_cast<Material>(k) != Material::kGlow) hash_bytes(content, &batches[m][k], sizeof batches[m][k]);
  hash_tubes_and_labels(content, list);
  const bool moving = r.last_camera != 0 && (camera != r.last_camera || content != r.last_content);
  r.last_camera = camera;
  r.last_content = content;
  const float scale = moving ? r.motion_scale : 1.0f;
  FrameView view = out;
  view.width = std::max(1, static_cast<int>(std::lround(static_cast<float>(out.width) * scale)));
  view.height = std::max(1, static_cast<int>(std::lround(static_cast<float>(out.height) * scale)));
  stats.refine_pending = scale < 1.0f;
  RenderTarget* const previous_target = r.target;
  r.target = scale < 1.0f ? &r.motion_target : &r.full_target;
  if (auto s = r.target->ensure(view.width, view.height, r.options.msaa_samples); !s) return fail(s.error());
  if (r.target != previous_target || r.target->generation() != r.target_generation) r.static_layer.invalidate();
  r.target_generation = r.target->generation();
  r.draw_calls = 0;
  // Optional per-pass timing: glFinish makes each pass's GPU work land in its own interval.
  using Clock = std::chrono::steady_clock;
  if (r.options.profile_passes) glFinish();  // the previous frame is not ours to time
  auto mark = Clock::now();
  const auto lap = [&](double& out) {
    if (!r.options.profile_passes) return;
    glFinish();
    const auto now = Clock::now();
    out = std::chrono::duration<double, std::milli>(now - mark).count();
    mark = now;
  };

  // Bounds, tubes and labels are rebuilt only when what they come from changed.
  std::uint64_t tubes_key = kHashSeed, labels_key = kHashSeed;
  hash_tubes(tubes_key, list);
  hash_labels(labels_key, list);
  std::uint64_t bounds_key = content;
  hash_bytes(bounds_key, &tubes_key, sizeof tubes_key);
  if (bounds_key != r.bounds_key) {
    r.bounds = r.scene_bounds(list);
    r.bounds_key = bounds_key;
  }
  const Aabb bounds = r.bounds;
  const float radius = 0.5f * std::max(bounds.hi.x - bounds.lo.x, bounds.hi.z - bounds.lo.z);
  std::uint64_t view_key = camera;
  hash_bytes(view_key, &view.width, sizeof view.width);
  hash_bytes(view_key, &view.height, sizeof view.height);
  const FrameStats uploaded = r.upload_instances(list, view, radius, batches, view_key);
  stats.instances = uploaded.instances;
  stats.triangles = uploaded.triangles;
  stats.truncated = uploaded.truncated;
  if (tubes_key != r.tubes_key) {
    r.tubes_fit = r.tubes.update(list.tubes);
    r.tubes_key = tubes_key;
  }
  if (!r.tubes_fit) stats.truncated = true;
  stats.tube_vertices = r.tubes.vertex_count();
  if (r.atlas) {
    if (labels_key != r.labels_key) {
      r.labels_fit = r.labels.update(*r.atlas, list.labels);
      r.labels_key = labels_key;
    }
    if (!r.labels_fit) stats.truncated = true;
    stats.glyphs = r.labels.glyph_count();
  }

  const float floor_y = bounds.lo.y - 0.002f;
  Aabb shadow_box = bounds;
  shadow_box.lo.y = floor_y;
  const glm::vec3 centre = 0.5f * (bounds.lo + bounds.hi);
  FrameBlock block{};
  block.view = view.view;
  block.proj = view.projection;
  block.view_proj = view.projection * view.view;
  block.light_view_proj = light_view_projection(kKeyLightDir, shadow_box);
  block.inv_view_proj = glm::inverse(block.view_proj);
  block.eye = glm::vec4(view.eye, 1.0f);
  block.key_dir = glm::vec4(kKeyLightDir, 0.0f);
  block.scene = {view.time, floor_y, r.options.exposure, 1.0f / static_cast<float>(r.shadow.size())};
  block.scene_centre = {centre.x, floor_y, centre.z, std::max(radius, 0.5f)};
  block.viewport = {static_cast<float>(view.width), static_cast<float>(view.height), 1.0f / static_cast<float>(view.width),
                    1.0f / static_cast<float>(view.height)};
  block.pick = {view.hovered, 0u, 0u, 0u};
  glBindBuffer(GL_UNIFORM_BUFFER, r.frame_buffer.id());
  glBufferSubData(GL_UNIFORM_BUFFER, 0, sizeof(FrameBlock), &block);
  glBindBuffer(GL_UNIFORM_BUFFER, 0);
  glBindBufferBase(GL_UNIFORM_BUFFER, kFrameBinding, r.frame_buffer.id());

  lap(stats.upload_ms);
  // The shadow map depends on the casters and the light only, not on the camera.
  const std::uint64_t casters = r.caster_hash(list, block.light_view_proj);
  if (casters != r.last_caster_hash) {
    r.draw_pass_shadow();
    r.last_caster_hash = casters;
    stats.shadow_redrawn = true;
  }
  lap(stats.shadow_ms);
  // Reuse the last static layer when only glowing batches moved (travelling beads):
  // then only the pixels those batches covered last frame or cover now are redrawn
  // (static layer put back, moving parts, glass over them); the rest of the
  // multisampled image is still last frame's, and still right.
  r.begin_main_pass(view);
  PixelRect changed = r.target->whole();
  if (r.static_layer.reuse(batches, r.layer_context(list, block, casters))) {
    const PixelRect moving = r.moving_rect(list, block.view_proj, view.width, view.height);
    changed = unite(r.last_moving_rect, moving);
    r.last_moving_rect = moving;
    stats.static_layer_reused = true;
    stats.redrawn_share = static_cast<float>(changed.w) * static_cast<float>(changed.h) /
                          (static_cast<float>(view.width) * static_cast<float>(view.height));
    if (!changed.empty()) {
      glEnable(GL_SCISSOR_TEST);
      glScissor(changed.x, changed.y, changed.w, changed.h);
      r.target->restore(changed);
      ++r.draw_calls;
      r.draw_moving_layer();
      r.draw_transparent();
      glDisable(GL_SCISSOR_TEST);
    }
  } else {
    r.draw_static_layer();
    if (r.static_layer.worth_keeping()) {
      r.target->snapshot();
      ++r.draw_calls;
      r.static_layer.kept();
      r.last_moving_rect = r.moving_rect(list, block.view_proj, view.width, view.height);
    }
    r.draw_moving_layer();
    r.draw_transparent();
  }
  lap(stats.main_ms);
  r.target->present(target_framebuffer, changed, out.x, out.y, out.width, out.height);
  r.draw_calls += 2;  // the resolve and the copy (blits)
  lap(stats.present_ms);

  glBindVertexArray(0);
  glUseProgram(0);
  glActiveTexture(GL_TEXTURE0);
  stats.draw_calls = r.draw_calls;
  if (auto s = check_gl("drawing the frame"); !s) return fail(s.error());
  return stats;
}

void Renderer::set_glyph_atlas(GlyphAtlas atlas) {
  impl_->atlas = std::move(atlas);
  impl_->labels = LabelBatch();
  impl_->labels.create(*impl_->atlas);
  impl_->labels_key = 0;  // lay the labels out again with the new glyphs
  impl_->static_layer.invalidate();
  impl_->notes.clear();
}

void Renderer::set_labels_note(std::string note) { impl_->notes = std::move(note); }

bool Renderer::labels_available() const { return impl_->atlas.has_value(); }
const std::string& Renderer::notes() const { return impl_->notes; }

}  // namespace am::render
