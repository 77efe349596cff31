// The background caches: every checkpoint computed for the latest request, a new
// request replaces the old one, and a frame can always get its pass at once.
#include <catch2/catch.hpp>

#include <atomic>
#include <set>
#include <thread>

#include "am/model/forward.hpp"
#include "am/engine/checkpoint_cache.hpp"

using namespace am;
using namespace am::engine;

namespace {

std::vector<Weights> make_checkpoints(int n) {
  std::vector<Weights> out;
  for (int i = 0; i < n; ++i) out.push_back(random_weights(static_cast<std::uint64_t>(100 + i)));
  return out;
}

bool same(const Activations& a, const Activations& b) { return a.block() == b.block(); }

}  // namespace

TEST_CASE("the cache computes every checkpoint for the current text", "[cache]") {
  const std::vector<Weights> weights = make_checkpoints(6);
  std::atomic<int> calls{0};
  CheckpointCache cache(weights.size(), [&](std::size_t i, std::span<const int> ids, const HeadMask& pulled, const Activations*, Activations& out) {
    ++calls;
    forward(weights[i], ids, pulled, out);
  });
  CHECK(cache.get(0) == nullptr);  // nothing requested yet
  const std::vector<int> ids = {1, 2, 3, 4, 5};
  cache.request(ids, HeadMask{}, 3);
  cache.wait_idle();
  CHECK(cache.ready() == 6);
  CHECK(calls == 6);  // no intact pass when no head is pulled
  for (std::size_t i = 0; i < weights.size(); ++i) {
    const auto pass = cache.peek(i);
    REQUIRE(pass);
    CHECK_FALSE(pass->has_intact);
    CHECK(same(pass->acts, forward(weights[i], ids)));
  }
  cache.request(ids, HeadMask{}, 0);  // the same request again: nothing recomputed
  cache.wait_idle();
  CHECK(calls == 6);
}

TEST_CASE("a new request replaces the old results, with intact passes when heads are pulled", "[cache]") {
  const std::vector<Weights> weights = make_checkpoints(4);
  CheckpointCache cache(weights.size(), [&](std::size_t i, std::span<const int> ids, const HeadMask& pulled, const Activations* intact, Activations& out) {
    if (intact) forward_reusing(weights[i], ids, pulled, *intact, HeadMask{}, out);  // as the app does
    else forward(weights[i], ids, pulled, out);
  });
  cache.request({1, 2, 3}, HeadMask{}, 0);
  const std::uint64_t first = cache.generation();
  HeadMask pulled;
  pulled.pulled[1][3] = true;
  const std::vector<int> ids = {7, 8, 9, 10};
  cache.request(ids, pulled, 2);
  CHECK(cache.generation() == first + 1);
  cache.wait_idle();
  for (std::size_t i = 0; i < weights.size(); ++i) {
    const auto pass = cache.peek(i);
    REQUIRE(pass);
    CHECK(pass->generation == first + 1);
    CHECK(pass->acts.length() == 4);
    CHECK(same(pass->acts, forward(weights[i], ids, pulled)));
    REQUIRE(pass->has_intact);
    CHECK(same(pass->intact, forward(weights[i], ids)));
    CHECK(same(pass->intact_or_live(), pass->intact));
  }
}

TEST_CASE("get computes at once when the worker has not reached a checkpoint", "[cache]") {
  const std::vector<Weights> weights = make_checkpoints(3);
  std::atomic<bool> release{false};
  const std::thread::id caller = std::this_thread::get_id();
  CheckpointCache cache(weights.size(), [&](std::size_t i, std::span<const int> ids, const HeadMask& pulled, const Activations*, Activations& out) {
    // Both sweep threads are held back; the calling thread is not (it passes through at once).
    if (std::this_thread::get_id() != caller)
      while (!release) std::this_thread::yield();
    forward(weights[i], ids, pulled, out);
  });
  const std::vector<int> ids = {3, 1, 4, 1, 5};
  cache.request(ids, HeadMask{}, 0);  // the worker starts with checkpoint 0 and waits there
  const auto pass = cache.get(2);
  REQUIRE(pass);
  CHECK(same(pass->acts, forward(weights[2], ids)));
  CHECK(cache.peek(2) == pass);
  release = true;
  cache.wait_idle();
  CHECK(cache.ready() == 3);
}

TEST_CASE("a new text reuses the old passes, but never one a frame still holds", "[cache]") {
  const std::vector<Weights> weights = make_checkpoints(5);
  CheckpointCache cache(weights.size(), [&](std::size_t i, std::span<const int> ids, const HeadMask& pulled, const Activations*, Activations& out) {
    forward(weights[i], ids, pulled, out);
  });
  const std::vector<int> first = {1, 2, 3, 4, 5, 6}, second = {9, 8, 7, 6, 5, 4};
  cache.request(first, HeadMask{}, 0);
  cache.wait_idle();
  std::set<const CachedPass*> old_passes;
  for (std::size_t i = 0; i < weights.size(); ++i) old_passes.insert(cache.peek(i).get());
  const std::shared_ptr<const CachedPass> held = cache.peek(2);  // a frame is drawing this one
  const Activations held_copy = held->acts;

  cache.request(second, HeadMask{}, 0);
  cache.wait_idle();
  std::set<const CachedPass*> new_passes;
  for (std::size_t i = 0; i < weights.size(); ++i) {
    const auto pass = cache.peek(i);
    REQUIRE(pass);
    CHECK(same(pass->acts, forward(weights[i], second)));
    new_passes.insert(pass.get());
  }
  CHECK(new_passes.count(held.get()) == 0);  // the held pass was not written over...
  CHECK(same(held->acts, held_copy));         // ...and still shows the old text
  std::size_t reused = 0;
  for (const CachedPass* p : new_passes) reused += old_passes.count(p);
  CHECK(reused == weights.size() - 1);  // every other pass was recycled, none allocated
}

TEST_CASE("a bounded cache keeps the checkpoints nearest the drum and computes the rest on demand", "[cache]") {
  const std::vector<Weights> weights = make_checkpoints(30);
  std::atomic<int> calls{0};
  CheckpointCache cache(weights.size(), [&](std::size_t i, std::span<const int> ids, const HeadMask& pulled, const Activations*, Activations& out) {
    ++calls;
    forward(weights[i], ids, pulled, out);
  }, /*capacity=*/5);
  CHECK(cache.target() == 5);
  const std::vector<int> ids = {2, 7, 1, 8, 2, 8};
  cache.request(ids, HeadMask{}, 10);
  cache.wait_idle();
  CHECK(cache.ready() == 5);
  CHECK(calls == 5);
  for (std::size_t i = 0; i < weights.size(); ++i) CHECK((cache.peek(i) != nullptr) == (i >= 8 && i <= 12));

  // A checkpoint far from the drum: computed at once and right, and not kept (the drum is at 10).
  const auto far = cache.get(25);
  REQUIRE(far);
  CHECK(same(far->acts, forward(weights[25], ids)));
  CHECK(cache.peek(25) == nullptr);
  CHECK(cache.ready() == 5);

  // The drum turns to 26: the five nearest 26 are cached, the old ones dropped.
  cache.request(ids, HeadMask{}, 26);
  cache.wait_idle();
  CHECK(cache.ready() == 5);
  for (std::size_t i = 0; i < weights.size(); ++i) CHECK((cache.peek(i) != nullptr) == (i >= 24 && i <= 28));
  for (std::size_t i = 24; i <= 28; ++i) CHECK(same(cache.peek(i)->acts, forward(weights[i], ids)));
  const int before = calls;
  cache.request(ids, HeadMask{}, 26);  // nothing new to do
  cache.wait_idle();
  CHECK(calls == before);
}

TEST_CASE("a pass computed past the cached ones is kept as a spare and reused by the next", "[cache]") {
  const std::vector<Weights> weights = make_checkpoints(30);
  CheckpointCache cache(
      weights.size(),
      [&](std::size_t i, std::span<const int> ids, const HeadMask& pulled, const Activations*,
          Activations& out) { forward(weights[i], ids, pulled, out); },
      /*capacity=*/5);
  const std::vector<int> ids = {2, 7, 1, 8, 2, 8};
  cache.request(ids, HeadMask{}, 10);
  cache.wait_idle();
  CHECK(cache.passes_alive() == 5);
  const CachedPass* first = nullptr;
  {
    const auto far = cache.get(25);  // a scrub far from the drum: the caller's only
    REQUIRE(far);
    first = far.get();
  }
  CHECK(cache.passes_alive() == 6);  // let go of, but its memory stays as a spare
  const auto next = cache.get(27);
  REQUIRE(next);
  CHECK(next.get() == first);  // reused, not allocated anew
  CHECK(same(next->acts, forward(weights[27], ids)));
  CHECK(cache.passes_alive() == 6);
}

TEST_CASE("scrubbing and typing never hold more than twice the cache's capacity in passes", "[cache]") {
  const std::vector<Weights> weights = make_checkpoints(40);
  CheckpointCache cache(weights.size(), [&](std::size_t i, std::span<const int> ids, const HeadMask& pulled, const Activations*, Activations& out) {
    forward(weights[i], ids, pulled, out);
  }, /*capacity=*/4);
  HeadMask pulled;
  pulled.pulled[0][2] = true;
  for (int round = 0; round < 6; ++round) {
    const std::vector<int> ids(static_cast<std::size_t>(8 + round), round);
    const HeadMask heads = round % 2 ? pulled : HeadMask{};
    for (std::size_t drum = 0; drum < weights.size(); drum += 3) {
      cache.request(ids, heads, drum);
      const auto pass = cache.get(drum);  // a frame at this checkpoint
      REQUIRE(pass);
      CHECK(same(pass->acts, forward(weights[drum], ids, heads)));
    }
    cache.wait_idle();
    CHECK(cache.ready() == 4);
    CHECK(cache.passes_alive() <= 2 * 4);
  }
}

TEST_CASE("destroying a busy cache stops its worker", "[cache]") {
  const std::vector<Weights> weights = make_checkpoints(40);
  {
    CheckpointCache cache(weights.size(), [&](std::size_t i, std::span<const int> ids, const HeadMask& pulled, const Activations*, Activations& out) {
      forward(weights[i], ids, pulled, out);
    });
    cache.request(std::vector<int>(64, 3), HeadMask{}, 20);
  }  // must join promptly, without crashing
  SUCCEED();
}

TEST_CASE("the ablation curve fills every checkpoint for the latest heads", "[cache]") {
  AblationCurve curve(5, [](std::size_t i, const HeadMask& pulled) -> std::optional<double> {
    return 0.1 * static_cast<double>(i) + 0.01 * pulled.count();
  });
  HeadMask two;
  two.pulled[0][0] = two.pulled[1][1] = true;
  curve.request(two, 4);
  curve.wait_idle();
  const auto values = curve.values();
  REQUIRE(values.size() == 5);
  for (std::size_t i = 0; i < 5; ++i) {
    REQUIRE(values[i].has_value());
    CHECK(*values[i] == Approx(0.1 * static_cast<double>(i) + 0.02));
  }
  curve.request(HeadMask{}, 0);
  curve.wait_idle();
  CHECK(*curve.at(3) == Approx(0.3));
  CHECK(curve.pulled() == HeadMask{});
}
