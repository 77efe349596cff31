// What a beat's caption (src/ui/beats) and its notes beside the parts (beat_notes.cpp)
// both say, decided once here so the two cannot disagree: how a sum is written, which
// band an addition into the tube quotes, the softmax bars as they are shown, and where a
// chapter 7 head's weight goes. Pure functions of the recorded pass; no GL.
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "am/machine/beat_numbers.hpp"
#include "am/machine/beat_stage.hpp"
#include "am/model/activations.hpp"

namespace am::machine {

// A number to two decimals, a negative one with a true minus sign: "−2.30"; one that
// rounds to zero is "0.00", never "−0.00".
std::string signed_fixed(double v);
// One term added after another, as an addition or a subtraction: 3.19 -> " + 3.19",
// -2.30 -> " − 2.30".
std::string added_text(double t);
// Terms added up, each after the first written as an addition or a subtraction, never
// "+ -": {1.24, -2.30} -> "1.24 − 2.30"; {-0.83, 3.19} -> "−0.83 + 3.19".
std::string terms_text(std::initializer_list<double> terms);
// "a + b = total" as terms_text writes it: "1.24 − 2.30 = −1.06".
std::string sum_text(double a, double b, double total);

// One band of a beat that adds into the tube (kAddBands: embedding + position;
// kAddIntoStream: before + attention; kMlpAddsBack: before + MLP): the band the
// addition changes most (the largest |added|), and its three numbers, as recorded.
struct BandSum {
  int band = -1;  // zero-based, -1: the beat adds nothing into the tube
  double before = 0.0, added = 0.0, after = 0.0;
};
BandSum beat_band(const Activations& acts, BeatOp op, int layer, int query);

// Chapter 3's bars as shown. exp(score) of a large score is too long to read
// (exp(41.1) = 708725960215743232); then, as a real softmax does, the largest score is
// first taken away from every score: each bar is exp(score − shift). That divides every
// bar by the same exp(shift), so bar / sum is the same weight. Shifted when the plain
// bars would add up to 100 000 or more, or when the largest bar would be below 1 (all
// scores negative: the bars would read 0.00).
struct ShownSoftmax {
  bool shifted = false;
  double shift = 0.0;        // the largest score when shifted, else 0
  std::vector<double> bars;  // exp(score − shift)
  double sum = 0.0;          // Σ bars
};
ShownSoftmax shown_softmax(const SoftmaxRow& row);

// Chapter 7: where one head's weight goes from a query, and whether that place comes
// right after an earlier copy of the query's character (what an induction head looks
// for). `text` holds the characters read (acts.length() of them).
struct WeightLook {
  int key = -1;             // the heaviest key, the query itself included
  double weight = 0.0;      // its recorded weight
  bool one_back = false;    // key == query - 1
  bool after_copy = false;  // key < query and text[key - 1] == text[query]
  int match = -1;           // the heaviest place right after an earlier copy (-1: none earlier)
  double match_weight = 0.0;
  int matches = 0;               // how many places come right after an earlier copy
  double one_back_weight = 0.0;  // the weight on query - 1 (0 at the first place)
};
WeightLook weight_look(const Activations& acts, std::string_view text, int layer, int head, int query);

}  // namespace am::machine
