#include "am/ui/tracing_words.hpp"

#include "am/model/alphabet.hpp"
#include "am/ui/chapters.hpp"
#include "am/ui/text_format.hpp"
#include "am/ui/tracing_state.hpp"

namespace am::ui {

namespace {
std::string signed_fixed(double v) { return (v >= 0.0 ? "+" : "\u2212") + fmt_fixed(std::abs(v), 2); }
}  // namespace

std::string see_who_said_it() {
  const Chapter* ch = find_chapter(kTracingChapter);
  return ch ? "See who said it: chapter " + std::to_string(ch->number) + ", " + std::string(ch->title) + "."
            : "";
}

std::string quoted_character(int id) {
  if (id == char_to_id(' ')) return "'space'";
  return "'" + id_to_string(id) + "'";
}

int strongest_head(const analysis::Attribution& a) {
  if (a.target < 0) return -1;
  int best = -1;
  for (int i = 0; i < analysis::kHeadCount; ++i)
    if (best < 0 || a.parts[static_cast<std::size_t>(2 + i)] > a.parts[static_cast<std::size_t>(2 + best)])
      best = i;
  return best;
}

int strongest_source(const analysis::Attribution& a, int head_index) {
  if (head_index < 0 || head_index >= analysis::kHeadCount) return -1;
  const auto& row = a.by_source[static_cast<std::size_t>(head_index)];
  int best = -1;
  for (std::size_t j = 0; j < row.size(); ++j)
    if (best < 0 || row[j] > row[static_cast<std::size_t>(best)]) best = static_cast<int>(j);
  return best;
}

std::string head_push_sentence(const analysis::Attribution& a, int head_index, std::string_view text) {
  const int source = strongest_source(a, head_index);
  if (source < 0) return {};
  const double term = a.parts[static_cast<std::size_t>(2 + head_index)];
  const double through = a.by_source[static_cast<std::size_t>(head_index)][static_cast<std::size_t>(source)];
  const int layer = head_index / kHeads, head = head_index % kHeads;
  const char c =
      static_cast<std::size_t>(source) < text.size() ? text[static_cast<std::size_t>(source)] : '?';
  return head_name(layer, head) + " gave " + signed_fixed(term) + " to " + quoted_character(a.target) + ", " +
         signed_fixed(through) + " of it through the " + quoted_character(char_to_id(c)) + " at place " +
         std::to_string(source + 1) + ".";
}

std::string score_summary(const analysis::Attribution& a) {
  if (a.target < 0) return {};
  double heads = 0.0, mlps = 0.0;
  for (int l = 0; l < kLayers; ++l) {
    for (int h = 0; h < kHeads; ++h) heads += a.parts[static_cast<std::size_t>(analysis::head_part(l, h))];
    mlps += a.parts[static_cast<std::size_t>(analysis::mlp_part(l))];
  }
  const double start = a.parts[analysis::kEmbedPart] + a.parts[analysis::kPosPart];
  return quoted_character(a.target) + " scores " + fmt_fixed(a.logit, 2) + ": the heads together " +
         signed_fixed(heads) + ", the MLPs " + signed_fixed(mlps) + ", the character and its place " +
         signed_fixed(start) + ", the fixed bias " + signed_fixed(a.parts[analysis::kBiasPart]) + ".";
}

std::string patching_sentence(const analysis::Tracing& t, std::string_view text) {
  if (!t.patched) return {};
  int best_head = -1, best_place = -1;
  double best = 0.0;
  for (int i = 0; i < analysis::kHeadCount; ++i) {
    const auto& row = t.map.heads[static_cast<std::size_t>(i)];
    for (std::size_t p = 0; p < row.size(); ++p)
      if (best_head < 0 || row[p] > best) {
        best = row[p];
        best_head = i;
        best_place = static_cast<int>(p);
      }
  }
  if (best_head < 0) return {};
  const char c =
      static_cast<std::size_t>(best_place) < text.size() ? text[static_cast<std::size_t>(best_place)] : '?';
  return "Copying " + head_name(best_head / kHeads, best_head % kHeads) + "'s output at place " +
         std::to_string(best_place + 1) + " (" + quoted_character(char_to_id(c)) +
         ") from the clean text into the corrupted one brings back " + fmt_percent(best) +
         " of the difference.";
}

}  // namespace am::ui
