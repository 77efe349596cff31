#include "am/engine/model_engine.hpp"

#include <algorithm>
#include <fstream>
#include <sstream>
#include <variant>

#include "am/engine/generation.hpp"
#include "am/engine/nonsense_accuracy.hpp"
#include "am/model/forward.hpp"
#include "am/model/run_folder.hpp"
#include "am/model/runs_index.hpp"
#include "am/model/safetensors.hpp"
#include "am/model/weights_dir.hpp"

namespace am::engine {

Result<std::unique_ptr<ModelEngine>> ModelEngine::load(const std::filesystem::path& folder,
                                                       std::optional<std::int64_t> up_to) {
  OpenOptions options;
  options.up_to = up_to;
  return open(folder, options);
}

Result<std::unique_ptr<ModelEngine>> ModelEngine::open(const std::filesystem::path& folder,
                                                       const OpenOptions& options) {
  // a folder of several runs (runs.json) opens its first run
  auto dir = run_dir(folder);
  if (!dir) return fail(dir.error());
  const std::filesystem::path& weights_dir = *dir;
  // One bad checkpoint or a malformed manifest costs only itself (run_folder.hpp).
  auto listing = list_run_folder(weights_dir);
  if (!listing) return fail(listing.error());
  if (options.up_to) {
    const bool any = !listing->entries.empty();
    std::erase_if(listing->entries, [&](const CheckpointEntry& e) { return e.step > *options.up_to; });
    if (any && listing->entries.empty())
      return fail(weights_dir.string() + ": no checkpoint up to step " + std::to_string(*options.up_to));
  }

  std::unique_ptr<ModelEngine> engine(new ModelEngine());
  engine->dir_ = weights_dir;
  engine->entries_ = listing->entries;
  const std::size_t n = engine->entries_.size();
  engine->stored_.resize(n);
  engine->slots_ = std::make_unique<std::atomic<std::uint8_t>[]>(n);
  for (std::size_t i = 0; i < n; ++i) engine->slots_[i].store(kPending);
  for (const CheckpointEntry& e : engine->entries_) engine->steps_.push_back(e.step);
  engine->before_load_ = options.before_load;
  if (!listing->manifest_message.empty()) engine->load_messages_.push_back(listing->manifest_message);
  if (listing->manifest_usable) {
    auto record = training_record_from(listing->manifest.contents);
    if (record) {
      engine->training_ = std::move(*record);
    } else {
      engine->load_messages_.push_back((weights_dir / "manifest.json").string() + ": " + record.error() +
                                       " \u2014 shown without the training curves");
    }
  }
  // The drum and the curves hold the listed checkpoints; one that fails to load leaves
  // them once every checkpoint has been read (drop_failed).
  std::vector<CheckpointMetrics> listed;
  for (const CheckpointEntry& e : engine->entries_) {
    const CheckpointMetrics* m = engine->training_.at_step(e.step);
    listed.push_back(m ? *m : CheckpointMetrics{e.step, {}, {}, {}, {}});
  }
  engine->training_.checkpoints = std::move(listed);

  if (!options.background) {
    for (std::size_t i = 0; i < n; ++i) engine->load_slot(i);
  } else {
    // The final checkpoint first (or the newest one that loads): the machine shows it at once.
    for (std::size_t i = n; i-- > 0 && engine->loaded_count() == 0;) engine->load_slot(i);
  }
  // Nothing loaded: then the loop above has read every checkpoint, so every reason is in.
  if (engine->loaded_count() == 0)
    return fail(no_usable_checkpoint(weights_dir, *listing, engine->skipped_in_step_order()));
  if (options.background && engine->loading()) {
    ModelEngine* e = engine.get();
    e->loader_ = std::thread([e] { e->load_the_rest(); });
  } else {
    engine->drop_failed();
  }

  const std::filesystem::path analysis_path = weights_dir / "analysis.json";
  std::ifstream in(analysis_path, std::ios::binary);
  if (!in) {
    engine->analysis_message_ =
        "no analysis.json in " + weights_dir.string() +
        ": the chapters cannot name heads from measured scores (run attention-analyze)";
  } else {
    std::ostringstream text;
    text << in.rdbuf();
    auto analysis = parse_analysis_summary(text.str());
    if (analysis)
      engine->analysis_ = std::move(*analysis);
    else {
      engine->analysis_message_ = analysis_path.string() + ": " + analysis.error();
      engine->load_messages_.push_back(engine->analysis_message_ +
                                       " \u2014 the chapters use live figures only");
    }
  }
  return engine;
}

ModelEngine::~ModelEngine() {
  {
    const std::lock_guard lock(load_mutex_);
    stopping_ = true;
  }
  load_cv_.notify_all();
  if (loader_.joinable()) loader_.join();
}

void ModelEngine::load_slot(std::size_t i) {
  if (slots_[i].load(std::memory_order_acquire) != kPending) return;
  if (before_load_) before_load_(i);
  auto loaded = load_checkpoint(dir_, entries_[i]);
  {
    const std::lock_guard lock(load_mutex_);
    if (auto* w = std::get_if<StoredWeights>(&loaded)) {
      stored_[i] = std::move(*w);  // no reader touches slot i before it is marked loaded
      slots_[i].store(kLoaded, std::memory_order_release);
      ++loaded_;
    } else {
      skipped_.push_back(std::get<SkippedCheckpoint>(std::move(loaded)));
      slots_[i].store(kFailed, std::memory_order_release);
    }
    ++resolved_;
  }
  load_cv_.notify_all();
}

// Newest first, after the final one: the drum's neighbourhood fills first.
void ModelEngine::load_the_rest() {
  for (std::size_t i = entries_.size(); i-- > 0;) {
    {
      const std::lock_guard lock(load_mutex_);
      if (stopping_) return;
    }
    load_slot(i);
  }
}

std::vector<SkippedCheckpoint> ModelEngine::skipped_in_step_order() const {
  const std::lock_guard lock(load_mutex_);
  std::vector<SkippedCheckpoint> out = skipped_;
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.step < b.step; });
  return out;
}

std::size_t ModelEngine::loaded_count() const {
  const std::lock_guard lock(load_mutex_);
  return loaded_;
}

bool ModelEngine::loading() const {
  const std::lock_guard lock(load_mutex_);
  return resolved_ < entries_.size();
}

bool ModelEngine::is_loaded(std::size_t i) const {
  return i < entries_.size() && slots_[i].load(std::memory_order_acquire) == kLoaded;
}

bool ModelEngine::needs_drop() const {
  const std::lock_guard lock(load_mutex_);
  return resolved_ == entries_.size() && loaded_ < entries_.size();
}

std::vector<std::string> ModelEngine::drop_failed() {
  if (loader_.joinable()) loader_.join();
  std::vector<std::string> messages;
  for (const SkippedCheckpoint& s : skipped_in_step_order()) messages.push_back(s.message());
  skipped_.clear();
  if (loaded_ == entries_.size()) return messages;
  std::vector<CheckpointEntry> entries;
  std::vector<StoredWeights> stored;
  std::vector<CheckpointMetrics> metrics;
  for (std::size_t i = 0; i < entries_.size(); ++i) {
    if (slots_[i].load() != kLoaded) continue;
    entries.push_back(entries_[i]);
    stored.push_back(std::move(stored_[i]));
    metrics.push_back(training_.checkpoints[i]);
  }
  entries_ = std::move(entries);
  stored_ = std::move(stored);
  training_.checkpoints = std::move(metrics);
  steps_.clear();
  for (const CheckpointEntry& e : entries_) steps_.push_back(e.step);
  slots_ = std::make_unique<std::atomic<std::uint8_t>[]>(entries_.size());
  for (std::size_t i = 0; i < entries_.size(); ++i) slots_[i].store(kLoaded);
  resolved_ = loaded_ = entries_.size();
  widened_.clear();  // its entries were keyed by the old indices
  load_messages_.insert(load_messages_.end(), messages.begin(), messages.end());
  return messages;
}

std::shared_ptr<const Weights> ModelEngine::weights(std::size_t i) const {
  if (slots_[i].load(std::memory_order_acquire) == kPending) {
    std::unique_lock lock(load_mutex_);
    load_cv_.wait(lock, [&] { return slots_[i].load(std::memory_order_acquire) != kPending || stopping_; });
  }
  // A checkpoint that failed stands in with its nearest neighbour until drop_failed.
  return widened_.get(is_loaded(i) ? i : nearest_index(steps_[i]));
}

std::vector<std::int64_t> ModelEngine::loaded_steps() const {
  std::vector<std::int64_t> out;
  for (std::size_t i = 0; i < steps_.size(); ++i)
    if (is_loaded(i)) out.push_back(steps_[i]);
  return out;
}

std::optional<std::size_t> ModelEngine::checkpoint_index(std::int64_t step) const {
  const auto it = std::lower_bound(steps_.begin(), steps_.end(), step);
  if (it == steps_.end() || *it != step) return std::nullopt;
  return static_cast<std::size_t>(it - steps_.begin());
}

std::size_t ModelEngine::nearest_index(std::int64_t step) const {
  // Among the loaded checkpoints only (ties: the earlier), so it never waits.
  return am::nearest_index(
             steps_.size(), step, [&](std::size_t i) { return steps_[i]; },
             [&](std::size_t i) { return is_loaded(i); })
      .value_or(steps_.size() - 1);
}

Activations ModelEngine::forward(std::int64_t step, std::span<const int> ids, const HeadMask& pulled) const {
  return am::forward(*weights_at(step), ids, pulled);
}

Generation ModelEngine::generate(std::int64_t step, std::span<const int> ids, const HeadMask& pulled,
                                 int count, const WriteSettings& how) const {
  return generate_greedy(*weights_at(step), ids, pulled, count, how);
}

std::optional<double> ModelEngine::nonsense_accuracy(std::int64_t step, const HeadMask& pulled) const {
  return engine::nonsense_accuracy(*weights_at(step), pulled);
}

void ModelEngine::set_measured_accuracy(std::int64_t step, double accuracy) {
  for (CheckpointMetrics& m : training_.checkpoints)
    if (m.step == step && !m.nonsense_accuracy) m.nonsense_accuracy = accuracy;
}

}  // namespace am::engine
