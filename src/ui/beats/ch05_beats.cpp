// Chapter 5: the 128 needles rise to their pre-activations, GELU bends them, 128 -> 32
// adds back, then the final norm, 30 scores and softmax, and the columns rise.
#include <algorithm>

#include "am/model/alphabet.hpp"
#include "beat_common.hpp"

namespace am::ui::beats {
namespace {

// The MLP of the last layer: what it adds goes straight on to the final norm.
constexpr int kMlpLayer = kLayers - 1;

Beat at(const ChapterContext& c, int index) {
  Beat b;
  const int q = query_index(c);
  const machine::MlpRow r = machine::mlp_row(*c.acts, kMlpLayer, q);
  machine::add_list(b.numbers, "mlp_pre", r.pre.data(), kDMlp);
  machine::add_list(b.numbers, "mlp_post", r.post.data(), kDMlp);
  machine::add_list(b.numbers, "mlp_out", r.out.data(), kDModel);
  machine::add_list(b.numbers, "probabilities", r.probabilities.data(), kVocab);
  const int top = static_cast<int>(std::max_element(r.pre.begin(), r.pre.end()) - r.pre.begin());
  const int low = static_cast<int>(std::min_element(r.pre.begin(), r.pre.end()) - r.pre.begin());
  b.stage = {.op = BeatOp::kNeedlesRise, .layer = kMlpLayer, .query = q, .key = top};
  b.focus = {FocusPart::kBeatMlp};
  b.pose = CameraPose::kPlate;  // from the front, through the cut-open housing
  const std::string layer = "layer " + std::to_string(kMlpLayer + 1);
  switch (index) {
    case 0:
      b.caption = "In " + layer + "'s MLP the 32 numbers of " + quote_char(char_at(c, q)) +
                  " feed 128 neurons: the needles rise to their sums, from " + num(r.pre[low]) + " to " +
                  num(r.pre[top]) + ".";
      break;
    case 1:
      b.stage.op = BeatOp::kGeluBends;
      b.stage.key = low;
      b.caption =
          "GELU bends each needle: positive ones stay almost as they are, negative ones shrink towards 0 "
          "(neuron " +
          std::to_string(low + 1) + ": " + num(r.pre[low]) + " becomes " + num(r.post[low]) + ").";
      break;
    case 2: {
      b.stage.op = BeatOp::kMlpAddsBack;
      b.focus = {FocusPart::kBeatStretch};
      b.pose = CameraPose::kEmbedding;  // the three rows of bands float above the housing
      // The band the note above the bands quotes too (machine::beat_band).
      const machine::BandSum band = machine::beat_band(*c.acts, BeatOp::kMlpAddsBack, kMlpLayer, q);
      b.caption =
          "The 128 needles are mixed down to 32 numbers and added into the tube, band by band. In band " +
          std::to_string(band.band + 1) +
          ", where they add the most: " + machine::sum_text(band.before, band.added, band.after) + ".";
      break;
    }
    default: {
      b.stage.op = BeatOp::kSoftmax;
      b.focus = {FocusPart::kColumns};
      b.pose = CameraPose::kFront;
      const int best = static_cast<int>(std::max_element(r.probabilities.begin(), r.probabilities.end()) -
                                        r.probabilities.begin());
      b.stage.key = best;
      b.caption =
          "A final norm, then 30 scores, one per character; softmax turns them into chances and the columns "
          "rise. " +
          sentence_start(quote_char(id_to_char(best))) + " leads with " +
          fmt_probability(r.probabilities[best]) + ".";
      break;
    }
  }
  return b;
}

}  // namespace

const BeatScript kCh05 = {.seconds = 3.5, .count = fixed_count<4>, .at = at};

}  // namespace am::ui::beats
