// Which step of a chapter's computation the machine shows, and how far into it: the
// machine draws the state at (beat, progress) as a pure function of this and the
// activations. Each operation says what it changes; everything else is drawn as usual.
#pragma once

#include <cstdint>

namespace am::machine {

enum class BeatOp : std::uint8_t {
  kNone,            // no beat: the finished machine
  kSlugsEnter,      // the slugs arrive one by one (count = how many so far)
  kColumnsRise,     // the probability columns rise from empty to their values
  kEmbeddingRow,    // the character's embedding row lands in the tube, band by band
  kPositionWaves,   // the position's sines and cosines land beside it, fast to slow
  kAddBands,        // embedding + position = sum, band by band
  kQueryKey,        // query · key: dials up to `key` done; `key`'s needle swings to its score
  kExpBars,         // each score becomes exp(score): bars over the dials
  kDivide,          // each bar is divided by their sum: threads thicken to the weights
  kShutterDrops,    // the shutter drops onto the keys to the right (weight 0)
  kValuesRide,      // each value rides its bead back to the query, scaled by its weight
  kHeadOutput,      // the beads sum into the head's 8 outputs
  kAddIntoStream,   // W_O's 32 numbers add into the tube, band by band
  kNeedlesRise,     // the 128 needles rise to their pre-activations
  kGeluBends,       // GELU bends them to their outputs
  kMlpAddsBack,     // 128 -> 32, added into the tube band by band
  kSoftmax,         // final norm, 30 scores, softmax: the columns rise
  kPreviousChar,    // chapter 7: the previous-character head's threads, one back
  kInductionMatch,  // chapter 7: the induction head's query finds the matching key
  kCopy,            // chapter 7: the matched value is copied; its column rises
  kGridFill,        // the weight grid fills cell by cell (count = cells so far)
  kCacheRow,        // one character arrives: only its query row is computed (count = characters)
};

struct BeatStage {
  BeatOp op = BeatOp::kNone;
  int layer = -1, head = -1;  // zero-based; -1: the selected plate
  int query = -1, key = -1;   // zero-based positions
  int count = -1;             // how many of something (slugs, cells, characters)
  float progress = 1.0f;      // 0 at the beat's start, 1 at its end state
  bool active() const { return op != BeatOp::kNone; }
};

}  // namespace am::machine
