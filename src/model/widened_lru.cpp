#include "am/model/widened_lru.hpp"

#include <atomic>

namespace am {

WidenedLru::WidenedLru(const std::vector<StoredWeights>& stored, std::size_t capacity)
    : stored_(stored), capacity_(capacity == 0 ? 1 : capacity) {}

std::shared_ptr<const Weights> WidenedLru::get(std::size_t index) {
  const StoredWeights& stored = stored_.at(index);
  if (!stored.is_half()) return stored.full();
  std::lock_guard lock(mutex_);
  ++clock_;
  for (Entry& e : entries_)
    if (e.index == index) {
      e.used = clock_;
      return e.weights;
    }
  Entry* slot = nullptr;
  if (entries_.size() < capacity_) {
    slot = &entries_.emplace_back();
    slot->weights = std::make_shared<Weights>();
  } else {
    // The least recently used entry nobody holds: widening into it writes over no reader.
    for (Entry& e : entries_)
      if (e.weights.use_count() == 1 && (!slot || e.used < slot->used)) slot = &e;
    if (!slot) {  // every entry is held: widen into a fresh one the set does not keep
      ++widenings_;
      return std::make_shared<const Weights>(stored.widened());
    }
    // The last reader let go with a release decrement: its reads finish before we write.
    std::atomic_thread_fence(std::memory_order_acquire);
  }
  ++widenings_;
  stored.widen(*slot->weights);
  slot->index = index;
  slot->used = clock_;
  return slot->weights;
}

std::size_t WidenedLru::widenings() const {
  std::lock_guard lock(mutex_);
  return widenings_;
}

void WidenedLru::clear() {
  const std::lock_guard lock(mutex_);
  entries_.clear();
}

}  // namespace am
