// A chapter of the explainer: what the machine shows, and text built from live
// numbers. One file per chapter in src/ui/chapters/; the registry lists them.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "am/machine/focus.hpp"
#include "am/machine/scene.hpp"
#include "am/model/activations.hpp"
#include "am/model/weights.hpp"
#include "am/model/analysis_summary.hpp"
#include "am/ui/app_state.hpp"
#include "am/ui/growing_run.hpp"
#include "am/ui/training_curves.hpp"

namespace am::analysis {
struct Tracing;
}

namespace am::ui {

// Named look directions; the distance and the target are solved from the chapter's
// focus parts and the viewport (app/camera_presets.cpp), never typed in.
enum class CameraPose : std::uint8_t {
  kOverview,   // the whole machine, three-quarter view
  kFront,      // the type slugs and the probability columns
  kEmbedding,  // the first stretch of the tubes
  kPlate,      // close on the lifted head plate and its dials
  kShutter,    // the threads and the slanted shutter
  kThreads,    // threads and beads from the side
  kCutaway,    // the whole path, with the MLP housing cut open
  kPlates,     // all eight head plates
  kDrum,       // the training drum
  kRack,       // the rack of heads
};
const char* camera_pose_name(CameraPose pose);  // "overview", "front", ...

// What a chapter draws the eye to (bit flags).
enum Highlight : std::uint32_t {
  kHighlightNone = 0,
  kHighlightSlugs = 1u << 0,
  kHighlightBands = 1u << 1,
  kHighlightDials = 1u << 2,
  kHighlightThreads = 1u << 3,
  kHighlightShutter = 1u << 4,
  kHighlightBeads = 1u << 5,
  kHighlightMlp = 1u << 6,
  kHighlightReadout = 1u << 7,
  kHighlightPlates = 1u << 8,
  kHighlightDrum = 1u << 9,
  kHighlightRack = 1u << 10,
};

// Everything a chapter may read to build its words. Any pointer may be null:
// a chapter then says what is missing instead of inventing a figure.
// One run of the weights folder, as the chapters that compare runs see it.
struct RunView {
  std::string name;
  std::string title;
  std::string arrangement;  // how its training text was arranged
  const TrainingRecord* training = nullptr;
  const AnalysisSummary* analysis = nullptr;  // may be null (no analysis.json)
};

struct ChapterContext {
  const AppState* state = nullptr;
  const Activations* acts = nullptr;           // live pass (with the pulled heads pulled)
  const Activations* intact = nullptr;         // same text with every head in place
  std::shared_ptr<const Weights> weights;      // the checkpoint at state->step (held while in use)
  const TrainingRecord* training = nullptr;    // manifest: checkpoints, metrics, recipe
  const AnalysisSummary* analysis = nullptr;   // analysis.json of the final checkpoint
  std::optional<double> live_accuracy;         // repeated nonsense with the pulled heads, this step
  const std::vector<RunView>* runs = nullptr;  // every run, the one on show included (may be null)
  std::string run;                             // the name of the run on show
  const GrowingRun* growing = nullptr;         // a run being trained in the app (chapter 11)
  const TrainingRecord* shipped = nullptr;     // the shipped run's record, to compare with
  const analysis::Tracing* tracing = nullptr;  // why this character? (issue 22; may be null)
};

// What a chapter talks about, as parts of the machine (at most four): the camera
// frames them and each one carries a callout. Empty: the whole machine.
struct FocusList {
  std::array<machine::FocusPart, 4> parts{};
  int count = 0;
  constexpr FocusList() = default;
  constexpr FocusList(std::initializer_list<machine::FocusPart> list) {
    for (machine::FocusPart f : list)
      if (count < static_cast<int>(parts.size())) parts[static_cast<std::size_t>(count++)] = f;
  }
  std::span<const machine::FocusPart> view() const { return {parts.data(), static_cast<std::size_t>(count)}; }
  constexpr bool operator==(const FocusList& o) const { return count == o.count && parts == o.parts; }
};

// How the machine is set up for a chapter.
struct ChapterStage {
  CameraPose camera = CameraPose::kOverview;  // the direction to look from
  FocusList focus;                            // what to frame and label
  machine::View view{};
  std::optional<std::pair<int, int>> lift{};  // zero-based (layer, head) to lift on entering
  std::uint32_t highlight = kHighlightNone;
};

// The answer to a predict-then-reveal question, decided by live numbers.
struct Reveal {
  int correct_choice = -1;  // -1: the numbers do not settle it
  std::string explanation;
};

// A chapter's words: a fixed literal, or built from the live context. Either way one
// call gives the string, so a reader need not know which.
class ChapterText {
 public:
  using Build = std::string (*)(const ChapterContext&);
  constexpr ChapterText() = default;
  constexpr ChapterText(const char* literal) : literal_(literal) {}
  constexpr ChapterText(std::string_view literal) : literal_(literal) {}
  constexpr ChapterText(Build build) : build_(build) {}
  std::string operator()(const ChapterContext& c) const { return build_ ? build_(c) : std::string(literal_); }

 private:
  std::string_view literal_;
  Build build_ = nullptr;
};

// What a question keeps from the learner until Reveal, besides the chapter's own words
// (which every chapter writes without the answer while its question is open). Bit flags.
enum Hides : std::uint32_t {
  kHidesText = 0,               // only the chapter's words (always)
  kHidesPredictions = 1u << 0,  // the next-character panel, the columns' heights, their callout and tooltips
};
// {"text", "predictions", ...}: the names of what a question hides, for the state dump.
std::vector<std::string> hides_names(std::uint32_t hides);

// A predict-then-reveal question as data: the answer is decided by live numbers.
struct PredictQuestion {
  ChapterText prompt;
  std::vector<std::string> (*choices)(const ChapterContext&) = nullptr;
  Reveal (*answer_from)(const ChapterContext&) = nullptr;
  std::uint32_t hides = kHidesText;
};

// What a try-this promises, measured on the run on show before it is offered: the words
// and a check on the context after its actions have run.
struct TryExpect {
  std::string words;
  std::function<bool(const ChapterContext& after)> holds;
};

// "Try this" as data: the words, the script lines the "Show me" button performs, and the
// effect they have (measured). `actions`/`expect` null: words only.
struct TryThis {
  ChapterText words;
  std::vector<std::string> (*actions)(const ChapterContext&) = nullptr;
  TryExpect (*expect)(const ChapterContext&) = nullptr;
};

// One chapter, written as a constant with designated initializers (src/ui/chapters/).
// Fixed content is a value; a function appears only where the content is live.
struct Chapter {
  int number = 0;  // its place in the registry's list, assigned there
  std::string_view title;
  std::string_view default_text;
  bool keeps_step = false;  // false: entering moves the drum to the final checkpoint
  ChapterStage stage;       // how the machine is set up, as far as it is fixed
  // For a chapter whose stage depends on the run (the head to lift, the path to draw):
  // adjusts `stage` from the context. Null for a fixed stage.
  void (*live_stage)(ChapterStage&, const ChapterContext&) = nullptr;
  ChapterText body;     // the chapter's own words (at most 150), paragraphs separated by blank lines
  ChapterText numbers;  // "the numbers": the detail, in a fold closed by default
  ChapterText caption;  // one summary line
  TryThis try_this;
  std::optional<PredictQuestion> predict{};

  // The stage for this context: `stage`, adjusted by `live_stage` when there is one.
  ChapterStage stage_for(const ChapterContext& c) const {
    ChapterStage s = stage;
    if (live_stage) live_stage(s, c);
    return s;
  }
};

// Whether the chapter's question still hides the model's probabilities (hides kHidesPredictions).
bool probabilities_hidden(const AppState& state);
// True while the state's chapter has a question that has not been revealed.
bool question_open(const AppState& state);
// True once the question of chapter `number` has been revealed (now, or when the learner
// was last there): an earlier chapter keeps a later one's answer until then.
bool question_revealed(const AppState& state, int number);

}  // namespace am::ui
