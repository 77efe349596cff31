#include "stream_buffer.hpp"

#include <algorithm>

#include "am/render/buffer_growth.hpp"

namespace am::render {

bool reserve_stream_buffer(GLenum target, std::size_t& capacity, std::size_t needed,
                           std::size_t element_bytes, std::size_t limit) {
  if (needed <= capacity) return false;
  capacity = std::min(grown_capacity(capacity, needed), limit);
  glBufferData(target, static_cast<GLsizeiptr>(capacity * element_bytes), nullptr, GL_STREAM_DRAW);
  return true;
}

}  // namespace am::render
