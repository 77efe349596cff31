// attention-train: the command-line trainer. Everything it does lives in am_train;
// this file parses flags, turns Ctrl-C into a clean stop, and reports errors.
#include <atomic>
#include <csignal>
#include <iostream>
#include <string>
#include <vector>

#include "am/train/recipe.hpp"
#include "am/train/trainer.hpp"

namespace {

std::atomic<bool> g_interrupted{false};

extern "C" void on_interrupt(int) { g_interrupted.store(true); }

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  auto parsed = am::train::parse_args(args);
  if (!parsed) {
    std::cerr << "attention-train: " << parsed.error() << "\n";
    return 2;
  }
  if (parsed->help) {
    std::cout << am::train::help_text();
    return 0;
  }
  // Ctrl-C or a kill finishes the current step and saves the resume state.
  std::signal(SIGINT, on_interrupt);
  std::signal(SIGTERM, on_interrupt);
  auto summary = am::train::run_training(parsed->recipe, parsed->given, std::cout, &g_interrupted);
  if (!summary) {
    std::cerr << "attention-train: " << summary.error() << "\n";
    return 1;
  }
  return summary->finished || parsed->recipe.stop_at ? 0 : 130;
}
