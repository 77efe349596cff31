#include "am/ui/tracing_state.hpp"

#include <algorithm>
#include <cmath>

#include "am/machine/layout.hpp"
#include "am/model/normalizer.hpp"
#include "am/ui/chapters.hpp"

namespace am::ui {

namespace {
constexpr int kPatchThreads = 3;         // the strongest cells drawn as threads
constexpr double kPatchThreadMin = 0.1;  // a share smaller than this is not drawn

// The head cells bringing back the most, strongest first.
std::vector<machine::TracingOverlay::PatchThread> strongest_cells(const analysis::PatchingMap& map,
                                                                  int count) {
  std::vector<machine::TracingOverlay::PatchThread> cells;
  for (int l = 0; l < kLayers; ++l)
    for (int h = 0; h < kHeads; ++h) {
      const auto& row = map.heads[static_cast<std::size_t>(l * kHeads + h)];
      for (std::size_t p = 0; p < row.size(); ++p)
        if (row[p] >= kPatchThreadMin)
          cells.push_back({l, h, static_cast<int>(p), static_cast<float>(row[p])});
    }
  std::sort(cells.begin(), cells.end(), [](const auto& a, const auto& b) { return a.share > b.share; });
  if (cells.size() > static_cast<std::size_t>(count)) cells.resize(static_cast<std::size_t>(count));
  return cells;
}

// What the tracing depends on: everything but the hover.
bool same_question(TracingChoice a, TracingChoice b) {
  a.hovered_part = b.hovered_part = -1;
  a.open = b.open = false;
  return a == b;
}
}  // namespace

void set_tracing_target(AppState& state, int id) {
  state.tracing.target = id >= 0 && id < kVocab ? id : -1;
  state.tracing.open = true;
}

bool tracing_shown(const AppState& state) { return state.tracing.open || state.chapter == kTracingChapter; }

bool tracing_answer_hidden(const AppState& state) {
  // Chapter 12 asks which head pushed hardest; a chapter asking how sure the model is hides
  // its probabilities, and the score's parts would tell.
  return (state.chapter == kTracingChapter &&
          !(state.predict.chapter == state.chapter && state.predict.revealed)) ||
         probabilities_hidden(state);
}

machine::TracingOverlay tracing_overlay(const analysis::Tracing& t, const AppState& state) {
  machine::TracingOverlay o;
  const analysis::Attribution& a = t.attribution;
  if (a.target < 0 || !tracing_shown(state) || tracing_answer_hidden(state)) return o;
  o.active = true;
  double largest = 1e-9;
  for (double v : a.parts) largest = std::max(largest, std::abs(v));
  const auto share = [&](int part) {
    return static_cast<float>(a.parts[static_cast<std::size_t>(part)] / largest);
  };
  int best = -1;
  for (int l = 0; l < kLayers; ++l) {
    for (int h = 0; h < kHeads; ++h) {
      const int part = analysis::head_part(l, h);
      o.head_share[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)] = share(part);
      if (best < 0 || a.parts[static_cast<std::size_t>(part)] > a.parts[static_cast<std::size_t>(best)])
        best = part;
    }
    o.mlp_share[static_cast<std::size_t>(l)] = share(analysis::mlp_part(l));
  }
  o.embed_share = share(analysis::kEmbedPart) + share(analysis::kPosPart);
  o.lit_part = state.tracing.hovered_part;
  if (best >= 0) {  // the head that pushed hardest, and where its push came from
    o.marked_layer = (best - analysis::head_part(0, 0)) / kHeads;
    o.marked_head = (best - analysis::head_part(0, 0)) % kHeads;
    const auto& sources = a.by_source[static_cast<std::size_t>(o.marked_layer * kHeads + o.marked_head)];
    for (std::size_t j = 0; j < sources.size(); ++j)
      if (o.marked_source < 0 || sources[j] > sources[static_cast<std::size_t>(o.marked_source)])
        o.marked_source = static_cast<int>(j);
  }
  if (t.patched) o.patch_threads = strongest_cells(t.map, kPatchThreads);
  return o;
}

int attribution_part_of(const machine::Part& part) {
  using machine::PartKind;
  switch (part.kind) {
    case PartKind::kHeadPlate:
    case PartKind::kRackHead:
      return part.layer >= 0 && part.head >= 0 ? analysis::head_part(part.layer, part.head) : -1;
    case PartKind::kMlpNeedle:
      return part.layer >= 0 ? analysis::mlp_part(part.layer) : -1;
    case PartKind::kBand:
      return part.stage == static_cast<int>(machine::Stage::kEmbeddingPlusPosition) ||
                     part.stage == static_cast<int>(machine::Stage::kEmbedding)
                 ? analysis::kEmbedPart
             : part.stage == static_cast<int>(machine::Stage::kPosition) ? analysis::kPosPart
                                                                         : -1;
    default:
      return -1;
  }
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
  std::vector<int> ids = read_ids(state);
  if (valid_ && weights_ == &weights && step_ == state.step && ids_ == ids && pulled_ == state.pulled &&
      same_question(choice_, state.tracing))
    return tracing_;
  tracing_ = analysis::trace(weights, acts, ids, state.pulled, state.tracing.target, corruption_of(state));
  valid_ = true;
  weights_ = &weights;
  step_ = state.step;
  ids_ = std::move(ids);
  pulled_ = state.pulled;
  choice_ = state.tracing;
  return tracing_;
}

void add_tracing_json(nlohmann::ordered_json& dump, const analysis::Tracing& t) {
  dump["attribution"] = analysis::attribution_json(t);
  dump["patching"] = analysis::patching_json(t);
}

}  // namespace am::ui
