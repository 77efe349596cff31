// The renderer with a real OpenGL context (run under xvfb-run): frames draw without
// GL errors at any size, reused static layers match full redraws, materials read
// as what they are, and shader errors name their file and line.
#include <unistd.h>  // getpid: one scratch folder per process under ctest -j

#include <catch2/catch.hpp>

#include <glad/gl.h>

#include <filesystem>
#include <fstream>

#include <glm/gtc/matrix_transform.hpp>

#include "am/render/revision_stamp.hpp"
#include "am/render/asset_paths.hpp"
#include "am/render/camera.hpp"
#include "am/render/renderer.hpp"
#include "gl_harness.hpp"
#include "offscreen_image.hpp"

using namespace am::render;
using am::render_test::GlHarness;
using am::render_test::OffscreenImage;

namespace {

GlHarness& harness() {
  static auto h = GlHarness::create(64, 64);
  if (!h) FAIL("cannot create a GL context: " << h.error());
  return **h;
}

// motion_resolution: as RendererOptions' (0: the tier's).
std::unique_ptr<Renderer> make_renderer(bool with_font = true, float motion_resolution = 0.0f) {
  harness();
  auto dir = find_shader_dir();
  REQUIRE(dir.ok());
  RendererOptions o;
  o.shader_dir = *dir;
  if (with_font) o.font_file = find_font_file();
  o.motion_resolution = motion_resolution;
  auto r = Renderer::create(o);
  if (!r) FAIL(r.error());
  return std::move(*r);
}

glm::mat4 box(glm::vec3 centre, glm::vec3 size) { return glm::scale(glm::translate(glm::mat4(1.0f), centre), size); }

// Frame after frame, as the machine's builder stamps its list.
void stamp(DrawList& list) {
  static RevisionStamp stamper;
  stamper.stamp(list);
}

// A small machine-like scene: a bench, brass blocks with letters, a glass tube with
// paint bands, a thread and beads that travel with `t`. Stamped with its revisions.
DrawList test_scene(float t) {
  DrawList list;
  list.batch(Mesh::kBevelBox, Material::kSteel).push_back({box({0, -0.1f, 0}, {8, 0.2f, 5}), glm::vec4(0.5f), 1});
  for (int i = 0; i < 6; ++i) {
    const float x = -2.5f + static_cast<float>(i);
    list.batch(Mesh::kBevelBox, Material::kBrass).push_back({box({x, 0.4f, 1.5f}, {0.8f, 0.6f, 0.5f}), glm::vec4(1), 10u + static_cast<PickId>(i)});
    list.labels.push_back({std::string(1, static_cast<char>('a' + i)), {x, 0.25f, 1.751f}, {1, 0, 0}, {0, 1, 0}, 0.3f, glm::vec4(1), true});
    for (int b = 0; b < 8; ++b)
      list.batch(Mesh::kCylinder, Material::kPaint)
          .push_back({glm::rotate(box({x, 0.5f, 0.8f - 0.2f * static_cast<float>(b)}, glm::vec3(1)), glm::radians(90.0f), {1, 0, 0}) *
                          glm::scale(glm::mat4(1), {0.3f, 0.05f, 0.3f}),
                      b % 2 ? glm::vec4(0.86f, 0.38f, 0.1f, 1) : glm::vec4(0.1f, 0.32f, 0.88f, 1), 0});
    list.batch(Mesh::kCylinder, Material::kGlass)
        .push_back({glm::rotate(box({x, 0.5f, 0.0f}, glm::vec3(1)), glm::radians(90.0f), {1, 0, 0}) * glm::scale(glm::mat4(1), {0.4f, 2.2f, 0.4f}),
                    {0.9f, 0.95f, 1.0f, 0.2f}, 0});
  }
  SweptTube thread;
  for (int k = 0; k <= 16; ++k) {
    const float s = static_cast<float>(k) / 16.0f;
    thread.points.push_back({-2.5f + 5.0f * s, 1.5f + 1.2f * s * (1 - s) * 4.0f, -1.5f});
  }
  thread.radius = 0.04f;
  thread.color = {1.0f, 0.7f, 0.3f, 1};
  thread.pick = 99;
  list.tubes.push_back(thread);
  for (int i = 0; i < 3; ++i) {
    const float s = std::fmod(t * 0.3f + 0.33f * static_cast<float>(i), 1.0f);
    list.batch(Mesh::kSphere, Material::kGlow)
        .push_back({box({-2.5f + 5.0f * s, 1.5f + 1.2f * s * (1 - s) * 4.0f, -1.5f}, glm::vec3(0.18f)), {1.0f, 0.8f, 0.4f, 1}, 0});
  }
  stamp(list);
  return list;
}

FrameView view_of(int w, int h, float yaw = -0.4f) {
  OrbitCamera cam;
  cam.set_pose({{0, 0.5f, 0}, yaw, 0.5f, 8.0f});
  FrameView v;
  v.view = cam.view();
  v.projection = cam.projection(static_cast<float>(w) / static_cast<float>(h));
  v.eye = cam.eye();
  v.width = w;
  v.height = h;
  return v;
}

glm::vec3 pixel(const Image& img, int x, int y) {
  const std::size_t i = (static_cast<std::size_t>(y) * static_cast<std::size_t>(img.width) + static_cast<std::size_t>(x)) * 4;
  return {img.rgba[i], img.rgba[i + 1], img.rgba[i + 2]};
}

// Where a world point lands in the read-back image (top row first).
glm::ivec2 project(const FrameView& v, glm::vec3 p) {
  const glm::vec4 c = v.projection * v.view * glm::vec4(p, 1.0f);
  const glm::vec2 ndc = glm::vec2(c) / c.w;
  return {static_cast<int>((ndc.x * 0.5f + 0.5f) * static_cast<float>(v.width)),
          static_cast<int>((0.5f - ndc.y * 0.5f) * static_cast<float>(v.height))};
}

}  // namespace

TEST_CASE("a frame draws the scene without GL errors, within the draw-call budget") {
  auto r = make_renderer();
  const OffscreenImage out = OffscreenImage::create(320, 200);
  const DrawList list = test_scene(0.0f);
  auto stats = r->render(list, view_of(320, 200), out.fbo.id());
  REQUIRE(stats.ok());
  CHECK(stats->draw_calls > 5);
  CHECK(stats->draw_calls <= 60);
  CHECK(stats->instances == list.instance_count());
  CHECK(stats->glyphs == (r->labels_available() ? 6u : 0u));
  CHECK_FALSE(stats->truncated);
  // Not a blank image: the backdrop is dark, the machine is not.
  const Image img = out.read();
  float brightest = 0.0f, darkest = 255.0f;
  for (int y = 0; y < img.height; y += 4)
    for (int x = 0; x < img.width; x += 4) {
      const glm::vec3 p = pixel(img, x, y);
      brightest = std::max(brightest, p.r + p.g + p.b);
      darkest = std::min(darkest, p.r + p.g + p.b);
    }
  CHECK(brightest > 300.0f);
  CHECK(darkest < 60.0f);
}

TEST_CASE("zero-size views draw nothing; resizing never raises a GL error") {
  auto r = make_renderer();
  const DrawList list = test_scene(0.0f);
  FrameView zero = view_of(100, 100);
  zero.width = 0;
  zero.height = 0;
  auto none = r->render(list, zero, 0);
  REQUIRE(none.ok());
  CHECK(none->draw_calls == 0);
  for (const glm::ivec2 size : {glm::ivec2(64, 48), glm::ivec2(300, 17), glm::ivec2(1, 1), glm::ivec2(200, 150)}) {
    const OffscreenImage out = OffscreenImage::create(size.x, size.y);
    auto s = r->render(list, view_of(size.x, size.y), out.fbo.id());
    INFO(size.x << "x" << size.y);
    REQUIRE(s.ok());
  }
  CHECK(glGetError() == GL_NO_ERROR);
}

TEST_CASE("frames that reuse the static layer are exactly a frame drawn in full") {
  auto animated = make_renderer();
  const OffscreenImage a = OffscreenImage::create(240, 160);
  int reused = 0;
  for (int i = 0; i <= 10; ++i) {
    auto s = animated->render(test_scene(0.1f * static_cast<float>(i)), view_of(240, 160), a.fbo.id());
    REQUIRE(s.ok());
    if (s->static_layer_reused) {
      ++reused;
      CHECK(s->redrawn_share < 1.0f);
    }
  }
  CHECK(reused >= 8);
  auto fresh = make_renderer();
  const OffscreenImage b = OffscreenImage::create(240, 160);
  REQUIRE(fresh->render(test_scene(1.0f), view_of(240, 160), b.fbo.id()).ok());
  CHECK(a.read().rgba == b.read().rgba);
  // Moving the camera redraws everything.
  auto moved = animated->render(test_scene(1.1f), view_of(240, 160, 0.3f), a.fbo.id());
  REQUIRE(moved.ok());
  CHECK_FALSE(moved->static_layer_reused);
}

TEST_CASE("materials read as what they are: brass is warm, glass lets colour through, glow is bright") {
  auto r = make_renderer();
  const int w = 200, h = 200;
  const OffscreenImage out = OffscreenImage::create(w, h);
  FrameView v = view_of(w, h, 0.0f);
  // A red box straight behind a glass box, on the line of sight through the glass.
  const glm::vec3 glass_centre(1.2f, 0.0f, 0.5f);
  const glm::vec3 red_centre = glass_centre + 2.0f * glm::normalize(glass_centre - v.eye);
  DrawList list;
  list.batch(Mesh::kBevelBox, Material::kBrass).push_back({box({-1.2f, 0, 0}, glm::vec3(1.0f)), glm::vec4(1), 1});
  list.batch(Mesh::kBox, Material::kPaint).push_back({box(red_centre, glm::vec3(1.0f)), {0.9f, 0.1f, 0.1f, 1}, 2});
  list.batch(Mesh::kBox, Material::kGlass).push_back({box(glass_centre, glm::vec3(1.0f)), {1, 1, 1, 0.2f}, 3});
  list.batch(Mesh::kSphere, Material::kGlow).push_back({box({0, 1.2f, 0}, glm::vec3(0.5f)), {0.2f, 0.9f, 0.3f, 1}, 4});
  REQUIRE(r->render(list, v, out.fbo.id()).ok());
  const Image img = out.read();
  const glm::ivec2 brass_px = project(v, {-1.2f, 0.0f, 0.5f});
  const glm::vec3 brass = pixel(img, brass_px.x, brass_px.y);
  INFO("brass " << brass.r << " " << brass.g << " " << brass.b);
  CHECK(brass.r > brass.b + 20.0f);
  CHECK(brass.g > brass.b);
  const glm::ivec2 glass_px = project(v, glass_centre);
  const glm::vec3 through = pixel(img, glass_px.x, glass_px.y);
  INFO("through glass " << through.r << " " << through.g << " " << through.b);
  CHECK(through.r > through.g + 40.0f);  // the red box shows through the glass
  const glm::ivec2 glow_px = project(v, {0.0f, 1.2f, 0.25f});
  const glm::vec3 glow = pixel(img, glow_px.x, glow_px.y);
  INFO("glow " << glow.r << " " << glow.g << " " << glow.b);
  CHECK(glow.g > 150.0f);
  CHECK(glow.g > glow.r + 50.0f);
}

TEST_CASE("the hovered part glows, and nothing else changes") {
  auto r = make_renderer();
  const OffscreenImage out = OffscreenImage::create(160, 120);
  const DrawList list = test_scene(0.0f);
  FrameView v = view_of(160, 120);
  REQUIRE(r->render(list, v, out.fbo.id()).ok());
  const Image before = out.read();
  v.hovered = 12;  // the third brass block
  REQUIRE(r->render(list, v, out.fbo.id()).ok());
  const Image after = out.read();
  const glm::ivec2 block = project(v, {-0.5f, 0.4f, 1.76f});
  const glm::ivec2 other = project(v, {2.5f, 0.4f, 1.76f});
  CHECK(glm::length(pixel(after, block.x, block.y)) > glm::length(pixel(before, block.x, block.y)) + 10.0f);
  CHECK(pixel(after, other.x, other.y) == pixel(before, other.x, other.y));
}

TEST_CASE("without a font, labels are skipped and the frame still draws") {
  auto r = make_renderer(false);
  CHECK_FALSE(r->labels_available());
  const OffscreenImage out = OffscreenImage::create(64, 64);
  auto s = r->render(test_scene(0.0f), view_of(64, 64), out.fbo.id());
  REQUIRE(s.ok());
  CHECK(s->glyphs == 0);
}

TEST_CASE("a shader that does not compile is reported with its file and line") {
  harness();
  auto dir = find_shader_dir();
  REQUIRE(dir.ok());
  const auto broken = std::filesystem::temp_directory_path() / ("am_broken_shaders_" + std::to_string(::getpid()));
  std::filesystem::remove_all(broken);
  std::filesystem::copy(*dir, broken);
  {
    std::ofstream f(broken / "glass.frag", std::ios::app);
    f << "\nvoid broken() { undeclared_thing = 1.0; }\n";
  }
  RendererOptions o;
  o.shader_dir = broken;
  auto r = Renderer::create(o);
  REQUIRE_FALSE(r.ok());
  INFO(r.error());
  CHECK(r.error().find("glass.frag:") != std::string::npos);
  CHECK(r.error().find("undeclared_thing") != std::string::npos);
  std::filesystem::remove_all(broken);
}

TEST_CASE("while the camera moves a software rasteriser draws smaller, then sharp once it rests") {
  harness();
  auto dir = find_shader_dir();
  REQUIRE(dir.ok());
  RendererOptions o;
  o.shader_dir = *dir;
  o.motion_resolution = 0.5f;  // as on llvmpipe, whatever this machine has
  auto made = Renderer::create(o);
  REQUIRE(made.ok());
  auto& r = *made;
  const OffscreenImage out = OffscreenImage::create(200, 120);
  const DrawList list = test_scene(0.0f);
  auto first = r->render(list, view_of(200, 120, -0.4f), out.fbo.id());
  REQUIRE(first.ok());
  CHECK_FALSE(first->refine_pending);  // nothing to compare with: a still frame
  auto moved = r->render(list, view_of(200, 120, -0.3f), out.fbo.id());
  REQUIRE(moved.ok());
  CHECK(moved->refine_pending);
  auto rested = r->render(list, view_of(200, 120, -0.3f), out.fbo.id());
  REQUIRE(rested.ok());
  CHECK_FALSE(rested->refine_pending);
  auto fresh = make_renderer(false);
  const OffscreenImage ref = OffscreenImage::create(200, 120);
  REQUIRE(fresh->render(list, view_of(200, 120, -0.3f), ref.fbo.id()).ok());
  // Same picture as a renderer that never moved (this one has no font: compare away from labels).
  const Image a = out.read(), b = ref.read();
  int differing = 0;
  for (std::size_t i = 0; i < a.rgba.size(); i += 4)
    if (std::abs(static_cast<int>(a.rgba[i]) - static_cast<int>(b.rgba[i])) > 40) ++differing;
  CHECK(differing < 200 * 120 / 50);
}

TEST_CASE("quality tiers: Low gives up triangles and glass walls, and going back to High is exactly High") {
  auto r = make_renderer();
  const OffscreenImage out = OffscreenImage::create(240, 160);
  const DrawList list = test_scene(0.0f);
  const FrameView v = view_of(240, 160);
  auto high = r->render(list, v, out.fbo.id());
  REQUIRE(high.ok());
  const Image high_image = out.read();
  CHECK(r->quality() == QualityTier::kHigh);

  for (const QualityTier tier : {QualityTier::kMedium, QualityTier::kLow}) {
    REQUIRE(r->set_quality(tier).ok());
    CHECK(r->quality() == tier);
    auto s = r->render(list, v, out.fbo.id());
    REQUIRE(s.ok());
    INFO(quality_tier_name(tier));
    CHECK(s->instances == high->instances);
    CHECK(out.read().rgba != high_image.rgba);  // drawn differently (no MSAA, ...)
    if (tier == QualityTier::kLow) {
      CHECK(s->triangles < high->triangles);       // coarser meshes
      CHECK(s->draw_calls < high->draw_calls);     // one glass wall, not two
    }
  }
  CHECK(glGetError() == GL_NO_ERROR);
  REQUIRE(r->set_quality(QualityTier::kHigh).ok());
  REQUIRE(r->render(list, v, out.fbo.id()).ok());
  CHECK(out.read().rgba == high_image.rgba);
}

TEST_CASE("at Low, brass is still warm and glass still lets colour through") {
  auto r = make_renderer();
  REQUIRE(r->set_quality(QualityTier::kLow).ok());
  const int w = 200, h = 200;
  const OffscreenImage out = OffscreenImage::create(w, h);
  FrameView v = view_of(w, h, 0.0f);
  const glm::vec3 glass_centre(1.2f, 0.0f, 0.5f);
  const glm::vec3 red_centre = glass_centre + 2.0f * glm::normalize(glass_centre - v.eye);
  DrawList list;
  list.batch(Mesh::kBevelBox, Material::kBrass).push_back({box({-1.2f, 0, 0}, glm::vec3(1.0f)), glm::vec4(1), 1});
  list.batch(Mesh::kBox, Material::kPaint).push_back({box(red_centre, glm::vec3(1.0f)), {0.9f, 0.1f, 0.1f, 1}, 2});
  list.batch(Mesh::kBox, Material::kGlass).push_back({box(glass_centre, glm::vec3(1.0f)), {1, 1, 1, 0.2f}, 3});
  REQUIRE(r->render(list, v, out.fbo.id()).ok());
  const Image img = out.read();
  const glm::ivec2 brass_px = project(v, {-1.2f, 0.0f, 0.5f});
  const glm::vec3 brass = pixel(img, brass_px.x, brass_px.y);
  INFO("brass " << brass.r << " " << brass.g << " " << brass.b);
  CHECK(brass.r > brass.b + 20.0f);
  CHECK(brass.g > brass.b);
  const glm::ivec2 glass_px = project(v, glass_centre);
  const glm::vec3 through = pixel(img, glass_px.x, glass_px.y);
  INFO("through glass " << through.r << " " << through.g << " " << through.b);
  CHECK(through.r > through.g + 40.0f);
}

TEST_CASE("a view drawn into a rectangle of the target leaves the rest alone and matches a whole-target draw") {
  auto r = make_renderer();
  const DrawList list = test_scene(0.0f);
  // The same camera and size, once filling its own target, once inside a larger one.
  const OffscreenImage alone = OffscreenImage::create(160, 120);
  REQUIRE(r->render(list, view_of(160, 120), alone.fbo.id()).ok());
  const OffscreenImage framed = OffscreenImage::create(320, 200);
  glBindFramebuffer(GL_FRAMEBUFFER, framed.fbo.id());
  glViewport(0, 0, 320, 200);
  glClearColor(1.0f, 0.0f, 1.0f, 1.0f);  // magenta: never part of the scene
  glClear(GL_COLOR_BUFFER_BIT);
  FrameView v = view_of(160, 120);
  v.x = 100;  // GL's bottom-left origin: rows 40..159 from the bottom
  v.y = 40;
  REQUIRE(r->render(list, v, framed.fbo.id()).ok());
  const Image a = alone.read(), f = framed.read();
  const int top = 200 - (40 + 120);  // the read-back image starts with the top row
  int outside_changed = 0, inside_different = 0;
  for (int y = 0; y < 200; ++y)
    for (int x = 0; x < 320; ++x) {
      const bool inside = x >= 100 && x < 260 && y >= top && y < top + 120;
      const glm::vec3 p = pixel(f, x, y);
      if (!inside && p != glm::vec3(255, 0, 255)) ++outside_changed;
      if (inside && p != pixel(a, x - 100, y - top)) ++inside_different;
    }
  CHECK(outside_changed == 0);
  CHECK(inside_different == 0);
}

TEST_CASE("the renderer uploads again only what a revision says changed") {
  // Full size while things change: the view stays as it was.
  auto r = make_renderer(true, 1.0f);
  const OffscreenImage out = OffscreenImage::create(160, 120);
  const FrameView v = view_of(160, 120);
  const auto draw = [&](const DrawList& list) {
    auto s = r->render(list, v, out.fbo.id());
    REQUIRE(s.ok());
    return *s;
  };
  DrawList list = test_scene(0.0f);
  const FrameStats first = draw(list);
  CHECK(first.batches_uploaded == 5);  // steel, brass, paint, glass and glow
  CHECK(first.tubes_uploaded);
  CHECK(first.shadow_redrawn);

  // The same revisions: nothing uploaded, the shadow map kept.
  const FrameStats same = draw(list);
  CHECK(same.batches_uploaded == 0);
  CHECK_FALSE(same.tubes_uploaded);
  CHECK_FALSE(same.labels_uploaded);
  CHECK_FALSE(same.shadow_redrawn);

  // Beads travel: only their batch, and no new shadow (glow casts none).
  list = test_scene(0.5f);
  const FrameStats beads = draw(list);
  CHECK(beads.batches_uploaded == 1);
  CHECK_FALSE(beads.tubes_uploaded);
  CHECK_FALSE(beads.labels_uploaded);
  CHECK_FALSE(beads.shadow_redrawn);

  // A brass block changes colour: its batch only, and the shadow stays (same shapes).
  list.batch(Mesh::kBevelBox, Material::kBrass)[0].color = glm::vec4(0.3f, 0.3f, 0.3f, 1.0f);
  stamp(list);
  const FrameStats colour = draw(list);
  CHECK(colour.batches_uploaded == 1);
  CHECK_FALSE(colour.shadow_redrawn);

  // It moves: its batch again, and now the shadow map is redrawn.
  list.batch(Mesh::kBevelBox, Material::kBrass)[0].transform = box({-2.5f, 0.6f, 1.5f}, {0.8f, 0.6f, 0.5f});
  stamp(list);
  const FrameStats moved = draw(list);
  CHECK(moved.batches_uploaded == 1);
  CHECK(moved.shadow_redrawn);

  // A label changes: the labels only.
  list.labels[0].text = "z";
  stamp(list);
  const FrameStats relabelled = draw(list);
  CHECK(relabelled.batches_uploaded == 0);
  CHECK(relabelled.labels_uploaded == r->labels_available());
  CHECK_FALSE(relabelled.tubes_uploaded);
}

TEST_CASE("a striped instance shows each stripe's colour, a darker groove between two, and glows one stripe at a time") {
  auto r = make_renderer(false);
  const int w = 120, h = 160;
  const OffscreenImage out = OffscreenImage::create(w, h);
  FrameView v;
  v.eye = {0.0f, 0.0f, 9.0f};
  v.view = glm::lookAt(v.eye, glm::vec3(0.0f), {0, 1, 0});
  v.projection = glm::perspective(0.6f, static_cast<float>(w) / static_cast<float>(h), 0.1f, 50.0f);
  v.width = w;
  v.height = h;
  // A box 4 high facing the eye, in 4 stripes (red, blue, red, blue from the bottom),
  // each painted over 60 % of its length.
  DrawList list;
  Instance rod{box({0, 0, 0}, {2, 4, 1}), glm::vec4(1), 40};
  rod.stripe_count = 4;
  list.batch(Mesh::kBox, Material::kPaint).push_back(rod);
  list.stripe_colors = {{0.9f, 0.1f, 0.1f, 1}, {0.1f, 0.2f, 0.9f, 1}, {0.9f, 0.1f, 0.1f, 1}, {0.1f, 0.2f, 0.9f, 1}};
  list.stripe_fill = 0.6f;
  stamp(list);
  REQUIRE(r->render(list, v, out.fbo.id()).ok());
  const Image img = out.read();
  const auto at = [&](const Image& im, float y) {
    const glm::ivec2 p = project(v, {0.0f, y, 0.5f});
    return pixel(im, p.x, p.y);
  };
  const glm::vec3 s0 = at(img, -1.5f), s1 = at(img, -0.5f), groove = at(img, -1.0f);
  INFO("stripe 0 " << s0.r << " " << s0.b << ", stripe 1 " << s1.r << " " << s1.b << ", groove " << groove.r << " "
                   << groove.g << " " << groove.b);
  CHECK(s0.r > s0.b + 40.0f);
  CHECK(s1.b > s1.r + 40.0f);
  CHECK(groove.r + groove.g + groove.b < 0.8f * std::min(s0.r + s0.g + s0.b, s1.r + s1.g + s1.b));
  v.hovered = 41;  // stripe 1
  REQUIRE(r->render(list, v, out.fbo.id()).ok());
  const Image hovered = out.read();
  CHECK(glm::length(at(hovered, -0.5f)) > glm::length(s1) + 10.0f);
  CHECK(at(hovered, -1.5f) == s0);
}
