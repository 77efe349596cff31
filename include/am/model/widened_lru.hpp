// The few checkpoints a pass needs in float32, widened from their stored float16 on
// demand and kept in a small least-recently-used set: the drum's checkpoint stays wide
// while a sweep widens the others one at a time. Safe to call from any thread.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "am/model/stored_weights.hpp"

namespace am {

class WidenedLru {
 public:
  // `stored` must outlive this; it may change size only while nobody calls get(), and then
  // clear() must follow.
  WidenedLru(const std::vector<StoredWeights>& stored, std::size_t capacity);
  WidenedLru(const WidenedLru&) = delete;
  WidenedLru& operator=(const WidenedLru&) = delete;

  // The float32 weights of checkpoint `index` (< stored.size()). A float32 checkpoint is
  // shared as it is; a float16 one is widened, reusing the least recently used entry that
  // nobody holds any more. The pointer stays valid as long as it is held.
  std::shared_ptr<const Weights> get(std::size_t index);
  std::size_t widenings() const;  // how many widenings so far (tests)
  // Forgets every entry (the checkpoints were renumbered); pointers handed out stay valid.
  void clear();

 private:
  struct Entry {
    std::size_t index = 0;
    std::shared_ptr<Weights> weights;
    std::uint64_t used = 0;
  };
  const std::vector<StoredWeights>& stored_;
  std::size_t capacity_;
  mutable std::mutex mutex_;
  std::vector<Entry> entries_;
  std::uint64_t clock_ = 0;
  std::size_t widenings_ = 0;
};

}  // namespace am
