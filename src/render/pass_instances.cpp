// The instance batches and tubes: the scene's bounds, the instance buffer (each
// batch re-uploaded only when its revision or the view changed), and drawing them.
#include <algorithm>
#include <cmath>
#include <limits>

#include "stream_buffer.hpp"
#include "renderer_impl.hpp"

namespace am::render {

void grow_bounds(Aabb& box, const Aabb& unit, const glm::mat4& m) {
  const glm::vec3 c = 0.5f * (unit.lo + unit.hi), h = 0.5f * (unit.hi - unit.lo);
  const glm::vec3 centre(m * glm::vec4(c, 1.0f));
  const glm::vec3 extent =
      glm::abs(glm::vec3(m[0])) * h.x + glm::abs(glm::vec3(m[1])) * h.y + glm::abs(glm::vec3(m[2])) * h.z;
  box.lo = glm::min(box.lo, centre - extent);
  box.hi = glm::max(box.hi, centre + extent);
}

namespace {

Aabb scene_bounds(const DrawList& list) {
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
  if (box.lo.x > box.hi.x || !std::isfinite(box.lo.x) || !std::isfinite(box.hi.x))
    return {glm::vec3(-1), glm::vec3(1)};
  return box;
}

BoundsKey bounds_key_of(const DrawListRevisions& rev) {
  BoundsKey key;
  key.shapes = rev.shapes;
  key.tube_shapes = rev.tube_shapes;
  for (auto& per_mesh : key.shapes) per_mesh[static_cast<std::size_t>(Material::kGlow)] = 0;
  key.tube_shapes[static_cast<std::size_t>(Material::kGlow)] = 0;
  return key;
}

// Batches at least this large get a level of detail per instance (up to three draw
// calls); smaller ones draw at the level their largest instance needs (one call).
constexpr std::size_t kPerInstanceDetailMin = 128;
// Instances smaller than this share of the machine's size cast no shadow worth drawing.
constexpr float kShadowCasterMinShare = 0.025f;

}  // namespace

void Renderer::Impl::update_bounds(FrameContext& f) {
  // Recomputed only when what they come from changed.
  const BoundsKey key = bounds_key_of(f.list.revisions);
  if (!bounds_key || !same_bytes(key, *bounds_key)) {
    bounds = scene_bounds(f.list);
    bounds_key = key;
  }
  f.bounds = bounds;
  f.radius = 0.5f * std::max(bounds.hi.x - bounds.lo.x, bounds.hi.z - bounds.lo.z);
}

void Renderer::Impl::upload_instances(FrameContext& f) {
  const DrawList& list = f.list;
  const FrameView& view = f.view;
  FrameStats& stats = f.stats;
  const float focal_px = focal_length_px(view.projection, view.height);
  glBindBuffer(GL_ARRAY_BUFFER, instance_buffer.id());
  // A batch whose instances, camera and place in the buffer are as last frame keeps
  // what it uploaded then (levels of detail, order, data): most frames change few batches.
  const bool layout_same = reserve_instances(list);
  std::size_t next = 0;
  for (int m = 0; m < kMeshCount; ++m)
    for (int k = 0; k < kMaterialCount; ++k) {
      const auto mesh = static_cast<Mesh>(m);
      const auto material = static_cast<Material>(k);
      const std::vector<Instance>& batch =
          list.batches[static_cast<std::size_t>(m)][static_cast<std::size_t>(k)];
      Range& r = ranges[static_cast<std::size_t>(m)][static_cast<std::size_t>(k)];
      const std::uint64_t revision =
          list.revisions.batches[static_cast<std::size_t>(m)][static_cast<std::size_t>(k)];
      if (layout_same && r.uploaded && r.revision == revision && r.view_revision == view_revision &&
          r.scene_radius == f.radius && r.detail_scale == level.detail_scale && r.count == batch.size()) {
        count_triangles(r, mesh, stats);
        next += r.count;
        continue;
      }
      r = Range{};
      r.uploaded = true;
      r.revision = revision;
      r.view_revision = view_revision;
      r.scene_radius = f.radius;
      r.detail_scale = level.detail_scale;
      r.first = next;
      r.count = std::min(batch.size(), Renderer::kMaxInstances - next);
      if (r.count < batch.size()) stats.truncated = true;
      if (r.count == 0) continue;
      ++stats.batches_uploaded;

      assign_details(batch, mesh, material, r, view, focal_px, f.radius);
      const Instance* data = ordered_instances(batch, material, r, view);
      glBufferSubData(GL_ARRAY_BUFFER, static_cast<GLintptr>(r.first * sizeof(Instance)),
                      static_cast<GLsizeiptr>(r.count * sizeof(Instance)), data);
      count_triangles(r, mesh, stats);
      next += r.count;
    }
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  stats.instances = next;
}

bool Renderer::Impl::reserve_instances(const DrawList& list) {
  // A buffer that grows loses its contents, so then every batch is written again;
  // so it is when a batch's count changed (the ones after it moved).
  std::size_t wanted = 0;
  for (const auto& per_mesh : list.batches)
    for (const auto& batch : per_mesh) wanted += batch.size();
  wanted = std::min(wanted, Renderer::kMaxInstances);
  bool layout_same = !reserve_stream_buffer(GL_ARRAY_BUFFER, instance_capacity, wanted, sizeof(Instance),
                                            Renderer::kMaxInstances);
  for (std::size_t m = 0; m < static_cast<std::size_t>(kMeshCount); ++m)
    for (std::size_t k = 0; k < static_cast<std::size_t>(kMaterialCount); ++k)
      layout_same = layout_same && list.batches[m][k].size() == ranges[m][k].count;
  return layout_same;
}

void Renderer::Impl::count_triangles(const Range& r, Mesh mesh, FrameStats& stats) const {
  const auto m = static_cast<std::size_t>(mesh);
  for (int d = 0; d < kDetailCount; ++d)
    stats.triangles +=
        r.per_detail[static_cast<std::size_t>(d)] * meshes[m][static_cast<std::size_t>(d)].index_count() / 3;
}

void Renderer::Impl::assign_details(const std::vector<Instance>& batch, Mesh mesh, Material material,
                                    Range& r, const FrameView& view, float focal_px, float scene_radius) {
  // details: [r.count], each instance's level by its size on screen.
  details.resize(r.count);
  float largest_px = 0.0f, largest_world = 0.0f;
  for (std::size_t i = 0; i < r.count; ++i) {
    const float px = screen_radius_px(batch[i].transform, mesh, view.eye, focal_px);
    details[i] = detail_for(px);
    largest_px = std::max(largest_px, px);
    largest_world = std::max(largest_world, world_radius(batch[i].transform));
  }
  r.casts_shadow = largest_world > kShadowCasterMinShare * scene_radius;

  if (is_transparent(material) || r.count < kPerInstanceDetailMin) {
    r.per_detail[static_cast<std::size_t>(detail_for(largest_px))] = r.count;
  } else {
    for (std::size_t i = 0; i < r.count; ++i) ++r.per_detail[static_cast<std::size_t>(details[i])];
  }
}

const Instance* Renderer::Impl::ordered_instances(const std::vector<Instance>& batch, Material material,
                                                  const Range& r, const FrameView& view) {
  // order: [r.count], indices into batch in upload order.
  order.resize(r.count);
  for (std::size_t i = 0; i < r.count; ++i) order[i] = static_cast<std::uint32_t>(i);
  if (is_transparent(material)) {
    // Back to front by distance from the eye, so blending layers correctly.
    keys.resize(r.count);
    for (std::size_t i = 0; i < r.count; ++i)
      keys[i] = glm::distance(glm::vec3(batch[i].transform[3]), view.eye);
    std::sort(order.begin(), order.end(),
              [&](std::uint32_t a, std::uint32_t b) { return keys[a] > keys[b]; });
  } else if (r.per_detail[0] != r.count && r.per_detail[1] != r.count && r.per_detail[2] != r.count) {
    std::stable_sort(order.begin(), order.end(),
                     [&](std::uint32_t a, std::uint32_t b) { return details[a] < details[b]; });
  } else {
    order.clear();  // already in a usable order
    return batch.data();
  }
  staging.resize(r.count);
  for (std::size_t i = 0; i < r.count; ++i) staging[i] = batch[order[i]];
  return staging.data();
}

void Renderer::Impl::upload_tubes(FrameContext& f) {
  if (!tubes_revision || *tubes_revision != f.list.revisions.tubes) {
    tubes_fit = tubes.update(f.list.tubes);
    tubes_revision = f.list.revisions.tubes;
    f.stats.tubes_uploaded = true;
  }
  if (!tubes_fit) f.stats.truncated = true;
  f.stats.tube_vertices = tubes.vertex_count();
}

void Renderer::Impl::upload_stripes(FrameContext& f) {
  if (stripes_revision && *stripes_revision == f.list.revisions.stripes) return;
  stripes.update(f.list.stripe_colors);
  stripes_revision = f.list.revisions.stripes;
}

void Renderer::Impl::draw_batches(ShaderProgram& program, bool depth_only, bool (*wanted)(Material),
                                  Layer layer) {
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

void Renderer::Impl::draw_tubes(ShaderProgram& program, Material material) {
  if (!tubes.has(material)) return;
  program.use();
  program.set("u_material", static_cast<int>(material));
  // Attributes 3-6 are arrays in the instanced meshes' vertex arrays but not in the
  // tubes': there the current (constant) values apply.
  for (GLuint c = 0; c < 4; ++c)
    glVertexAttrib4f(3 + c, c == 0 ? 1.0f : 0.0f, c == 1 ? 1.0f : 0.0f, c == 2 ? 1.0f : 0.0f,
                     c == 3 ? 1.0f : 0.0f);
  glVertexAttribI4ui(attrib::kStripes, 0, 0, 0, 0);  // tubes are never striped
  draw_calls += tubes.draw(material);
}

}  // namespace am::render
