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

// The read-out block the tubes run into, with a copper mark over the selected position.
void add_readout_block(Builder& b) {
  const Layout& L = b.layout;
  const float hw = L.half_width;
  const float block_h = L.tube_y + L.tube_radius + 0.5f;
  b.add(Mesh::kBevelBox, Material::kBrass,
        xf::box({0.0f, 0.5f * block_h, L.readout_z}, {2.0f * hw, block_h, 0.5f}), kWhite);
  b.front_label("read-out", {-hw + 1.2f, block_h - 0.3f, L.readout_z + 0.253f}, 0.18f, kInk);
  if (b.query >= 0)
    b.add(Mesh::kBox, Material::kCopper,
          xf::box({L.x(b.query), block_h + 0.02f, L.readout_z}, {0.6f * L.spacing, 0.04f, 0.3f}), kWhite);
}

// The plinth the columns stand on, and the probability scale behind them.
void add_plinth_and_scale(Builder& b) {
  const Layout& L = b.layout;
  const float pitch = L.column_pitch, H = L.column_height, base = L.column_base_y, z = L.columns_z;
  const float row_w = pitch * kVocab + 0.4f;
  b.add(Mesh::kBevelBox, Material::kBrass, xf::box({0.0f, 0.5f * base, z}, {row_w, base, 1.0f}), kWhite);

  // Lines at 25 %, 50 %, 75 %, 100 %.
  for (int k = 1; k <= 4; ++k) {
    const float y = base + H * 0.25f * static_cast<float>(k);
    b.add(Mesh::kBox, Material::kSteel, xf::box({0.0f, y, z - 0.45f}, {row_w, 0.015f, 0.015f}),
          {0.6f, 0.6f, 0.62f, 1.0f});
    char buf[8];
    std::snprintf(buf, sizeof buf, "%d%%", 25 * k);
    b.front_label(buf, {-0.5f * row_w - 0.35f, y - 0.06f, z - 0.45f}, 0.14f, kLightInk);
  }
}

// What the columns show at the selected position.
struct ColumnValues {
  std::array<float, kVocab> probs{};   // [30]; times the beat's column share
  std::array<float, kVocab> intact{};  // [30]; the intact model's (with ghosts only)
  bool hidden = false;                 // a question asks how sure the model is
  bool ghosts = false;                 // heads pulled: thin columns show the intact model
  int top = 0;                         // the most likely character (before the share)
  std::array<int, kVocab> order{};     // character ids, the three most likely first
};

ColumnValues column_values(const Builder& b) {
  ColumnValues v;
  // While a question asks how sure the model is, every column stands empty (probs stay 0).
  v.hidden = b.in.view.hide_probabilities;
  if (b.acts != nullptr && !v.hidden)
    std::copy_n(b.acts->probs + b.query * kVocab, kVocab, v.probs.begin());  // [30]
  v.ghosts = !v.hidden && b.acts != nullptr && b.in.intact != nullptr && b.in.intact->length() == b.T &&
             b.in.pulled.any();
  if (v.ghosts) std::copy_n(b.in.intact->probs + b.query * kVocab, kVocab, v.intact.begin());
  v.top = static_cast<int>(std::max_element(v.probs.begin(), v.probs.end()) - v.probs.begin());

  // Three most likely characters get their percentage written above the liquid.
  const auto& probs = v.probs;
  for (int i = 0; i < kVocab; ++i) v.order[static_cast<std::size_t>(i)] = i;
  std::partial_sort(v.order.begin(), v.order.begin() + 3, v.order.end(), [&](int a, int c) {
    return probs[static_cast<std::size_t>(a)] > probs[static_cast<std::size_t>(c)] ||
           (probs[static_cast<std::size_t>(a)] == probs[static_cast<std::size_t>(c)] && a < c);
  });

  const float share = column_share(b.in);  // a beat may be raising them
  for (float& p : v.probs) p *= share;
  return v;
}

// One character's glass column, its liquid (and ghost), and its label on the plinth.
void add_column(Builder& b, const ColumnValues& v, int id) {
  const Layout& L = b.layout;
  const float pitch = L.column_pitch, H = L.column_height, base = L.column_base_y, z = L.columns_z;
  const float glass_r = 0.38f * pitch;
  const float liquid_r = v.ghosts ? 0.24f * pitch : 0.31f * pitch;
  const float liquid_dx = v.ghosts ? -0.08f * pitch : 0.0f;
  const float p = v.probs[static_cast<std::size_t>(id)];
  Part part;
  part.kind = PartKind::kProbabilityColumn;
  part.index = id;
  part.position = b.query;
  part.value = v.hidden ? -1.0f : p;  // -1: hidden (describe says so)
  part.has_intact = v.ghosts;
  part.intact = v.ghosts ? v.intact[static_cast<std::size_t>(id)] : 0.0f;
  const PickId pick = b.part(part);
  const float x = L.column_x(id);
  b.add(Mesh::kCylinder, Material::kGlass, xf::cylinder_y({x, base + 0.5f * H, z}, glass_r, H), kGlassTint,
        pick);
  const float h = std::max(std::clamp(p, 0.0f, 1.0f) * H, 1e-4f);
  b.add(Mesh::kCylinder, Material::kLiquid, xf::cylinder_y({x + liquid_dx, base + 0.5f * h, z}, liquid_r, h),
        id == v.top && b.acts && !v.hidden ? kTopLiquid : kLiquid, pick);
  if (v.ghosts) {
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

// The three most likely characters' percentages above their liquid, and the title.
void add_readout_labels(Builder& b, const ColumnValues& v) {
  const Layout& L = b.layout;
  const float pitch = L.column_pitch, H = L.column_height, base = L.column_base_y, z = L.columns_z;
  const float glass_r = 0.38f * pitch;
  for (int k = 0; k < (v.hidden ? 0 : 3); ++k) {
    const int id = v.order[static_cast<std::size_t>(k)];
    const float p = v.probs[static_cast<std::size_t>(id)];
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

}  // namespace

void build_readout(Builder& b) {
  add_readout_block(b);
  add_plinth_and_scale(b);
  const ColumnValues values = column_values(b);
  for (int id = 0; id < kVocab; ++id) add_column(b, values, id);
  if (b.acts == nullptr) return;
  add_readout_labels(b, values);
}

}  // namespace am::machine
