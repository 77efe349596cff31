// Draws a DrawList: the key light's shadow map (only when the casters moved), then
// opaque batches, floor, backdrop, labels, liquid and glass (back to front) into a
// 4x multisampled target, resolved into the caller's framebuffer. Shaders light in
// linear space and write tone-mapped sRGB. Every pass sets the GL state it needs.
// What it keeps from frame to frame follows the list's revisions (draw_list.hpp):
// a list whose contents change must have them stamped (e.g. by RevisionStamp).
#pragma once

#include <cstddef>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include <glm/glm.hpp>

#include "am/core/result.hpp"
#include "am/render/draw_list.hpp"
#include "am/render/glyph_atlas.hpp"
#include "am/render/quality.hpp"

namespace am::render {

struct RendererOptions {
  std::filesystem::path shader_dir;               // from find_shader_dir()
  // Labels: a font to build the atlas from now, or none (then labels are skipped
  // until set_glyph_atlas gives one, e.g. built on another thread during start-up).
  std::optional<std::filesystem::path> font_file;
  // High's multisampling and shadow map (lower tiers use quality_level's).
  int msaa_samples = 4;
  int shadow_map_size = 1024;
  QualityTier quality = QualityTier::kHigh;  // the tier to start at (set_quality changes it)
  float exposure = 1.1f;
  // Resolution (share of width and height) of frames drawn while the camera moves;
  // 0: the tier's (High: 0.6 on a software rasteriser such as llvmpipe, else 1).
  float motion_resolution = 0.0f;
  // Waits for the GPU after each pass and records how long it took (slows frames down;
  // for finding the expensive pass, e.g. under llvmpipe).
  bool profile_passes = false;
};

struct FrameView {
  glm::mat4 view{1.0f};
  glm::mat4 projection{1.0f};
  glm::vec3 eye{0.0f};
  int width = 0;   // the target rectangle, framebuffer pixels
  int height = 0;
  int x = 0;       // its lower-left corner in the target framebuffer (GL's bottom-left origin)
  int y = 0;
  PickId hovered = 0;   // drawn with a warm glow
  float time = 0.0f;
  bool in_motion = false;  // the caller animates frame after frame: draw at the moving resolution
};

struct FrameStats {
  int draw_calls = 0;
  std::size_t instances = 0;
  std::size_t triangles = 0;  // of instanced meshes in the main pass, at the chosen levels of detail
  std::size_t tube_vertices = 0;
  std::size_t glyphs = 0;
  bool truncated = false;  // more than the buffers hold: the excess was not drawn
  bool shadow_redrawn = false;  // the shadow casters changed (or moved) this frame
  bool static_layer_reused = false;  // only glowing parts moved: the rest came from the last frame
  float redrawn_share = 1.0f;        // of the image's pixels, when the static layer was reused
  bool refine_pending = false;       // drawn smaller (camera moving): draw again when it stops
  // What was uploaded again (a revision of the draw list or the view changed).
  std::size_t batches_uploaded = 0;
  bool tubes_uploaded = false, labels_uploaded = false;
  // With profile_passes: milliseconds of upload, shadow, main pass, resolve + copy.
  double upload_ms = 0.0, shadow_ms = 0.0, main_ms = 0.0, present_ms = 0.0;
};

class Renderer {
 public:
  static constexpr std::size_t kMaxInstances = 65536;

  // Needs a current OpenGL 3.3 core context with functions loaded.
  static Result<std::unique_ptr<Renderer>> create(const RendererOptions& options);
  ~Renderer();
  Renderer(const Renderer&) = delete;
  Renderer& operator=(const Renderer&) = delete;

  // Draws into `target_framebuffer` (0: the window), into the view's rectangle only
  // (x, y, width, height); pixels outside it are left as they were.
  // A zero-size view draws nothing. Fails only on GL errors. If the result says
  // refine_pending, draw one more frame once the camera rests (it was drawn smaller).
  Result<FrameStats> render(const DrawList& list, const FrameView& view, unsigned target_framebuffer);

  // Call once the frame is complete (the caller's own drawing on top included), before
  // it is shown. On a software rasteriser it waits until the frame is rasterised: with
  // llvmpipe's threads still drawing one frame while the next is submitted, its memory
  // climbed with every busy stretch (a 3,000-action soak peaked at 213 MB; waiting here,
  // 181 MB), for a frame rate within the noise of before. Elsewhere it does nothing.
  void end_frame();

  // Switches tier: the next frame is drawn with its samples, shadow map, shaders,
  // glass and mesh detail. Fails only if a shader of the tier does not build.
  Status set_quality(QualityTier tier);
  QualityTier quality() const;

  // Uploads a glyph atlas (replacing any other); labels are drawn from then on.
  void set_glyph_atlas(GlyphAtlas atlas);
  // Records why there are no labels (printed by the caller once).
  void set_labels_note(std::string note);
  bool labels_available() const;
  // Why labels are off, or other start-up notes ("" if none).
  const std::string& notes() const;

 private:
  struct Impl;
  explicit Renderer(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace am::render
