// Chapter 10: the weight grid fills cell by cell up to n(n+1)/2; then the text is typed
// one character at a time: the cache keeps the keys and values, and only the new
// character's row is computed. Counters: dot products with and without the cache.
#include "beat_common.hpp"

namespace am::ui::beats {
namespace {

Beat at(const ChapterContext& c, int index) {
  Beat b;
  const int T = beat_length(c), l = lifted_layer(c), h = lifted_head(c);
  const int typed = index == 0 ? T : index;
  const machine::CacheCounts counts = machine::cache_counts(typed);
  const std::int64_t cells = machine::causal_cells(T);
  machine::add_number(b.numbers, "scores_computed",
                      static_cast<double>(index == 0 ? cells : counts.scores_computed));
  machine::add_number(b.numbers, "cached_keys", static_cast<double>(index == 0 ? 0 : counts.cached_keys));
  machine::add_number(b.numbers, "dot_products_with_cache",
                      static_cast<double>(counts.dot_products_with_cache));
  machine::add_number(b.numbers, "dot_products_without_cache",
                      static_cast<double>(counts.dot_products_without_cache));
  b.stage = {
      .op = BeatOp::kGridFill, .layer = l, .head = h, .query = T - 1, .count = static_cast<int>(cells)};
  b.focus = {FocusPart::kLiftedGrid};
  b.pose = CameraPose::kShutter;  // from above: the grid lies flat
  if (index == 0) {
    b.caption = "Reading " + std::to_string(T) +
                " characters fills the whole grid, one dot product per cell: " + std::to_string(T) +
                " \u00d7 " + std::to_string(T + 1) + " / 2 = " + fmt_int(cells) + " for this head, " +
                fmt_int(cells * kLayers * kHeads) + " for all 8.";
    return b;
  }
  b.stage.op = BeatOp::kCacheRow;
  b.stage.count = index;
  b.focus = {FocusPart::kLiftedGrid};
  b.caption = "Character " + std::to_string(index) + ", " + quote_char(char_at(c, index - 1)) +
              ", arrives. The cache keeps the " + std::to_string(index - 1) +
              " keys and values before it, so only its own row is new: " + std::to_string(index) +
              " dot products. So far, all 8 heads: " + fmt_int(counts.dot_products_with_cache) +
              " with the cache, " + fmt_int(counts.dot_products_without_cache) + " without.";
  return b;
}

int count(const AppState& s) { return window_length(s) > 0 ? window_length(s) + 1 : 0; }

}  // namespace

const BeatScript kCh10 = {.seconds = 2.0, .count = count, .at = at, .follows_typing = true};

}  // namespace am::ui::beats
