// am-render-scene: draws the machine alone (no panels) for a text and checkpoint,
// from a named viewpoint, and writes a PNG. For looking at the renderer's work and
// for timing it; run under xvfb-run on a machine without a display.
//   am-render-scene OUT.png [--text T] [--step N] [--view overview|front|plate|side|drum|columns]
//                   [--size WxH] [--time S] [--frames N] [--ablate L2H4]
#include <glad/gl.h>
#include <GLFW/glfw3.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "am/machine/scene.hpp"
#include "am/model/forward.hpp"
#include "am/model/normalizer.hpp"
#include "am/model/safetensors.hpp"
#include "am/model/runs_index.hpp"
#include "am/model/weights_dir.hpp"
#include "am/render/asset_paths.hpp"
#include "am/render/camera.hpp"
#include "am/render/renderer.hpp"
#include "gl_harness.hpp"
#include "offscreen_image.hpp"

using namespace am;

namespace {

render::CameraPose pose_for(const std::string& view, const machine::Anchors& a, float aspect, float fov) {
  const glm::vec3 size = a.bounds_max - a.bounds_min;
  const float close = render::distance_to_fit_width(std::max(size.x, 4.0f) * 1.1f, fov, aspect);
  const auto framed = [&](float yaw, float pitch, float tighten) {
    render::CameraPose p = render::frame_box(a.bounds_min, a.bounds_max, yaw, pitch, fov, aspect);
    p.distance *= tighten;  // the sphere around a long, low machine is loose
    return p;
  };
  if (view == "front") {
    render::CameraPose p = framed(0.0f, 0.42f, 0.72f);
    p.target = 0.5f * (a.slugs + a.columns);
    return p;
  }
  if (view == "plate") return {a.lifted_plate, -0.25f, 0.55f, 0.75f * close};
  if (view == "side") return framed(-1.35f, 0.35f, 0.7f);
  if (view == "drum") return {a.drum, -0.6f, 0.35f, 0.4f * close + 2.0f};
  if (view == "columns") return {a.columns, 0.2f, 0.3f, 0.6f * close};
  if (view == "slugs") return {a.slugs, -0.2f, 0.45f, 0.5f * close};
  render::CameraPose p = framed(-0.5f, 0.5f, 0.7f);  // overview
  p.target.z += 0.06f * size.z;
  return p;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s OUT.png [--text T] [--step N] [--view V] [--size WxH] [--time S] [--frames N] [--ablate L]\n", argv[0]);
    return 2;
  }
  std::string out = argv[1], text = "the queen. the qu", view = "overview", ablate;
  long long step = -1;
  int w = 1280, h = 720, frames = 2;
  double time = 1.25;
  for (int i = 2; i + 1 < argc; i += 2) {
    const std::string f = argv[i], v = argv[i + 1];
    if (f == "--text") text = v;
    else if (f == "--step") step = std::atoll(v.c_str());
    else if (f == "--view") view = v;
    else if (f == "--time") time = std::atof(v.c_str());
    else if (f == "--frames") frames = std::atoi(v.c_str());
    else if (f == "--ablate") ablate = v;
    else if (f == "--size") std::sscanf(v.c_str(), "%dx%d", &w, &h);
  }
  auto root = find_weights_dir(std::nullopt);
  if (!root) return std::fprintf(stderr, "%s\n", root.error().c_str()), 1;
  auto dir = run_dir(*root);  // the first run of a folder of runs
  if (!dir) return std::fprintf(stderr, "%s\n", dir.error().c_str()), 1;
  auto manifest = load_manifest(*dir);
  if (!manifest) return std::fprintf(stderr, "%s\n", manifest.error().c_str()), 1;
  const CheckpointEntry& entry = step >= 0 ? manifest->nearest(step) : manifest->final_checkpoint();
  auto weights = load_weights(*dir / entry.file);
  if (!weights) return std::fprintf(stderr, "%s\n", weights.error().c_str()), 1;
  auto pulled = HeadMask::parse(ablate);
  if (!pulled) return std::fprintf(stderr, "%s\n", pulled.error().c_str()), 1;
  const Normalized n = normalize(text);
  const Activations acts = forward(*weights, n.ids, *pulled);

  auto gl = render_test::GlHarness::create(w, h);
  if (!gl) return std::fprintf(stderr, "%s\n", gl.error().c_str()), 1;
  auto shaders = render::find_shader_dir();
  if (!shaders) return std::fprintf(stderr, "%s\n", shaders.error().c_str()), 1;
  render::RendererOptions ro;
  ro.shader_dir = *shaders;
  ro.font_file = render::find_font_file();
  auto renderer = render::Renderer::create(ro);
  if (!renderer) return std::fprintf(stderr, "%s\n", renderer.error().c_str()), 1;

  machine::SceneInput in;
  in.acts = &acts;
  in.text = n.text.substr(n.text.size() > static_cast<std::size_t>(kContext) ? n.text.size() - kContext : 0);
  in.pulled = *pulled;
  for (const CheckpointEntry& c : manifest->checkpoints) in.training.steps.push_back(c.step);
  in.training.current_step = entry.step;
  in.time_seconds = time;
  machine::Scene scene;
  machine::build_scene(in, scene);
  render::OrbitCamera cam;
  cam.set_pose(pose_for(view, scene.anchors, static_cast<float>(w) / static_cast<float>(h), cam.fov_y));
  render::FrameView fv;
  fv.view = cam.view();
  fv.projection = cam.projection(static_cast<float>(w) / static_cast<float>(h));
  fv.eye = cam.eye();
  fv.width = w;
  fv.height = h;
  const auto target = render_test::OffscreenImage::create(w, h);
  render::FrameStats stats;
  const auto t0 = std::chrono::steady_clock::now();
  for (int i = 0; i < frames; ++i) {
    in.time_seconds = time + (frames > 2 ? 0.02 * i : 0.0);
    machine::build_scene(in, scene);
    auto s = (*renderer)->render(scene.draw, fv, target.fbo.id());
    if (!s) return std::fprintf(stderr, "%s\n", s.error().c_str()), 1;
    stats = *s;
  }
  glFinish();
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  if (auto s = render::write_png(out, target.read()); !s) return std::fprintf(stderr, "%s\n", s.error().c_str()), 1;
  std::printf("wrote %s: %zu instances, %zu triangles, %d draw calls, %.1f ms for %d frames\n", out.c_str(), stats.instances,
              stats.triangles, stats.draw_calls, ms, frames);
  return 0;
}
