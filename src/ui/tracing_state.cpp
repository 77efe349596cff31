#include "am/ui/tracing_state.hpp"

#include "am/model/normalizer.hpp"

namespace am::ui {

namespace {
// What the tracing depends on: everything but the hover.
bool same_question(TracingChoice a, TracingChoice b) {
  a.hovered_part = b.hovered_part = -1;
  return a == b;
}
}  // namespace

void set_tracing_target(AppState& state, int id) {
  state.tracing.target = id >= 0 && id < kVocab ? id : -1;
  ++state.revision;
}

Status set_corruption(AppState& state, const std::string& text) {
  TracingChoice& t = state.tracing;
  if (text.empty()) {
    t.corrupt = TracingChoice::Corrupt::kNone;
  } else if (text == "auto") {
    auto suggested = analysis::suggest_corruption(read_ids(state));
    if (!suggested) return fail(suggested.error());
    t.corrupt = TracingChoice::Corrupt::kAuto;
  } else {
    const std::size_t want = read_ids(state).size(), got = normalize(text).ids.size();
    if (want != got)
      return fail("the corrupted text must have as many characters as the text read (" +
                  std::to_string(want) + "); '" + text + "' has " + std::to_string(got));
    t.corrupt = TracingChoice::Corrupt::kText;
    t.corrupted_text = text;
  }
  ++state.revision;
  return Ok{};
}

analysis::Corruption corruption_of(const AppState& state) {
  analysis::Corruption c;
  switch (state.tracing.corrupt) {
    case TracingChoice::Corrupt::kNone:
      break;
    case TracingChoice::Corrupt::kAuto:
      c.kind = analysis::Corruption::Kind::kAuto;
      break;
    case TracingChoice::Corrupt::kText:
      c.kind = analysis::Corruption::Kind::kText;
      c.ids = normalize(state.tracing.corrupted_text).ids;
      break;
  }
  return c;
}

const analysis::Tracing& TracingCache::update(const Weights& weights, const Activations& acts,
                                              const AppState& state) {
  if (valid_ && weights_ == &weights && step_ == state.step && revision_ == state.revision &&
      same_question(choice_, state.tracing))
    return tracing_;
  tracing_ = analysis::trace(weights, acts, read_ids(state), state.pulled, state.tracing.target,
                             corruption_of(state));
  valid_ = true;
  weights_ = &weights;
  step_ = state.step;
  revision_ = state.revision;
  choice_ = state.tracing;
  return tracing_;
}

void add_tracing_json(nlohmann::ordered_json& dump, const analysis::Tracing& t) {
  dump["attribution"] = analysis::attribution_json(t);
  dump["patching"] = analysis::patching_json(t);
}

}  // namespace am::ui
