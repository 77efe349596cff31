// Small measurements on the live forward pass that chapters and panels quote.
#pragma once

#include <cstddef>
#include <optional>
#include <string_view>
#include <vector>

#include "am/model/activations.hpp"
#include "am/model/head_scores.hpp"
#include "am/model/weights.hpp"
#include "am/model/analysis_summary.hpp"

namespace am::ui {

struct Guess {
  int id = 0;
  float probability = 0.0f;
};

// The k most likely next characters after `position` (zero-based), best first.
// Empty if the pass has no such position.
std::vector<Guess> top_guesses(const Activations& acts, int position, int k);
// P(id) after `position`; 0 when out of range.
float probability_of(const Activations& acts, int position, int id);

// Parameters counted from the loaded tensors: the sum of every named tensor's size,
// checked against the size of the block that was read.
std::size_t count_parameters(const Weights& weights);

// What copying would predict after the last character of `text`: the character that
// followed its most recent earlier occurrence.
// The earlier occurrence induction would copy from: of the earlier places holding the
// last character, the one whose preceding characters match the text's own for longest
// ("the cat sat ... the cat sa": the "a" of "sat", not the most recent "a"); ties go to
// the most recent.
struct CopyTarget {
  int earlier = -1;  // index of that earlier occurrence of the last character
  int next = -1;     // earlier + 1: what came after it last time
  char expected = 0;
  int matched = 0;   // characters that match, ending at `earlier` (1 = the last character only)
};
std::optional<CopyTarget> find_copy_target(std::string_view text);

// The head habits measured on the text being read now, by the analysis's own
// measure (accumulate_text_scores): no repeated-nonsense scores, so induction and
// duplicate stay 0. Queries from the second character on.
HeadTable live_head_scores(const Activations& acts, std::string_view text);

// Length of a vector of n floats.
double vector_length(const float* values, int n);

}  // namespace am::ui
