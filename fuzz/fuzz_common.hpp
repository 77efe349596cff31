// Shared by the file-format fuzz targets: a broken promise is a finding, like a crash.
#pragma once

#include <cstdio>
#include <cstdlib>

namespace am::fuzz {

[[noreturn]] inline void broken(const char* target, const char* promise) {
  std::fprintf(stderr, "%s: broken promise: %s\n", target, promise);
  std::abort();
}

}  // namespace am::fuzz
