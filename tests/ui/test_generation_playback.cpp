// Writing with the KV cache (greedy, counted), and the drum's playback clock.
#include <catch2/catch.hpp>

#include "am/model/alphabet.hpp"
#include "am/model/forward.hpp"
#include "am/engine/generation.hpp"
#include "am/ui/live_numbers.hpp"
#include "am/ui/playback.hpp"

using namespace am;
using namespace am::ui;
using namespace am::engine;

TEST_CASE("greedy writing matches full forward passes, and the counts add up", "[generation]") {
  const Weights w = random_weights(3);
  const std::vector<int> prompt = encode("the qu");
  const Generation g = generate_greedy(w, prompt, HeadMask{}, 4);
  REQUIRE(g.text.size() == 4);
  std::vector<int> ids = prompt;
  for (char c : g.text) {
    const Activations a = forward(w, ids);
    CHECK(id_to_char(top_guesses(a, a.length() - 1, 1)[0].id) == c);
    ids.push_back(char_to_id(c));
  }
  // With the cache: one query per fed character against every key so far, 8 heads.
  // Fed: 6 prompt + 3 written (the last one needs no guess) = 9 characters.
  CHECK(g.dots_with_cache == 8 * (9 * 10 / 2));
  // Without: the prompt once (6), then a full pass at 7, 8 and 9 characters.
  CHECK(g.dots_without_cache == 8 * (21 + 28 + 36 + 45));
  CHECK(g.dots_without_cache > g.dots_with_cache);
}

TEST_CASE("reading only, the cache versus a full pass per prefix", "[generation]") {
  const Weights w = random_weights(3);
  const Generation g = generate_greedy(w, encode("abcd"), HeadMask{}, 0);
  CHECK(g.text.empty());
  CHECK(g.dots_with_cache == 8 * 10);
  CHECK(g.dots_without_cache == 8 * (1 + 3 + 6 + 10));
  CHECK(generate_greedy(w, {}, HeadMask{}, 5).text.empty());
}

TEST_CASE("playback walks the checkpoints and stops at the end", "[playback]") {
  const std::vector<std::int64_t> steps = {0, 100, 200, 300};
  AppState s;
  s.step = 300;
  toggle_playback(s, steps);  // at the end: starts again from the first checkpoint
  CHECK(s.playing);
  CHECK(s.step == 0);
  CHECK_FALSE(advance_playback(s, steps, kSecondsPerCheckpoint * 0.5));
  CHECK(advance_playback(s, steps, kSecondsPerCheckpoint * 0.6));
  CHECK(s.step == 100);
  CHECK(advance_playback(s, steps, kSecondsPerCheckpoint * 10));
  CHECK(s.step == 300);
  CHECK_FALSE(s.playing);
  toggle_playback(s, steps);
  toggle_playback(s, steps);
  CHECK_FALSE(s.playing);
  CHECK_FALSE(advance_playback(s, steps, 1.0));
}
