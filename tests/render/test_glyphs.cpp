// The signed-distance glyph atlas and label layout (needs a font; skipped without one).
#include <catch2/catch.hpp>

#include <chrono>

#include "am/render/asset_paths.hpp"
#include "am/render/glyph_atlas.hpp"

using namespace am::render;

namespace {

const GlyphAtlas* shared_atlas() {
  static const std::optional<GlyphAtlas> atlas = []() -> std::optional<GlyphAtlas> {
    const auto font = find_font_file();
    if (!font) return std::nullopt;
    auto a = build_glyph_atlas(*font, {.cap_height_px = 36.0f, .padding_px = 6, .extra = default_extra_codepoints()});
    if (!a) return std::nullopt;
    return std::move(*a);
  }();
  return atlas ? &*atlas : nullptr;
}

}  // namespace

TEST_CASE("utf-8 decoding handles multi-byte characters and bad bytes") {
  CHECK(decode_utf8("ab") == U"ab");
  CHECK(decode_utf8("\xE2\x88\x9A" "8") == U"√8");
  CHECK(decode_utf8("\xC3\xA9") == U"é");
  CHECK(decode_utf8("a\xFF" "b") == U"a\uFFFDb");
  CHECK(decode_utf8("\xE2\x88") == U"\uFFFD");  // cut off mid-character
}

TEST_CASE("a missing font is an error, not a crash") {
  auto atlas = build_glyph_atlas("/nonexistent/font.ttf");
  REQUIRE_FALSE(atlas.ok());
  CHECK(atlas.error().find("/nonexistent/font.ttf") != std::string::npos);
}

TEST_CASE("the atlas holds printable ASCII and the machine's symbols, with an inside and an outside") {
  const GlyphAtlas* atlas = shared_atlas();
  if (atlas == nullptr) {
    WARN("no font installed (fonts-dejavu-core): glyph atlas tests skipped");
    return;
  }
  for (char32_t c = 33; c < 127; ++c) {
    INFO("codepoint " << static_cast<int>(c));
    REQUIRE(atlas->find(c) != nullptr);
    CHECK(atlas->find(c)->advance > 0.0f);
  }
  CHECK(atlas->find(U'√') != nullptr);
  CHECK(atlas->find(U'·') != nullptr);
  // "H" is one cap height tall by construction (within the SDF padding).
  const Glyph* h = atlas->find(U'H');
  const float padding = 2.0f * 6.0f / atlas->pixels_per_cap;
  CHECK(h->size.y - padding == Approx(1.0f).margin(0.06));
  // The centre of "l" is inside (> 128), the atlas corner is outside (0).
  const Glyph* l = atlas->find(U'l');
  const int cx = static_cast<int>(0.5f * (l->uv_lo.x + l->uv_hi.x) * static_cast<float>(atlas->width));
  const int cy = static_cast<int>(0.5f * (l->uv_lo.y + l->uv_hi.y) * static_cast<float>(atlas->height));
  CHECK(atlas->pixels[static_cast<std::size_t>(cy * atlas->width + cx)] > 140);
  CHECK(atlas->pixels[0] == 0);
}

TEST_CASE("labels are centred on their position and scaled by their height") {
  const GlyphAtlas* atlas = shared_atlas();
  if (atlas == nullptr) return;
  Label label;
  label.text = "HH";
  label.position = {5, 0, 0};
  label.height = 2.0f;
  std::vector<GlyphQuad> quads;
  layout_label(*atlas, label, quads);
  REQUIRE(quads.size() == 2);
  const float left = quads[0].corners[0].x, right = quads[1].corners[1].x;
  CHECK(0.5f * (left + right) == Approx(5.0f).margin(0.1));
  CHECK(quads[0].corners[3].y - quads[0].corners[0].y == Approx(2.0f * atlas->find(U'H')->size.y));
  // The text runs along `right`: a label running along -Z puts its second glyph further back.
  label.right = {0, 0, -1};
  quads.clear();
  layout_label(*atlas, label, quads);
  CHECK(quads[1].corners[0].z < quads[0].corners[0].z);
  // Spaces take room but draw nothing.
  label.text = "H H";
  quads.clear();
  layout_label(*atlas, label, quads);
  CHECK(quads.size() == 2);
  CHECK(text_width(*atlas, U"H H") > text_width(*atlas, U"HH"));
}
