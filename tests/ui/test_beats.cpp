// The beat player's steps, and every chapter's beats: their count follows the text, each
// has a caption built from the pass, and quotes exactly the contract's names.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <memory>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "am/machine/beat_notes.hpp"
#include "am/machine/scene.hpp"
#include "am/model/alphabet.hpp"
#include "am/model/analysis_summary.hpp"
#include "am/model/forward.hpp"
#include "am/model/safetensors.hpp"
#include "am/ui/beats.hpp"
#include "am/ui/text_format.hpp"

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
      {3, {"scores", "exp", "exp_sum", "weights", "shift", "bars", "bars_sum"}},
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

namespace {

const std::filesystem::path kRepeated = std::filesystem::path(AM_SOURCE_DIR) / "weights" / "repeated";

// A pass on the shipped, trained checkpoint with its analysis (the copy path L1H4 -> L2H4),
// every question answered, and the notes the machine draws beside the parts for a beat.
struct TrainedPass {
  std::shared_ptr<const Weights> weights;
  AnalysisSummary analysis;
  AppState state;
  Activations acts;
  ChapterContext c;
  explicit TrainedPass(const std::string& text) {
    auto w = load_weights(kRepeated / "step_009000.safetensors");
    REQUIRE(w);
    weights = std::make_shared<const Weights>(std::move(*w));
    std::ifstream file(kRepeated / "analysis.json");
    std::stringstream json;
    json << file.rdbuf();
    auto a = parse_analysis_summary(json.str());
    REQUIRE(a);
    analysis = std::move(*a);
    set_text(state, text);
    acts = forward(*weights, encode(read_text(state)));
    c.state = &state;
    c.acts = &acts;
    c.weights = weights;
    c.analysis = &analysis;
  }
  Beat beat(int chapter, int index) {
    state.chapter = chapter;
    state.predict = PredictState{.chapter = chapter, .revealed = true};
    return chapter_beats(chapter)->at(c, index);
  }
  std::vector<std::string> notes(const Beat& b) const {
    machine::SceneInput in;
    in.acts = &acts;
    in.text = read_text(state);
    in.selected_position = state.selected_position;
    in.selected_layer = state.selected_layer;
    in.selected_head = state.selected_head;
    in.beat = b.stage;
    machine::Scene scene;
    machine::build_scene(in, scene);
    std::vector<std::string> out;
    for (const machine::ScreenNote& n : scene.notes) out.push_back(n.text);
    return out;
  }
};

// Whether a text holds a number with six or more digits before its point.
bool has_long_number(const std::string& text) { return std::regex_search(text, std::regex("[0-9]{6,}")); }

// Each sentence starts with a capital, a digit or a quote mark, never a lowercase letter.
void check_sentence_starts(const std::string& caption) {
  INFO(caption);
  CHECK_FALSE((caption[0] >= 'a' && caption[0] <= 'z'));
  for (std::size_t at = caption.find(". "); at != std::string::npos; at = caption.find(". ", at + 1))
    CHECK_FALSE((caption[at + 2] >= 'a' && caption[at + 2] <= 'z'));
}

}  // namespace

TEST_CASE("chapter 3's bars stay readable when the scores are large, and still give the weights", "[beats]") {
  TrainedPass pass("the queen. the qu");
  select_head(pass.state, 1, 3);  // L2H4: scores up to 41, exp(41) has 18 digits
  const int q = pass.acts.length() - 1;
  const machine::SoftmaxRow row = machine::softmax_row(pass.acts, 1, 3, q);
  const machine::ShownSoftmax shown = machine::shown_softmax(row);
  REQUIRE(shown.shifted);
  CHECK(shown.shift == Approx(*std::max_element(row.scores.begin(), row.scores.end())));
  for (int i = 0; i < 4; ++i) {
    const Beat b = pass.beat(3, i);
    INFO("beat " << i << ": " << b.caption);
    CHECK_FALSE(has_long_number(b.caption));
    for (const std::string& n : pass.notes(b)) CHECK_FALSE(has_long_number(n));
    // The bars shown, divided by their sum, are the recorded weights.
    const auto* bars = machine::find_number(b.numbers, "bars");
    const auto* sum = machine::find_number(b.numbers, "bars_sum");
    const auto* weights = machine::find_number(b.numbers, "weights");
    REQUIRE((bars && sum && weights));
    REQUIRE(bars->values.size() == static_cast<std::size_t>(q + 1));
    for (std::size_t j = 0; j < bars->values.size(); ++j) {
      CHECK(bars->values[j] / sum->values[0] == Approx(weights->values[j]).margin(1e-6));
      CHECK(weights->values[j] ==
            Approx(pass.acts.layers[1].weights[(3 * (q + 1) + q) * (q + 1) + j]).margin(1e-7));
    }
  }
  // The caption says what was taken away, and divides by the sum the bars show.
  CHECK(pass.beat(3, 0).caption.find("exp(score \u2212 " + fmt_fixed(shown.shift, 2) + ")") !=
        std::string::npos);
  const Beat divide = pass.beat(3, 2);
  CHECK(divide.caption.find("divided by " + fmt_fixed(shown.sum, 2) + ":") != std::string::npos);
  CHECK(divide.caption.find("the weights are the same") != std::string::npos);
  const std::vector<std::string> notes = pass.notes(divide);
  REQUIRE(notes.size() == 1);
  CHECK(notes[0] == fmt_fixed(shown.bars[divide.stage.key], 2) + " \u00f7 " + fmt_fixed(shown.sum, 2) +
                        " = " + fmt_fixed(row.weights[divide.stage.key], 2));
  // Small scores keep the plain exp(score) (L1H2: 143.82 ÷ 358.53 reads well).
  select_head(pass.state, 0, 1);
  const machine::ShownSoftmax plain = machine::shown_softmax(machine::softmax_row(pass.acts, 0, 1, q));
  CHECK_FALSE(plain.shifted);
  CHECK(pass.beat(3, 0).caption.find("exp(score),") != std::string::npos);
  CHECK(pass.beat(3, 2).caption.find("divided by " + fmt_fixed(plain.sum, 2) + ":") != std::string::npos);
}

TEST_CASE("a beat that adds into the tube names the same band in its caption and its note", "[beats]") {
  TrainedPass pass("the queen. the qu");
  const int q = pass.acts.length() - 1;
  struct Step {
    int chapter, index;
    machine::BeatOp op;
    int layer;
  };
  for (const Step& s :
       {Step{1, 2, machine::BeatOp::kAddBands, 0}, Step{4, 2, machine::BeatOp::kAddIntoStream, 0},
        Step{5, 2, machine::BeatOp::kMlpAddsBack, kLayers - 1}}) {
    const Beat b = pass.beat(s.chapter, s.index);
    INFO("chapter " << s.chapter << ": " << b.caption);
    REQUIRE(b.stage.op == s.op);
    const machine::BandSum band = machine::beat_band(pass.acts, s.op, s.layer, q);
    REQUIRE(band.band >= 0);
    const std::string sum = machine::sum_text(band.before, band.added, band.after);
    CHECK(b.caption.find("In band " + std::to_string(band.band + 1) + ",") != std::string::npos);
    CHECK(b.caption.find(sum) != std::string::npos);
    CHECK(b.caption.find("+ -") == std::string::npos);
    // The note above the bands: the same band, the same sum.
    const std::vector<std::string> notes = pass.notes(b);
    REQUIRE(notes.size() == 1);
    CHECK(notes[0] == "band " + std::to_string(band.band + 1) + ": " + sum);
    // Its numbers are the recorded ones, and they add up.
    CHECK(band.before + band.added == Approx(band.after).margin(1e-5));
  }
}

TEST_CASE("beat captions start their sentences with a capital, the space included", "[beats]") {
  TrainedPass pass("the queen. the qu");
  // Chapter 4's first beat names the character that weighs most; find a place where it is the space.
  bool space_weighs_most = false, space_leads = false;
  for (int q = 0; q < pass.acts.length(); ++q) {
    REQUIRE(select_position(pass.state, q));
    for (int chapter : {0, 1, 2, 3, 4, 5, 7, 10}) {
      pass.state.chapter = chapter;
      const int count = std::min(beat_count(pass.state), 4);
      CHECK(count >= 1);
      for (int i = 0; i < count; ++i) check_sentence_starts(pass.beat(chapter, i).caption);
    }
    const Beat mix = pass.beat(4, 0);
    CHECK(mix.caption.find("'s weighs") == std::string::npos);
    if (read_text(pass.state)[static_cast<std::size_t>(mix.stage.key)] == ' ') {
      space_weighs_most = true;
      CHECK(mix.caption.find("The space weighs most, ") != std::string::npos);
    }
    const Beat guess = pass.beat(5, 3);
    if (guess.stage.key == char_to_id(' ')) {
      space_leads = true;
      CHECK(guess.caption.find(". The space leads with ") != std::string::npos);
    }
  }
  CHECK(space_weighs_most);
  CHECK(space_leads);
}

TEST_CASE("chapter 7's beats say where the copying head's weight really goes", "[beats]") {
  SECTION("a copy found: the place right after the earlier character") {
    TrainedPass pass("the queen. the qu");
    select_head(pass.state, 1, 3);  // the chapter lifts the copying head
    const Beat match = pass.beat(7, 1);
    const machine::WeightLook look = machine::weight_look(pass.acts, read_text(pass.state), 1, 3, 16);
    REQUIRE(look.after_copy);
    CHECK(match.stage.key == look.key);
    CHECK(match.caption.find("It finds place " + std::to_string(look.key + 1) +
                             ", \u201ce\u201d, right after the "
                             "\u201cu\u201d at place " +
                             std::to_string(look.key)) != std::string::npos);
    CHECK(pass.beat(7, 2).caption.find("to \u201cu\u201d at the end of the text") != std::string::npos);
    const std::vector<std::string> notes = pass.notes(match);
    REQUIRE(notes.size() == 1);
    CHECK(notes[0].find("copies e") != std::string::npos);
  }
  SECTION("the heaviest place does not follow an earlier copy: no claim that it found one") {
    TrainedPass pass("abc def. abc d");
    select_head(pass.state, 1, 3);
    const Beat match = pass.beat(7, 1);
    INFO(match.caption);
    const machine::WeightLook look = machine::weight_look(pass.acts, read_text(pass.state), 1, 3, 13);
    REQUIRE_FALSE(look.after_copy);
    REQUIRE(look.key == 9);  // "a", after the space
    CHECK(match.caption.find("It finds place") == std::string::npos);
    CHECK(match.caption.find("It does not find one: its heaviest weight, " + fmt_fixed(look.weight, 2) +
                             ", goes to place 10, \u201ca\u201d, which comes after the space, not after "
                             "\u201cd\u201d.") != std::string::npos);
    CHECK(match.caption.find("place 6, gets only " + fmt_fixed(look.match_weight, 2)) != std::string::npos);
    const std::vector<std::string> notes = pass.notes(match);
    REQUIRE(notes.size() == 1);
    CHECK(notes[0].find("copies") == std::string::npos);
    CHECK(notes[0].find("not d") != std::string::npos);
    const Beat copy = pass.beat(7, 2);
    CHECK(copy.caption.find("That is no copy") != std::string::npos);
    CHECK(copy.caption.find("carries what stands there") == std::string::npos);
  }
  SECTION("the head keeps its weight on the query itself: no 'copies from' at weight 0.00") {
    TrainedPass pass("the cat sat on the mat. ");
    select_head(pass.state, 1, 3);
    for (int i = 1; i < 3; ++i) {
      const Beat b = pass.beat(7, i);
      INFO(b.caption);
      const auto* w = machine::find_number(b.numbers, "weight");
      REQUIRE(w);
      CHECK(w->values[0] > 0.005);  // the place named is where the weight is
      CHECK(b.caption.find("finds place") == std::string::npos);
      CHECK(b.caption.find("weight 0.00") == std::string::npos);
      CHECK(b.caption.find("stays on the space itself") != std::string::npos);
      CHECK(b.caption.find("earlier the space") == std::string::npos);
    }
    const std::vector<std::string> notes = pass.notes(pass.beat(7, 1));
    REQUIRE(notes.size() == 1);
    CHECK(notes[0].find("copies") == std::string::npos);
    CHECK(notes[0].find("itself (sp)") != std::string::npos);
  }
  SECTION("a selected place before the end: the words name that place") {
    TrainedPass pass("the queen. the qu");
    for (int q = 0; q + 1 < pass.acts.length(); ++q) {
      REQUIRE(select_position(pass.state, q));
      for (int i = 0; i < 3; ++i) {
        const Beat b = pass.beat(7, i);
        INFO("place " << q + 1 << ": " << b.caption);
        CHECK(b.caption.find("end of the text") == std::string::npos);
        CHECK(b.stage.query == q);
      }
      const machine::WeightLook look = machine::weight_look(pass.acts, read_text(pass.state), 1, 3, q);
      if (look.after_copy && look.key != q)
        CHECK(pass.beat(7, 2).caption.find(" at place " + std::to_string(q + 1) + ":") != std::string::npos);
    }
  }
}
