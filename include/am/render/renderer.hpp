// Draws a DrawList: shadow pass, then background, floor, opaque batches, glow,
// labels, liquid and glass (back to front) into a 4x multisampled HDR target, then
// tone-maps into the caller's framebuffer. Every pass sets the GL state it needs.
#pragma once

#include <cstddef>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include <glm/glm.hpp>

#include "am/model/result.hpp"
#include "am/render/draw_list.hpp"

namespace am::render {

struct RendererOptions {
  std::filesystem::path shader_dir;               // from find_shader_dir()
  std::optional<std::filesystem::path> font_file; // none: labels are skipped
  int msaa_samples = 4;
  int shadow_map_size = 2048;
  float exposure = 1.0f;
};

struct FrameView {
  glm::mat4 view{1.0f};
  glm::mat4 projection{1.0f};
  glm::vec3 eye{0.0f};
  int width = 0;   // framebuffer pixels
  int height = 0;
  PickId hovered = 0;   // drawn with a warm glow
  float time = 0.0f;
};

struct FrameStats {
  int draw_calls = 0;
  std::size_t instances = 0;
  std::size_t tube_vertices = 0;
  std::size_t glyphs = 0;
  bool truncated = false;  // more than the buffers hold: the excess was not drawn
};

class Renderer {
 public:
  static constexpr std::size_t kMaxInstances = 65536;

  // Needs a current OpenGL 3.3 core context with functions loaded.
  static Result<std::unique_ptr<Renderer>> create(const RendererOptions& options);
  ~Renderer();
  Renderer(const Renderer&) = delete;
  Renderer& operator=(const Renderer&) = delete;

  // Draws into `target_framebuffer` (0: the window) over the whole view size.
  // A zero-size view draws nothing. Fails only on GL errors.
  Result<FrameStats> render(const DrawList& list, const FrameView& view, unsigned target_framebuffer);

  bool labels_available() const;
  // Why labels are off, or other start-up notes ("" if none).
  const std::string& notes() const;

 private:
  struct Impl;
  explicit Renderer(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace am::render
