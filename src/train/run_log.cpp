#include "run_log.hpp"

#include <cmath>
#include <cstdio>

#include "am/model/config.hpp"

namespace am::train {

std::string duration_text(double seconds) {
  char buf[32];
  const long s = std::lround(seconds);
  if (s >= 3600)
    std::snprintf(buf, sizeof buf, "%ldh%02ldm", s / 3600, (s / 60) % 60);
  else if (s >= 60)
    std::snprintf(buf, sizeof buf, "%ldm%02lds", s / 60, s % 60);
  else
    std::snprintf(buf, sizeof buf, "%.1fs", seconds);
  return buf;
}

void print_corpus(const Corpus& corpus, std::ostream& log) {
  std::size_t train = 0, heldout = 0;
  log << "corpus: " << corpus.books.size() << " books\n";
  for (const Book& b : corpus.books) {
    char line[256];
    std::snprintf(line, sizeof line, "  %-12s %9zu bytes -> %9zu train + %7zu held-out characters  %s\n",
                  b.name.c_str(), b.raw_bytes, b.train_text.size(), b.heldout_text.size(), b.title.c_str());
    log << line;
    train += b.train_text.size();
    heldout += b.heldout_text.size();
  }
  log << "  total: " << train << " train + " << heldout << " held-out characters\n";
}

void print_progress(const ProgressLine& p, std::ostream& log) {
  const double chars_per_s = static_cast<double>(p.batch) * kContext / p.seconds_per_step;
  const double left = p.seconds_per_step * static_cast<double>(p.steps - p.step);
  char line[256];
  std::snprintf(line, sizeof line,
                "step %6lld/%lld  loss %.4f (smoothed %.4f)  lr %.2e  |g| %.3f  %.1f ms/step  %.0fk chars/s  %s left\n",
                static_cast<long long>(p.step), static_cast<long long>(p.steps), p.loss, p.smoothed, p.lr,
                p.grad_norm, p.seconds_per_step * 1e3, chars_per_s / 1e3, duration_text(left).c_str());
  log << line << std::flush;
}

void print_done(std::int64_t steps, double seconds, int batch, double smoothed, double val_loss,
                std::ostream& log) {
  const double per_step = steps > 0 ? seconds / static_cast<double>(steps) : 0.0;
  const double chars_per_s = per_step > 0 ? static_cast<double>(batch) * kContext / per_step : 0.0;
  char line[256];
  std::snprintf(line, sizeof line,
                "done: %lld steps in %s (%.1f ms/step, %.0fk chars/s); smoothed train loss %.4f, "
                "val loss %.4f nats/char\n",
                static_cast<long long>(steps), duration_text(seconds).c_str(), per_step * 1e3, chars_per_s / 1e3,
                smoothed, val_loss);
  log << line;
}

}  // namespace am::train
