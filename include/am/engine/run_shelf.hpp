// The runs the app can show: every run of the weights folder, loaded side by side, and at
// most one run grown or saved in the app. One of them is on show, and the checkpoint cache
// and the ablation curve are bound to its checkpoints; whenever the run on show changes,
// they are stopped before the old run goes and rebuilt for the new one.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "am/core/result.hpp"
#include "am/engine/checkpoint_cache.hpp"
#include "am/engine/model_engine.hpp"
#include "am/model/runs_index.hpp"

namespace am::engine {

class RunShelf {
 public:
  struct Run {
    RunInfo info;
    std::unique_ptr<ModelEngine> engine;
  };

  // Opens every run, each on its own thread (two cores read two runs at once). A run that
  // does not open is left out; the problems met come back in the runs' order, named by run
  // when there are several. The first run that opened is shown; none: runs() is empty.
  std::vector<std::string> open(std::vector<RunInfo> runs, const ModelEngine::OpenOptions& options);
  ~RunShelf();

  const std::vector<Run>& runs() const { return runs_; }
  const Run* find(const std::string& name) const;  // the folder's run of that name, or null
  ModelEngine& shown() const { return *shown_; }
  // The grown or saved run's folder name while one is on show; "" for a run of the folder.
  const std::string& grown_name() const { return grown_name_; }
  const std::vector<std::int64_t>& steps() const { return shown_->checkpoint_steps(); }
  CheckpointCache& cache() const { return *cache_; }
  AblationCurve& curve() const { return *curve_; }

  // Shows the folder's run `name`; fails naming the runs there are. Returns whether the
  // run on show changed.
  Result<bool> show(const std::string& name);
  // Shows the checkpoints in `dir` (up to `up_to`, for a run still training), with the
  // accuracies measured so far in memory.
  Status show_grown(const std::filesystem::path& dir, std::optional<std::int64_t> up_to,
                    const std::vector<std::pair<std::int64_t, double>>& measured);
  // Once a run's checkpoints have all been read, the ones that failed leave its list (the
  // caches stop first when it is on show: the indices change). The messages, by run.
  struct Dropped {
    std::vector<std::string> messages;
    bool shown_changed = false;
  };
  Dropped drop_failed();

 private:
  void rebind();   // the caches for shown_
  void release();  // the caches' threads read shown_'s weights: they stop first
  std::string named(const Run& run, const std::string& message) const;

  std::vector<Run> runs_;
  std::unique_ptr<ModelEngine> grown_;
  ModelEngine* shown_ = nullptr;
  std::string grown_name_;
  std::unique_ptr<CheckpointCache> cache_;
  std::unique_ptr<AblationCurve> curve_;
};

}  // namespace am::engine
