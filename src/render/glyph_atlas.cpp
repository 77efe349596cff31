#include "am/render/glyph_atlas.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iterator>
#include <thread>

#include <stb/stb_truetype.h>

namespace am::render {
namespace {

constexpr int kAtlasWidth = 1024;
constexpr char32_t kReplacement = 0xFFFD;

std::uint64_t pair_key(char32_t a, char32_t b) {
  return (static_cast<std::uint64_t>(a) << 32) | static_cast<std::uint64_t>(b);
}

struct Bitmap {
  char32_t codepoint;
  int w, h, xoff, yoff;
  float advance_px;
  std::vector<std::uint8_t> pixels;
};

// Printable ASCII and the extras, less those the font has no glyph for (space has
// none but is kept: it still advances the pen).
std::vector<char32_t> present_codepoints(const stbtt_fontinfo& font, const std::u32string& extra) {
  std::u32string wanted;
  for (char32_t c = 32; c < 127; ++c) wanted.push_back(c);
  wanted += extra;

  std::vector<char32_t> present;
  for (const char32_t c : wanted)
    if (c == ' ' || stbtt_FindGlyphIndex(&font, static_cast<int>(c)) != 0) present.push_back(c);
  return present;
}

// One glyph's distance field and advance, in pixels at `scale`.
Bitmap render_bitmap(const stbtt_fontinfo& font, char32_t c, float scale, float dist_scale,
                     const GlyphAtlasOptions& options) {
  Bitmap b{c, 0, 0, 0, 0, 0.0f, {}};
  int advance = 0, lsb = 0;
  stbtt_GetCodepointHMetrics(&font, static_cast<int>(c), &advance, &lsb);
  b.advance_px = static_cast<float>(advance) * scale;
  unsigned char* sdf = stbtt_GetCodepointSDF(&font, scale, static_cast<int>(c), options.padding_px, 128,
                                             dist_scale, &b.w, &b.h, &b.xoff, &b.yoff);
  if (sdf != nullptr) {
    b.pixels.assign(sdf, sdf + static_cast<std::size_t>(b.w) * static_cast<std::size_t>(b.h));
    stbtt_FreeSDF(sdf, nullptr);
  } else {
    b.w = b.h = 0;  // blank glyph (space)
  }
  return b;
}

// stb's distance fields cost milliseconds per glyph: share them out over threads.
// Each thread writes only its own slots (i = first, first + stride, ...), so the
// result is the same whatever the thread count.
std::vector<Bitmap> render_bitmaps(const stbtt_fontinfo& font, const std::vector<char32_t>& present,
                                   float scale, float dist_scale, const GlyphAtlasOptions& options) {
  std::vector<Bitmap> bitmaps(present.size());
  const auto render_some = [&](std::size_t first, std::size_t stride) {
    for (std::size_t i = first; i < present.size(); i += stride)
      bitmaps[i] = render_bitmap(font, present[i], scale, dist_scale, options);
  };
  const auto threads = static_cast<std::size_t>(std::clamp(options.threads, 1, 16));
  std::vector<std::thread> workers;
  for (std::size_t t = 1; t < threads; ++t) workers.emplace_back(render_some, t, threads);
  render_some(0, threads);
  for (std::thread& w : workers) w.join();
  return bitmaps;
}

// Where each bitmap goes in the atlas (its top-left texel), and the atlas height.
struct ShelfPacking {
  std::vector<glm::ivec2> place;  // [bitmaps]
  int height = 0;                 // a power of two, at least 64
};

// Shelf packing, tallest first, one texel of gap.
ShelfPacking pack_shelves(const std::vector<Bitmap>& bitmaps) {
  std::vector<std::size_t> order(bitmaps.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return bitmaps[a].h > bitmaps[b].h; });
  ShelfPacking packing;
  packing.place.resize(bitmaps.size());
  int x = 1, y = 1, shelf = 0;
  for (const std::size_t i : order) {
    const Bitmap& b = bitmaps[i];
    if (x + b.w + 1 > kAtlasWidth) {
      x = 1;
      y += shelf + 1;
      shelf = 0;
    }
    packing.place[i] = {x, y};
    x += b.w + 1;
    shelf = std::max(shelf, b.h);
  }
  packing.height = 64;
  while (packing.height < y + shelf + 1) packing.height *= 2;
  return packing;
}

// Copies one bitmap into the atlas at `place` and files its glyph, measured in cap
// heights (`inv` is one over the cap height in pixels).
void add_glyph(GlyphAtlas& atlas, const Bitmap& b, glm::ivec2 place, float inv) {
  for (int row = 0; row < b.h; ++row)
    std::copy_n(b.pixels.begin() + static_cast<std::ptrdiff_t>(row) * b.w, b.w,
                atlas.pixels.begin() + static_cast<std::ptrdiff_t>(place.y + row) * atlas.width + place.x);
  Glyph g;
  g.uv_lo = {static_cast<float>(place.x) / static_cast<float>(atlas.width),
             static_cast<float>(place.y) / static_cast<float>(atlas.height)};
  g.uv_hi = {static_cast<float>(place.x + b.w) / static_cast<float>(atlas.width),
             static_cast<float>(place.y + b.h) / static_cast<float>(atlas.height)};
  // stb's yoff is the bitmap top in y-down pixels from the baseline.
  g.offset = {static_cast<float>(b.xoff) * inv, -static_cast<float>(b.yoff + b.h) * inv};
  g.size = {static_cast<float>(b.w) * inv, static_cast<float>(b.h) * inv};
  g.advance = b.advance_px * inv;
  atlas.glyphs.emplace(b.codepoint, g);
}

// Every ASCII pair the font kerns, in cap heights.
void add_kerning(GlyphAtlas& atlas, const stbtt_fontinfo& font, const std::vector<Bitmap>& bitmaps,
                 float scale, float inv) {
  for (const Bitmap& a : bitmaps)
    for (const Bitmap& b : bitmaps) {
      if (a.codepoint > 126 || b.codepoint > 126) continue;  // kerning matters for running text only
      const int k = stbtt_GetCodepointKernAdvance(&font, static_cast<int>(a.codepoint), static_cast<int>(b.codepoint));
      if (k != 0) atlas.kerning.emplace(pair_key(a.codepoint, b.codepoint), static_cast<float>(k) * scale * inv);
    }
}

}  // namespace

const Glyph* GlyphAtlas::find(char32_t c) const {
  auto it = glyphs.find(c);
  return it == glyphs.end() ? nullptr : &it->second;
}

float GlyphAtlas::kern(char32_t left, char32_t right) const {
  auto it = kerning.find(pair_key(left, right));
  return it == kerning.end() ? 0.0f : it->second;
}

std::u32string default_extra_codepoints() {
  return U"√·×÷±≈≤≥→←↑↓…–—‘’“”°Σσ␣¶•▸◂";
}

Result<GlyphAtlas> build_glyph_atlas(const std::filesystem::path& font_file, const GlyphAtlasOptions& options) {
  std::ifstream in(font_file, std::ios::binary);
  if (!in) return fail("cannot read font " + font_file.string());
  const std::vector<unsigned char> data((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  stbtt_fontinfo font;
  if (data.empty() || stbtt_InitFont(&font, data.data(), stbtt_GetFontOffsetForIndex(data.data(), 0)) == 0)
    return fail("not a TrueType font: " + font_file.string());

  int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  if (stbtt_GetCodepointBox(&font, 'H', &x0, &y0, &x1, &y1) == 0 || y1 <= 0)
    return fail("font " + font_file.string() + " has no letter H to measure");
  const float scale = options.cap_height_px / static_cast<float>(y1);
  const float dist_scale = 128.0f / static_cast<float>(options.padding_px);

  const std::vector<Bitmap> bitmaps =
      render_bitmaps(font, present_codepoints(font, options.extra), scale, dist_scale, options);
  const ShelfPacking packing = pack_shelves(bitmaps);

  GlyphAtlas atlas;
  atlas.width = kAtlasWidth;
  atlas.height = packing.height;
  atlas.pixels.assign(static_cast<std::size_t>(atlas.width) * static_cast<std::size_t>(packing.height), 0);
  atlas.pixels_per_cap = options.cap_height_px;
  atlas.texels_per_unit = dist_scale;
  const float inv = 1.0f / options.cap_height_px;
  for (std::size_t i = 0; i < bitmaps.size(); ++i) add_glyph(atlas, bitmaps[i], packing.place[i], inv);
  add_kerning(atlas, font, bitmaps, scale, inv);
  return atlas;
}

std::u32string decode_utf8(std::string_view text) {
  std::u32string out;
  std::size_t i = 0;
  while (i < text.size()) {
    const auto c = static_cast<unsigned char>(text[i]);
    int extra = 0;
    char32_t cp = 0;
    if (c < 0x80) { cp = c; }
    else if ((c & 0xE0) == 0xC0) { cp = c & 0x1F; extra = 1; }
    else if ((c & 0xF0) == 0xE0) { cp = c & 0x0F; extra = 2; }
    else if ((c & 0xF8) == 0xF0) { cp = c & 0x07; extra = 3; }
    else { out.push_back(kReplacement); ++i; continue; }
    if (i + static_cast<std::size_t>(extra) >= text.size()) {  // cut off mid-character
      out.push_back(kReplacement);
      break;
    }
    bool ok = true;
    for (int k = 1; k <= extra; ++k) {
      const auto cc = static_cast<unsigned char>(text[i + static_cast<std::size_t>(k)]);
      if ((cc & 0xC0) != 0x80) { ok = false; break; }
      cp = (cp << 6) | (cc & 0x3F);
    }
    if (!ok) { out.push_back(kReplacement); ++i; continue; }
    out.push_back(cp);
    i += static_cast<std::size_t>(extra) + 1;
  }
  return out;
}

float text_width(const GlyphAtlas& atlas, std::u32string_view text) {
  const Glyph* space = atlas.find(U' ');
  float w = 0.0f;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const Glyph* g = atlas.find(text[i]);
    if (g == nullptr) g = space;
    if (g != nullptr) w += g->advance;
    if (i + 1 < text.size()) w += atlas.kern(text[i], text[i + 1]);
  }
  return w;
}

void layout_label(const GlyphAtlas& atlas, const Label& label, std::vector<GlyphQuad>& out) {
  const std::u32string text = decode_utf8(label.text);
  if (text.empty() || label.height <= 0.0f) return;
  const glm::vec3 right = label.right * label.height, up = label.up * label.height;
  const Glyph* space = atlas.find(U' ');
  float pen = -0.5f * text_width(atlas, text);
  for (std::size_t i = 0; i < text.size(); ++i) {
    const Glyph* g = atlas.find(text[i]);
    if (g == nullptr) g = space;
    if (g == nullptr) continue;
    if (g->size.x > 0.0f) {
      const glm::vec3 bl = label.position + (pen + g->offset.x) * right + g->offset.y * up;
      GlyphQuad q;
      q.corners = {bl, bl + g->size.x * right, bl + g->size.x * right + g->size.y * up, bl + g->size.y * up};
      q.uv_lo = g->uv_lo;
      q.uv_hi = g->uv_hi;
      out.push_back(q);
    }
    pen += g->advance;
    if (i + 1 < text.size()) pen += atlas.kern(text[i], text[i + 1]);
  }
}

}  // namespace am::render
