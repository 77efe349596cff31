// Chapter 5: the whole path, and the MLP's neurons for the selected character.
#include "am/model/alphabet.hpp"
#include "am/ui/live_numbers.hpp"
#include "am/ui/text_format.hpp"
#include "chapter_common.hpp"

namespace am::ui::chapters {
namespace {

// How many of a layer's needles point up for `query`, and the strongest.
struct Needles {
  int up = 0, strongest = 0;
  float value = 0.0f;
};
Needles needles(const ChapterContext& c, int layer, int query) {
  const float* post =
      c.acts->layers[static_cast<std::size_t>(layer)].mlp_post + static_cast<std::size_t>(query) * kDMlp;
  Needles n;
  for (int i = 0; i < kDMlp; ++i) {
    n.up += post[i] > 0.0f ? 1 : 0;
    if (post[i] > post[n.strongest]) n.strongest = i;
  }
  n.value = post[n.strongest];
  return n;
}

// clang-format off
std::string body(const ChapterContext& c) {
  std::string out =
      "Front to back: the type slugs, the embedding, the first layer's " + std::to_string(kHeads) + " attention "
      "heads and its feed-forward network (MLP), the same again for the second layer, a last normalisation, and "
      "the read-out."
      "\n\nThe MLP works on each character alone: its " + std::to_string(kDModel) + " numbers are spread out to " +
      std::to_string(kDMlp) + ", bent by a function called GELU, narrowed back to " + std::to_string(kDModel) +
      " and added to the tube. The row of fine needles in the cut-open housing is the " + std::to_string(kDMlp) +
      " neurons of the lifted plate's layer for the selected character.";
  if (!has_pass(c)) return out + "\n\n" + empty_text_note();
  const int l = lifted_layer(c), q = query_index(c);
  const Needles n = needles(c, l, q);
  out += " For " + quote_char(char_at(c, q)) + " in layer " + std::to_string(l + 1) + ", " + std::to_string(n.up) +
         " of them point up.\n\nAt the end, the read-out turns the tube's last " + std::to_string(kDModel) +
         " numbers into " + std::to_string(kVocab) + " scores, and a softmax turns those into the columns at the back.";
  return out;
}

std::string numbers(const ChapterContext& c) {
  if (!has_pass(c)) return {};
  const int l = lifted_layer(c), q = query_index(c);
  const Needles n = needles(c, l, q);
  const auto best = top_guesses(*c.acts, c.acts->length() - 1, 1)[0];
  return "GELU lets positive numbers through and squeezes negative ones towards zero. The strongest needle of "
         "layer " + std::to_string(l + 1) + " is neuron " + std::to_string(n.strongest + 1) + " at " +
         fmt_fixed(n.value, 2) + ". After the last character the tallest column is " + quote_char(id_to_char(best.id)) +
         " at " + fmt_percent(best.probability) + pulled_note(c) + ".";
}
// clang-format on

std::string caption(const ChapterContext&) {
  return "embedding \u2192 [attention \u2192 MLP] \u00d7 " + std::to_string(kLayers) +
         " \u2192 read-out \u00b7 every stage adds to the same residual stream";
}

int other_layer(const ChapterContext& c) { return (lifted_layer(c) + 1) % kLayers; }

std::string try_words(const ChapterContext& c) {
  if (!has_pass(c)) return "Lift a plate in the other layer to see that layer's needles.";
  const int l = other_layer(c), q = query_index(c);
  return "Lift a plate in layer " + std::to_string(l + 1) +
         ": the needles show that layer's neurons for the same " + quote_char(char_at(c, q)) + ", and " +
         std::to_string(needles(c, l, q).up) + " of them point up.";
}

std::vector<std::string> try_actions(const ChapterContext& c) {
  if (!has_pass(c)) return {};
  return {"head " + head_name(other_layer(c), lifted_head(c))};
}

TryExpect try_expect(const ChapterContext& c) {
  if (!has_pass(c)) return {};
  const int l = other_layer(c), q = query_index(c), up = needles(c, l, q).up;
  return {std::to_string(up) + " of layer " + std::to_string(l + 1) + "'s needles point up",
          [l, q, up](const ChapterContext& after) {
            return has_pass(after) && lifted_layer(after) == l && query_index(after) == q &&
                   needles(after, l, q).up == up;
          }};
}

}  // namespace

constinit const Chapter kCutOpen = {
    .title = "Cut open",
    .default_text = kQueenText,
    // From in front and above: the row of 128 needles spreads across the view (from the
    // side they stood one behind the other), raised above the walls and plates.
    .stage = {.camera = CameraPose::kPlate,
              .focus = {machine::FocusPart::kMlp, machine::FocusPart::kColumns},
              .view = {.cut_open_mlp = true, .raise_mlp_needles = true},
              .highlight = kHighlightMlp | kHighlightReadout},
    .body = body,
    .numbers = numbers,
    .caption = caption,
    .try_this = {.words = try_words, .actions = try_actions, .expect = try_expect},
};

}  // namespace am::ui::chapters
