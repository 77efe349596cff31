// attention-machine: parses flags, then either prints engine output or opens the window.
#include <iostream>
#include <string>
#include <vector>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include "am/ui/chapters.hpp"
#include "app_window.hpp"
#include "cli.hpp"
#include "options.hpp"

#ifndef AM_VERSION
#define AM_VERSION "0.0.0"
#endif

int main(int argc, char** argv) {
#if defined(__GLIBC__)
  // Blocks of 128 kB and more (forward passes of long texts, llvmpipe's scenes and
  // textures) get their own mappings, returned to the system when freed. glibc's default
  // raises this threshold to the largest block freed so far, after which such blocks
  // come from the threads' arenas, whose holes a soak saw grow for as long as it ran
  // (issue 13). Setting it once keeps it fixed.
  (void)mallopt(M_MMAP_THRESHOLD, 128 * 1024);
#endif
  const std::vector<std::string> args(argv + 1, argv + argc);
  auto options = am::app::parse_options(args);
  if (!options) {
    std::cerr << "attention-machine: " << options.error() << "\n";
    return 2;
  }
  if (options->help) {
    std::cout << am::app::usage();
    return 0;
  }
  if (options->version) {
    std::cout << "attention-machine " << AM_VERSION << "\n";
    return 0;
  }
  if (options->list_chapters) {
    std::cout << am::ui::list_chapters();
    return 0;
  }
  if (options->json) return am::app::run_json(*options);
  return am::app::run_window(*options);
}
