// Chapter 3: each score becomes exp(score), a bar; the bars add up; each is divided by
// the sum and the threads thicken to the weights; the shutter drops on the right.
#include <algorithm>

#include "beat_common.hpp"

namespace am::ui::beats {
namespace {

Beat at(const ChapterContext& c, int index) {
  Beat b;
  const int q = query_index(c), l = lifted_layer(c), h = lifted_head(c), T = beat_length(c);
  const machine::SoftmaxRow row = machine::softmax_row(*c.acts, l, h, q);
  // The bars as shown: exp(score), or exp(score − the largest score) when those would be
  // too long to read (machine::shown_softmax; bar ÷ sum is the recorded weight either way).
  const machine::ShownSoftmax shown = machine::shown_softmax(row);
  machine::add_list(b.numbers, "scores", row.scores);
  machine::add_list(b.numbers, "exp", row.exp);
  machine::add_number(b.numbers, "exp_sum", row.exp_sum);
  machine::add_list(b.numbers, "weights", row.weights);
  machine::add_number(b.numbers, "shift", shown.shift);
  machine::add_list(b.numbers, "bars", shown.bars);
  machine::add_number(b.numbers, "bars_sum", shown.sum);
  const int best =
      static_cast<int>(std::max_element(row.scores.begin(), row.scores.end()) - row.scores.begin());
  const std::string best_char = quote_char(char_at(c, best));
  const std::string shift = machine::signed_fixed(shown.shift);
  b.stage = {.op = BeatOp::kExpBars, .layer = l, .head = h, .query = q, .key = best};
  b.focus = {FocusPart::kLiftedGrid, FocusPart::kLiftedDials};
  switch (index) {
    case 0:
      b.caption =
          shown.shifted
              ? "First the largest score, " + shift +
                    ", is taken away from every score, as a real softmax does, so the numbers stay readable. "
                    "Each bar is exp(score" +
                    machine::added_text(-shown.shift) + "), above 0 and bigger for bigger scores. " +
                    sentence_start(best_char) + "'s score " + num(row.scores[best]) +
                    " gives exp(0) = " + num(shown.bars[best]) + "."
              : "Each score becomes exp(score), always above 0 and bigger for bigger scores: the bars. " +
                    sentence_start(best_char) + "'s score " + num(row.scores[best]) +
                    " gives exp = " + num(shown.bars[best]) + ".";
      break;
    case 1:
      b.stage.count = 1;  // the sum is shown
      b.caption = "The " + std::to_string(q + 1) + " bars add up to " + num(shown.sum) + ".";
      break;
    case 2:
      b.stage.op = BeatOp::kDivide;
      // What the weights add up to is the chapter's question: said only once it is answered.
      b.caption = "Each bar is divided by " + num(shown.sum) + ": these are the weights" +
                  (chapters::answer_hidden(c) ? "" : ", and they add up to 1") + "." +
                  (shown.shifted ? " Taking " + shift + " away first made every bar " +
                                       (shown.shift < 0.0 ? "larger" : "smaller") +
                                       " by the same factor, so the weights are the same as without it."
                                 : "") +
                  " The threads thicken to them; " + best_char + " gets " + num(row.weights[best]) + ".";
      break;
    default:
      b.stage.op = BeatOp::kShutterDrops;
      b.focus = {FocusPart::kLiftedGrid, FocusPart::kShutter};
      b.caption =
          q + 1 < T
              ? "The " + std::to_string(T - q - 1) +
                    " characters to the right come later: the shutter drops over them, and their weight is 0."
              : "Every row ends at its own character: the shutter covers everything to the right, where the "
                "weight is 0.";
      break;
  }
  return b;
}

}  // namespace

const BeatScript kCh03 = {.seconds = 3.0, .count = fixed_count<4>, .at = at};

}  // namespace am::ui::beats
