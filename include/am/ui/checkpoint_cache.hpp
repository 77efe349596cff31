// The forward pass of the current text at every checkpoint, computed in the
// background after each edit, so turning the drum never waits for the model.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <vector>

#include "am/model/activations.hpp"
#include "am/model/head_mask.hpp"
#include "am/ui/background_loop.hpp"
#include "am/ui/helper_thread.hpp"

namespace am::ui {

struct CachedPass {
  Activations acts;            // with the pulled heads pulled
  Activations intact;          // every head in place (only filled when heads are pulled)
  bool has_intact = false;
  std::uint64_t generation = 0;
  const Activations& intact_or_live() const { return has_intact ? intact : acts; }
};

class CheckpointCache {
 public:
  // forward(checkpoint index, ids, pulled, intact, out): fills `out` (whose block is reused
  // from an earlier pass, so a sweep allocates nothing). `intact` is null, or this
  // checkpoint's pass of the same ids with no head pulled, whose layers before the first
  // pulled head may be copied (am::forward_reusing). Called from the sweep threads and from
  // get(), so it must only read shared data (e.g. a vector of loaded weights).
  using ForwardFn = std::function<void(std::size_t checkpoint, std::span<const int> ids, const HeadMask& pulled,
                                       const Activations* intact, Activations& out)>;

  CheckpointCache(std::size_t checkpoints, ForwardFn forward);
  CheckpointCache(const CheckpointCache&) = delete;
  CheckpointCache& operator=(const CheckpointCache&) = delete;

  // Caches this text with these heads pulled; starts at checkpoint `around` and works
  // outwards. Does nothing if the request equals the current one.
  void request(std::vector<int> ids, const HeadMask& pulled, std::size_t around);
  // The pass at a checkpoint; computed on the calling thread if the worker has not
  // reached it yet (one forward pass), so a frame never waits for the whole sweep.
  std::shared_ptr<const CachedPass> get(std::size_t checkpoint);
  // The cached pass or null, never computing.
  std::shared_ptr<const CachedPass> peek(std::size_t checkpoint) const;

  std::size_t size() const { return count_; }
  std::size_t ready() const;          // passes cached for the current request
  std::uint64_t generation() const;   // bumped by every new request
  void wait_idle();                   // tests: block until the sweep has finished

 private:
  struct Request {
    std::vector<int> ids;
    HeadMask pulled;
    std::size_t around = 0;
    std::uint64_t generation = 0;
  };
  std::shared_ptr<CachedPass> compute(const Request& request, std::size_t checkpoint);
  // A pass of an older request that nobody outside the cache holds any more, else a new one.
  std::shared_ptr<CachedPass> take_spare();
  // The pass the slot keeps (this one, or one stored first); null when the text changed.
  std::shared_ptr<const CachedPass> store(std::uint64_t generation, std::size_t checkpoint,
                                          std::shared_ptr<CachedPass> pass);
  void sweep(std::uint64_t generation, const BackgroundLoop::StillCurrent& still_current);

  std::size_t count_;
  ForwardFn forward_;
  mutable std::mutex mutex_;
  Request current_;
  bool has_request_ = false;
  std::vector<std::shared_ptr<CachedPass>> slots_;
  // Passes of older requests, recycled: a keystroke's sweep then neither allocates nor
  // zeroes 181 blocks of activations (about 0.5 MB each at 64 characters).
  std::vector<std::shared_ptr<CachedPass>> spare_;
  HelperThread helper_;  // the sweep's second thread, started once
  BackgroundLoop loop_;  // last: its thread may touch everything above
};

// Accuracy with the current pulled heads at every checkpoint, in the background:
// the rack's "this ablation across training" curve.
class AblationCurve {
 public:
  using AccuracyFn = std::function<std::optional<double>(std::size_t checkpoint, const HeadMask& pulled)>;

  AblationCurve(std::size_t checkpoints, AccuracyFn accuracy);
  AblationCurve(const AblationCurve&) = delete;
  AblationCurve& operator=(const AblationCurve&) = delete;

  // Recomputes for these heads, `first` checkpoint first. No-op if unchanged.
  void request(const HeadMask& pulled, std::size_t first);
  std::vector<std::optional<double>> values() const;  // per checkpoint; nullopt until computed
  std::optional<double> at(std::size_t checkpoint) const;
  HeadMask pulled() const;
  void wait_idle();

 private:
  void sweep(std::uint64_t generation, const BackgroundLoop::StillCurrent& still_current);
  std::size_t count_;
  AccuracyFn accuracy_;
  mutable std::mutex mutex_;
  HeadMask pulled_;
  std::size_t first_ = 0;
  bool has_request_ = false;
  std::uint64_t generation_ = 0;
  std::vector<std::optional<double>> values_;
  BackgroundLoop loop_;
};

}  // namespace am::ui
