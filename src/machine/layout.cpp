#include "am/machine/layout.hpp"

#include <algorithm>
#include <cmath>

namespace am::machine {

namespace {
constexpr float kGap = 0.35f;            // between neighbouring sections along z
constexpr float kBandPitch = 0.07f;      // 32 bands → a 2.24-unit stretch
constexpr float kDialStrip = 0.45f;      // front strip of a plate that carries the dials
constexpr float kPlateMargin = 0.45f;    // back strip: the plate's title
constexpr float kPlatePitch = 0.16f;     // vertical distance between stacked plates
constexpr float kHousingDepth = 1.6f;
constexpr float kReadoutDepth = 0.5f;
}  // namespace

const char* stage_name(Stage stage) {
  switch (stage) {
    case Stage::kEmbedding: return "embedding";
    case Stage::kPosition: return "position";
    case Stage::kEmbeddingPlusPosition: return "embedding + position";
    case Stage::kAfterAttention1: return "after L1 attention";
    case Stage::kAfterMlp1: return "after L1 MLP";
    case Stage::kAfterAttention2: return "after L2 attention";
    case Stage::kAfterMlp2: return "after L2 MLP";
    case Stage::kFinalNorm: return "final norm";
    case Stage::kCount: break;
  }
  return "?";
}

const float* stage_values(const Activations& acts, Stage stage) {
  switch (stage) {
    case Stage::kEmbedding: return acts.embed;
    case Stage::kPosition: return acts.pos;
    case Stage::kEmbeddingPlusPosition: return acts.x0;
    case Stage::kAfterAttention1: return acts.layers[0].resid_attn;
    case Stage::kAfterMlp1: return acts.layers[0].resid_mlp;
    case Stage::kAfterAttention2: return acts.layers[1].resid_attn;
    case Stage::kAfterMlp2: return acts.layers[1].resid_mlp;
    case Stage::kFinalNorm: return acts.ln_f;
    case Stage::kCount: break;
  }
  return nullptr;
}

float stage_scale(const Activations& acts, Stage stage) {
  const float* v = stage_values(acts, stage);
  float m = 1e-6f;
  if (v == nullptr) return m;
  // v: [T, 32]
  const int n = acts.length() * kDModel;
  for (int i = 0; i < n; ++i)
    if (std::isfinite(v[i])) m = std::max(m, std::abs(v[i]));
  return m;
}

int stage_layer(Stage stage) {
  switch (stage) {
    case Stage::kAfterAttention1:
    case Stage::kAfterMlp1: return 0;
    case Stage::kAfterAttention2:
    case Stage::kAfterMlp2: return 1;
    default: return -1;
  }
}

float character_spacing(int length) { return length <= 24 ? 1.0f : 24.0f / static_cast<float>(length); }

const Stretch* Layout::stretch(Stage stage) const {
  for (int i = 0; i < stretch_count; ++i)
    if (stretches[static_cast<std::size_t>(i)].stage == stage) return &stretches[static_cast<std::size_t>(i)];
  return nullptr;
}

Layout compute_layout(int length, const View& view) {
  Layout L;
  L.length = std::clamp(length, 0, kContext);
  const float s = character_spacing(L.length);
  L.spacing = s;
  L.half_width = 0.5f * std::max(static_cast<float>(L.length) * s, 12.0f) + 0.5f;
  L.slug_size = {0.78f * s, 0.9f * s, 0.7f * s};
  L.tube_y = 0.5f * L.slug_size.y;  // tubes run level with the slug centres
  L.tube_radius = 0.3f * s;
  L.band_pitch = kBandPitch;
  L.slug_z = 0.0f;
  L.tube_z_front = -0.5f * L.slug_size.z - 0.1f;

  float z = L.tube_z_front - 0.15f;  // cursor, moving towards the back
  const auto add_stretch = [&](Stage stage) {
    Stretch& st = L.stretches[static_cast<std::size_t>(L.stretch_count++)];
    st.stage = stage;
    st.z_front = z;
    st.z_back = z - 32.0f * kBandPitch;
    z = st.z_back - kGap;
  };

  if (view.split_embedding) {
    add_stretch(Stage::kEmbedding);
    add_stretch(Stage::kPosition);
  }
  add_stretch(Stage::kEmbeddingPlusPosition);

  const float grid_depth = std::clamp(0.2f * static_cast<float>(L.length) * s, 1.2f, 4.8f);
  const float plate_depth = kDialStrip + grid_depth + kPlateMargin;
  for (int l = 0; l < kLayers; ++l) {
    Bay& bay = L.bays[static_cast<std::size_t>(l)];
    bay.z_front = z;
    bay.z_back = z - plate_depth;
    bay.stack_base_y = L.tube_y + L.tube_radius + 0.25f;
    bay.lifted_y = bay.stack_base_y + (kHeads - 1) * kPlatePitch + 0.85f;
    bay.grid_front_z = bay.z_front - kDialStrip;
    bay.grid_row_pitch = grid_depth / static_cast<float>(std::max(L.length, 1));
    z = bay.z_back - kGap;
    add_stretch(l == 0 ? Stage::kAfterAttention1 : Stage::kAfterAttention2);

    Housing& h = L.housings[static_cast<std::size_t>(l)];
    h.z_front = z;
    h.z_back = z - kHousingDepth;
    z = h.z_back - kGap;
    add_stretch(l == 0 ? Stage::kAfterMlp1 : Stage::kAfterMlp2);
  }
  add_stretch(Stage::kFinalNorm);

  L.readout_z = z - 0.5f * kReadoutDepth;
  L.tube_z_back = L.readout_z + 0.5f * kReadoutDepth;
  L.columns_z = L.readout_z - 1.4f;
  L.column_pitch = 2.0f * L.half_width / static_cast<float>(kVocab);
  L.column_height = 3.2f;
  L.column_base_y = L.tube_y + L.tube_radius + 0.75f;  // liquid starts above the read-out block

  const float bay_mid = 0.5f * (L.bays[0].z_front + L.bays[0].z_back);
  L.drum_radius = 1.5f;
  L.drum_height = 3.0f;
  L.drum_centre = {-(L.half_width + 1.4f + L.drum_radius), 0.5f * L.drum_height + 0.1f, bay_mid};
  L.rack_centre = {L.half_width + 1.4f + 2.0f, 0.0f, bay_mid};
  return L;
}

}  // namespace am::machine
