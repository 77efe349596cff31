// Chapter 5: the whole path, and the MLP's neurons for the selected character.
#include "am/model/alphabet.hpp"
#include "am/ui/live_numbers.hpp"
#include "am/ui/text_format.hpp"
#include "chapter_common.hpp"

namespace am::ui::chapters {
namespace {

std::string path_words() {
  std::string s = "Front to back: the type slugs, the embedding";
  for (int l = 0; l < kLayers; ++l)
    s += ", layer " + std::to_string(l + 1) + "'s " + std::to_string(kHeads) + " attention heads, layer " +
         std::to_string(l + 1) + "'s feed-forward network (its MLP)";
  return s + ", a last normalisation, and the read-out.";
}

std::string body(const ChapterContext& c) {
  std::string out = path_words() + "\n\nThe MLP works on each character alone, looking at no other: its " +
                    std::to_string(kDModel) + " numbers are spread out to " + std::to_string(kDMlp) +
                    ", passed through a bent function (GELU, which lets positive values through and squeezes "
                    "negative ones towards zero), narrowed back to " +
                    std::to_string(kDModel) +
                    " and added to the tube. The row of fine needles in the cut-open housing is the " +
                    std::to_string(kDMlp) + " neurons for the chosen character.";
  if (!has_pass(c)) return out + "\n\n" + empty_text_note();
  const int l = lifted_layer(c), q = query_index(c);
  const float* post =
      c.acts->layers[static_cast<std::size_t>(l)].mlp_post + static_cast<std::size_t>(q) * kDMlp;
  int up = 0, strongest = 0;
  for (int i = 0; i < kDMlp; ++i) {
    up += post[i] > 0.0f ? 1 : 0;
    if (post[i] > post[strongest]) strongest = i;
  }
  out += "\n\nFor " + quote_char(char_at(c, q)) + " in layer " + std::to_string(l + 1) + ", " +
         std::to_string(up) + " of the " + std::to_string(kDMlp) +
         " needles point up; the strongest is neuron " + std::to_string(strongest + 1) + " at " +
         fmt_fixed(post[strongest], 2) + ".";
  const int last = c.acts->length() - 1;
  const auto best = top_guesses(*c.acts, last, 1)[0];
  out +=
      "\n\nAt the end, the read-out turns the tube's last " + std::to_string(kDModel) + " numbers into " +
      std::to_string(kVocab) +
      " scores, and a softmax turns those into the probabilities in the glass columns at the back: after the "
      "last character the tallest is " +
      quote_char(id_to_char(best.id)) + " at " + fmt_percent(best.probability) + pulled_note(c) + ".";
  return out;
}

std::string caption(const ChapterContext&) {
  return "embedding \u2192 [attention \u2192 MLP] \u00d7 " + std::to_string(kLayers) +
         " \u2192 read-out \u00b7 every stage adds to the same residual stream";
}

}  // namespace

constinit const Chapter kCutOpen = {
    .title = "Cut open",
    .default_text = kQueenText,
    .stage = {.camera = CameraPose::kCutaway,
              .focus = {machine::FocusPart::kMlp, machine::FocusPart::kColumns},
              .view = {.cut_open_mlp = true},
              .highlight = kHighlightMlp | kHighlightReadout},
    .body = body,
    .caption = caption,
    .try_this =
        "Lift a plate in the other layer to see that layer's needles for the same character, then click "
        "another slug.",
};

}  // namespace am::ui::chapters
