// attention-analyze: measures every checkpoint in weights/ (copying accuracy on repeated
// nonsense, what each head looks at, held-out loss), studies the final one (ablations,
// a prompt, bits per character against a bigram), writes the per-checkpoint numbers into
// manifest.json and everything into analysis.json.
#include <algorithm>
#include <chrono>
#include <ctime>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "am/analysis/analysis_json.hpp"
#include "am/analysis/chapter_facts.hpp"
#include "am/analysis/checkpoint_analysis.hpp"
#include "am/analysis/circuit_analysis.hpp"
#include "am/analysis/parallel.hpp"
#include "am/model/alphabet.hpp"
#include "am/model/safetensors.hpp"
#include "am/model/runs_index.hpp"
#include "am/model/weights_dir.hpp"
#include "am/train/checkpoints.hpp"
#include "am/train/corpus.hpp"

#ifndef AM_DEFAULT_CORPUS_DIR
#define AM_DEFAULT_CORPUS_DIR "../shared/corpus"
#endif

namespace {

namespace fs = std::filesystem;
using namespace am::analysis;
using Clock = std::chrono::steady_clock;

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

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// Processor time of every thread of this process: on a shared machine the wall clock
// says more about the neighbours than about us.
double cpu_ms() { return 1000.0 * static_cast<double>(std::clock()) / CLOCKS_PER_SEC; }

// Held-out text must be in the model's alphabet for windows and ids to line up.
am::Status check_alphabet(const am::Corpus& corpus) {
  for (const am::Book& b : corpus.books)
    for (char c : b.heldout_text)
      if (am::char_to_id(c) < 0) return am::fail("book " + b.name + ": held-out text has a character outside the alphabet");
  return am::Ok{};
}

am::Result<Json> read_json(const fs::path& path) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) return am::fail("cannot open " + path.string());
  std::string text;
  char buf[65536];
  for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, f)) > 0;) text.append(buf, n);
  std::fclose(f);
  Json doc = Json::parse(text, nullptr, false);
  if (doc.is_discarded()) return am::fail(path.string() + ": not valid JSON");
  return doc;
}

// The manifest's entry for a step (an empty object if there is none).
Json manifest_entry(const Json& manifest, std::int64_t step) {
  if (manifest.contains("checkpoints") && manifest["checkpoints"].is_array())
    for (const Json& e : manifest["checkpoints"])
      if (e.is_object() && e.contains("step") && e["step"] == step) return e;
  return Json::object();
}

// What the chapters will quote, for a quick look in the terminal.
void print_summary(const FinalAnalysis& final, const CheckpointRecord& final_record, const ChapterFacts& facts) {
  std::printf("final step %lld: right the second time %.1f %%  (", static_cast<long long>(final.step),
              100.0 * final.accuracy.overall.rate());
  for (int w = 0; w < kNonsenseWordCounts; ++w)
    std::printf("%s%d words %.1f %%", w ? ", " : "", w + kNonsenseMinWords,
                100.0 * final.accuracy.by_words[static_cast<std::size_t>(w)].rate());
  std::printf(")\n");
  for (int l = 0; l < am::kLayers; ++l)
    for (int h = 0; h < am::kHeads; ++h) {
      const HeadScores& s = final_record.heads[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)];
      std::printf("  %s %-18s prev %.2f two %.2f space %.2f (share %.2f) ind %.2f dup %.2f | pulled: %.1f %%\n",
                  am::head_name(l, h).c_str(), facts.roles[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)].c_str(),
                  s.previous, s.two_back, s.space, s.space_share, s.induction, s.duplicate,
                  100.0 * final.single[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)].accuracy.overall.rate());
    }
  if (final.induction_pair)
    std::printf("  pulled %s together: %.1f %%\n", final.induction_pair->pulled.to_string().c_str(),
                100.0 * final.induction_pair->accuracy.overall.rate());
  for (const PromptPrediction& p : final.prompts) {
    const int id = p.expected.empty() ? -1 : am::char_to_id(p.expected[0]);
    std::printf("  P(%s | \"%s\") = %.3f\n", p.expected.c_str(), p.prompt.c_str(),
                id >= 0 ? p.probs[static_cast<std::size_t>(id)] : 0.0);
  }
  for (const TextComparison& t : final.texts)
    std::printf("  %-8s %8lld chars: model %.3f bits/char, bigram %.3f\n", t.name.c_str(),
                static_cast<long long>(t.model.predicted), t.model.bits_per_char(), t.bigram.bits_per_char());
  if (facts.phase.found)
    std::printf("  phase change: step %lld (%.1f %%) -> step %lld (%.1f %%)\n",
                static_cast<long long>(facts.phase.before_step), 100.0 * facts.phase.before_accuracy,
                static_cast<long long>(facts.phase.after_step), 100.0 * facts.phase.after_accuracy);
  else
    std::printf("  phase change: not found (no checkpoint <= 20 %% followed by one >= 70 %%)\n");
}

// What every run is measured against: the held-out novels, the bigram, the windows.
struct Material {
  std::vector<std::string> book_names;
  std::vector<HeldoutBook> heldout_books;
  BigramModel bigram;
  std::vector<HeldoutWindow> windows;
};

int analyse_run(const Options& opt, const fs::path& run_folder, const Material& mat, int threads);

void print_circuit(const CircuitAnalysis& c, double ms) {
  std::printf("circuit (%.2f s): K-composition baseline %.3f\n", ms / 1000.0, c.k_composition.baseline);
  for (int l = 0; l < am::kLayers; ++l)
    for (int h = 0; h < am::kHeads; ++h) {
      const auto L = static_cast<std::size_t>(l), H = static_cast<std::size_t>(h);
      const auto& d = c.detect[L][H];
      std::printf("  %s prev %.3f dup %.3f ind %.3f (nonsense: %.3f %.3f %.3f) prefix %.3f copying %+.3f\n",
                  am::head_name(l, h).c_str(), d.novel[0], d.novel[1], d.novel[2], d.nonsense[0], d.nonsense[1],
                  d.nonsense[2], c.prefix_matching[L][H], c.copying[L][H]);
    }
  const CopyPath& p = c.copy_path;
  std::printf("  copy path %s: %s (drop %.1f points) -> %s (prefix %.3f); K-comp %+.3f, top source %s%s; pair drop %.1f\n",
              p.found ? "found" : "not found", p.from_l1.name().c_str(), 100.0 * p.from_l1.value, p.to_l2.name().c_str(),
              p.to_l2.value, p.k_composition, p.k_top_source.name().c_str(), p.k_agrees ? " (agrees)" : "",
              100.0 * p.pair_drop);
  std::printf("  false copies: %lld of %lld confident (%.1f %%)\n", static_cast<long long>(c.false_copy.wrong),
              static_cast<long long>(c.false_copy.confident), 100.0 * c.false_copy.rate());
}

int run(const Options& opt) {
  const int threads = resolve_threads(opt.threads);
  auto root = am::find_weights_dir(opt.weights_dir);
  if (!root) return report_error(root.error());
  auto runs = am::list_runs(*root);
  if (!runs) return report_error(runs.error());

  auto corpus = am::load_corpus(opt.corpus_dir);
  if (!corpus) return report_error(corpus.error());
  if (auto ok = check_alphabet(*corpus); !ok) return report_error(ok.error());
  Material mat;
  std::vector<std::string> heldout_texts;
  for (const am::Book& b : corpus->books) {
    heldout_texts.push_back(b.heldout_text);
    mat.book_names.push_back(b.name);
    mat.heldout_books.push_back({b.name, b.title, am::encode(b.heldout_text)});
    mat.bigram.count(b.train_text);
  }
  mat.windows = sample_heldout_windows(heldout_texts);
  std::printf("corpus: %s (%zu books)\n", opt.corpus_dir.c_str(), corpus->books.size());
  for (const am::RunInfo& r : *runs) {
    std::printf("== run %s ==\n", r.name.c_str());
    if (const int rc = analyse_run(opt, r.dir, mat, threads); rc != 0) return rc;
  }
  return 0;
}

int analyse_run(const Options& opt, const fs::path& run_folder, const Material& mat, int threads) {
  const std::optional<fs::path> dir = run_folder;
  auto manifest = am::load_manifest(*dir);
  if (!manifest) return report_error(manifest.error());
  auto manifest_json = read_json(*dir / "manifest.json");
  if (!manifest_json) return report_error(manifest_json.error());

  const std::vector<HeldoutWindow>& windows = mat.windows;
  const std::vector<HeldoutBook>& heldout_books = mat.heldout_books;
  const BigramModel& bigram = mat.bigram;
  const NonsenseSet& set = standard_nonsense_set();
  std::printf("weights: %s (%zu checkpoints)\nthreads: %d\n", dir->c_str(), manifest->checkpoints.size(), threads);

  // 1. Per checkpoint, one checkpoint per thread.
  std::vector<am::CheckpointEntry> todo;
  if (opt.final_only) todo.push_back(manifest->final_checkpoint());
  else todo = manifest->checkpoints;
  std::vector<std::optional<CheckpointRecord>> measured(todo.size());
  std::vector<std::string> errors(todo.size());
  const auto t_all = Clock::now();
  const double cpu_all = cpu_ms();
  parallel_for(static_cast<int>(todo.size()), threads, [&](int i, int) {
    const am::CheckpointEntry& c = todo[static_cast<std::size_t>(i)];
    auto w = am::load_weights(*dir / c.file);
    if (!w) {
      errors[static_cast<std::size_t>(i)] = w.error();
      return;
    }
    const CheckpointMetrics m = analyse_checkpoint(*w, set, windows, 1);
    measured[static_cast<std::size_t>(i)] = make_record(c.step, c.file, m, manifest_entry(*manifest_json, c.step));
  });
  const double all_ms = ms_since(t_all), all_cpu_ms = cpu_ms() - cpu_all;
  for (const std::string& e : errors)
    if (!e.empty()) return report_error(e);
  std::printf("analysed %zu checkpoint(s) in %.2f s on %d thread(s) (processor time %.2f s, %.1f ms per checkpoint)\n",
              todo.size(), all_ms / 1000.0, threads, all_cpu_ms / 1000.0, all_cpu_ms / static_cast<double>(todo.size()));

  // 2. The series: measured records, plus (with --final-only) what the manifest holds.
  std::vector<CheckpointRecord> series, fresh;
  for (const auto& r : measured) fresh.push_back(*r);
  for (const am::CheckpointEntry& c : manifest->checkpoints) {
    const auto it = std::find_if(fresh.begin(), fresh.end(), [&](const CheckpointRecord& r) { return r.step == c.step; });
    if (it != fresh.end()) series.push_back(*it);
    else if (auto old = record_from_manifest_entry(manifest_entry(*manifest_json, c.step))) series.push_back(*old);
  }
  const CheckpointRecord& final_record = fresh.back();

  // 3. The final checkpoint's studies.
  auto final_weights = am::load_weights(*dir / final_record.file);
  if (!final_weights) return report_error(final_weights.error());
  const auto t_pass = Clock::now();
  const double cpu_pass = cpu_ms();
  const CopyAccuracy check = nonsense_accuracy(*final_weights, set, {}, threads);
  const double pass_ms = ms_since(t_pass), pass_cpu_ms = cpu_ms() - cpu_pass;
  const auto t_final = Clock::now();
  const FinalAnalysis final = analyse_final(*final_weights, final_record.step, set, final_record.heads, heldout_books,
                                            bigram, threads);
  const double final_ms = ms_since(t_final);
  const ChapterFacts facts = derive_facts(series, final_record.heads, final);
  const auto t_circuit = Clock::now();
  const CheckpointMetrics final_metrics = analyse_checkpoint(*final_weights, set, windows, threads);
  const CircuitAnalysis circuit = analyse_circuit(*final_weights, final_metrics, final, set, heldout_books, threads);
  const double circuit_ms = ms_since(t_circuit);

  // 4. Write.
  if (auto ok = update_manifest(*dir, fresh, [](const Json& doc) { return am::train::format_manifest(doc); }); !ok)
    return report_error(ok.error());
  AnalysisInputs in;
  in.set = &set;
  in.windows = &windows;
  in.book_names = mat.book_names;
  in.circuit = &circuit;
  in.series = series;
  in.final_record = &final_record;
  in.final = &final;
  in.facts = &facts;
  if (auto ok = write_text_atomically(*dir / "analysis.json", format_analysis_json(analysis_json(in))); !ok)
    return report_error(ok.error());

  // 5. Summary.
  std::printf("one full-set accuracy pass: %.1f ms on %d thread(s), processor time %.1f ms (accuracy %.4f)\n",
              pass_ms, threads, pass_cpu_ms, check.overall.rate());
  std::printf("final studies (9 ablations, prompts, bits/char): %.2f s\n", final_ms / 1000.0);
  print_summary(final, final_record, facts);
  print_circuit(circuit, circuit_ms);
  std::printf("wrote %s and %s\n", (*dir / "manifest.json").c_str(), (*dir / "analysis.json").c_str());
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
