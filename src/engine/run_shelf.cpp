#include "am/engine/run_shelf.hpp"

#include <algorithm>
#include <future>

#include "am/engine/engine_caches.hpp"

namespace am::engine {

std::string RunShelf::named(const Run& run, const std::string& message) const {
  return runs_.size() > 1 ? "run " + run.info.name + ": " + message : message;
}

std::vector<std::string> RunShelf::open(std::vector<RunInfo> runs, const ModelEngine::OpenOptions& options) {
  std::vector<std::future<Result<std::unique_ptr<ModelEngine>>>> loading;
  for (const RunInfo& info : runs)
    loading.push_back(std::async(std::launch::async,
                                 [dir = info.dir, options] { return ModelEngine::open(dir, options); }));
  std::vector<std::string> problems;
  const bool several = runs.size() > 1;
  for (std::size_t r = 0; r < runs.size(); ++r) {
    auto engine = loading[r].get();
    if (!engine) {
      problems.push_back("run " + runs[r].name + ": " + engine.error() + " \u2014 left out");
      continue;
    }
    for (const std::string& m : (*engine)->load_messages())
      problems.push_back(several ? "run " + runs[r].name + ": " + m : m);
    runs_.push_back({std::move(runs[r]), std::move(*engine)});
  }
  if (!runs_.empty()) {
    shown_ = runs_.front().engine.get();
    rebind();
  }
  return problems;
}

// The caches go before the engines they read.
RunShelf::~RunShelf() { release(); }

void RunShelf::release() {
  cache_.reset();
  curve_.reset();
}

void RunShelf::rebind() {
  cache_ = make_checkpoint_cache(*shown_);
  curve_ = make_ablation_curve(*shown_);
}

const RunShelf::Run* RunShelf::find(const std::string& name) const {
  const auto it = std::find_if(runs_.begin(), runs_.end(), [&](const Run& r) { return r.info.name == name; });
  return it == runs_.end() ? nullptr : &*it;
}

Result<bool> RunShelf::show(const std::string& name) {
  const Run* run = find(name);
  if (!run) {
    std::vector<std::string> names;
    for (const Run& r : runs_) names.push_back(r.info.name);
    return fail(no_run_named(name, names));
  }
  if (run->engine.get() == shown_) return false;
  release();
  shown_ = run->engine.get();
  grown_name_.clear();
  rebind();
  return true;
}

Status RunShelf::show_grown(const std::filesystem::path& dir, std::optional<std::int64_t> up_to,
                            const std::vector<std::pair<std::int64_t, double>>& measured) {
  auto engine = ModelEngine::load(dir, up_to);
  if (!engine) return fail(engine.error());
  release();
  grown_ = std::move(*engine);
  shown_ = grown_.get();
  for (const auto& [step, accuracy] : measured) shown_->set_measured_accuracy(step, accuracy);
  grown_name_ = dir.filename().string();
  rebind();
  return Ok{};
}

RunShelf::Dropped RunShelf::drop_failed() {
  Dropped out;
  for (Run& r : runs_) {
    if (!r.engine->needs_drop()) continue;
    const bool shown = r.engine.get() == shown_;
    if (shown) release();
    for (const std::string& m : r.engine->drop_failed()) out.messages.push_back(named(r, m));
    if (shown) rebind();
    out.shown_changed = out.shown_changed || shown;
  }
  return out;
}

}  // namespace am::engine
