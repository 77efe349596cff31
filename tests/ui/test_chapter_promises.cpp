// Every chapter keeps its promises, on both shipped runs: short words read aloud cleanly
// (no sentence twice, no doubled word, no code name, at most 150 words), a question's
// answer stays out of every word until Reveal, and each try-this does what it says.
#include <catch2/catch.hpp>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <regex>
#include <set>
#include <sstream>

#include "am/engine/model_engine.hpp"
#include "am/model/alphabet.hpp"
#include "am/model/forward.hpp"
#include "am/model/runs_index.hpp"
#include "am/ui/beats.hpp"
#include "am/ui/chapter_dump.hpp"
#include "am/ui/chapters.hpp"
#include "am/ui/engine_port.hpp"
#include "am/ui/live_numbers.hpp"
#include "am/ui/playback.hpp"
#include "am/ui/scene_bridge.hpp"
#include "am/ui/script.hpp"
#include "am/ui/script_runner.hpp"
#include "am/ui/state_dump.hpp"
#include "sentences.hpp"

using namespace am;
using namespace am::ui;
using namespace am::engine;

namespace {

const std::filesystem::path kWeights = std::filesystem::path(AM_SOURCE_DIR) / "weights";

// Both shipped runs, loaded once for the whole file.
struct Shelf {
  std::vector<RunInfo> infos;
  std::vector<std::unique_ptr<ModelEngine>> engines;
  std::vector<RunView> views;
  static Shelf& get() {
    static Shelf shelf = [] {
      Shelf s;
      auto runs = list_runs(kWeights);
      REQUIRE(runs);
      s.infos = *runs;
      for (const RunInfo& r : s.infos) {
        auto e = ModelEngine::load(r.dir);
        REQUIRE(e);
        s.engines.push_back(std::move(*e));
      }
      for (std::size_t i = 0; i < s.infos.size(); ++i)
        s.views.push_back({s.infos[i].name, s.infos[i].title, s.infos[i].arrangement,
                           &s.engines[i]->training(), s.engines[i]->analysis()});
      return s;
    }();
    return shelf;
  }
  std::size_t index_of(const std::string& name) const {
    for (std::size_t i = 0; i < infos.size(); ++i)
      if (infos[i].name == name) return i;
    return 0;
  }
};

// A state, its pass and its context, rebuilt after every change (as the session does).
struct Live {
  AppState state;
  Activations acts, intact;
  ChapterContext context;
  std::size_t run = 0;
  void refresh() {
    Shelf& s = Shelf::get();
    ModelEngine& e = *s.engines[run];
    state.run = s.infos[run].name;
    acts = e.forward(state.step, read_ids(state), state.pulled);
    intact = e.forward(state.step, read_ids(state), HeadMask{});
    context = EnginePort(e).chapter_context(state);
    context.acts = &acts;
    context.intact = &intact;
    context.runs = &s.views;
    context.run = state.run;
    context.shipped = &s.engines[0]->training();
  }
  static Live enter(std::size_t run, int chapter) {
    Shelf& s = Shelf::get();
    Live l;
    l.run = run;
    for (const RunInfo& r : s.infos) l.state.run_names.push_back(r.name);
    l.state.run = s.infos[run].name;
    l.state.step = s.engines[run]->checkpoint_steps().back();
    enter_chapter(l.state, *find_chapter(chapter), EnginePort(*s.engines[run]).chapter_context(l.state),
                  s.engines[run]->checkpoint_steps());
    l.refresh();
    return l;
  }
  void reveal() {
    state.predict = PredictState{state.chapter, 0, true};
    refresh();
  }
};

std::vector<std::string> words_of(const std::string& text) {
  std::vector<std::string> out;
  std::string cur;
  for (unsigned char c : text) {
    if (std::isalpha(c) || c == '\'') {
      cur.push_back(static_cast<char>(std::tolower(c)));
    } else {
      if (!cur.empty()) out.push_back(cur);
      cur.clear();
      // Punctuation between two words: "on. On" is not a doubled word.
      if (c != ' ') out.push_back("|");
    }
  }
  if (!cur.empty()) out.push_back(cur);
  return out;
}

// Every word the learner can read in the chapter column (fold opened) and its try-this.
std::string all_words(const Chapter& ch, const ChapterContext& c) {
  std::string s =
      ch.body(c) + "\n\n" + ch.numbers(c) + "\n\n" + ch.caption(c) + "\n\n" + ch.try_this.words(c);
  if (ch.try_this.expect) s += "\n\n" + ch.try_this.expect(c).words;
  return s;
}

// Every beat's caption, as the viewport shows them one at a time while the chapter plays.
std::string beat_captions(const Chapter& ch, const ChapterContext& c) {
  std::string s;
  if (const BeatScript* beats = chapter_beats(ch.number); beats && c.state && c.acts)
    for (int i = 0; i < beat_count(*c.state); ++i) s += "\n\n" + beats->at(c, i).caption;
  return s;
}

// The figures of an answer: "99.8 %", "1.000000", "3.9" ... (numbers with a decimal point or a percent sign).
std::vector<std::string> figures(const std::string& text) {
  std::vector<std::string> out;
  static const std::regex number(R"((\d+\.\d+|\d+)(\xc2\xa0%)?)");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), number); it != std::sregex_iterator(); ++it) {
    const std::string m = it->str();
    if (m.find('.') != std::string::npos || m.find('%') != std::string::npos) out.push_back(m);
  }
  return out;
}

}  // namespace

TEST_CASE(
    "every chapter reads aloud cleanly on both runs: at most 150 words, no sentence twice, no doubled "
    "word, no code name",
    "[chapters][promises]") {
  Shelf& s = Shelf::get();
  for (std::size_t run = 0; run < s.infos.size(); ++run)
    for (const Chapter& ch : all_chapters())
      for (bool revealed : {false, true}) {
        Live l = Live::enter(run, ch.number);
        if (revealed) l.reveal();
        INFO("run " << s.infos[run].name << ", chapter " << ch.number << (revealed ? ", revealed" : ""));
        const std::string own = chapter_text(ch, l.context);
        INFO(own);
        CHECK(word_count(own) <= 150);
        if (std::getenv("AM_PRINT_WORDS"))
          std::printf("words %s ch%d %s %d\n", s.infos[run].name.c_str(), ch.number,
                      revealed ? "revealed" : "open", word_count(own));
        const std::string all = all_words(ch, l.context);
        std::set<std::string> seen;
        for (const std::string& sentence : sentences(all)) {
          INFO("sentence: " << sentence);
          CHECK(seen.insert(sentence).second);
        }
        const std::vector<std::string> w = words_of(all);
        for (std::size_t i = 1; i < w.size(); ++i) {
          INFO("doubled word: " << w[i] << " in " << all);
          CHECK((w[i] == "|" || w[i] != w[i - 1]));
        }
        // Code names: identifiers with an underscore, "nan", a head name cut by a slash.
        CHECK_FALSE(std::regex_search(all, std::regex(R"([a-z]+_[a-z_]+)")));
        CHECK(all.find("nan") == std::string::npos);
        CHECK_FALSE(std::regex_search(all, std::regex(R"(L\dH/)")));
      }
}

TEST_CASE("a question hides its answer everywhere until Reveal, for every chapter on both runs",
          "[chapters][promises]") {
  Shelf& s = Shelf::get();
  for (std::size_t run = 0; run < s.infos.size(); ++run)
    for (const Chapter& ch : all_chapters()) {
      if (!ch.predict) continue;
      Live l = Live::enter(run, ch.number);
      INFO("run " << s.infos[run].name << ", chapter " << ch.number);
      REQUIRE(question_open(l.state));
      const nlohmann::ordered_json before = dump_chapter(l.state, l.context);
      CHECK(before["question"]["revealed"] == false);
      CHECK_FALSE(before["question"]["choices"].empty());
      const std::string answer = ch.predict->answer_from(l.context).explanation;
      const std::string shown =
          all_words(ch, l.context) + beat_captions(ch, l.context) + "\n" + before.dump();
      for (const std::string& f : figures(answer)) {
        INFO("the answer's figure " << f << " shows before Reveal in: " << shown);
        // the figure as a whole number ("1.94" is not in "1.945")
        const std::regex whole("(^|[^0-9.])" + std::regex_replace(f, std::regex(R"([.])"), R"(\.)") +
                               "($|[^0-9])");
        CHECK_FALSE(std::regex_search(shown, whole));
      }
      // The panels and the machine hide the probabilities when the question is about them.
      const bool about_predictions = (ch.predict->hides & kHidesPredictions) != 0;
      CHECK(probabilities_hidden(l.state) == about_predictions);
      CHECK(make_scene_input(l.state, l.context, 0.0).view.hide_probabilities == about_predictions);
      l.reveal();
      CHECK_FALSE(question_open(l.state));
      CHECK_FALSE(probabilities_hidden(l.state));
      CHECK(dump_chapter(l.state, l.context)["question"]["revealed"] == true);
    }
}

TEST_CASE(
    "the state dump's top five hide until Reveal where the question is about them, and the script's "
    "reveal shows them",
    "[chapters][promises]") {
  Shelf& s = Shelf::get();
  for (const Chapter& ch : all_chapters()) {
    if (!ch.predict || (ch.predict->hides & kHidesPredictions) == 0) continue;
    Live l = Live::enter(0, ch.number);
    INFO("chapter " << ch.number);
    const nlohmann::ordered_json before = dump_state(l.state, l.acts, std::nullopt);
    CHECK(before["top5"].empty());
    CHECK(before["top5_hidden"] == true);
    // The script's reveal answers the question; then the top five are the model's, best first.
    auto script = parse_script("reveal\n", "reveal.txt");
    REQUIRE(script.ok());
    ScriptRunner runner(std::move(*script));
    EnginePort port(*s.engines[0]);
    REQUIRE(runner.run_all(l.state, port) == ScriptRunner::Outcome::kFinished);
    CHECK_FALSE(question_open(l.state));
    l.refresh();
    const nlohmann::ordered_json after = dump_state(l.state, l.acts, std::nullopt);
    CHECK(after["top5_hidden"] == false);
    REQUIRE(after["top5"].size() == 5);
    const auto best = top_guesses(l.acts, l.acts.length() - 1, 1)[0];
    CHECK(after["top5"][0]["char"] == id_to_string(best.id));
    CHECK(after["top5"][0]["p"].get<double>() == Approx(best.probability));
  }
  // A chapter without a question about them shows them at once, and has nothing to reveal.
  Live plain = Live::enter(0, 8);
  CHECK(dump_state(plain.state, plain.acts, std::nullopt)["top5"].size() == 5);
}

TEST_CASE("every chapter's try-this does what it says on both runs", "[chapters][promises]") {
  Shelf& s = Shelf::get();
  for (std::size_t run = 0; run < s.infos.size(); ++run)
    for (const Chapter& ch : all_chapters()) {
      Live l = Live::enter(run, ch.number);
      l.reveal();
      INFO("run " << s.infos[run].name << ", chapter " << ch.number);
      const std::string words = ch.try_this.words(l.context);
      INFO("try this: " << words);
      CHECK_FALSE(words.empty());
      if (ch.number == kGrowChapter) continue;  // a whole training run: checked by the grow flow
      REQUIRE(ch.try_this.actions);
      REQUIRE(ch.try_this.expect);
      const std::vector<std::string> actions = ch.try_this.actions(l.context);
      const TryExpect expect = ch.try_this.expect(l.context);
      REQUIRE_FALSE(actions.empty());
      REQUIRE(expect.holds);
      CHECK_FALSE(expect.holds(l.context));  // nothing is promised that is already so
      std::string source;
      for (const std::string& a : actions) source += a + "\n";
      auto script = parse_script(source, "try-this");
      REQUIRE(script);
      for (const ScriptCommand& c : script->commands) {
        if (c.kind == CommandKind::kRun) {
          l.run = s.index_of(c.text);
          continue;
        }
        ScriptRunner one(Script{"try-this", {c}});
        EnginePort port(*s.engines[l.run]);
        REQUIRE(one.run_all(l.state, port) == ScriptRunner::Outcome::kFinished);
      }
      l.refresh();
      INFO("expect: " << expect.words);
      CHECK(expect.holds(l.context));
    }
}

TEST_CASE("the drum plays across the sudden change in no less than 5 s by default, faster at a higher speed",
          "[chapters][promises]") {
  Shelf& s = Shelf::get();
  ModelEngine& e = *s.engines[0];
  const auto phase = find_phase_change(e.training(), e.analysis()->phase_thresholds);
  REQUIRE(phase);
  const std::vector<std::int64_t>& steps = e.checkpoint_steps();
  const auto crossing_seconds = [&](double speed) {
    AppState state;
    state.play_speed = speed;
    state.step = phase->before_step;
    state.playing = true;
    double t = 0.0;
    while (state.step < phase->after_step && state.playing && t < 600.0) {
      advance_playback(state, steps, 1.0 / 60.0);
      t += 1.0 / 60.0;
    }
    return t;
  };
  CHECK(crossing_seconds(1.0) >= 5.0);
  CHECK(crossing_seconds(2.0) == Approx(crossing_seconds(1.0) / 2.0).epsilon(0.05));
}
