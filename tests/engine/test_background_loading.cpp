// Loading in the background: the engine lists every checkpoint at once, shows the final
// one first, and a step not read yet is shown through the nearest one that is, without
// the window's thread ever waiting; the checkpoint then arrives bit for bit as a full load
// reads it. A checkpoint that fails leaves the list only once loading is over.
#include <catch2/catch.hpp>

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "../model/shipped_copy.hpp"
#include "am/model/alphabet.hpp"
#include "am/model/forward.hpp"
#include "am/engine/engine_caches.hpp"
#include "am/engine/model_engine.hpp"

using namespace am;
using namespace am::engine;
using am::test::ShippedCopy;

namespace {

// Holds the loading thread before one checkpoint until the test opens it.
struct Gate {
  std::mutex mutex;
  std::condition_variable cv;
  std::size_t held = 0;
  bool open = false;
  void before(std::size_t i) {
    std::unique_lock lock(mutex);
    cv.wait(lock, [&] { return open || i != held; });
  }
  void release() {
    {
      const std::lock_guard lock(mutex);
      open = true;
    }
    cv.notify_all();
  }
};

// Polls until `done` holds, for at most ten seconds.
template <class F>
bool eventually(F done) {
  for (int i = 0; i < 2000 && !done(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  return done();
}

std::vector<int> ids_of(const std::string& text) {
  std::vector<int> ids;
  for (char c : text) ids.push_back(char_to_id(c));
  return ids;
}

}  // namespace

TEST_CASE("background loading shows the final checkpoint first and never waits on the window's thread",
          "[engine][loading]") {
  const ShippedCopy copy;
  auto full = ModelEngine::load(copy.dir());
  REQUIRE(full);
  const std::vector<std::int64_t> all = (*full)->checkpoint_steps();
  REQUIRE(all.size() > 20);
  constexpr std::size_t kHeld = 10;
  Gate gate;
  gate.held = kHeld;
  ModelEngine::OpenOptions options;
  options.background = true;
  options.before_load = [&gate](std::size_t i) { gate.before(i); };
  auto opened = ModelEngine::open(copy.dir(), options);
  REQUIRE(opened);
  ModelEngine& e = **opened;
  // Every checkpoint is listed at once, with the manifest's curves; the final one is in.
  CHECK(e.checkpoint_steps() == all);
  CHECK(e.training().steps() == all);
  CHECK(e.is_loaded(all.size() - 1));
  // Newest first: everything above the held one arrives, then the loader waits at it.
  REQUIRE(eventually([&] { return e.loaded_count() == all.size() - kHeld - 1; }));
  CHECK(e.loading());
  CHECK_FALSE(e.is_loaded(kHeld));
  CHECK_FALSE(e.is_loaded(0));
  CHECK(e.loaded_steps() == std::vector<std::int64_t>(all.begin() + kHeld + 1, all.end()));

  // The drum on the held checkpoint: the machine shows the nearest loaded one, at once.
  const std::int64_t wanted = all[kHeld];
  CHECK(e.nearest_index(wanted) == kHeld + 1);
  CHECK(e.weights_at(wanted)->step == all[kHeld + 1]);
  CHECK(e.weights_at(0) != nullptr);  // what a chapter reads at step 0 (EnginePort::chapter_context)
  const std::vector<int> ids = ids_of("the queen. the qu");
  {
    // The sweep's threads wait at the held checkpoint; the window's get() does not.
    auto cache = make_checkpoint_cache(e);
    cache->request(ids, HeadMask{}, e.nearest_index(wanted));
    const auto pass = cache->get(e.nearest_index(wanted));
    REQUIRE(pass);
    CHECK(pass->acts.probs[0] == forward(*(*full)->weights(kHeld + 1), ids).probs[0]);
    gate.release();
    cache->wait_idle();
    REQUIRE(eventually([&] { return !e.loading(); }));
    const auto arrived = cache->get(kHeld);
    REQUIRE(arrived);
    const Activations expected = forward(*(*full)->weights(kHeld), ids);
    CHECK(std::equal(expected.probs, expected.probs + ids.size() * kVocab, arrived->acts.probs));
  }
  CHECK(e.loaded_count() == all.size());
  CHECK(e.nearest_index(wanted) == kHeld);
  CHECK(e.weights(kHeld)->values == (*full)->weights(kHeld)->values);
  CHECK_FALSE(e.needs_drop());
}

TEST_CASE(
    "a checkpoint that fails in the background stays listed until drop_failed, then leaves with its reason",
    "[engine][loading][degrade]") {
  const ShippedCopy copy;
  copy.truncate("step_004000.safetensors", 17336);
  ModelEngine::OpenOptions options;
  options.background = true;
  auto opened = ModelEngine::open(copy.dir(), options);
  REQUIRE(opened);
  ModelEngine& e = **opened;
  REQUIRE(eventually([&] { return !e.loading(); }));
  REQUIRE(e.needs_drop());
  const std::size_t listed = e.checkpoint_steps().size();
  const auto index = e.checkpoint_index(4000);
  REQUIRE(index);
  CHECK_FALSE(e.is_loaded(*index));
  // Until then a pass there reads its nearest neighbour.
  CHECK(e.weights(*index)->step != 4000);
  const std::vector<std::string> messages = e.drop_failed();
  CHECK(messages ==
        std::vector<std::string>{"step 4,000: truncated, 17,336 of 56,996 bytes \u2014 left out"});
  CHECK(e.checkpoint_steps().size() == listed - 1);
  CHECK_FALSE(e.checkpoint_index(4000));
  CHECK(e.training().steps() == e.checkpoint_steps());
  CHECK(e.loaded_count() == listed - 1);
  CHECK(e.load_messages() == messages);
  CHECK_FALSE(e.needs_drop());
  // The renumbered checkpoints read their own weights (the widened set was forgotten).
  for (std::size_t i = 0; i < e.checkpoint_steps().size(); i += 17)
    CHECK(e.weights(i)->step == e.checkpoint_steps()[i]);
}

TEST_CASE("an engine closed while it is still loading stops its loader", "[engine][loading]") {
  const ShippedCopy copy;
  std::atomic<int> reads{0};
  ModelEngine::OpenOptions options;
  options.background = true;
  options.before_load = [&reads](std::size_t) {
    ++reads;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  };
  std::size_t listed = 0;
  {
    auto opened = ModelEngine::open(copy.dir(), options);
    REQUIRE(opened);
    listed = (*opened)->checkpoint_steps().size();
    REQUIRE(eventually([&] { return reads >= 3; }));
  }  // the destructor returns instead of reading every checkpoint first
  CHECK(reads < static_cast<int>(listed));
}

TEST_CASE("a folder where nothing loads is refused in the background too, every reason in step order",
          "[engine][loading][degrade]") {
  const ShippedCopy copy;
  for (const auto& e : std::filesystem::directory_iterator(copy.dir()))
    if (e.path().extension() == ".safetensors") copy.truncate(e.path().filename().string(), 100);
  ModelEngine::OpenOptions options;
  options.background = true;
  auto opened = ModelEngine::open(copy.dir(), options);
  REQUIRE_FALSE(opened);
  const std::string& why = opened.error();
  CHECK(why.find("no usable checkpoint") != std::string::npos);
  const auto first = why.find("step 0: ");
  const auto last = why.find("step 9,000: ");
  REQUIRE(first != std::string::npos);
  REQUIRE(last != std::string::npos);
  CHECK(first < last);
}
