// The beat player's steps, and every chapter's beats: their count follows the text, each
// has a caption built from the pass, and quotes exactly the contract's names.
#include <catch2/catch.hpp>

#include <set>
#include <string>

#include "am/model/alphabet.hpp"
#include "am/model/forward.hpp"
#include "am/ui/beats.hpp"

using namespace am;
using namespace am::ui;

TEST_CASE("the beat player plays, pauses, steps and stops at the end", "[beats]") {
  BeatPlayer p;
  toggle_beats(p, 3);
  CHECK(p.playing);
  CHECK(p.index == 0);
  CHECK(p.progress == 0.0);
  advance_beats(p, 3, 2.0, 1.0, false);  // half a beat
  CHECK(p.progress == Approx(0.5));
  p.speed = 4.0f;
  advance_beats(p, 3, 2.0, 1.0, false);  // two beats at 4x
  CHECK(p.index == 2);
  CHECK(p.progress == Approx(0.5));
  advance_beats(p, 3, 2.0, 10.0, false);
  CHECK_FALSE(p.playing);
  CHECK(p.index == 2);
  CHECK(p.progress == 1.0);
  toggle_beats(p, 3);  // at the end: from the start again
  CHECK(p.index == 0);
  step_beat(p, 1, 3);
  CHECK_FALSE(p.playing);
  CHECK(p.index == 1);
  CHECK(p.progress == 1.0);
  step_beat(p, -5, 3);
  CHECK(p.index == 0);
  jump_to_beat(p, 99, 3);
  CHECK(p.index == 2);
  // Reduced motion: each beat shown whole at once, held for its time.
  BeatPlayer r;
  play_beats(r, 3);
  advance_beats(r, 3, 2.0, 0.5, true);
  CHECK(r.index == 0);
  CHECK(r.progress == 1.0);
  advance_beats(r, 3, 2.0, 2.0, true);
  CHECK(r.index == 1);
  CHECK(r.progress == 1.0);
}

namespace {

// A pass over `text` with random weights, and the chapter context the beats read.
struct Pass {
  Weights weights = random_weights(11);
  AppState state;
  Activations acts;
  ChapterContext c;
  explicit Pass(const std::string& text) {
    set_text(state, text);
    acts = forward(weights, encode(read_text(state)));
    c.state = &state;
    c.acts = &acts;
  }
};

}  // namespace

TEST_CASE("every chapter's beats quote the contract's names, from the pass", "[beats]") {
  Pass pass("the queen. the qu");
  AppState& state = pass.state;
  const ChapterContext& c = pass.c;
  const std::map<int, std::set<std::string>> contract = {
      {1, {"embedding", "position", "sum"}},
      {2, {"layer", "head", "query_position", "key_position", "query", "key", "products", "dot", "score"}},
      {3, {"scores", "exp", "exp_sum", "weights"}},
      {4, {"weights", "head_output", "attention_out", "stream_before", "stream_after"}},
      {5, {"mlp_pre", "mlp_post", "mlp_out", "probabilities"}},
      {10, {"scores_computed", "cached_keys", "dot_products_with_cache", "dot_products_without_cache"}},
  };
  for (int chapter : {0, 1, 2, 3, 4, 5, 7, 10}) {
    state.chapter = chapter;
    const int count = beat_count(state);
    INFO("chapter " << chapter);
    CHECK(count >= 3);
    for (int i = 0; i < count; ++i) {
      const Beat b = chapter_beats(chapter)->at(c, i);
      CHECK(b.caption.size() > 20);
      CHECK(b.stage.op != machine::BeatOp::kNone);
      if (const auto it = contract.find(chapter); it != contract.end()) {
        std::set<std::string> names;
        for (const auto& n : b.numbers) names.insert(n.name);
        CHECK(names == it->second);
      }
    }
  }
  state.chapter = 2;
  CHECK(beat_count(state) == 17);  // one key per beat, up to the query
  CHECK(select_position(state, 4));
  CHECK(beat_count(state) == 5);
  state.chapter = 10;
  CHECK(beat_count(state) == 18);  // the whole grid, then each character through the cache
  state.chapter = 6;
  CHECK(beat_count(state) == 0);
  set_text(state, "");
  state.chapter = 2;
  CHECK(beat_count(state) == 0);
}

TEST_CASE("a beat's caption keeps the chapter's answer until Reveal", "[beats][promises]") {
  Pass pass("qzxv kplw qzxv kp");
  AppState& state = pass.state;
  const ChapterContext& c = pass.c;
  // Chapter 3 asks what one query's weights add up to; its divide beat says it once answered.
  state.chapter = 3;
  state.predict = PredictState{.chapter = 3};
  CHECK(chapter_beats(3)->at(c, 2).caption.find("add up to 1") == std::string::npos);
  state.predict.revealed = true;
  CHECK(chapter_beats(3)->at(c, 2).caption.find("add up to 1") != std::string::npos);
  // Chapter 7 asks what the favourite will be: the copy beat names no chance before Reveal.
  state.chapter = 7;
  state.predict = PredictState{.chapter = 7};
  const Beat hidden = chapter_beats(7)->at(c, 2);
  CHECK(hidden.caption.find('%') == std::string::npos);
  CHECK(machine::find_number(hidden.numbers, "probability") == nullptr);
  state.predict.revealed = true;
  CHECK(chapter_beats(7)->at(c, 2).caption.find('%') != std::string::npos);
}
