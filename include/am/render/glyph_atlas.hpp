// A signed-distance glyph atlas built at start-up from a TrueType font with
// stb_truetype, and the layout of Label text into quads. No GL here.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <glm/glm.hpp>

#include "am/core/result.hpp"
#include "am/render/draw_list.hpp"

namespace am::render {

// Lengths below are in cap heights (1 = the height of "H"); y runs up.
struct Glyph {
  glm::vec2 uv_lo{0.0f}, uv_hi{0.0f};  // atlas rectangle; uv_lo is the bitmap's top-left
  glm::vec2 offset{0.0f};              // bottom-left of the quad relative to the pen on the baseline
  glm::vec2 size{0.0f};
  float advance = 0.0f;
};

struct GlyphAtlasOptions {
  float cap_height_px = 36.0f;  // resolution of the distance field
  int padding_px = 6;           // how far outside the outline the distance reaches
  std::u32string extra;         // codepoints beyond printable ASCII (skipped if the font lacks them)
  int threads = 1;              // distance fields are slow (~2 ms a glyph): split them over threads
};

struct GlyphAtlas {
  int width = 0;
  int height = 0;
  std::vector<std::uint8_t> pixels;  // one byte per texel: 128 on the outline, larger inside
  float pixels_per_cap = 0.0f;       // distance-field texels per cap height
  float texels_per_unit = 0.0f;      // byte steps per texel of distance (stb's pixel_dist_scale)
  std::unordered_map<char32_t, Glyph> glyphs;
  std::unordered_map<std::uint64_t, float> kerning;  // (left << 32 | right) -> extra advance

  const Glyph* find(char32_t c) const;
  float kern(char32_t left, char32_t right) const;
};

// The codepoints beyond ASCII the machine's labels use (√, ·, ×, arrows, ...).
std::u32string default_extra_codepoints();

Result<GlyphAtlas> build_glyph_atlas(const std::filesystem::path& font_file, const GlyphAtlasOptions& options = {});

// UTF-8 to codepoints; malformed bytes become U+FFFD.
std::u32string decode_utf8(std::string_view text);

// One glyph's quad in world space: corners bottom-left, bottom-right, top-right, top-left.
struct GlyphQuad {
  std::array<glm::vec3, 4> corners;
  glm::vec2 uv_lo, uv_hi;
};

// Width of a line of text in cap heights (unknown characters count as spaces).
float text_width(const GlyphAtlas& atlas, std::u32string_view text);

// Appends the label's quads, centred on label.position along label.right.
void layout_label(const GlyphAtlas& atlas, const Label& label, std::vector<GlyphQuad>& out);

}  // namespace am::render
