// Where each part of the machine stands, as a pure function of the text length
// and the view. World units: Y up, one unit ≈ one character spacing for short
// texts; the machine runs front to back along -Z (slugs at z ≈ 0, the
// probability columns at the back); position 0 is on the left (-X).
#pragma once

#include <array>

#include "am/machine/scene.hpp"
#include "am/model/config.hpp"

namespace am::machine {

// The residual-stream stretches of a tube, front to back.
enum class Stage : int {
  kEmbedding = 0,       // token embedding alone (split view only)
  kPosition,            // sinusoidal position alone (split view only)
  kEmbeddingPlusPosition,
  kAfterAttention1,
  kAfterMlp1,
  kAfterAttention2,
  kAfterMlp2,
  kFinalNorm,
  kCount
};
inline constexpr int kStageCount = static_cast<int>(Stage::kCount);

// "after L1 attention", ...
const char* stage_name(Stage stage);
// The stage's [T, 32] values in the activations.
const float* stage_values(const Activations& acts, Stage stage);
// Colour scale of a stage: max |v| over all its positions and numbers (at least 1e-6),
// so one band's colour can be compared with every other band of the same stretch.
float stage_scale(const Activations& acts, Stage stage);

struct Stretch {
  Stage stage = Stage::kEmbeddingPlusPosition;
  float z_front = 0.0f, z_back = 0.0f;  // z_front > z_back
};

struct Bay {                  // one layer's stack of four head plates
  float z_front = 0.0f, z_back = 0.0f;
  float stack_base_y = 0.0f;  // centre height of the lowest plate (head 1)
  float lifted_y = 0.0f;      // centre height of the lifted plate
  float grid_front_z = 0.0f;  // front edge of the [query x key] grid on a plate
  float grid_row_pitch = 0.0f;  // z distance between query rows
};

struct Housing {              // one layer's MLP housing
  float z_front = 0.0f, z_back = 0.0f;
};

struct Layout {
  int length = 0;              // T
  float spacing = 1.0f;        // x distance between neighbouring characters
  float half_width = 0.0f;     // half the width of plates, housings and the bed
  float tube_y = 0.0f, tube_radius = 0.0f;
  float band_pitch = 0.0f;     // z distance between the 32 bands of a stretch
  float slug_z = 0.0f;
  glm::vec3 slug_size{0.0f};
  float tube_z_front = 0.0f, tube_z_back = 0.0f;
  std::array<Stretch, kStageCount> stretches{};
  int stretch_count = 0;
  std::array<Bay, kLayers> bays{};
  std::array<Housing, kLayers> housings{};
  float readout_z = 0.0f;      // centre of the read-out block
  float columns_z = 0.0f;      // centre line of the probability columns
  float column_pitch = 0.0f, column_height = 0.0f, column_base_y = 0.0f;
  glm::vec3 drum_centre{0.0f};
  float drum_radius = 0.0f, drum_height = 0.0f;
  glm::vec3 rack_centre{0.0f};

  // x of a character's slug and tube.
  float x(int position) const { return (static_cast<float>(position) - 0.5f * (length - 1)) * spacing; }
  // z of band `index` (0..31) within a stretch: index 0 at the front.
  float band_z(const Stretch& s, int index) const { return s.z_front - (index + 0.5f) * band_pitch; }
  // x of a vocabulary column.
  float column_x(int id) const { return (static_cast<float>(id) - 0.5f * (kVocab - 1)) * column_pitch; }
  // The stretch showing a stage, or nullptr when the view does not show it.
  const Stretch* stretch(Stage stage) const;
};

// Character spacing: 1 up to 24 characters, then shrinking so the row stays 24 wide.
float character_spacing(int length);
Layout compute_layout(int length, const View& view);

// Layer of a stage that comes out of an attention or MLP block (-1 otherwise).
int stage_layer(Stage stage);

}  // namespace am::machine
