// The forward pass of the current text at the checkpoints nearest the drum, computed in
// the background after each edit and each turn of the drum, so turning it never waits
// for the model. Bounded: at most `capacity` passes are kept (about 0.56 MB each at 64
// characters, twice that with heads pulled), and a checkpoint outside them is computed
// on the calling thread in one forward pass (55 µs here), so memory does not grow with
// the number of checkpoints.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <vector>

#include "am/engine/background_loop.hpp"
#include "am/engine/helper_thread.hpp"
#include "am/model/activations.hpp"
#include "am/model/head_mask.hpp"

namespace am::engine {

struct CachedPass {
  Activations acts;    // with the pulled heads pulled
  Activations intact;  // every head in place (only filled when heads are pulled)
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
  using ForwardFn = std::function<void(std::size_t checkpoint, std::span<const int> ids,
                                       const HeadMask& pulled, const Activations* intact, Activations& out)>;

  // 8 passes: the drum's checkpoint and 7 neighbours, 4.5 MB at 64 characters (9 MB with
  // heads pulled; as much again in spares), against 101 MB (202 MB) for all 181
  // checkpoints of the shipped run. Any other checkpoint costs one forward pass.
  static constexpr std::size_t kDefaultCapacity = 8;

  CheckpointCache(std::size_t checkpoints, ForwardFn forward, std::size_t capacity = kDefaultCapacity);
  CheckpointCache(const CheckpointCache&) = delete;
  CheckpointCache& operator=(const CheckpointCache&) = delete;

  // Caches this text with these heads pulled at the target() checkpoints nearest `around`,
  // nearest first. The same text and heads with a new `around` (the drum turned) keep
  // what is cached and fill in the new neighbourhood, dropping the farthest passes.
  void request(std::vector<int> ids, const HeadMask& pulled, std::size_t around);
  // The pass at a checkpoint; computed on the calling thread if the worker has not
  // reached it yet (one forward pass), so a frame never waits for the whole sweep.
  std::shared_ptr<const CachedPass> get(std::size_t checkpoint);
  // The cached pass or null, never computing.
  std::shared_ptr<const CachedPass> peek(std::size_t checkpoint) const;

  std::size_t size() const { return count_; }
  std::size_t target() const { return std::min(capacity_, count_); }  // passes a sweep keeps ready
  std::size_t ready() const;  // passes cached for the current request (at most target())
  // Passes this cache made that are still alive (cached, spare, or held by a frame): for
  // the test that memory stays bounded (at most 2 × capacity, plus what frames hold).
  std::size_t passes_alive() const { return *alive_; }
  std::uint64_t generation() const;  // bumped by every new request
  void wait_idle();                  // tests: block until the sweep has finished

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
  // The farthest cached pass from the drum makes room when the cache is full; a pass
  // farther than every cached one is handed back to the caller without being kept.
  std::shared_ptr<const CachedPass> store(std::uint64_t generation, std::size_t checkpoint,
                                          std::shared_ptr<CachedPass> pass);
  // Keeps a pass nobody needs for reuse, up to `capacity` of them; frees the rest.
  void recycle(std::shared_ptr<CachedPass> pass);       // mutex_ held
  bool covers_neighbourhood(std::size_t around) const;  // mutex_ held
  void sweep(std::uint64_t generation, const BackgroundLoop::StillCurrent& still_current);

  std::size_t count_;
  std::size_t capacity_;
  ForwardFn forward_;
  mutable std::mutex mutex_;
  Request current_;
  std::size_t held_ = 0;  // non-null slots
  std::shared_ptr<std::atomic<std::size_t>> alive_ = std::make_shared<std::atomic<std::size_t>>(0);
  bool has_request_ = false;
  std::vector<std::shared_ptr<CachedPass>> slots_;
  // Passes of older requests and evicted ones, recycled: a keystroke's sweep then neither
  // allocates nor zeroes its blocks of activations.
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

}  // namespace am::engine
