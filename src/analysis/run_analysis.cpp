// The analysis pipeline behind attention-analyze and the in-app controller (one copy).
#include "am/analysis/run_analysis.hpp"

#include <algorithm>
#include <chrono>
#include <cstdarg>
#include <cstdio>
#include <ctime>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "am/analysis/analysis_json.hpp"
#include "am/analysis/chapter_facts.hpp"
#include "am/analysis/checkpoint_analysis.hpp"
#include "am/analysis/circuit_analysis.hpp"
#include "am/analysis/manifest_metrics.hpp"
#include "am/analysis/parallel.hpp"
#include "am/model/alphabet.hpp"
#include "am/model/safetensors.hpp"
#include "am/model/weights_dir.hpp"
#include "am/train/checkpoints.hpp"
#include "am/train/corpus.hpp"

namespace am::analysis {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

// printf into the log stream (the tool's output is a handful of formatted lines).
__attribute__((format(printf, 2, 3))) void say(std::ostream& log, const char* format, ...) {
  char line[1024];
  va_list args;
  va_start(args, format);
  std::vsnprintf(line, sizeof line, format, args);
  va_end(args);
  log << line;
}

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// Processor time of every thread of this process: on a shared machine the wall clock
// says more about the neighbours than about us.
double cpu_ms() { return 1000.0 * static_cast<double>(std::clock()) / CLOCKS_PER_SEC; }

// Held-out text must be in the model's alphabet for windows and ids to line up.
Status check_alphabet(const Corpus& corpus) {
  for (const Book& b : corpus.books)
    for (char c : b.heldout_text)
      if (char_to_id(c) < 0) return fail("book " + b.name + ": held-out text has a character outside the alphabet");
  return Ok{};
}

Result<Json> read_json(const fs::path& path) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) return fail("cannot open " + path.string());
  std::string text;
  char buf[65536];
  for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, f)) > 0;) text.append(buf, n);
  std::fclose(f);
  Json doc = Json::parse(text, nullptr, false);
  if (doc.is_discarded()) return fail(path.string() + ": not valid JSON");
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
void print_summary(const FinalAnalysis& final, const CheckpointRecord& final_record, const ChapterFacts& facts,
                   std::ostream& log) {
  say(log, "final step %lld: right the second time %.1f %%  (", static_cast<long long>(final.step),
      100.0 * final.accuracy.overall.rate());
  for (int w = 0; w < kNonsenseWordCounts; ++w)
    say(log, "%s%d words %.1f %%", w ? ", " : "", w + kNonsenseMinWords,
        100.0 * final.accuracy.by_words[static_cast<std::size_t>(w)].rate());
  say(log, ")\n");
  for (int l = 0; l < kLayers; ++l)
    for (int h = 0; h < kHeads; ++h) {
      const HeadScores& s = final_record.heads[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)];
      say(log, "  %s %-18s prev %.2f two %.2f space %.2f (share %.2f) ind %.2f dup %.2f | pulled: %.1f %%\n",
          head_name(l, h).c_str(), facts.roles[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)].c_str(),
          s.previous, s.two_back, s.space, s.space_share, s.induction, s.duplicate,
          100.0 * final.single[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)].accuracy.overall.rate());
    }
  if (final.induction_pair)
    say(log, "  pulled %s together: %.1f %%\n", final.induction_pair->pulled.to_string().c_str(),
        100.0 * final.induction_pair->accuracy.overall.rate());
  for (const PromptPrediction& p : final.prompts) {
    const int id = p.expected.empty() ? -1 : char_to_id(p.expected[0]);
    say(log, "  P(%s | \"%s\") = %.3f\n", p.expected.c_str(), p.prompt.c_str(),
        id >= 0 ? p.probs[static_cast<std::size_t>(id)] : 0.0);
  }
  for (const TextComparison& t : final.texts)
    say(log, "  %-8s %8lld chars: model %.3f bits/char, bigram %.3f\n", t.name.c_str(),
        static_cast<long long>(t.model.predicted), t.model.bits_per_char(), t.bigram.bits_per_char());
  if (facts.phase.found)
    say(log, "  phase change: step %lld (%.1f %%) -> step %lld (%.1f %%)\n",
        static_cast<long long>(facts.phase.before_step), 100.0 * facts.phase.before_accuracy,
        static_cast<long long>(facts.phase.after_step), 100.0 * facts.phase.after_accuracy);
  else
    say(log, "  phase change: not found (no checkpoint <= 20 %% followed by one >= 70 %%)\n");
}

void print_circuit(const CircuitAnalysis& c, double ms, std::ostream& log) {
  say(log, "circuit (%.2f s): K-composition baseline %.3f\n", ms / 1000.0, c.k_composition.baseline);
  for (int l = 0; l < kLayers; ++l)
    for (int h = 0; h < kHeads; ++h) {
      const auto L = static_cast<std::size_t>(l), H = static_cast<std::size_t>(h);
      const auto& d = c.detect[L][H];
      say(log, "  %s prev %.3f dup %.3f ind %.3f (nonsense: %.3f %.3f %.3f) prefix %.3f copying %+.3f\n",
          head_name(l, h).c_str(), d.novel[0], d.novel[1], d.novel[2], d.nonsense[0], d.nonsense[1], d.nonsense[2],
          c.prefix_matching[L][H], c.copying[L][H]);
    }
  const CopyPath& p = c.copy_path;
  say(log, "  copy path %s: %s (drop %.1f points) -> %s (prefix %.3f); K-comp %+.3f, top source %s%s; pair drop %.1f\n",
      p.found ? "found" : "not found", p.from_l1.name().c_str(), 100.0 * p.from_l1.value, p.to_l2.name().c_str(),
      p.to_l2.value, p.k_composition, p.k_top_source.name().c_str(), p.k_agrees ? " (agrees)" : "", 100.0 * p.pair_drop);
  say(log, "  false copies: %lld of %lld confident (%.1f %%)\n", static_cast<long long>(c.false_copy.wrong),
      static_cast<long long>(c.false_copy.confident), 100.0 * c.false_copy.rate());
}

// What the analysis reads besides the checkpoints: the manifest (parsed, and as JSON for
// the entries it keeps) and the corpus's held-out books, windows and bigram counts.
struct RunInputs {
  Manifest manifest;
  Json manifest_json;
  std::vector<std::string> book_names;
  std::vector<HeldoutBook> heldout_books;
  std::vector<HeldoutWindow> windows;
  BigramModel bigram;
};

Result<RunInputs> read_run_inputs(const RunAnalysisOptions& opt) {
  RunInputs in;
  auto manifest = load_manifest(opt.dir);
  if (!manifest) return fail(manifest.error());
  if (manifest->checkpoints.empty()) return fail(opt.dir.string() + ": the manifest lists no checkpoint");
  auto manifest_json = read_json(opt.dir / "manifest.json");
  if (!manifest_json) return fail(manifest_json.error());
  in.manifest = std::move(*manifest);
  in.manifest_json = std::move(*manifest_json);
  auto corpus = load_corpus(opt.corpus_dir);
  if (!corpus) return fail(corpus.error());
  if (auto ok = check_alphabet(*corpus); !ok) return fail(ok.error());
  std::vector<std::string> heldout_texts;
  for (const Book& b : corpus->books) {
    heldout_texts.push_back(b.heldout_text);
    in.book_names.push_back(b.name);
    in.heldout_books.push_back({b.name, b.title, encode(b.heldout_text)});
    in.bigram.count(b.train_text);
  }
  in.windows = sample_heldout_windows(heldout_texts);
  return in;
}

// 1. Per checkpoint, one checkpoint per thread: the records, in `todo`'s order.
Result<std::vector<CheckpointRecord>> measure_checkpoints(const RunAnalysisOptions& opt, const RunInputs& in,
                                                          const std::vector<CheckpointEntry>& todo, int threads,
                                                          std::ostream& log) {
  const NonsenseSet& set = standard_nonsense_set();
  std::vector<std::optional<CheckpointRecord>> measured(todo.size());
  std::vector<std::string> errors(todo.size());
  std::mutex progress_mutex;
  std::size_t done = 0;
  const auto t_all = Clock::now();
  const double cpu_all = cpu_ms();
  parallel_for(static_cast<int>(todo.size()), threads, [&](int i, int) {
    const CheckpointEntry& c = todo[static_cast<std::size_t>(i)];
    auto w = load_weights(opt.dir / c.file);
    if (!w) {
      errors[static_cast<std::size_t>(i)] = w.error();
    } else {
      const CheckpointMetrics m = analyse_checkpoint(*w, set, in.windows, 1);
      measured[static_cast<std::size_t>(i)] = make_record(c.step, c.file, m, manifest_entry(in.manifest_json, c.step));
    }
    if (opt.progress) {
      std::lock_guard<std::mutex> lock(progress_mutex);
      opt.progress(++done, todo.size());
    }
  });
  const double all_ms = ms_since(t_all), all_cpu_ms = cpu_ms() - cpu_all;
  for (const std::string& e : errors)
    if (!e.empty()) return fail(e);
  say(log, "analysed %zu checkpoint(s) in %.2f s on %d thread(s) (processor time %.2f s, %.1f ms per checkpoint)\n",
      todo.size(), all_ms / 1000.0, threads, all_cpu_ms / 1000.0, all_cpu_ms / static_cast<double>(todo.size()));
  std::vector<CheckpointRecord> fresh;
  for (const auto& r : measured) fresh.push_back(*r);
  return fresh;
}

// 2. The series: the records just measured, plus (with final_only) what the manifest holds.
std::vector<CheckpointRecord> merge_series(const RunInputs& in, const std::vector<CheckpointRecord>& fresh) {
  std::vector<CheckpointRecord> series;
  for (const CheckpointEntry& c : in.manifest.checkpoints) {
    const auto it = std::find_if(fresh.begin(), fresh.end(), [&](const CheckpointRecord& r) { return r.step == c.step; });
    if (it != fresh.end()) series.push_back(*it);
    else if (auto old = record_from_manifest_entry(manifest_entry(in.manifest_json, c.step))) series.push_back(*old);
  }
  return series;
}

}  // namespace

Result<RunAnalysisSummary> analyse_run(const RunAnalysisOptions& opt, std::ostream& log) {
  const int threads = resolve_threads(opt.threads);
  const fs::path& dir = opt.dir;
  auto inputs = read_run_inputs(opt);
  if (!inputs) return fail(inputs.error());
  const RunInputs& run = *inputs;
  const NonsenseSet& set = standard_nonsense_set();
  say(log, "weights: %s (%zu checkpoints)\ncorpus: %s (%zu books)\nthreads: %d\n", dir.c_str(),
      run.manifest.checkpoints.size(), opt.corpus_dir.c_str(), run.book_names.size(), threads);

  std::vector<CheckpointEntry> todo;
  if (opt.final_only) todo.push_back(run.manifest.final_checkpoint());
  else todo = run.manifest.checkpoints;
  auto measured = measure_checkpoints(opt, run, todo, threads, log);
  if (!measured) return fail(measured.error());
  const std::vector<CheckpointRecord>& fresh = *measured;
  const std::vector<CheckpointRecord> series = merge_series(run, fresh);
  const CheckpointRecord& final_record = fresh.back();

  // 3. The final checkpoint's studies.
  auto final_weights = load_weights(dir / final_record.file);
  if (!final_weights) return fail(final_weights.error());
  const auto t_pass = Clock::now();
  const double cpu_pass = cpu_ms();
  const CopyAccuracy check = nonsense_accuracy(*final_weights, set, {}, threads);
  const double pass_ms = ms_since(t_pass), pass_cpu_ms = cpu_ms() - cpu_pass;
  const auto t_final = Clock::now();
  const FinalAnalysis final = analyse_final(*final_weights, final_record.step, set, final_record.heads, run.heldout_books,
                                            run.bigram, threads);
  const double final_ms = ms_since(t_final);
  const ChapterFacts facts = derive_facts(series, final_record.heads, final);
  const auto t_circuit = Clock::now();
  const CheckpointMetrics final_metrics = analyse_checkpoint(*final_weights, set, run.windows, threads);
  const CircuitAnalysis circuit = analyse_circuit(*final_weights, final_metrics, final, set, run.heldout_books, threads);
  const double circuit_ms = ms_since(t_circuit);

  // 4. Write.
  if (auto ok = update_manifest(dir, fresh, [](const Json& doc) { return train::format_manifest(doc); }); !ok)
    return fail(ok.error());
  AnalysisInputs in;
  in.set = &set;
  in.windows = &run.windows;
  in.book_names = run.book_names;
  in.circuit = &circuit;
  in.series = series;
  in.final_record = &final_record;
  in.final = &final;
  in.facts = &facts;
  if (auto ok = write_text_atomically(dir / "analysis.json", format_analysis_json(analysis_json(in))); !ok)
    return fail(ok.error());

  // 5. Summary.
  say(log, "one full-set accuracy pass: %.1f ms on %d thread(s), processor time %.1f ms (accuracy %.4f)\n", pass_ms,
      threads, pass_cpu_ms, check.overall.rate());
  say(log, "final studies (9 ablations, prompts, bits/char): %.2f s\n", final_ms / 1000.0);
  print_summary(final, final_record, facts, log);
  print_circuit(circuit, circuit_ms, log);
  say(log, "wrote %s and %s\n", (dir / "manifest.json").c_str(), (dir / "analysis.json").c_str());

  RunAnalysisSummary summary;
  summary.final_step = final_record.step;
  summary.final_accuracy = final.accuracy.overall.rate();
  summary.checkpoints = todo.size();
  return summary;
}

}  // namespace am::analysis
