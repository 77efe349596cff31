// Chapter 4: the weighted sum of values is added to the residual stream.
#include <cmath>
#include <vector>

#include "am/ui/facts.hpp"
#include "am/ui/live_numbers.hpp"
#include "am/ui/text_format.hpp"
#include "chapter_common.hpp"

namespace am::ui::chapters {
namespace {

bool lifted_pulled(const ChapterContext& c) {
  return c.state->pulled
      .pulled[static_cast<std::size_t>(lifted_layer(c))][static_cast<std::size_t>(lifted_head(c))];
}

// The tube of the selected character before and after the lifted layer's attention.
const float* stream_before(const ChapterContext& c) {
  const int l = lifted_layer(c);
  return l == 0 ? c.acts->x0 : c.acts->layers[static_cast<std::size_t>(l - 1)].resid_mlp;
}

// clang-format off
std::string body(const ChapterContext& c) {
  std::string out =
      "Each head adds up the values of the characters it looked at, each multiplied by its weight, and sends "
      "the total back into the query character's tube. The beads running along the threads are those values; "
      "a bead's size is its weight.\n\n"
      "What comes back is added, not swapped in. Each character's tube is one channel from front to back, and "
      "every layer only adds a little to it. A " + std::to_string(facts::kResidualStreamPaperYear) +
      " paper calls this channel the residual stream.";
  if (!has_pass(c)) return out + "\n\n" + empty_text_note();
  const int l = lifted_layer(c), q = query_index(c);
  const LayerActivations& la = c.acts->layers[static_cast<std::size_t>(l)];
  const std::size_t row = static_cast<std::size_t>(q) * kDModel;
  // The band where the layer adds the most: one number, before + added = after.
  int band = 0;
  for (int i = 1; i < kDModel; ++i)
    if (std::fabs(la.attn_out[row + i]) > std::fabs(la.attn_out[row + band])) band = i;
  const std::size_t k = row + static_cast<std::size_t>(band);
  const std::vector<std::string> sum = fmt_sum({stream_before(c)[k], la.attn_out[k]}, 2);
  out += "\n\nFor " + quote_char(char_at(c, q)) + " at " + place(q) + ", band " + std::to_string(band + 1) +
         " of its tube held " + sum[0] + "; layer " + std::to_string(l + 1) + "'s heads add " + sum[1] +
         ", so it holds " + sum[2] + " after them.";
  if (lifted_pulled(c))
    out += " " + head_words(l, lifted_head(c)) + " is pulled out: its beads rest, and it adds nothing.";
  return out;
}

std::string numbers(const ChapterContext& c) {
  if (!has_pass(c)) return {};
  const int l = lifted_layer(c), h = lifted_head(c), q = query_index(c);
  const LayerActivations& la = c.acts->layers[static_cast<std::size_t>(l)];
  const int T = c.acts->length();
  const float* head_out = la.head_out + (static_cast<std::size_t>(h) * T + static_cast<std::size_t>(q)) * kDHead;
  std::string list;
  for (int i = 0; i < kDHead; ++i) list += (i ? ", " : "") + fmt_fixed(head_out[i], 2);
  return head_words(l, h) + " hands back " + std::to_string(kDHead) + " numbers for " + quote_char(char_at(c, q)) +
         ": " + list + ". The layer turns its four heads' " + std::to_string(kHeads * kDHead) + " numbers into " +
         std::to_string(kDModel) + " and adds them to the tube, band by band.";
}
// clang-format on

std::string try_words(const ChapterContext& c) {
  if (!has_pass(c)) return "Pull the lifted head out in the rack: its beads stop.";
  const HeadRef h{lifted_layer(c), lifted_head(c)};
  if (lifted_pulled(c)) return "Push " + head_name_of(h) + " back into the rack: its beads move again.";
  return "Pull " + head_name_of(h) + " out of the rack: its beads stop and its " + std::to_string(kDHead) +
         " numbers become zero, yet the tube still carries everything else.";
}

std::vector<std::string> try_actions(const ChapterContext& c) {
  if (!has_pass(c)) return {};
  const HeadRef h{lifted_layer(c), lifted_head(c)};
  return {(lifted_pulled(c) ? "push " : "pull ") + head_name_of(h)};
}

TryExpect try_expect(const ChapterContext& c) {
  if (!has_pass(c) || lifted_pulled(c)) return {};
  const int l = lifted_layer(c), h = lifted_head(c);
  return {head_name(l, h) + " hands back zeros", [l, h](const ChapterContext& after) {
            if (!has_pass(after) ||
                !after.state->pulled.pulled[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)])
              return false;
            const int T = after.acts->length();
            const float* out =
                after.acts->layers[static_cast<std::size_t>(l)].head_out +
                (static_cast<std::size_t>(h) * T + static_cast<std::size_t>(query_index(after))) * kDHead;
            for (int i = 0; i < kDHead; ++i)
              if (out[i] != 0.0f) return false;
            return true;
          }};
}

}  // namespace

constinit const Chapter kBringingBack = {
    .title = "Bringing back what it found",
    .default_text = kQueenText,
    .stage = {.camera = CameraPose::kThreads,
              .focus = {machine::FocusPart::kBeads, machine::FocusPart::kThreads},
              .highlight = kHighlightBeads | kHighlightThreads | kHighlightBands},
    .body = body,
    .numbers = numbers,
    .caption = "head output = \u03a3 weight \u00d7 value, added back to the residual stream",
    .try_this = {.words = try_words, .actions = try_actions, .expect = try_expect},
};

}  // namespace am::ui::chapters
