// The residual stream: one glass tube per position running front to back, and
// in each stretch 32 painted bands, one per number (colour by sign and size).
#include <cstdint>
#include <cstdio>

#include "am/machine/encodings.hpp"
#include "builder.hpp"
#include "beat_look.hpp"
#include "transforms.hpp"

namespace am::machine {

namespace {
const glm::vec4 kBedColor{0.30f, 0.30f, 0.32f, 1.0f};
const glm::vec4 kGlassTint{0.86f, 0.93f, 1.0f, 0.22f};
const glm::vec4 kInk{0.93f, 0.86f, 0.68f, 1.0f};  // labels on the dark bed
const glm::vec4 kUnwritten{0.16f, 0.16f, 0.18f, 1.0f};  // a band a beat has not written yet
constexpr float kBandFill = 0.8f;  // share of its pitch a band fills (the glass shows between)

// The bed everything stands on, from in front of the slugs to behind the columns.
void add_bed(Builder& b) {
  const Layout& L = b.layout;
  const float z_front = L.slug_z + 1.2f, z_back = L.columns_z - 1.0f;
  const float x_lo = L.drum_centre.x - L.drum_radius - 0.6f, x_hi = L.rack_centre.x + 2.6f;
  b.add(Mesh::kBox, Material::kSteel,
        xf::box({0.5f * (x_lo + x_hi), -0.06f, 0.5f * (z_front + z_back)},
                {x_hi - x_lo, 0.12f, z_front - z_back}),
        kBedColor);
}

// One glass tube per position, the whole length of the stream.
void add_glass_tubes(Builder& b) {
  const Layout& L = b.layout;
  const float tube_len = L.tube_z_front - L.tube_z_back;
  const float tube_mid = 0.5f * (L.tube_z_front + L.tube_z_back);
  for (int t = 0; t < b.T; ++t)
    b.add(Mesh::kCylinder, Material::kGlass, xf::cylinder_z({L.x(t), L.tube_y, tube_mid}, L.tube_radius, tube_len),
          kGlassTint);
}

// One stretch's collars and striped rods, one rod per position. Each rod is band k
// its k-th stripe from the front (local y runs towards -Z): 1/32 of the triangles of
// 32 separate bands.
void add_stretch_rods(Builder& b, const Stretch& st, float scale) {
  const Layout& L = b.layout;
  auto& rods = b.scene.draw.batch(Mesh::kCylinder, Material::kPaint);
  auto& colors = b.scene.draw.stripe_colors;
  const float band_r = 0.85f * L.tube_radius;
  const float rod_len = static_cast<float>(kDModel) * L.band_pitch;
  const float* values = stage_values(*b.acts, st.stage);  // [T, 32]
  const int layer = stage_layer(st.stage);
  const float rod_z = st.z_front - 0.5f * rod_len;
  for (int t = 0; t < b.T; ++t) {
    const float x = L.x(t);
    // Brass collars mark where a stretch begins and ends.
    for (float z : {st.z_front + 0.03f, st.z_back - 0.03f})
      b.add(Mesh::kCylinder, Material::kBrass, xf::cylinder_z({x, L.tube_y, z}, 1.1f * L.tube_radius, 0.05f),
            glm::vec4(1.0f));
    // The hot loop of the scene (32 x stages x T bands): one part and one colour per band;
    // the 32 parts are added next, so stripe k's pick id is the rod's plus k.
    Instance rod{
        xf::frame({x, L.tube_y, rod_z}, {2.0f * band_r, 0, 0}, {0, 0, -rod_len}, {0, 2.0f * band_r, 0}),
        glm::vec4(1.0f), b.last_pick() + 1, static_cast<std::uint32_t>(colors.size()),
        static_cast<std::uint32_t>(kDModel)};
    const float* row = values + t * kDModel;  // [32]
    const int shown = bands_shown(b.in, static_cast<int>(st.stage), t);
    for (int k = 0; k < kDModel; ++k) {
      Part& p = b.new_part();
      p.kind = PartKind::kBand;
      p.position = t;
      p.stage = static_cast<int>(st.stage);
      p.layer = layer;
      p.weight = scale;
      p.index = k;
      p.value = row[k];
      colors.push_back(k < shown ? band_color(row[k], scale) : kUnwritten);
    }
    rods.push_back(rod);
  }
}

// A stretch's name and scale, lying on the bed left of tube 0 (right-aligned by an
// estimate of the text width).
void label_stretch(Builder& b, const Stretch& st, float scale) {
  const Layout& L = b.layout;
  const float label_right = L.x(0) - L.tube_radius - 0.3f;  // stage labels end here
  const char* name = stage_name(st.stage);
  const float h = 0.2f * std::max(L.spacing, 0.8f);
  const float zc = 0.5f * (st.z_front + st.z_back);
  const auto right_aligned = [&](std::string_view text, float height, float z) {
    const float width = 0.6f * height * static_cast<float>(text.size());
    b.floor_label(text, {label_right - 0.5f * width, 0.005f, z}, height, kInk);
  };
  right_aligned(name, h, zc - 0.1f);
  char buf[48];
  std::snprintf(buf, sizeof buf, "scale %.2f", static_cast<double>(scale));
  right_aligned(buf, 0.7f * h, zc + 0.25f);
}

// Chapter 1: embedding + position = their sum, written between the stretches.
void label_embedding_sum(Builder& b) {
  const Layout& L = b.layout;
  const Stretch* e = L.stretch(Stage::kEmbedding);
  if (e == nullptr) return;
  const Stretch* p = L.stretch(Stage::kPosition);
  const Stretch* sum = L.stretch(Stage::kEmbeddingPlusPosition);
  const float y = L.tube_y + L.tube_radius + 0.25f;
  const float x = L.x(b.T - 1) + L.tube_radius + 0.3f;
  b.front_label("+", {x, y, 0.5f * (e->z_back + p->z_front)}, 0.3f, kInk);
  b.front_label("=", {x, y, 0.5f * (p->z_back + sum->z_front)}, 0.3f, kInk);
}

}  // namespace

void build_tubes(Builder& b) {
  add_bed(b);
  if (b.T == 0) return;
  add_glass_tubes(b);
  b.scene.draw.stripe_fill = kBandFill;
  for (int si = 0; si < b.layout.stretch_count; ++si) {
    const Stretch& st = b.layout.stretches[static_cast<std::size_t>(si)];
    const float scale = stage_scale(*b.acts, st.stage);
    add_stretch_rods(b, st, scale);
    label_stretch(b, st, scale);
  }
  label_embedding_sum(b);
}

void build_legend(Builder& b) {
  // Sample bands from -1 to +1 of a stage's scale, left of the slugs.
  const Layout& L = b.layout;
  constexpr int kSamples = 9;
  const float pitch = 0.3f, r = 0.16f;
  const float x_right = L.x(0) - 0.5f * L.slug_size.x - 0.6f;
  const float x_left = x_right - (kSamples - 1) * pitch;
  const float y = 0.35f, z = L.slug_z;
  b.add(Mesh::kCylinder, Material::kGlass,
        xf::segment({x_left - 0.25f, y, z}, {x_right + 0.25f, y, z}, 1.15f * r), kGlassTint);
  for (int i = 0; i < kSamples; ++i) {
    const float v = -1.0f + 2.0f * static_cast<float>(i) / (kSamples - 1);
    const float x = x_left + static_cast<float>(i) * pitch;
    b.add(Mesh::kCylinder, Material::kPaint, xf::segment({x - 0.1f, y, z}, {x + 0.1f, y, z}, r),
          band_color(v, 1.0f));
  }
  const glm::vec4 ink = kInk;
  b.front_label("-", {x_left, y - 0.42f, z + 0.2f}, 0.18f, ink);
  b.front_label("0", {0.5f * (x_left + x_right), y - 0.42f, z + 0.2f}, 0.14f, ink);
  b.front_label("+", {x_right, y - 0.42f, z + 0.2f}, 0.18f, ink);
  b.front_label("band colour: number / stage scale", {0.5f * (x_left + x_right), y + 0.3f, z}, 0.11f, ink);
}

}  // namespace am::machine
