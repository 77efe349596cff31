#include "am/ui/app_state.hpp"

#include <algorithm>
#include <iterator>

#include "am/core/named_enum.hpp"
#include "am/model/config.hpp"
#include "am/model/forward.hpp"

namespace am::ui {

namespace {
constexpr NamedValue<Palette> kPaletteNames[] = {{Palette::kBrass, "brass"},
                                                 {Palette::kHighContrast, "high-contrast"},
                                                 {Palette::kColourBlind, "colour-blind"}};
static_assert(std::size(kPaletteNames) == kPaletteCount);
}  // namespace

const char* palette_name(Palette p) { return name_of(kPaletteNames, p, "brass"); }

bool parse_palette(const std::string& name, Palette& out) {
  const auto p = parse_name(kPaletteNames, name);
  if (p) out = *p;
  return p.has_value();
}

ShownState shown_state(const AppState& s) {
  TracingChoice tracing = s.tracing;
  tracing.hovered_part = -1;  // the mouse over the chart changes nothing computed
  // In ShownState's field order (a designated initializer refuses any other).
  return ShownState{.chapter = s.chapter, .raw_text = s.raw_text, .step = s.step, .pulled = s.pulled,
                    .selected_position = s.selected_position, .selected_layer = s.selected_layer,
                    .selected_head = s.selected_head, .settings = s.settings, .predict = s.predict,
                    .answers = s.answers, .generated = s.generated, .write = s.write,
                    .typing = s.typing.pending, .run = s.run, .beat_chapter = s.beat.chapter,
                    .beat_index = s.beat.index, .playing = s.playing, .beat_playing = s.beat.playing,
                    .presentation = s.presentation, .load_dialog_open = s.load_dialog_open,
                    .tracing = std::move(tracing)};
}

void set_text(AppState& state, std::string raw) {
  state.raw_text = std::move(raw);
  state.normalized = normalize(state.raw_text);
  state.selected_position = -1;
  // A guess was about the old text, so it goes; a question already revealed stays so, and
  // the learner watches the predictions follow what they type.
  state.predict.choice = -1;
}

void clear_written(AppState& state) {
  state.generated = Generation{};
  state.typing = WriteTyping{};
}

int window_length(const AppState& state) {
  const std::size_t length = state.normalized.ids.size();
  return static_cast<int>(length - context_window_start(length));
}

std::string read_text(const AppState& state) {
  const std::string& t = state.normalized.text;
  const std::size_t n = static_cast<std::size_t>(window_length(state));
  return t.substr(t.size() - n);
}

std::vector<int> read_ids(const AppState& state) {
  const auto& ids = state.normalized.ids;
  const std::size_t n = static_cast<std::size_t>(window_length(state));
  return std::vector<int>(ids.end() - static_cast<long>(n), ids.end());
}

int resolved_query(const AppState& state) {
  const int n = window_length(state);
  if (n == 0) return -1;
  if (state.selected_position < 0 || state.selected_position >= n) return n - 1;
  return state.selected_position;
}

Status select_position(AppState& state, int zero_based) {
  const int n = window_length(state);
  if (n == 0) return fail("there is no text to select a character in");
  if (zero_based < 0 || zero_based >= n)
    return fail("position " + std::to_string(zero_based + 1) + " is outside the text the model reads (1-" +
                std::to_string(n) + ")");
  state.selected_position = zero_based;
  return Ok{};
}

void set_pulled(AppState& state, int layer, int head, bool pulled) {
  if (layer < 0 || layer >= kLayers || head < 0 || head >= kHeads) return;
  bool& slot = state.pulled.pulled[static_cast<std::size_t>(layer)][static_cast<std::size_t>(head)];
  if (slot == pulled) return;
  slot = pulled;
}

void select_head(AppState& state, int layer, int head) {
  if (layer < 0 || layer >= kLayers || head < 0 || head >= kHeads) return;
  state.selected_layer = layer;
  state.selected_head = head;
}

void set_status(AppState& state, std::string message, bool is_error) {
  state.status = std::move(message);
  state.status_is_error = is_error;
}

}  // namespace am::ui
