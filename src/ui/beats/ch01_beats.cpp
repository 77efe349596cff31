// Chapter 1: the embedding row lands band by band, the position's waves beside it,
// and the two add band by band.

#include "beat_common.hpp"

namespace am::ui::beats {
namespace {

Beat at(const ChapterContext& c, int index) {
  Beat b;
  const int q = query_index(c);
  const machine::EmbeddingSum e = machine::embedding_sum(*c.acts, q);
  machine::add_list(b.numbers, "embedding", e.embedding.data(), kDModel);
  machine::add_list(b.numbers, "position", e.position.data(), kDModel);
  machine::add_list(b.numbers, "sum", e.sum.data(), kDModel);
  b.stage.query = q;
  b.focus = {FocusPart::kBeatStretch, FocusPart::kQuerySlug};
  const std::string ch = quote_char(char_at(c, q));
  switch (index) {
    case 0:
      b.stage.op = BeatOp::kEmbeddingRow;
      b.caption = "The row of " + ch +
                  " in the embedding table lights up, and its 32 numbers land in the tube, one band each "
                  "(the first is " +
                  num(e.embedding[0]) + ").";
      break;
    case 1:
      b.stage.op = BeatOp::kPositionWaves;
      b.caption = "Beside them land place " + std::to_string(q + 1) +
                  "'s 32 numbers: sines and cosines, the first pairs waving fast from place to place, the "
                  "last ones slowly (first " +
                  num(e.position[0]) + ", last " + num(e.position[kDModel - 1]) + ").";
      break;
    default: {
      b.stage.op = BeatOp::kAddBands;
      // The band the note beside the tube quotes too (machine::beat_band).
      const machine::BandSum band = machine::beat_band(*c.acts, BeatOp::kAddBands, 0, q);
      b.caption =
          "The two add band by band. In band " + std::to_string(band.band + 1) +
          ", where the position adds the most: " + machine::sum_text(band.before, band.added, band.after) +
          ". As arrows, their lengths are " + num_length(e.embedding) + " and " + num_length(e.position) +
          "; the sum's is " + num_length(e.sum) + ".";
      break;
    }
  }
  return b;
}

}  // namespace

const BeatScript kCh01 = {.seconds = 4.0, .count = fixed_count<3>, .at = at};

}  // namespace am::ui::beats
