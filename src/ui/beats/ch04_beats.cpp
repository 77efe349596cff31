// Chapter 4: values ride their beads scaled by their weights, sum into the head's 8
// outputs, and W_O's 32 numbers add into the tube band by band: before + addition = after.
#include <algorithm>

#include "beat_common.hpp"

namespace am::ui::beats {
namespace {

Beat at(const ChapterContext& c, int index) {
  Beat b;
  const int q = query_index(c), l = lifted_layer(c), h = lifted_head(c);
  const machine::HeadMix m = machine::head_mix(*c.acts, l, h, q);
  machine::add_list(b.numbers, "weights", m.weights);
  machine::add_list(b.numbers, "head_output", m.head_output.data(), kDHead);
  machine::add_list(b.numbers, "attention_out", m.attention_out.data(), kDModel);
  machine::add_list(b.numbers, "stream_before", m.stream_before.data(), kDModel);
  machine::add_list(b.numbers, "stream_after", m.stream_after.data(), kDModel);
  const int best = static_cast<int>(std::max_element(m.weights.begin(), m.weights.end()) - m.weights.begin());
  b.stage = {.op = BeatOp::kValuesRide, .layer = l, .head = h, .query = q, .key = best};
  const bool pulled =
      c.state && c.state->pulled.pulled[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)];
  switch (index) {
    case 0:
      b.focus = {FocusPart::kBeads, FocusPart::kThreads};
      b.caption =
          "Each character hands over its value, 8 numbers, shrunk by its weight: the beads ride back to the "
          "query. " +
          sentence_start(quote_char(char_at(c, best))) + " weighs most, " + num(m.weights[best]) + ".";
      break;
    case 1:
      b.stage.op = BeatOp::kHeadOutput;
      b.focus = {FocusPart::kBeads, FocusPart::kLiftedDials};
      b.caption =
          pulled
              ? "This head is pulled out: its 8 outputs are set to 0 and nothing it found goes on."
              : "At the query the beads add up, number by number, into the head's 8 outputs (the first is " +
                    num(m.head_output[0]) + ").";
      break;
    default: {
      b.stage.op = BeatOp::kAddIntoStream;
      b.focus = {FocusPart::kBeatStretch};
      b.pose = CameraPose::kEmbedding;  // the three rows of bands float above the plates
      // The band the note above the bands quotes too (machine::beat_band).
      const machine::BandSum band = machine::beat_band(*c.acts, BeatOp::kAddIntoStream, l, q);
      b.caption =
          "W_O turns the 4 heads' outputs into 32 numbers, added into the tube band by band. In band " +
          std::to_string(band.band + 1) +
          ", where they add the most: " + machine::sum_text(band.before, band.added, band.after) +
          ". Lengths do not add: " + num_length(m.stream_before) + " and " + num_length(m.attention_out) +
          " make " + num_length(m.stream_after) + ".";
      break;
    }
  }
  return b;
}

}  // namespace

const BeatScript kCh04 = {.seconds = 3.5, .count = fixed_count<3>, .at = at};

}  // namespace am::ui::beats
