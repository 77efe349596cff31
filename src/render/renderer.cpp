// The renderer's set-up and its frame: a short sequence of passes (pass_*.cpp),
// each deciding from revision counters what it can keep from the last frame.
#include "am/render/renderer.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "renderer_impl.hpp"

namespace am::render {
namespace {

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

Status load_program(ShaderProgram& program, const std::filesystem::path& dir, const char* vert,
                    const char* frag) {
  auto p = ShaderProgram::load(dir, vert, frag);
  if (!p) return fail(p.error());
  program = std::move(*p);
  program.bind_block("Frame", kFrameBinding);
  program.use();
  program.set("u_shadow_map", kShadowUnit);
  program.set("u_atlas", kAtlasUnit);
  program.set("u_stripe_colors", kStripeUnit);
  program.set("u_normal_sign", 1.0f);
  program.set("u_source", 0);
  program.set("u_receive_shadow", 1);
  return Ok{};
}

// Everything but glow, whose change means "new data behind the picture".
ContentKey content_of(const DrawListRevisions& rev) {
  ContentKey key;
  key.batches = rev.batches;
  for (auto& per_mesh : key.batches) per_mesh[static_cast<std::size_t>(Material::kGlow)] = 0;
  key.tubes = rev.tubes;
  key.labels = rev.labels;
  return key;
}

}  // namespace

PassTimer::PassTimer(bool on) : on_(on) {
  if (on_) glFinish();  // the previous frame is not ours to time
  mark_ = Clock::now();
}

void PassTimer::lap(double& ms) {
  if (!on_) return;
  glFinish();
  const auto now = Clock::now();
  ms = std::chrono::duration<double, std::milli>(now - mark_).count();
  mark_ = now;
}

Status Renderer::Impl::apply_quality(QualityTier next) {
  QualityLevel q = quality_level(next);
  if (next == QualityTier::kHigh) {
    q.msaa_samples = options.msaa_samples;
    q.shadow_map_size = options.shadow_map_size;
  }
  if (q.simple_shading && surface_low.id() == 0) {
    if (auto s = load_program(surface_low, options.shader_dir, "instanced.vert", "surface_low.frag"); !s)
      return s;
  }
  if (q.edge_filter && edge_filter.id() == 0) {
    if (auto s = load_program(edge_filter, options.shader_dir, "fullscreen.vert", "edge_filter.frag"); !s)
      return s;
  }
  glUseProgram(0);
  if (q.shadow_map_size != shadow.depth_size() || shadow.texture() == 0) {
    if (auto s = shadow.create(q.shadow_map_size); !s) return s;
    shadow_drawn_from.reset();  // draw the new map
  }
  const float motion = options.motion_resolution > 0.0f ? options.motion_resolution : q.motion_resolution;
  motion_scale = motion > 0.0f ? std::min(motion, 1.0f) : (software ? 0.6f : 1.0f);
  tier = next;
  level = q;
  // Everything kept from the last frame was drawn at the old tier.
  for (auto& per_mesh : ranges)
    for (Range& r : per_mesh) r.uploaded = false;
  static_layer.invalidate();
  last_camera.reset();
  return Ok{};
}

Detail Renderer::Impl::detail_for(float radius_px) const {
  const Detail full = detail_for_radius(radius_px);
  if (level.detail_scale >= 1.0f) return full;
  // Coarser meshes, but a round part never becomes a box unless it would anyway.
  const Detail coarse = detail_for_radius(radius_px * level.detail_scale);
  return full != Detail::kTiny && coarse == Detail::kTiny ? Detail::kLow : coarse;
}

Status Renderer::Impl::load_programs(const std::filesystem::path& dir) {
  struct Spec {
    ShaderProgram* program;
    const char* vert;
    const char* frag;
  };
  const Spec specs[] = {
      {&surface, "instanced.vert", "surface.frag"},
      {&glass, "instanced.vert", "glass.frag"},
      {&shadow_instanced, "depth.vert", "depth_only.frag"},
      {&background, "fullscreen.vert", "background.frag"},
      {&floor, "floor.vert", "floor.frag"},
      {&label, "label.vert", "label.frag"},
      {&shadow_blur, "fullscreen.vert", "shadow_blur.frag"},
  };
  for (const Spec& s : specs)
    if (auto st = load_program(*s.program, dir, s.vert, s.frag); !st) return st;
  glUseProgram(0);
  return Ok{};
}

Renderer::Renderer(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Renderer::~Renderer() = default;

Result<std::unique_ptr<Renderer>> Renderer::create(const RendererOptions& options) {
  auto impl = std::make_unique<Impl>();
  impl->options = options;
  impl->software = software_rasteriser();
  if (auto s = impl->load_programs(options.shader_dir); !s) return fail(s.error());

  impl->instance_buffer = make_buffer();
  // Sized by upload_instances to what the scenes need (doubling): each frame writes only
  // the live instances.
  for (int m = 0; m < kMeshCount; ++m)
    for (int d = 0; d < kDetailCount; ++d)
      impl->meshes[static_cast<std::size_t>(m)].push_back(GpuMesh::upload(
          make_mesh(static_cast<Mesh>(m), static_cast<Detail>(d)), impl->instance_buffer.id()));

  impl->frame_buffer = make_buffer();
  glBindBuffer(GL_UNIFORM_BUFFER, impl->frame_buffer.id());
  glBufferData(GL_UNIFORM_BUFFER, sizeof(FrameBlock), nullptr, GL_DYNAMIC_DRAW);
  glBindBuffer(GL_UNIFORM_BUFFER, 0);
  glBindBufferBase(GL_UNIFORM_BUFFER, kFrameBinding, impl->frame_buffer.id());

  impl->empty_vao = make_vertex_array();
  if (auto s = impl->apply_quality(options.quality); !s) return fail(s.error());
  impl->tubes.create();
  impl->stripes.create();

  if (options.font_file) {
    auto atlas = build_glyph_atlas(
        *options.font_file,
        {.cap_height_px = 36.0f, .padding_px = 6, .extra = default_extra_codepoints(), .threads = 2});
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

Result<FrameStats> Renderer::render(const DrawList& list, const FrameView& view,
                                    unsigned target_framebuffer) {
  Impl& r = *impl_;
  FrameStats stats;
  if (view.width <= 0 || view.height <= 0) return stats;  // minimised: nothing to draw into
  FrameContext f{list, view, stats};
  if (auto s = r.begin_frame(f); !s) return fail(s.error());
  PassTimer timer(r.options.profile_passes);

  r.update_bounds(f);
  r.upload_instances(f);
  r.upload_tubes(f);
  r.upload_stripes(f);
  r.upload_labels(f);
  r.write_frame_block(f);
  timer.lap(stats.upload_ms);

  r.pass_shadow(f);
  timer.lap(stats.shadow_ms);

  r.begin_main_pass(f.view);
  f.changed = r.target->whole();
  if (r.static_layer_still_right(f)) {
    r.pass_overlay_on_kept_layer(f);
  } else {
    r.pass_static_layer(f);
    r.pass_moving_layer();
    r.pass_glass();
  }
  timer.lap(stats.main_ms);

  r.present(f, target_framebuffer);
  timer.lap(stats.present_ms);

  glBindVertexArray(0);
  glUseProgram(0);
  glActiveTexture(GL_TEXTURE0);
  stats.draw_calls = r.draw_calls;
  if (auto s = check_gl("drawing the frame"); !s) return fail(s.error());
  return stats;
}

Status Renderer::Impl::begin_frame(FrameContext& f) {
  // While things keep changing (camera moving, data animating) every frame is drawn in
  // full; on a software rasteriser those frames are drawn smaller and stretched (the
  // eye forgives softness in motion), and the caller draws a sharp one at rest.
  const FrameView& out = f.out;
  const CameraKey camera{out.view, out.projection, out.width, out.height};
  // Anything but glow changing (new data behind the picture) counts as moving too.
  const ContentKey content = content_of(f.list.revisions);
  const bool camera_same = last_camera && same_bytes(camera, *last_camera);
  const bool moving = out.in_motion || (last_camera && (!camera_same || !same_bytes(content, last_content)));
  last_camera = camera;
  last_content = content;
  f.scale = moving ? motion_scale : 1.0f;
  f.view = out;
  f.view.width = std::max(1, static_cast<int>(std::lround(static_cast<float>(out.width) * f.scale)));
  f.view.height = std::max(1, static_cast<int>(std::lround(static_cast<float>(out.height) * f.scale)));
  if (!camera_same || f.view.width != drawn_width || f.view.height != drawn_height) ++view_revision;
  drawn_width = f.view.width;
  drawn_height = f.view.height;
  f.stats.refine_pending = f.scale < 1.0f;

  RenderTarget* const previous_target = target;
  target = f.scale < 1.0f ? &motion_target : &full_target;
  if (auto s = target->ensure(f.view.width, f.view.height, level.msaa_samples); !s) return s;
  if (target != previous_target || target->generation() != target_generation) static_layer.invalidate();
  target_generation = target->generation();
  draw_calls = 0;
  return Ok{};
}

void Renderer::Impl::write_frame_block(FrameContext& f) {
  const FrameView& view = f.view;
  const float floor_y = f.bounds.lo.y - 0.002f;
  Aabb shadow_box = f.bounds;
  shadow_box.lo.y = floor_y;
  const glm::vec3 centre = 0.5f * (f.bounds.lo + f.bounds.hi);
  FrameBlock& block = f.block;
  block.view = view.view;
  block.proj = view.projection;
  block.view_proj = view.projection * view.view;
  block.light_view_proj = light_view_projection(kKeyLightDir, shadow_box);
  block.inv_view_proj = glm::inverse(block.view_proj);
  block.eye = glm::vec4(view.eye, 1.0f);
  block.key_dir = glm::vec4(kKeyLightDir, 0.0f);
  block.scene = {view.time, floor_y, options.exposure, 1.0f / static_cast<float>(shadow.size())};
  block.scene_centre = {centre.x, floor_y, centre.z, std::max(f.radius, 0.5f)};
  block.viewport = {static_cast<float>(view.width), static_cast<float>(view.height),
                    1.0f / static_cast<float>(view.width), 1.0f / static_cast<float>(view.height)};
  block.pick = {view.hovered, 0u, 0u, 0u};
  block.stripes = {f.list.stripe_fill, 0.0f, 0.0f, 0.0f};
  glBindBuffer(GL_UNIFORM_BUFFER, frame_buffer.id());
  glBufferSubData(GL_UNIFORM_BUFFER, 0, sizeof(FrameBlock), &block);
  glBindBuffer(GL_UNIFORM_BUFFER, 0);
  glBindBufferBase(GL_UNIFORM_BUFFER, kFrameBinding, frame_buffer.id());
}

void Renderer::Impl::begin_main_pass(const FrameView& view) {
  glBindFramebuffer(GL_FRAMEBUFFER, target->msaa_framebuffer());
  glViewport(0, 0, view.width, view.height);
  glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
  glDepthMask(GL_TRUE);
  glActiveTexture(GL_TEXTURE0 + kShadowUnit);
  glBindTexture(GL_TEXTURE_2D, shadow.texture());
  stripes.bind(kStripeUnit);
}

void Renderer::Impl::present(FrameContext& f, unsigned target_framebuffer) {
  const FrameView& out = f.out;
  if (level.edge_filter && target->samples() == 0 && f.scale >= 1.0f) {
    // Still and single-sampled: the edge filter stands in for the MSAA resolve.
    target->resolve(f.changed);
    draw_edge_filter(target_framebuffer, out.x, out.y, out.width, out.height);
  } else {
    target->present(target_framebuffer, f.changed, out.x, out.y, out.width, out.height);
  }
  draw_calls += 2;  // the resolve and the copy (blits), or the resolve and the filter
}

void Renderer::Impl::draw_edge_filter(unsigned target_framebuffer, int x, int y, int width, int height) {
  // Only the view's rectangle: the one triangle is clipped to it.
  glBindFramebuffer(GL_FRAMEBUFFER, target_framebuffer);
  glViewport(x, y, width, height);
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_BLEND);
  glDisable(GL_CULL_FACE);
  glDepthMask(GL_FALSE);
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, target->resolved_texture());
  edge_filter.use();
  edge_filter.set("u_texel", glm::vec2(1.0f / static_cast<float>(target->width()),
                                       1.0f / static_cast<float>(target->height())));
  glBindVertexArray(empty_vao.id());
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glBindTexture(GL_TEXTURE_2D, 0);
  glDepthMask(GL_TRUE);
}

void Renderer::end_frame() {
  if (impl_->software) glFinish();
}

Status Renderer::set_quality(QualityTier tier) {
  if (tier == impl_->tier) return Ok{};
  return impl_->apply_quality(tier);
}

QualityTier Renderer::quality() const { return impl_->tier; }

void Renderer::set_glyph_atlas(GlyphAtlas atlas) {
  impl_->atlas = std::move(atlas);
  impl_->labels = LabelBatch();
  impl_->labels.create(*impl_->atlas);
  impl_->labels_revision.reset();  // lay the labels out again with the new glyphs
  impl_->static_layer.invalidate();
  impl_->notes.clear();
}

void Renderer::set_labels_note(std::string note) { impl_->notes = std::move(note); }

bool Renderer::labels_available() const { return impl_->atlas.has_value(); }
const std::string& Renderer::notes() const { return impl_->notes; }

}  // namespace am::render
