// Growing a streamed GL buffer to what a frame needs (grown_capacity's doubling, up to
// a limit): one place for the five buffers that do it (instances, tube vertices and
// indices, label quads, stripe colours).
#pragma once

#include <glad/gl.h>

#include <cstddef>
#include <limits>

namespace am::render {

// With the buffer bound to `target`: if `needed` elements do not fit in `capacity`,
// re-creates its store (contents lost) with room for grown_capacity(capacity, needed),
// at most `limit`, and updates `capacity`. Returns true when it did.
bool reserve_stream_buffer(GLenum target, std::size_t& capacity, std::size_t needed,
                           std::size_t element_bytes,
                           std::size_t limit = std::numeric_limits<std::size_t>::max());

}  // namespace am::render
