// Write types what the model wrote into the text, one character at a time, at the beat
// player's speed; chapter 10's beats follow the newest character (its row of the grid).
#include <catch2/catch.hpp>

#include "am/ui/beats.hpp"
#include "am/ui/write_typing.hpp"

using namespace am::ui;

TEST_CASE("Write types its characters one at a time, and chapter 10 shows the newest one's row", "[beats]") {
  AppState s;
  s.chapter = 10;
  set_text(s, "the queen");
  s.generated.text = " said";
  start_typing(s, s.generated.text);
  CHECK(advance_typing(s, kSecondsPerTypedCharacter * 0.9) == 0);
  CHECK(s.raw_text == "the queen");
  CHECK(advance_typing(s, kSecondsPerTypedCharacter * 0.2) == 1);
  CHECK(s.raw_text == "the queen ");
  CHECK(s.own_text);
  CHECK(beat_count(s) == 11);  // the grid, then one beat per character
  CHECK(s.beat.index == 10);   // the space's row, against the 9 cached keys
  CHECK_FALSE(s.beat.playing);
  s.beat.speed = 2.0f;  // twice as fast: two characters in 0.9 of a 1x interval
  CHECK(advance_typing(s, kSecondsPerTypedCharacter * 0.9) == 2);
  CHECK(s.raw_text == "the queen sa");
  CHECK(s.beat.index == 12);
  s.settings.reduced_motion = true;  // the rest at once
  CHECK(advance_typing(s, 0.0) == 2);
  CHECK(s.raw_text == "the queen said");
  CHECK(s.generated.text == " said");  // the record of what was written stays
  CHECK(s.typing.into_text);
  CHECK(advance_typing(s, 1.0) == 0);
  clear_written(s);
  CHECK(s.generated.text.empty());
  CHECK_FALSE(s.typing.into_text);
}

TEST_CASE("typing leaves the beat alone in a chapter whose beats do not follow it", "[beats]") {
  AppState s;
  s.chapter = 2;
  set_text(s, "abc");
  s.beat = {.chapter = 2, .index = 1, .progress = 0.5, .playing = true};
  start_typing(s, "d");
  CHECK(advance_typing(s, kSecondsPerTypedCharacter) == 1);
  CHECK(s.raw_text == "abcd");
  CHECK(s.beat.index == 1);
  CHECK(s.beat.playing);
}
