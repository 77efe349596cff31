// The head scores only the repeated-nonsense set can measure (induction, duplicate),
// on arrays of attention weights; tests feed them hand-built arrays. The novel-text
// scores, the accumulators and HeadScores are am_model's (am/model/head_scores.hpp),
// shared with the UI's live scores.
#pragma once

#include "am/analysis/nonsense_set.hpp"
#include "am/model/head_scores.hpp"

namespace am::analysis {

// On a repeated-nonsense sequence (text = S + " " + S, L = |S|), over the scored queries
// i in [L + 1, 2L - 1] (the copy positions, see NonsenseSequence::first_scored):
// induction: mass on keys j in [1, L] whose PREVIOUS character text[j - 1] (in the first
//            copy) equals the current character text[i]: where an induction head looks
//            to fetch what came next last time;
// duplicate: mass on keys j in [0, L - 1] (the first copy) holding the current character.
void accumulate_induction(const float* attn, const NonsenseSequence& seq, MeanAccumulator& acc);
void accumulate_duplicate(const float* attn, const NonsenseSequence& seq, MeanAccumulator& acc);

// Induction and duplicate scores of one head on one nonsense sequence.
void accumulate_copy_scores(const float* attn, const NonsenseSequence& seq, HeadAccumulators& acc);

}  // namespace am::analysis
