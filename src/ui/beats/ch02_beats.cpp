// Chapter 2: the query's 8 numbers, then key by key: the key's 8 numbers, the 8
// products, their sum, ÷√8, and the dial's needle swings to it; the best so far stays marked.
#include "beat_common.hpp"

namespace am::ui::beats {
namespace {

Beat at(const ChapterContext& c, int index) {
  Beat b;
  const int q = query_index(c), l = lifted_layer(c), h = lifted_head(c);
  const int k = std::min(index, q);
  const machine::QueryKey qk = machine::query_key(*c.acts, l, h, q, k);
  machine::add_number(b.numbers, "layer", l + 1);
  machine::add_number(b.numbers, "head", h + 1);
  machine::add_number(b.numbers, "query_position", q + 1);
  machine::add_number(b.numbers, "key_position", k + 1);
  machine::add_list(b.numbers, "query", qk.query.data(), kDHead);
  machine::add_list(b.numbers, "key", qk.key.data(), kDHead);
  machine::add_list(b.numbers, "products", qk.products.data(), kDHead);
  machine::add_number(b.numbers, "dot", qk.dot);
  machine::add_number(b.numbers, "score", qk.score);
  b.stage = {.op = BeatOp::kQueryKey, .layer = l, .head = h, .query = q, .key = k};
  b.focus = {FocusPart::kLiftedDials, FocusPart::kQuerySlug};
  // The best score so far (keys 0..k).
  int best = 0;
  double best_score = -1e30;
  for (int j = 0; j <= k; ++j)
    if (const double s = machine::query_key(*c.acts, l, h, q, j).score; s > best_score) {
      best_score = s;
      best = j;
    }
  b.caption =
      (index == 0
           ? "Head " + head_name(l, h) + ": the query of " + quote_char(char_at(c, q)) + " is 8 numbers. "
           : std::string()) +
      "Key " + std::to_string(k + 1) + ", " + quote_char(char_at(c, k)) +
      ": its 8 numbers times the query's make 8 products, which add to " + num(qk.dot) +
      "; \u00f7 \u221a8 = " + num(qk.score) +
      ", the needle's score. Best so far: " + quote_char(char_at(c, best)) + " (" + num(best_score) + ").";
  return b;
}

int count(const AppState& s) { return window_length(s) > 0 ? resolved_query(s) + 1 : 0; }

}  // namespace

const BeatScript kCh02 = {.seconds = 2.5, .count = count, .at = at};

}  // namespace am::ui::beats
