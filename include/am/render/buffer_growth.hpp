// How a streamed GL buffer grows: to the next power of two that holds what a frame
// needs (at least 1,024 elements), so a growing scene reallocates a few times, not
// every frame, and a small scene never pays for the largest one.
#pragma once

#include <algorithm>
#include <cstddef>

namespace am::render {

inline std::size_t grown_capacity(std::size_t capacity, std::size_t needed) {
  std::size_t grown = std::max<std::size_t>(capacity, 1024);
  while (grown < needed) grown *= 2;
  return grown;
}

}  // namespace am::render
