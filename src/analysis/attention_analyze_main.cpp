// attention-analyze: measures every checkpoint in weights/ (copying accuracy on repeated
// nonsense, what each head looks at, held-out loss), studies the final one (ablations,
// a prompt, bits per character against a bigram), writes the per-checkpoint numbers into
// manifest.json and everything into analysis.json. The pipeline is analyse_run (in
// am_analysis_run, shared with the app's training controller); this file parses flags.
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>

#include "am/analysis/run_analysis.hpp"
#include "am/model/runs_index.hpp"
#include "am/model/weights_dir.hpp"

#ifndef AM_DEFAULT_CORPUS_DIR
#define AM_DEFAULT_CORPUS_DIR "../shared/corpus"
#endif

namespace {

namespace fs = std::filesystem;
using namespace am::analysis;

constexpr const char* kUsage =
    "usage: attention-analyze [--weights-dir DIR] [--corpus DIR] [--final-only] [--threads N]\n"
    "\n"
    "Analyses every checkpoint listed in DIR/manifest.json, adds the metrics to each\n"
    "checkpoint entry of the manifest and writes DIR/analysis.json. A folder of several\n"
    "runs (DIR/runs.json) has each run analysed in its own folder.\n"
    "  --weights-dir DIR  the weights folder (default: found as the app finds it)\n"
    "  --corpus DIR       folder of the novels' .txt files (default: " AM_DEFAULT_CORPUS_DIR ")\n"
    "  --final-only       measure only the last checkpoint; the others keep the metrics\n"
    "                     an earlier run wrote into the manifest\n"
    "  --threads N        threads to use (default: every core)\n";

struct Options {
  std::optional<fs::path> weights_dir;
  fs::path corpus_dir = AM_DEFAULT_CORPUS_DIR;
  bool final_only = false;
  int threads = 0;
};

am::Result<Options> parse_args(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    const auto value = [&]() -> std::optional<std::string> {
      if (i + 1 >= argc) return std::nullopt;
      return std::string(argv[++i]);
    };
    if (arg == "--weights-dir") {
      auto v = value();
      if (!v) return am::fail("--weights-dir needs a folder");
      o.weights_dir = *v;
    } else if (arg == "--corpus") {
      auto v = value();
      if (!v) return am::fail("--corpus needs a folder");
      o.corpus_dir = *v;
    } else if (arg == "--final-only") {
      o.final_only = true;
    } else if (arg == "--threads") {
      auto v = value();
      char* end = nullptr;
      const long n = v ? std::strtol(v->c_str(), &end, 10) : -1;
      if (!v || end == v->c_str() || *end != '\0' || n < 1 || n > 256)
        return am::fail("--threads needs a whole number from 1 to 256");
      o.threads = static_cast<int>(n);
    } else {
      return am::fail("unknown argument '" + std::string(arg) + "'");
    }
  }
  return o;
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
  for (int i = 1; i < argc; ++i)
    if (std::string_view(argv[i]) == "--help" || std::string_view(argv[i]) == "-h") {
      std::printf("%s", kUsage);
      return 0;
    }
  auto opt = parse_args(argc, argv);
  if (!opt) {
    std::fprintf(stderr, "attention-analyze: %s\n%s", opt.error().c_str(), kUsage);
    return 2;
  }
  return run(*opt);
}
