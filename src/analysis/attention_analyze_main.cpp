// attention-analyze: measures every checkpoint in weights/ (copying accuracy on repeated
// nonsense, what each head looks at, held-out loss), studies the final one (ablations,
// a prompt, bits per character against a bigram), writes the per-checkpoint numbers into
// manifest.json and everything into analysis.json. The pipeline is analyse_run (in
// am_analysis_run, shared with the app's training controller); this file parses flags.
#include <cstdio>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "am/cli/flag_bindings.hpp"

#include "am/analysis/run_analysis.hpp"
#include "am/model/runs_index.hpp"
#include "am/model/weights_dir.hpp"

#ifndef AM_DEFAULT_CORPUS_DIR
#define AM_DEFAULT_CORPUS_DIR "../shared/corpus"
#endif

namespace {

namespace fs = std::filesystem;
using namespace am::analysis;

struct Options {
  std::optional<fs::path> weights_dir;
  fs::path corpus_dir = AM_DEFAULT_CORPUS_DIR;
  bool final_only = false;
  int threads = 0;  // 0: every core
};

const am::cli::FlagTable<Options>& flags() {
  static const am::cli::FlagTable<Options> table = [] {
    using namespace am::cli;
    FlagTable<Options> t;
    t.add("weights-dir", "DIR", "the weights folder (default: found as the app finds it)",
          path(&Options::weights_dir));
    t.add("corpus", "DIR", "folder of the novels' .txt files (default: {default})",
          path(&Options::corpus_dir));
    t.add("final-only", "",
          "measure only the last checkpoint; the others keep the metrics\n"
          "an earlier run wrote into the manifest",
          switch_on(&Options::final_only));
    t.add("threads", "N", "threads to use (default: every core)", whole_number(&Options::threads, 1, 256))
        .default_not_in_help();
    return t;
  }();
  return table;
}

std::string usage() {
  return "usage: attention-analyze [--weights-dir DIR] [--corpus DIR] [--final-only] [--threads N]\n"
         "\n"
         "Analyses every checkpoint listed in DIR/manifest.json, adds the metrics to each\n"
         "checkpoint entry of the manifest and writes DIR/analysis.json. A folder of several\n"
         "runs (DIR/runs.json) has each run analysed in its own folder.\n" +
         am::cli::flag_help(flags(), 21);
}

int report_error(const std::string& message) {
  std::fprintf(stderr, "attention-analyze: %s\n", message.c_str());
  return 1;
}

// Each run of the folder (one, or those runs.json lists) analysed in its own folder.
int run(const Options& opt) {
  auto root = am::find_weights_dir(opt.weights_dir);
  if (!root) return report_error(root.error());
  auto runs = am::list_runs(*root);
  if (!runs) return report_error(runs.error());
  for (const am::RunInfo& r : *runs) {
    std::cout << "== run " << r.name << " ==\n";
    RunAnalysisOptions run_options;
    run_options.dir = r.dir;
    run_options.corpus_dir = opt.corpus_dir;
    run_options.final_only = opt.final_only;
    run_options.threads = opt.threads;
    auto summary = analyse_run(run_options, std::cout);
    std::cout.flush();
    if (!summary) return report_error(summary.error());
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  // --help anywhere prints the usage, whatever else is on the line.
  for (const std::string& a : args)
    if (am::cli::is_help_word(a)) {
      std::printf("%s", usage().c_str());
      return 0;
    }
  auto parsed = am::cli::parse_flags(flags(), args);
  if (!parsed) {
    std::fprintf(stderr, "attention-analyze: %s\n%s", parsed.error().c_str(), usage().c_str());
    return 2;
  }
  return run(parsed->options);
}
