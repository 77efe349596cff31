// Steady-state frames must not touch the heap: the scene reuses every vector,
// label string and tube point list from the previous frame.
#include <catch2/catch.hpp>

#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <new>

#include "machine_fixture.hpp"

namespace {
std::atomic<long> g_allocations{0};
}  // namespace

// Counts every allocation in this test executable (the count is read only around build_scene).
// Every replaceable form of new and delete is replaced (plain, array, nothrow, aligned,
// sized): a form left to the library would pair its own allocator with our free(), which
// AddressSanitizer reports as an alloc-dealloc mismatch.
namespace {
void* counted_alloc(std::size_t n, std::size_t align) {
  ++g_allocations;
  if (align <= alignof(std::max_align_t)) return std::malloc(n ? n : 1);
  const std::size_t rounded = (n + align - 1) / align * align;  // aligned_alloc wants a multiple
  return std::aligned_alloc(align, rounded ? rounded : align);
}
void* counted_or_throw(std::size_t n, std::size_t align) {
  if (void* p = counted_alloc(n, align)) return p;
  throw std::bad_alloc();
}
constexpr std::size_t kPlain = alignof(std::max_align_t);
std::size_t as_size(std::align_val_t a) { return static_cast<std::size_t>(a); }
}  // namespace

void* operator new(std::size_t n) { return counted_or_throw(n, kPlain); }
void* operator new[](std::size_t n) { return counted_or_throw(n, kPlain); }
void* operator new(std::size_t n, const std::nothrow_t&) noexcept { return counted_alloc(n, kPlain); }
void* operator new[](std::size_t n, const std::nothrow_t&) noexcept { return counted_alloc(n, kPlain); }
void* operator new(std::size_t n, std::align_val_t a) { return counted_or_throw(n, as_size(a)); }
void* operator new[](std::size_t n, std::align_val_t a) { return counted_or_throw(n, as_size(a)); }
void* operator new(std::size_t n, std::align_val_t a, const std::nothrow_t&) noexcept {
  return counted_alloc(n, as_size(a));
}
void* operator new[](std::size_t n, std::align_val_t a, const std::nothrow_t&) noexcept {
  return counted_alloc(n, as_size(a));
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept { std::free(p); }

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
  CHECK(scene.parts.size() > 10000);  // a full scene: 12,288 bands alone
  CHECK(scene.draw.stripe_colors.size() == 12288);
}
