// Chapter 4: the weighted sum of values is added to the residual stream.
#include "am/ui/facts.hpp"
#include "am/ui/live_numbers.hpp"
#include "am/ui/text_format.hpp"
#include "chapter_common.hpp"

namespace am::ui::chapters {
namespace {

std::string body(const ChapterContext& c) {
  std::string out =
      "Each head adds up the values of the characters it looked at, each multiplied by its weight, and sends "
      "the "
      "total back into the query character's tube. The beads running along the threads are those values; a "
      "bead's size is its weight.\n\n"
      "What comes back is added, not swapped in. Each character's tube is one channel from front to back, "
      "and "
      "every layer only adds a little to it. A " +
      std::to_string(facts::kResidualStreamPaperYear) + " paper calls this channel the residual stream.";
  if (!has_pass(c)) return out + "\n\n" + empty_text_note();
  const int l = lifted_layer(c), h = lifted_head(c), q = query_index(c);
  const LayerActivations& la = c.acts->layers[static_cast<std::size_t>(l)];
  const int T = c.acts->length();
  const float* head_out =
      la.head_out + (static_cast<std::size_t>(h) * T + static_cast<std::size_t>(q)) * kDHead;
  const float* before = l == 0 ? c.acts->x0 : c.acts->layers[static_cast<std::size_t>(l - 1)].resid_mlp;
  const std::size_t row = static_cast<std::size_t>(q) * kDModel;
  out += "\n\nFor " + quote_char(char_at(c, q)) + " at " + place(q) + ": ";
  if (c.state->pulled.pulled[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)])
    out += head_words(l, h) + " is pulled out, so it hands back nothing: all " + std::to_string(kDHead) +
           " of its numbers are zero. ";
  else
    out += head_words(l, h) + " hands back " + std::to_string(kDHead) + " numbers whose length is " +
           fmt_fixed(vector_length(head_out, kDHead), 2) + ". ";
  out += "Together, layer " + std::to_string(l + 1) + "'s heads add a vector of length " +
         fmt_fixed(vector_length(la.attn_out + row, kDModel), 2) + " to a tube whose length was " +
         fmt_fixed(vector_length(before + row, kDModel), 2) + "; afterwards its length is " +
         fmt_fixed(vector_length(la.resid_attn + row, kDModel), 2) + ". The old numbers are still in there.";
  return out;
}

}  // namespace

constinit const Chapter kBringingBack = {
    .title = "Bringing back what it found",
    .default_text = kQueenText,
    .stage = {.camera = CameraPose::kThreads,
              .focus = {machine::FocusPart::kBeads, machine::FocusPart::kThreads},
              .highlight = kHighlightBeads | kHighlightThreads | kHighlightBands},
    .body = body,
    .caption = "head output = \u03a3 weight \u00d7 value, added back to the residual stream",
    .try_this =
        "Pull the lifted head out in the rack: its beads stop, yet the tube still carries everything else.",
};

}  // namespace am::ui::chapters
