// Steady-state frames must not touch the heap: the scene reuses every vector,
// label string and tube point list from the previous frame.
#include <catch2/catch.hpp>

#include <atomic>
#include <cstdlib>
#include <new>

#include "machine_fixture.hpp"

namespace {
std::atomic<long> g_allocations{0};
}  // namespace

// Counts every allocation in this test executable (the count is read only around build_scene).
void* operator new(std::size_t n) {
  ++g_allocations;
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

using namespace am;
using namespace am::machine;
using namespace am::machine::test;

TEST_CASE("rebuilding an animated scene into the same Scene allocates nothing", "[scene][perf]") {
  std::string text;
  for (int i = 0; i < 64; ++i) text += "the queen. "[i % 11];
  Fixture f(text, 4, *HeadMask::parse("L2H4"));
  f.input.view.highlight_path = true;
  f.input.view.path_heads[0] = std::make_pair(0, 3);
  f.input.view.path_heads[1] = std::make_pair(1, 3);
  for (int i = 0; i <= 90; ++i) {
    f.input.training.steps.push_back(i * 100);
    f.input.training.loss.push_back(3.0f - 0.01f * static_cast<float>(i));
  }
  Scene scene;
  build_scene(f.input, scene);
  f.input.time_seconds = 0.5;
  const long before = g_allocations.load();
  build_scene(f.input, scene);
  const long after = g_allocations.load();
  CHECK(after - before == 0);
  CHECK(scene.draw.instance_count() > 10000);
}
