// The machine: a pure function from (activations, selection, view, time) to a
// draw list, plus what each pickable part means. No GL here.
//
// Layout (layout.hpp): Y up; the machine runs front to back along -Z: type slugs
// at z ≈ 0, then the glass tubes (one per position, position 0 on the left, -X)
// through layer 1's plate stack and MLP housing, layer 2's, the final norm, the
// read-out and the probability columns at the back. One unit is one character
// spacing up to 24 characters; longer texts shrink the spacing to keep 24 units.
// The drum stands on the left, the rack of heads on the right. How numbers become
// angles, radii and colours is in encodings.hpp.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "am/machine/beat_stage.hpp"
#include "am/model/activations.hpp"
#include "am/model/head_mask.hpp"
#include "am/render/draw_list.hpp"
#include "am/render/revision_stamp.hpp"

namespace am::machine {

// What the chapter (or the user) wants to see. Zero/false means the default look.
struct View {
  bool split_embedding = false;  // chapter 1: embedding and position apart, then their sum
  bool show_threads = true;
  bool show_beads = true;
  bool show_shutter = true;
  bool cut_open_mlp = true;
  bool raise_mlp_needles = false;  // chapter 5: the needles stand large above the walls, in view
  bool highlight_path = false;                         // chapter 7: previous-char head -> induction head
  std::optional<std::pair<int, int>> path_heads[2]{};  // zero-based (layer, head) to highlight
  bool reduced_motion = false;                         // no travelling beads / glides
  bool hide_probabilities = false;  // a question waits: the columns stand empty, no figures
};

struct TrainingTrack {
  std::vector<std::int64_t> steps;  // checkpoint steps
  std::vector<float> loss;          // smoothed training loss per checkpoint
  std::vector<float> accuracy;      // nonsense accuracy per checkpoint (may be empty)
  std::int64_t current_step = 0;
};

// "Why this character?" (issue 22), drawn on the parts: each part's share of the explained
// score tints its head plate, MLP housing or embedding stretch (copper +, blue −, as the
// tubes), the largest head term's source position gets a marked thread, and the strongest
// patching cells are lit threads. Shares are signed, in [-1, 1] (term / largest |term|).
struct TracingOverlay {
  bool active = false;
  std::array<std::array<float, kHeads>, kLayers> head_share{};
  std::array<float, kLayers> mlp_share{};
  float embed_share = 0.0f;  // the token's embedding and its position together
  // The part under the mouse in the chart: 0 embed, 1 pos, 2.. heads, then mlps, then bias
  // (analysis/attribution.hpp's order); -1 none.
  int lit_part = -1;
  int marked_layer = -1, marked_head = -1, marked_source = -1;  // largest head term, its source
  struct PatchThread {
    int layer = 0, head = 0, position = 0;
    float share = 0.0f;  // of the clean − corrupted difference brought back
  };
  std::vector<PatchThread> patch_threads;  // strongest first, at most a few
};

struct SceneInput {
  const Activations* acts = nullptr;    // the live forward pass (may be ablated)
  const Activations* intact = nullptr;  // the same text without ablation (ghost columns); may be null
  std::string text;                     // the characters the model read (acts->length() of them)
  int selected_position = -1;           // query character; -1 = the last
  int selected_layer = 0;               // zero-based; the lifted plate
  int selected_head = 0;
  HeadMask pulled;
  View view;
  TrainingTrack training;
  TracingOverlay tracing;
  double time_seconds = 0.0;  // animation clock
  BeatStage beat;             // the chapter's step being played (none: the finished machine)
};

enum class PartKind : std::uint8_t {
  kNone,
  kSlug,
  kBand,
  kDial,
  kThread,
  kBead,
  kShutter,
  kMlpNeedle,
  kProbabilityColumn,
  kHeadPlate,
  kRackHead,
  kDrum,
  kAttentionCell,  // one cell of the [query x key] weight grid on a lifted plate
};

// What a pickable part is, with the numbers the tooltip shows.
struct Part {
  PartKind kind = PartKind::kNone;
  int position = -1;  // character index (query for threads/dials)
  int key = -1;       // key character index (dials, threads, beads)
  int layer = -1;     // zero-based
  int head = -1;
  int index = -1;      // band index (0-31), neuron (0-127), vocab id (0-29)
  int stage = -1;      // bands: the machine::Stage (layout.hpp) as an int
  float value = 0.0f;  // the main number
  // Dials, grid cells, threads, beads: q·k, q·k/√8 and the softmax weight.
  // Bands: weight = the stretch's colour scale. MLP needles: scaled = before GELU,
  // weight = the layer's needle scale.
  float dot = 0.0f, scaled = 0.0f, weight = 0.0f;
  float intact = 0.0f;  // columns: the probability with no head pulled (when has_intact)
  bool has_intact = false;
  std::int64_t step = -1;  // drum: training step (value = loss, weight = accuracy; -1 if unknown)
};

// Where things are, for camera presets and for tests (world units, Y up, the
// machine runs from the slugs at z ≈ 0 towards -Z; position 0 is on the left, -X).
struct Anchors {
  glm::vec3 bounds_min{0.0f}, bounds_max{0.0f};  // everything drawn
  glm::vec3 slugs{0.0f};                         // centre of the slug row
  glm::vec3 query{0.0f};                         // the selected query's slug
  glm::vec3 embedding{0.0f};                     // centre of the first tube stretch
  std::array<glm::vec3, kLayers> attention{};    // centre of each layer's plate stack
  std::array<glm::vec3, kLayers> mlp{};          // centre of each MLP housing
  glm::vec3 lifted_plate{0.0f};                  // centre of the selected head's lifted plate
  glm::vec3 columns{0.0f};                       // centre of the probability columns
  glm::vec3 drum{0.0f}, rack{0.0f};
  std::array<std::array<glm::vec3, kHeads>, kLayers> rack_slots{};  // centre of each empty slot
};

// The [query x key] grid on a lifted plate: cell (i, j) is centred at
// origin + i * query_step + j * key_step and lies in the plate's plane (normal).
struct PlateGrid {
  bool present = false;
  int layer = -1, head = -1;
  glm::vec3 origin{0.0f}, query_step{0.0f}, key_step{0.0f}, normal{0.0f, 1.0f, 0.0f};
};

// A number drawn beside a part at a readable size on screen (the window draws these in
// pixels, so they stay legible at any distance): a beat's live values.
struct ScreenNote {
  glm::vec3 anchor{0.0f};  // the world point it labels
  std::string text;        // one or more lines
};

struct Scene {
  render::DrawList draw;        // its revisions say which parts differ from the last build
  render::RevisionStamp stamp;  // last build's hashes, for those revisions
  std::vector<Part> parts;      // parts[pick_id - 1]
  Anchors anchors;
  std::array<PlateGrid, kLayers> grids{};  // one lifted plate per layer at most
  bool animated = false;                   // something moves with time_seconds (beads): keep drawing frames
  std::vector<ScreenNote> notes;           // the beat's values beside its parts
  const Part* part(render::PickId id) const {
    return id == 0 || id > parts.size() ? nullptr : &parts[id - 1];
  }
};

// Builds the whole machine. Pure: same input, same output. `out` is overwritten;
// reusing one Scene frame after frame keeps its buffers (no heap traffic), and
// keeps the draw list's revisions where this build drew the same as the last.
void build_scene(const SceneInput& input, Scene& out);

// The tooltip text for a part (multi-line), e.g. a dial's q·k, ÷√8 and weight.
std::string describe(const Part& part, const SceneInput& input);

}  // namespace am::machine
