// Both shipped runs: their analyses are present with the circuit, and every chapter's
// sentences are generated for each run, with no sentence said twice and nothing
// unfinished ("nan", an empty paragraph). AM_PRINT_CHAPTERS=1 prints them to read.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <set>
#include <sstream>

#include "am/engine/model_engine.hpp"
#include "am/model/forward.hpp"
#include "am/model/runs_index.hpp"
#include "am/ui/chapters.hpp"
#include "am/ui/engine_port.hpp"
#include "am/ui/text_format.hpp"
#include "sentences.hpp"

using namespace am;
using namespace am::ui;
using namespace am::engine;

namespace {

const std::filesystem::path kWeights = std::filesystem::path(AM_SOURCE_DIR) / "weights";

}  // namespace

TEST_CASE("weights/ lists two runs, repeated first, and both analyses carry the circuit", "[runs]") {
  auto runs = list_runs(kWeights);
  REQUIRE(runs);
  REQUIRE(runs->size() == 2);
  CHECK((*runs)[0].name == "repeated");
  CHECK((*runs)[1].name == "plain");
  for (const RunInfo& r : *runs) {
    CHECK_FALSE(r.title.empty());
    CHECK_FALSE(r.arrangement.empty());
    CHECK(r.recipe.find("--repeat-share") != std::string::npos);
    auto engine = ModelEngine::load(r.dir);
    REQUIRE(engine);
    REQUIRE((*engine)->analysis());
    REQUIRE((*engine)->analysis()->circuit);
  }
  // the shipped run copies along a measured path; the plain one does not copy
  const auto rep = ModelEngine::load((*runs)[0].dir);
  const auto plain = ModelEngine::load((*runs)[1].dir);
  const CircuitSummary& rc = *(*rep)->analysis()->circuit;
  const CircuitSummary& pc = *(*plain)->analysis()->circuit;
  CHECK(rc.copy_path.found);
  CHECK_FALSE(pc.copy_path.found);
  CHECK((*rep)->analysis()->accuracy > 0.5);
  CHECK((*plain)->analysis()->accuracy < 0.2);
  REQUIRE((*plain)->analysis()->bits_per_char);
  REQUIRE((*rep)->analysis()->bits_per_char);
  CHECK(*(*plain)->analysis()->bits_per_char < *(*rep)->analysis()->bits_per_char);
  CHECK(rc.false_copy_confident > 0);
  CHECK(pc.false_copy_confident > 0);
  // a folder of runs opens its first run when handed to the engine directly
  auto first = ModelEngine::load(kWeights);
  REQUIRE(first);
  CHECK((*first)->checkpoint_steps() == (*rep)->checkpoint_steps());
}

TEST_CASE("every chapter's sentences, for each run, on its own text and on the cat text",
          "[runs][chapters]") {
  auto runs = list_runs(kWeights);
  REQUIRE(runs);
  std::vector<std::unique_ptr<ModelEngine>> engines;
  std::vector<RunView> views;
  for (const RunInfo& r : *runs) {
    auto e = ModelEngine::load(r.dir);
    REQUIRE(e);
    engines.push_back(std::move(*e));
  }
  for (std::size_t i = 0; i < runs->size(); ++i)
    views.push_back({(*runs)[i].name, (*runs)[i].title, (*runs)[i].arrangement, &engines[i]->training(),
                     engines[i]->analysis()});
  const bool print = std::getenv("AM_PRINT_CHAPTERS") != nullptr;
  for (std::size_t i = 0; i < runs->size(); ++i)
    for (const Chapter& ch : all_chapters())
      for (int variant = 0; variant < 2; ++variant) {
        AppState state;
        state.run = (*runs)[i].name;
        state.step = engines[i]->checkpoint_steps().back();
        set_text(state,
                 variant == 0 ? std::string(ch.default_text) : "the cat sat on the mat and the cat sa");
        const Activations acts = forward(*engines[i]->weights_at(state.step), read_ids(state));
        ChapterContext c = EnginePort(*engines[i]).chapter_context(state);
        c.acts = &acts;
        c.intact = &acts;
        c.runs = &views;
        c.run = state.run;
        const std::string body = ch.body(c), caption = ch.caption(c), try_this = ch.try_this.words(c);
        INFO("run " << state.run << ", chapter " << ch.number << ", text " << state.normalized.text);
        CHECK_FALSE(body.empty());
        CHECK_FALSE(caption.empty());
        for (const std::string* s : {&body, &caption, &try_this}) {
          CHECK(s->find("nan") == std::string::npos);
          CHECK(s->find("\n\n\n") == std::string::npos);
        }
        std::set<std::string> seen;
        for (const std::string& s : sentences(body)) {
          INFO("sentence: " << s);
          CHECK(seen.insert(s).second);
        }
        if (print)
          std::cout << "=== " << state.run << " ch" << ch.number << " [" << state.normalized.text << "]\n"
                    << caption << "\n"
                    << body << "\nTRY: " << try_this << "\n\n";
      }
}

TEST_CASE("chapter 7 draws the measured copy path, and none in a run that does not copy",
          "[runs][chapters]") {
  auto runs = list_runs(kWeights);
  REQUIRE(runs);
  const Chapter* ch7 = find_chapter(7);
  REQUIRE(ch7);
  for (const RunInfo& r : *runs) {
    auto e = ModelEngine::load(r.dir);
    REQUIRE(e);
    AppState state;
    set_text(state, "the cat sat on the mat and the cat sa");
    const ChapterContext c = EnginePort(**e).chapter_context(state);
    const ChapterStage s = ch7->stage_for(c);
    const CopyPathSummary& path = (*e)->analysis()->circuit->copy_path;
    INFO("run " << r.name);
    CHECK(s.view.highlight_path == path.found);
    if (path.found) {
      REQUIRE(s.view.path_heads[0]);
      REQUIRE(s.view.path_heads[1]);
      CHECK(*s.view.path_heads[0] == std::make_pair(0, path.from_head));
      CHECK(*s.view.path_heads[1] == std::make_pair(kLayers - 1, path.to_head));
      CHECK_THAT(ch7->caption(c), Catch::Matchers::StartsWith(head_name(0, path.from_head)));
    }
  }
}

TEST_CASE("chapter 7 keeps what pulling one head costs until chapter 9, which asks it, is revealed",
          "[runs][chapters]") {
  auto runs = list_runs(kWeights);
  REQUIRE(runs);
  const Chapter* ch7 = find_chapter(7);
  const Chapter* ch9 = find_chapter(9);
  REQUIRE((ch7 && ch9));
  for (const RunInfo& r : *runs) {
    auto e = ModelEngine::load(r.dir);
    REQUIRE(e);
    const AnalysisSummary& a = *(*e)->analysis();
    const CopyPathSummary& path = a.circuit->copy_path;
    if (!path.found) continue;
    AppState state;
    set_text(state, "the cat sat on the mat and the cat sa");
    state.chapter = 7;
    state.predict = PredictState{7, 0, true};
    // Chapter 9's answer: the accuracy left without the head that costs the most.
    const std::string answer = fmt_percent(a.accuracy - path.from_drop);
    INFO("run " << r.name << ", " << answer);
    const auto words = [&] {
      const ChapterContext c = EnginePort(**e).chapter_context(state);
      return ch7->body(c) + ch7->numbers(c) + ch7->caption(c);
    };
    CHECK_THAT(words(), !Catch::Matchers::Contains("Pulling " + head_name(0, path.from_head) + " alone"));
    CHECK_THAT(words(), !Catch::Matchers::Contains("costs the most"));
    state.answers[9] = PredictState{9, 1, true};
    CHECK_THAT(words(), Catch::Matchers::Contains("Pulling " + head_name(0, path.from_head) +
                                                  " alone drops copy "
                                                  "accuracy from " +
                                                  fmt_percent(a.accuracy) + " to " + answer));
  }
}
