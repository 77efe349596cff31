#include "am/engine/checkpoint_cache.hpp"

#include <algorithm>
#include <atomic>
#include <cstdint>

namespace am::engine {
namespace {

// first, first+1, first-1, first+2, ...: the checkpoints nearest the drum come first;
// the nearest `limit` of them (all by default).
std::vector<std::size_t> outward_order(std::size_t count, std::size_t first, std::size_t limit = SIZE_MAX) {
  std::vector<std::size_t> order;
  limit = std::min(limit, count);
  if (limit == 0) return order;
  first = std::min(first, count - 1);
  order.push_back(first);
  for (std::size_t d = 1; order.size() < limit; ++d) {
    if (first + d < count) order.push_back(first + d);
    if (d <= first && order.size() < limit) order.push_back(first - d);
  }
  return order;
}

std::size_t distance(std::size_t a, std::size_t b) { return a > b ? a - b : b - a; }

}  // namespace

CheckpointCache::CheckpointCache(std::size_t checkpoints, ForwardFn forward, std::size_t capacity)
    : count_(checkpoints),
      capacity_(std::max<std::size_t>(capacity, 1)),
      forward_(std::move(forward)),
      slots_(checkpoints),
      helper_(/*lowered_priority=*/true),
      loop_([this](std::uint64_t generation, const BackgroundLoop::StillCurrent& still_current) {
        sweep(generation, still_current);
      }) {}

bool CheckpointCache::covers_neighbourhood(std::size_t around) const {
  for (std::size_t i : outward_order(count_, around, target()))
    if (!slots_[i]) return false;
  return true;
}

void CheckpointCache::request(std::vector<int> ids, const HeadMask& pulled, std::size_t around) {
  {
    std::lock_guard lock(mutex_);
    if (has_request_ && current_.ids == ids && current_.pulled == pulled) {
      // The drum turned: keep the passes, fill in around the new checkpoint if need be.
      if (around == current_.around) return;
      current_.around = around;
      if (covers_neighbourhood(around)) return;
    } else {
      has_request_ = true;
      current_.ids = std::move(ids);
      current_.pulled = pulled;
      current_.around = around;
      ++current_.generation;
      for (auto& slot : slots_)
        if (slot) recycle(std::move(slot));
      held_ = 0;
    }
  }
  loop_.post();
}

void CheckpointCache::recycle(std::shared_ptr<CachedPass> pass) {
  if (pass && spare_.size() < capacity_) spare_.push_back(std::move(pass));
}

std::shared_ptr<CachedPass> CheckpointCache::take_spare() {
  {
    std::lock_guard lock(mutex_);
    for (std::size_t k = spare_.size(); k-- > 0;) {
      // Only the cache holds it: no frame reads it, and none can start to (spare_ is private).
      if (spare_[k].use_count() != 1) continue;
      std::shared_ptr<CachedPass> pass = std::move(spare_[k]);
      spare_[k] = std::move(spare_.back());
      spare_.pop_back();
      // The last reader let go with a release decrement: see its reads finish before we write.
      std::atomic_thread_fence(std::memory_order_acquire);
      return pass;
    }
  }
  ++*alive_;
  return std::shared_ptr<CachedPass>(new CachedPass, [alive = alive_](CachedPass* p) {
    --*alive;
    delete p;
  });
}

std::shared_ptr<CachedPass> CheckpointCache::compute(const Request& request, std::size_t checkpoint) {
  std::shared_ptr<CachedPass> pass = take_spare();
  pass->generation = request.generation;
  pass->has_intact = request.pulled.any();
  if (!pass->has_intact) {
    forward_(checkpoint, request.ids, request.pulled, nullptr, pass->acts);
    return pass;
  }
  // The intact pass first: the pulled one copies its layers before the first pulled head.
  forward_(checkpoint, request.ids, HeadMask{}, nullptr, pass->intact);
  forward_(checkpoint, request.ids, request.pulled, &pass->intact, pass->acts);
  return pass;
}

std::shared_ptr<const CachedPass> CheckpointCache::store(std::uint64_t generation, std::size_t checkpoint,
                                                         std::shared_ptr<CachedPass> pass) {
  std::lock_guard lock(mutex_);
  if (generation != current_.generation) {  // the text changed meanwhile: drop it (kept for reuse)
    recycle(std::move(pass));
    return nullptr;
  }
  if (slots_[checkpoint]) {  // another thread stored it first
    recycle(std::move(pass));
    return slots_[checkpoint];
  }
  if (held_ >= capacity_) {
    std::size_t farthest = checkpoint;
    for (std::size_t i = 0; i < count_; ++i)
      if (slots_[i] && distance(i, current_.around) > distance(farthest, current_.around)) farthest = i;
    if (farthest == checkpoint) {  // farther than every cached pass: the caller's only
      // Kept as a spare too: once the caller lets go, the next such pass reuses its memory
      // instead of fresh pages (a scrub past the cached ones ran 3.7x slower in bench_sweep
      // when glibc had mapped those blocks, and zero-filled them, anew for each pass).
      recycle(pass);
      return pass;
    }
    recycle(std::move(slots_[farthest]));
    --held_;
  }
  slots_[checkpoint] = std::move(pass);
  ++held_;
  return slots_[checkpoint];
}

std::shared_ptr<const CachedPass> CheckpointCache::get(std::size_t checkpoint) {
  if (checkpoint >= count_) return nullptr;
  Request request;
  {
    std::lock_guard lock(mutex_);
    if (!has_request_) return nullptr;
    if (slots_[checkpoint]) return slots_[checkpoint];
    request = current_;
  }
  std::shared_ptr<CachedPass> pass = compute(request, checkpoint);
  // A sweep thread may have stored the same checkpoint first: hand out the one the cache
  // keeps, so that get() and peek() agree. A pass of an older text is still this caller's.
  if (auto kept = store(request.generation, checkpoint, pass)) return kept;
  return pass;
}

std::shared_ptr<const CachedPass> CheckpointCache::peek(std::size_t checkpoint) const {
  std::lock_guard lock(mutex_);
  return checkpoint < count_ ? slots_[checkpoint] : nullptr;
}

std::size_t CheckpointCache::ready() const {
  std::lock_guard lock(mutex_);
  return held_;
}

std::uint64_t CheckpointCache::generation() const {
  std::lock_guard lock(mutex_);
  return current_.generation;
}

void CheckpointCache::wait_idle() { loop_.wait_idle(); }

void CheckpointCache::sweep(std::uint64_t, const BackgroundLoop::StillCurrent& still_current) {
  Request request;
  {
    std::lock_guard lock(mutex_);
    if (!has_request_) return;
    request = current_;
  }
  // Two threads take checkpoints in turn from the outward order: a keystroke's sweep
  // then takes half as long, and the nearest checkpoints still come first.
  const std::vector<std::size_t> order = outward_order(count_, request.around, target());
  std::atomic<std::size_t> next{0};
  std::atomic<bool> stale{false};
  const auto work = [&] {
    for (std::size_t k = next++; k < order.size(); k = next++) {
      if (stale || !still_current()) return void(stale = true);
      const std::size_t i = order[k];
      if (peek(i)) continue;  // get() already computed it on the UI thread
      if (!store(request.generation, i, compute(request, i))) return void(stale = true);
    }
  };
  helper_.run_alongside(work, work);
}

AblationCurve::AblationCurve(std::size_t checkpoints, AccuracyFn accuracy)
    : count_(checkpoints),
      accuracy_(std::move(accuracy)),
      values_(checkpoints),
      loop_([this](std::uint64_t generation, const BackgroundLoop::StillCurrent& still_current) {
        sweep(generation, still_current);
      }) {}

void AblationCurve::request(const HeadMask& pulled, std::size_t first) {
  {
    std::lock_guard lock(mutex_);
    if (has_request_ && pulled == pulled_) return;
    has_request_ = true;
    pulled_ = pulled;
    first_ = first;
    ++generation_;
    std::fill(values_.begin(), values_.end(), std::nullopt);
  }
  loop_.post();
}

std::vector<std::optional<double>> AblationCurve::values() const {
  std::lock_guard lock(mutex_);
  return values_;
}

std::optional<double> AblationCurve::at(std::size_t checkpoint) const {
  std::lock_guard lock(mutex_);
  return checkpoint < count_ ? values_[checkpoint] : std::nullopt;
}

HeadMask AblationCurve::pulled() const {
  std::lock_guard lock(mutex_);
  return pulled_;
}

void AblationCurve::wait_idle() { loop_.wait_idle(); }

void AblationCurve::sweep(std::uint64_t, const BackgroundLoop::StillCurrent& still_current) {
  HeadMask pulled;
  std::size_t first = 0;
  std::uint64_t generation = 0;
  {
    std::lock_guard lock(mutex_);
    if (!has_request_) return;
    pulled = pulled_;
    first = first_;
    generation = generation_;
  }
  for (std::size_t i : outward_order(count_, first)) {
    if (!still_current()) return;
    const std::optional<double> value = accuracy_(i, pulled);
    std::lock_guard lock(mutex_);
    if (generation != generation_) return;
    values_[i] = value;
  }
}

}  // namespace am::engine
