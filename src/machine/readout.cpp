// The back of the machine: the read-out block where the tubes end, and 30 glass
// columns whose liquid height is the probability of each character coming next
// at the selected position. With heads pulled, a thin ghost column beside each
// shows the intact model's probability.
#include <algorithm>
#include <array>
#include <cstdio>

#include "am/model/alphabet.hpp"
#include "builder.hpp"
#include "beat_look.hpp"
#include "transforms.hpp"

namespace am::machine {

namespace {
const glm::vec4 kWhite{1.0f};
const glm::vec4 kInk{0.16f, 0.12f, 0.08f, 1.0f};
const glm::vec4 kLightInk{0.93f, 0.86f, 0.68f, 1.0f};
const glm::vec4 kGlassTint{0.88f, 0.94f, 1.0f, 0.25f};
const glm::vec4 kLiquid{0.98f, 0.56f, 0.14f, 0.85f};
const glm::vec4 kTopLiquid{1.0f, 0.70f, 0.22f, 0.92f};
const glm::vec4 kGhost{0.72f, 0.84f, 1.0f, 0.35f};
}  // namespace

void build_readout(Builder& b) {
  const Layout& L = b.layout;
  const float hw = L.half_width;

  // The read-out block the tubes run into.
  const float block_h = L.tube_y + L.tube_radius + 0.5f;
  b.add(Mesh::kBevelBox, Material::kBrass,
        xf::box({0.0f, 0.5f * block_h, L.readout_z}, {2.0f * hw, block_h, 0.5f}), kWhite);
  b.front_label("read-out", {-hw + 1.2f, block_h - 0.3f, L.readout_z + 0.253f}, 0.18f, kInk);
  if (b.query >= 0)
    b.add(Mesh::kBox, Material::kCopper,
          xf::box({L.x(b.query), block_h + 0.02f, L.readout_z}, {0.6f * L.spacing, 0.04f, 0.3f}), kWhite);

  const float pitch = L.column_pitch, H = L.column_height, base = L.column_base_y, z = L.columns_z;
  const float row_w = pitch * kVocab + 0.4f;
  b.add(Mesh::kBevelBox, Material::kBrass, xf::box({0.0f, 0.5f * base, z}, {row_w, base, 1.0f}), kWhite);

  // Probability scale behind the columns: lines at 25 %, 50 %, 75 %, 100 %.
  for (int k = 1; k <= 4; ++k) {
    const float y = base + H * 0.25f * static_cast<float>(k);
    b.add(Mesh::kBox, Material::kSteel, xf::box({0.0f, y, z - 0.45f}, {row_w, 0.015f, 0.015f}),
          {0.6f, 0.6f, 0.62f, 1.0f});
    char buf[8];
    std::snprintf(buf, sizeof buf, "%d%%", 25 * k);
    b.front_label(buf, {-0.5f * row_w - 0.35f, y - 0.06f, z - 0.45f}, 0.14f, kLightInk);
  }

  std::array<float, kVocab> probs{};
  std::array<float, kVocab> intact{};
  // While a question asks how sure the model is, every column stands empty (probs stay 0).
  const bool hidden = b.in.view.hide_probabilities;
  if (b.acts != nullptr && !hidden)
    std::copy_n(b.acts->probs + b.query * kVocab, kVocab, probs.begin());  // [30]
  const bool ghosts = !hidden && b.acts != nullptr && b.in.intact != nullptr &&
                      b.in.intact->length() == b.T && b.in.pulled.any();
  if (ghosts) std::copy_n(b.in.intact->probs + b.query * kVocab, kVocab, intact.begin());
  const int top = static_cast<int>(std::max_element(probs.begin(), probs.end()) - probs.begin());

  // Three most likely characters get their percentage written above the liquid.
  std::array<int, kVocab> order{};
  for (int i = 0; i < kVocab; ++i) order[static_cast<std::size_t>(i)] = i;
  std::partial_sort(order.begin(), order.begin() + 3, order.end(), [&](int a, int c) {
    return probs[static_cast<std::size_t>(a)] > probs[static_cast<std::size_t>(c)] ||
           (probs[static_cast<std::size_t>(a)] == probs[static_cast<std::size_t>(c)] && a < c);
  });

  const float share = column_share(b.in);  // a beat may be raising them
  for (float& p : probs) p *= share;
  const float glass_r = 0.38f * pitch;
  const float liquid_r = ghosts ? 0.24f * pitch : 0.31f * pitch;
  const float liquid_dx = ghosts ? -0.08f * pitch : 0.0f;
  for (int id = 0; id < kVocab; ++id) {
    const float p = probs[static_cast<std::size_t>(id)];
    Part part;
    part.kind = PartKind::kProbabilityColumn;
    part.index = id;
    part.position = b.query;
    part.value = hidden ? -1.0f : p;  // -1: hidden (describe says so)
    part.has_intact = ghosts;
    part.intact = ghosts ? intact[static_cast<std::size_t>(id)] : 0.0f;
    const PickId pick = b.part(part);
    const float x = L.column_x(id);
    b.add(Mesh::kCylinder, Material::kGlass, xf::cylinder_y({x, base + 0.5f * H, z}, glass_r, H), kGlassTint,
          pick);
    const float h = std::max(std::clamp(p, 0.0f, 1.0f) * H, 1e-4f);
    b.add(Mesh::kCylinder, Material::kLiquid,
          xf::cylinder_y({x + liquid_dx, base + 0.5f * h, z}, liquid_r, h),
          id == top && b.acts && !hidden ? kTopLiquid : kLiquid, pick);
    if (ghosts) {
      const float gh = std::max(std::clamp(part.intact, 0.0f, 1.0f) * H, 1e-4f);
      b.add(Mesh::kCylinder, Material::kLiquid,
            xf::cylinder_y({x + 0.24f * pitch, base + 0.5f * gh, z}, 0.07f * pitch, gh), kGhost, pick);
    }
    char buf[2];
    const char c = id_to_char(id);
    const bool punct = c == '.' || c == ',' || c == '\'';
    // Labels near the top of the plinth, just under their columns.
    b.front_label(label_text(c, buf), {x, base - 0.26f - (c == '\'' ? 0.08f : 0.0f), z + 0.503f},
                  punct ? 0.3f : 0.18f, kInk);
  }
  if (b.acts == nullptr) return;
  for (int k = 0; k < (hidden ? 0 : 3); ++k) {
    const int id = order[static_cast<std::size_t>(k)];
    const float p = probs[static_cast<std::size_t>(id)];
    char buf[16];
    std::snprintf(buf, sizeof buf, "%.0f%%", 100.0 * static_cast<double>(p));
    b.front_label(buf, {L.column_x(id), base + std::clamp(p, 0.0f, 1.0f) * H + 0.12f, z + glass_r + 0.02f},
                  0.16f, kLightInk);
  }
  char buf[2], title[64];
  const std::string_view ch = label_text(b.character(b.query), buf);
  std::snprintf(title, sizeof title, "next character after '%.*s' (place %d)", static_cast<int>(ch.size()),
                ch.data(), b.query + 1);
  b.front_label(title, {0.0f, base + H + 0.35f, z}, 0.25f, kLightInk);
}

}  // namespace am::machine
