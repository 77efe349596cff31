// The MLP of each layer: a brass housing cut open at the front and top, with a
// row of 128 fine steel needles, the selected character's neurons after GELU.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "am/machine/encodings.hpp"
#include "builder.hpp"
#include "beat_look.hpp"
#include "transforms.hpp"

namespace am::machine {

namespace {
const glm::vec4 kWhite{1.0f};
const glm::vec4 kInk{0.16f, 0.12f, 0.08f, 1.0f};
constexpr float kWallHeight = 2.0f;
constexpr float kWall = 0.1f;
constexpr float kMaxNeedle = 0.7f;

// The layer's colour scale: max |mlp_post| over every position and neuron.
float neuron_scale(const LayerActivations& la, int T) {
  float m = 1e-6f;
  for (int i = 0; i < T * kDMlp; ++i)  // mlp_post: [T, 128]
    if (std::isfinite(la.mlp_post[i])) m = std::max(m, std::abs(la.mlp_post[i]));
  return m;
}

// The largest |value| of one character's 128 pre-activations.
float row_scale(const float* pre) {
  float m = 1e-6f;
  for (int n = 0; n < kDMlp; ++n)
    if (std::isfinite(pre[n])) m = std::max(m, std::abs(pre[n]));
  return m;
}
}  // namespace

void build_mlp_housings(Builder& b) {
  const Layout& L = b.layout;
  const float hw = L.half_width;
  for (int l = 0; l < kLayers; ++l) {
    const Housing& h = L.housings[static_cast<std::size_t>(l)];
    const float depth = h.z_front - h.z_back, zc = 0.5f * (h.z_front + h.z_back);

    // Back wall, end walls and a roof; cut open, the front and most of the roof are gone.
    const glm::vec4 wall = mlp_tint(b, l);  // white, or its share of a traced score
    b.add(Mesh::kBevelBox, Material::kBrass, xf::box({0.0f, 0.5f * kWallHeight, h.z_back + 0.5f * kWall}, {2.0f * hw, kWallHeight, kWall}), wall);
    for (float sx : {-1.0f, 1.0f})
      b.add(Mesh::kBevelBox, Material::kBrass, xf::box({sx * (hw - 0.5f * kWall), 0.5f * kWallHeight, zc}, {kWall, kWallHeight, depth}), wall);
    const bool open = b.in.view.cut_open_mlp;
    const float roof = open ? 0.4f : 1.0f;  // share of the roof left on
    b.add(Mesh::kBevelBox, Material::kBrass,
          xf::box({0.0f, kWallHeight - 0.04f, h.z_back + 0.5f * roof * depth}, {2.0f * hw, 0.08f, roof * depth}), wall);
    if (!open) {  // closed: a front wall down to just above the tubes, and nothing to see inside
      const float bottom = L.tube_y + L.tube_radius + 0.1f;
      b.add(Mesh::kBevelBox, Material::kBrass,
            xf::box({0.0f, 0.5f * (bottom + kWallHeight), h.z_front - 0.5f * kWall}, {2.0f * hw, kWallHeight - bottom, kWall}),
            kWhite);
      char closed[32];
      std::snprintf(closed, sizeof closed, "L%d MLP", l + 1);
      b.front_label(closed, {0.0f, 0.5f * (bottom + kWallHeight) - 0.1f, h.z_front + 0.003f}, 0.3f, kInk);
      continue;
    }

    // Copper along the cut edges.
    b.add(Mesh::kBox, Material::kCopper, xf::box({0.0f, kWallHeight - 0.04f, h.z_back + 0.4f * depth}, {2.0f * hw + 0.02f, 0.1f, 0.03f}), kWhite);
    for (float sx : {-1.0f, 1.0f})
      b.add(Mesh::kBox, Material::kCopper, xf::box({sx * (hw - 0.5f * kWall), 0.5f * kWallHeight, h.z_front}, {kWall + 0.02f, kWallHeight, 0.03f}), kWhite);

    // The needle bar above the tubes; while a beat is about them, above the walls, where
    // the plates in front cannot hide them.
    const bool raised = b.in.view.raise_mlp_needles || needles_in_beat(b.in, l);
    const float bar_y = raised ? kWallHeight + 1.3f : L.tube_y + L.tube_radius + 0.25f + kMaxNeedle * 0.3f;
    const float bar_half = hw - 0.4f;
    b.add(Mesh::kCylinder, Material::kSteel, xf::segment({-bar_half, bar_y, zc}, {bar_half, bar_y, zc}, 0.03f), kWhite);

    char title[96];
    if (b.acts != nullptr) {
      const LayerActivations& la = b.acts->layers[static_cast<std::size_t>(l)];
      // Raised (a beat about this MLP, or chapter 5), the needles scale to this character's
      // own largest and thicken, so the 128 can be seen rising and bending.
      const bool beat = raised;
      const float scale = beat ? row_scale(la.mlp_pre + b.query * kDMlp) : neuron_scale(la, b.T);
      const float pitch = 2.0f * bar_half / kDMlp;
      const float width = beat ? 0.8f * pitch : std::min(0.6f * pitch, 0.06f);
      const float* row = la.mlp_post + b.query * kDMlp;  // [128]
      for (int n = 0; n < kDMlp; ++n) {
        // A beat may show the needle on its way: rising to the pre-activation, then bent by GELU.
        const float v = needle_value(b.in, l, la.mlp_pre[b.query * kDMlp + n], row[n]);
        Part p;
        p.kind = PartKind::kMlpNeedle;
        p.layer = l;
        p.position = b.query;
        p.index = n;
        p.value = v;
        p.scaled = la.mlp_pre[b.query * kDMlp + n];
        p.weight = scale;
        const PickId pick = b.part(p);
        const float len = neuron_needle_length(v, scale, beat ? 1.6f * kMaxNeedle : kMaxNeedle);
        const glm::vec3 dir(0.0f, len >= 0.0f ? 1.0f : -1.0f, 0.0f);
        const glm::vec3 base(-bar_half + (static_cast<float>(n) + 0.5f) * pitch, bar_y, zc);
        b.add(Mesh::kNeedle, Material::kSteel, xf::needle(base, dir, {1, 0, 0}, std::max(std::abs(len), 0.002f), width),
              neuron_needle_color(v), pick);
      }
      // A copper collar on the selected character's tube.
      b.add(Mesh::kCylinder, Material::kCopper, xf::cylinder_z({L.x(b.query), L.tube_y, zc}, 1.15f * L.tube_radius, 0.12f), kWhite);
      char buf[2];
      const std::string_view ch = label_text(b.character(b.query), buf);
      std::snprintf(title, sizeof title, "L%d MLP: 128 neurons of '%.*s' (place %d) after GELU", l + 1,
                    static_cast<int>(ch.size()), ch.data(), b.query + 1);
    } else {
      std::snprintf(title, sizeof title, "L%d MLP", l + 1);
    }
    // On the roof, where the needles cannot hide it.
    b.floor_label(title, {0.0f, kWallHeight + 0.003f, h.z_back + 0.2f * depth + 0.08f}, 0.2f, kInk);
  }
}

}  // namespace am::machine
