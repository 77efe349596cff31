// What a training run prints: the corpus table, the checkpoint plan, the progress
// line and the closing summary. Formatting only; private to src/train.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>

#include "am/train/corpus.hpp"
#include "am/train/recipe.hpp"

namespace am::train {

// "12.3s", "4m05s", "1h02m".
std::string duration_text(double seconds);

// One line per book: raw bytes, training and held-out characters, title.
void print_corpus(const Corpus& corpus, std::ostream& log);

struct ProgressLine {
  std::int64_t step = 0;  // steps done
  std::int64_t steps = 0;
  double loss = 0.0, smoothed = 0.0, lr = 0.0, grad_norm = 0.0;
  double seconds_per_step = 0.0;
  int batch = 0;
};
// "step   1200/9000  loss 1.91 (smoothed 1.95)  lr 9.6e-03  |g| 0.83  12.1 ms/step  253k chars/s  1m35s left"
void print_progress(const ProgressLine& p, std::ostream& log);

// "done: 9000 steps in 1m52s (12.4 ms/step, 247k chars/s); smoothed train loss ..., val loss ..."
void print_done(std::int64_t steps, double seconds, int batch, double smoothed, double val_loss,
                std::ostream& log);

}  // namespace am::train
