// The "why this character?" choice in AppState, and the tracing it asks for, computed
// once per change (not per frame): the top-5 panel, the waterfall, the patching box, the
// script lines and the state dump all go through here.
#pragma once

#include <cstdint>
#include <string>

#include "am/analysis/tracing.hpp"
#include "am/core/result.hpp"
#include "am/machine/scene.hpp"
#include "am/ui/app_state.hpp"

namespace am::ui {

// id: a character, or -1 for the favourite.
void set_tracing_target(AppState& state, int id);
// "auto", a text as long as the text read, or "" (no patching). A text of another length,
// or "auto" on a text with nothing repeated, is refused with a message.
Status set_corruption(AppState& state, const std::string& text);

analysis::Corruption corruption_of(const AppState& state);

// The chapter about tracing (12) shows it whatever was asked.
inline constexpr int kTracingChapter = 12;
bool tracing_shown(const AppState& state);
// In chapter 12, before its question is answered, the answer (chart and tints) waits; so it
// does in a chapter whose question hides the probabilities.
bool tracing_answer_hidden(const AppState& state);

// What the machine draws of a tracing (shares of the largest |term|, the marked source,
// the strongest patching cells). Inactive when there is nothing to trace.
machine::TracingOverlay tracing_overlay(const analysis::Tracing& t, const AppState& state);
// The attribution part a picked machine part stands for (plate: its head, MLP needle: its
// layer's mlp, a band of the first stretch: embed), or -1.
int attribution_part_of(const machine::Part& part);

// The tracing of the pass on show, recomputed only when what it depends on changed.
class TracingCache {
 public:
  const analysis::Tracing& update(const Weights& weights, const Activations& acts, const AppState& state);
  const analysis::Tracing& current() const { return tracing_; }

 private:
  bool valid_ = false;
  const Weights* weights_ = nullptr;
  std::int64_t step_ = -1;
  std::vector<int> ids_;  // the characters read, and the heads pulled, when it was traced
  HeadMask pulled_;
  TracingChoice choice_;
  analysis::Tracing tracing_;
};

// The dump's `attribution` and `patching` objects (null when there is nothing to show).
void add_tracing_json(nlohmann::ordered_json& dump, const analysis::Tracing& t);

}  // namespace am::ui
