#include "chapter_common.hpp"

#include <algorithm>

#include "am/model/alphabet.hpp"
#include "am/model/forward.hpp"
#include "am/model/head_mask.hpp"
#include "am/ui/app_state.hpp"
#include "am/ui/chapters.hpp"
#include "am/ui/live_numbers.hpp"
#include "am/ui/text_format.hpp"

namespace am::ui::chapters {

int number_of(const Chapter& chapter) {
  for (const Chapter& c : all_chapters())
    if (c.title == chapter.title) return c.number;
  return -1;
}

// A pass longer than the text is still the one for an older, longer text (its
// replacement is on the way): reading it would index past the text, so it counts as none.
bool has_pass(const ChapterContext& c) {
  return c.state && c.acts && c.acts->length() > 0 && c.acts->length() <= window_length(*c.state);
}

std::string window_text(const ChapterContext& c) {
  if (!has_pass(c)) return {};
  const std::string& t = c.state->normalized.text;
  const std::size_t n = std::min<std::size_t>(t.size(), static_cast<std::size_t>(c.acts->length()));
  return t.substr(t.size() - n);
}

int query_index(const ChapterContext& c) {
  if (!has_pass(c)) return -1;
  const int T = c.acts->length();
  const int q = c.state->selected_position;
  return (q < 0 || q >= T) ? T - 1 : q;
}

char char_at(const ChapterContext& c, int position) {
  const std::string w = window_text(c);
  if (position < 0 || position >= static_cast<int>(w.size())) return '?';
  return w[static_cast<std::size_t>(position)];
}

std::string place(int zero_based) { return "place " + std::to_string(zero_based + 1); }

std::string head_words(int layer, int head) {
  return "layer " + std::to_string(layer + 1) + ", head " + std::to_string(head + 1);
}

std::string head_name_of(HeadRef head) { return head_name(head.layer, head.head); }

const HeadScores& scores_of(const HeadTable& table, HeadRef head) {
  return table[static_cast<std::size_t>(head.layer)][static_cast<std::size_t>(head.head)];
}

int lifted_layer(const ChapterContext& c) {
  return c.state ? std::clamp(c.state->selected_layer, 0, kLayers - 1) : 0;
}
int lifted_head(const ChapterContext& c) {
  return c.state ? std::clamp(c.state->selected_head, 0, kHeads - 1) : 0;
}

const float* head_weights(const Activations& acts, int layer, int head, int query) {
  const auto T = static_cast<std::size_t>(acts.length());
  return acts.layers[static_cast<std::size_t>(layer)].weights +
         (static_cast<std::size_t>(head) * T + static_cast<std::size_t>(query)) * T;
}

const float* head_scores(const Activations& acts, int layer, int head, int query) {
  const auto T = static_cast<std::size_t>(acts.length());
  return acts.layers[static_cast<std::size_t>(layer)].scores +
         (static_cast<std::size_t>(head) * T + static_cast<std::size_t>(query)) * T;
}

std::string empty_text_note() {
  return "There is no text to read yet. Type something in the text box: with nothing to read, the model has "
         "nothing to guess from.";
}

Reveal no_text_reveal() { return Reveal{.explanation = empty_text_note()}; }

bool compares_with_intact(const ChapterContext& c) {
  return c.state->pulled.any() && c.intact && c.intact->length() == c.acts->length();
}

std::string pulled_note(const ChapterContext& c) {
  if (!c.state || !c.state->pulled.any()) return {};
  return " (with " + c.state->pulled.to_string(", ") + " pulled out of the rack)";
}

std::string checkpoint_note(const ChapterContext& c) {
  if (!c.weights) return "No weights are loaded.";
  std::string s = "These are the weights saved at step " + fmt_int(c.weights->step);
  if (c.training && !c.training->checkpoints.empty()) {
    const std::int64_t last = c.training->checkpoints.back().step;
    if (last == 0)
      return s + ", before any training: the model has learned nothing yet, so its guesses mean nothing.";
    if (c.weights->step == 0) return s + ", before training started; turn the drum to see what training did.";
    if (c.weights->step != last) s += " of " + fmt_int(last);
  }
  return s + ".";
}

std::string distance_words(int query, int key) {
  if (key == query) return "itself";
  if (key == query - 1) return "the character just before it";
  return "the character " + std::to_string(query - key) + " places back";
}

RoleThresholds role_thresholds(const ChapterContext& c) {
  return c.analysis ? c.analysis->role_thresholds : RoleThresholds{};
}

PhaseThresholds phase_thresholds(const ChapterContext& c) {
  return c.analysis ? c.analysis->phase_thresholds : PhaseThresholds{};
}

bool answer_hidden(const ChapterContext& c) { return c.state && question_open(*c.state); }

std::optional<double> copy_probability(const ChapterContext& c, const HeadMask& pulled) {
  if (!c.weights || !has_pass(c)) return std::nullopt;
  const std::string text = window_text(c);
  const auto target = find_copy_target(text);
  if (!target) return std::nullopt;
  const std::vector<int> ids = read_ids(*c.state);
  const Activations acts = forward(*c.weights, ids, pulled);
  return probability_of(acts, acts.length() - 1, char_to_id(target->expected));
}

std::string pull_line(HeadRef head) { return "pull " + head_name_of(head); }

std::vector<std::string> yes_no_choices(const ChapterContext&) { return {"yes", "no"}; }

std::vector<std::string> head_choices(const ChapterContext&) {
  std::vector<std::string> out;
  for (int l = 0; l < kLayers; ++l)
    for (int h = 0; h < kHeads; ++h) out.push_back(head_name(l, h));
  return out;
}

}  // namespace am::ui::chapters
