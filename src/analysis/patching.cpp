#include "am/analysis/patching.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "am/model/forward.hpp"
#include "last_place_reader.hpp"

namespace am::analysis {

// The map's short cuts read the model as two layers: the first, then the last.
static_assert(kLayers == 2, "patching_map assumes a first and a last layer");

namespace {

// The first letter a..z that is nowhere in ids, else the first letter other than `old`.
int replacement_letter(std::span<const int> ids, int old) {
  for (int c = 0; c < 26; ++c)
    if (std::find(ids.begin(), ids.end(), c) == ids.end()) return c;
  return old == 0 ? 1 : 0;
}

// The first place j < last - 1 holding `c`, or -1.
int first_place_of(std::span<const int> ids, int c, int last) {
  for (int j = 0; j + 1 < last; ++j)
    if (ids[static_cast<std::size_t>(j)] == c) return j;
  return -1;
}

// The first character that appears again later (its first place, with room after it), or -1.
int first_repeated(std::span<const int> ids, int last) {
  for (int j = 0; j + 1 < last; ++j)
    for (int k = j + 1; k <= last; ++k)
      if (ids[static_cast<std::size_t>(k)] == ids[static_cast<std::size_t>(j)]) return j;
  return -1;
}

// One head's 8 output values at one position. head_out: [H, T, 8]
float* head_row(Activations& acts, int layer, int head, int position) {
  return acts.layers[static_cast<std::size_t>(layer)].head_out + (head * acts.length() + position) * kDHead;
}
const float* head_row(const Activations& acts, int layer, int head, int position) {
  return acts.layers[static_cast<std::size_t>(layer)].head_out + (head * acts.length() + position) * kDHead;
}

// The residual stream entering layer l, one row. [T, 32]
float* stream_row(Activations& acts, int layer, int position) {
  float* base = layer == 0 ? acts.x0 : acts.layers[static_cast<std::size_t>(layer - 1)].resid_mlp;
  return base + position * kDModel;
}
const float* stream_row(const Activations& acts, int layer, int position) {
  const float* base = layer == 0 ? acts.x0 : acts.layers[static_cast<std::size_t>(layer - 1)].resid_mlp;
  return base + position * kDModel;
}

void copy_row(const float* from, float* to, int n) { std::copy_n(from, n, to); }

// A site whose clean value is the corrupted one, bit for bit, changes nothing: its cell is 0.
bool same_row(const float* a, const float* b, int n) { return std::equal(a, a + n, b); }

// The metric from a logits row [30] at the last place.
double metric_of_row(const PatchingRuns& runs, const float* logits) {
  return static_cast<double>(logits[runs.clean_favourite]) - logits[runs.corrupted_favourite];
}

// The heads' outputs at one position of one layer [H, 1, 8], with head h's from the clean pass.
void heads_at(const PatchingRuns& runs, int layer, int position, int patched_head, float* out) {
  for (int h = 0; h < kHeads; ++h) {
    const Activations& from = h == patched_head ? runs.clean : runs.corrupted;
    copy_row(head_row(from, layer, h, position), out + h * kDHead, kDHead);
  }
}

// Head cells: a first-layer head changes only its own row of the stream entering the
// last layer; a last-layer head counts only at the last place.
void map_heads(const PatchingRuns& runs, LastPlaceReader& reader, PatchingMap& map) {
  const int T = runs.corrupted.length();
  float heads[kHeads * kDHead];
  for (int h = 0; h < kHeads; ++h) {
    auto& first = map.heads[static_cast<std::size_t>(h)];
    auto& last = map.heads[static_cast<std::size_t>(kHeads + h)];
    first.assign(static_cast<std::size_t>(T), 0.0);
    last.assign(static_cast<std::size_t>(T), 0.0);  // exactly 0 before the last place: see the header
    for (int pos = 0; pos < T; ++pos) {
      if (same_row(head_row(runs.clean, 0, h, pos), head_row(runs.corrupted, 0, h, pos), kDHead)) continue;
      heads_at(runs, 0, pos, h, heads);
      const float* row = reader.layer_row(0, pos, heads);
      first[static_cast<std::size_t>(pos)] =
          runs.share(metric_of_row(runs, reader.with_stream_row(pos, row)));
    }
    heads_at(runs, 1, T - 1, h, heads);
    last[static_cast<std::size_t>(T - 1)] = runs.share(metric_of_row(runs, reader.with_last_heads(heads)));
  }
}

// Stream cells: entering the first layer a row reaches every later row through attention
// (a pass from layer 0 on); entering the last layer it changes only its own key and value.
void map_resid(const Weights& weights, const HeadMask& pulled, const PatchingRuns& runs,
               LastPlaceReader& reader, PatchingMap& map) {
  const int T = runs.corrupted.length();
  float saved[kDModel];
  Activations work = runs.corrupted;
  auto& entering_first = map.resid[0];
  entering_first.assign(static_cast<std::size_t>(T), 0.0);
  for (int pos = 0; pos < T; ++pos) {
    if (same_row(stream_row(runs.clean, 0, pos), stream_row(runs.corrupted, 0, pos), kDModel)) continue;
    float* row = stream_row(work, 0, pos);
    copy_row(row, saved, kDModel);
    copy_row(stream_row(runs.clean, 0, pos), row, kDModel);
    resume_forward_from_residual(weights, pulled, 0, work);
    entering_first[static_cast<std::size_t>(pos)] = runs.share(runs.metric_of(work));
    copy_row(saved, row, kDModel);  // the next pass recomputes everything after it
  }
  auto& entering_last = map.resid[1];
  entering_last.assign(static_cast<std::size_t>(T), 0.0);
  for (int pos = 0; pos < T; ++pos)
    if (!same_row(stream_row(runs.clean, 1, pos), stream_row(runs.corrupted, 1, pos), kDModel))
      entering_last[static_cast<std::size_t>(pos)] =
          runs.share(metric_of_row(runs, reader.with_stream_row(pos, stream_row(runs.clean, 1, pos))));
}

}  // namespace

Result<std::vector<int>> suggest_corruption(std::span<const int> ids) {
  const int last = static_cast<int>(ids.size()) - 1;
  if (last < 2) return fail("the text is too short to corrupt: type at least three characters");
  int j = first_place_of(ids, ids[static_cast<std::size_t>(last)], last);
  if (j < 0) j = first_repeated(ids, last);
  if (j < 0)
    return fail("no character repeats in this text, so there is nothing to corrupt: type a corrupted text");
  std::vector<int> out(ids.begin(), ids.end());
  auto& changed = out[static_cast<std::size_t>(j + 1)];
  changed = replacement_letter(ids, changed);
  return out;
}

double PatchingRuns::metric_of(const Activations& acts) const {
  const float* row = acts.logits + (acts.length() - 1) * kVocab;
  return static_cast<double>(row[clean_favourite]) - row[corrupted_favourite];
}

double PatchingRuns::share(double metric) const {
  const double gap = clean_metric - corrupted_metric;
  if (std::abs(gap) < 1e-9) return 0.0;
  return (metric - corrupted_metric) / gap;
}

Result<PatchingRuns> patching_runs(const Weights& weights, std::span<const int> clean,
                                   std::span<const int> corrupted, const HeadMask& pulled) {
  const std::span<const int> a = context_window(clean), b = context_window(corrupted);
  if (a.empty()) return fail("there is no text to patch");
  if (a.size() != b.size())
    return fail("the corrupted text must have as many characters as the clean one (" +
                std::to_string(a.size()) + "); it has " + std::to_string(b.size()));
  PatchingRuns runs;
  forward(weights, a, pulled, runs.clean);
  forward(weights, b, pulled, runs.corrupted);
  const int last = runs.clean.length() - 1;
  runs.clean_favourite = favourite(runs.clean, last);
  runs.corrupted_favourite = favourite(runs.corrupted, last);
  if (runs.corrupted_favourite == runs.clean_favourite)
    runs.corrupted_favourite = best_other(runs.clean, last, runs.clean_favourite);
  runs.clean_metric = runs.metric_of(runs.clean);
  runs.corrupted_metric = runs.metric_of(runs.corrupted);
  return runs;
}

double patch_heads(const Weights& weights, const HeadMask& pulled, const PatchingRuns& runs,
                   std::span<const HeadSite> sites) {
  Activations work = runs.corrupted;
  const int T = work.length();
  for (int l = 0; l < kLayers; ++l) {
    bool any = false;
    for (const HeadSite& s : sites) {
      if (s.layer != l || s.head < 0 || s.head >= kHeads || s.position < 0 || s.position >= T) continue;
      copy_row(head_row(runs.clean, l, s.head, s.position), head_row(work, l, s.head, s.position), kDHead);
      any = true;
    }
    // Later layers' heads are recomputed from this layer's patched values, then patched in turn.
    if (any) resume_forward_after_heads(weights, pulled, l, work);
  }
  return runs.share(runs.metric_of(work));
}

PatchingMap patching_map(const Weights& weights, const HeadMask& pulled, const PatchingRuns& runs) {
  PatchingMap map;
  LastPlaceReader reader(weights, pulled, runs.corrupted);
  map_heads(runs, reader, map);
  map_resid(weights, pulled, runs, reader, map);
  return map;
}

}  // namespace am::analysis
