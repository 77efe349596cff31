// The chapter registry, entering chapters, and that chapter sources type no figures.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "am/model/forward.hpp"
#include "am/ui/chapters.hpp"
#include "am/ui/scene_bridge.hpp"
#include "fakes.hpp"

using namespace am;
using namespace am::ui;

namespace {

// String literals of a C++ source with their escapes removed (\u201c is a quote mark,
// not the digits 2, 0, 1), skipping comments, character literals and #include lines.
std::vector<std::pair<int, std::string>> string_literals(const std::string& src) {
  std::vector<std::pair<int, std::string>> out;
  int line = 1;
  for (std::size_t i = 0; i < src.size(); ++i) {
    const char c = src[i];
    if (c == '\n') {
      ++line;
      continue;
    }
    if (c == '#' && src.compare(i, 8, "#include") == 0) {
      while (i < src.size() && src[i] != '\n') ++i;
      --i;
      continue;
    }
    if (c == '/' && i + 1 < src.size() && src[i + 1] == '/') {
      while (i < src.size() && src[i] != '\n') ++i;
      --i;
      continue;
    }
    if (c == '/' && i + 1 < src.size() && src[i + 1] == '*') {
      i += 2;
      while (i + 1 < src.size() && !(src[i] == '*' && src[i + 1] == '/')) line += src[i++] == '\n';
      ++i;
      continue;
    }
    if (c == '\'' || c == '"') {
      std::string text;
      const int start_line = line;
      for (++i; i < src.size() && src[i] != c; ++i) {
        if (src[i] != '\\') {
          text.push_back(src[i]);
          continue;
        }
        const char e = src[++i];
        if (e == 'u')
          i += 4;
        else if (e == 'U')
          i += 8;
        else if (e == 'x')
          while (i + 1 < src.size() && std::isxdigit(static_cast<unsigned char>(src[i + 1]))) ++i;
        else if (e >= '0' && e <= '7')
          while (i + 1 < src.size() && src[i + 1] >= '0' && src[i + 1] <= '7') ++i;
        text.push_back(' ');
      }
      if (c == '"') out.emplace_back(start_line, text);
    }
  }
  return out;
}

}  // namespace

TEST_CASE("list_chapters prints one line per chapter: number, two spaces, title", "[chapters]") {
  const std::vector<std::string> titles = {
      "One character at a time", "Characters become numbers",        "Queries and keys",
      "Only looking back",       "Bringing back what it found",      "Cut open",
      "What the eight heads do", "Copying what came next last time", "It appears suddenly",
      "Pulling a head out",      "The square and the cache",         "Grow your own",
      "Tracing a guess"};
  std::istringstream in(list_chapters());
  std::vector<std::string> lines;
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  REQUIRE(lines.size() == 13);
  REQUIRE(all_chapters().size() == 13);
  for (std::size_t k = 0; k < lines.size(); ++k) {
    CHECK(lines[k] == std::to_string(k) + "  " + titles[k]);
    CHECK(all_chapters()[k].number == static_cast<int>(k));
  }
  CHECK(find_chapter(-1) == nullptr);
  CHECK(find_chapter(13) == nullptr);
}

TEST_CASE("chapter sources type no figure into any sentence", "[chapters]") {
  const std::filesystem::path dir = std::filesystem::path(AM_SOURCE_DIR) / "src" / "ui" / "chapters";
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::directory_iterator(dir))
    if (e.path().extension() == ".cpp") files.push_back(e.path());
  files.push_back(std::filesystem::path(AM_SOURCE_DIR) / "src" / "ui" / "head_roles.cpp");
  files.push_back(std::filesystem::path(AM_SOURCE_DIR) / "src" / "ui" / "ablation_contrasts.cpp");
  REQUIRE(files.size() >= 13);
  int literals = 0;
  for (const auto& f : files) {
    std::ifstream in(f);
    std::stringstream text;
    text << in.rdbuf();
    for (auto [line, literal] : string_literals(text.str())) {
      ++literals;
      // A name is not a figure: the only digit allowed is in "GPT-3".
      for (std::size_t at; (at = literal.find("GPT-3")) != std::string::npos;) literal.erase(at, 5);
      const bool has_digit = literal.find_first_of("0123456789") != std::string::npos;
      INFO(f.filename().string() << ":" << line << ": \"" << literal << "\"");
      CHECK_FALSE(has_digit);
    }
  }
  CHECK(literals > 100);  // the scan really read the sentences
}

TEST_CASE("the literal scanner itself catches a typed figure", "[chapters]") {
  const auto found = string_literals("x = \"falls to 33 %\"; // 12\n y = \"\\u201cq\\u201d\"; c = '7';");
  REQUIRE(found.size() == 2);
  CHECK(found[0].second.find("33") != std::string::npos);
  CHECK(found[1].second.find_first_of("0123456789") == std::string::npos);
}

TEST_CASE("every chapter renders with random weights, with and without analysis", "[chapters]") {
  const Weights w = random_weights(7);
  const AnalysisSummary a = test::analysis_a();
  const TrainingRecord t = test::training_a();
  for (const std::string& text :
       std::vector<std::string>{"", "q", "the queen. the qu", std::string(100, 'a') + " b"}) {
    AppState state;
    set_text(state, text);
    state.step = 2000;
    const Activations acts = forward(w, read_ids(state));
    for (const Chapter& ch : all_chapters()) {
      for (int with_inputs = 0; with_inputs < 2; ++with_inputs) {
        ChapterContext c;
        c.state = &state;
        c.acts = &acts;
        c.intact = &acts;
        c.weights = std::shared_ptr<const Weights>(std::shared_ptr<const Weights>(), &w);  // not owned
        if (with_inputs) {
          c.analysis = &a;
          c.training = &t;
        }
        INFO("chapter " << ch.number << " text '" << text << "' inputs " << with_inputs);
        const std::string s = test::render_chapter(ch, c);
        CHECK(!ch.body(c).empty());
        CHECK(!ch.try_this.words(c).empty());
        CHECK(s.find("nan") == std::string::npos);
        CHECK(s.find("inf ") == std::string::npos);
      }
    }
  }
}

TEST_CASE("entering a chapter sets its text, lift and step, and puts pulled heads and the query back",
          "[chapters]") {
  test::FakeEngine engine;
  AppState state;
  set_pulled(state, 0, 1, true);
  set_pulled(state, 1, 3, true);
  const auto steps = engine.checkpoint_steps();
  state.step = 500;
  state.selected_position = 3;

  enter_chapter(state, *find_chapter(7), engine.chapter_context(state), steps);
  CHECK(state.chapter == 7);
  CHECK(state.normalized.text == "qzxv kplw qzxv kp");
  CHECK(head_name(state.selected_layer, state.selected_head) == "L2H3");  // strongest induction head in A
  CHECK(state.step == 2000);
  // The chapter's figures are the whole model's, about the last character; the status
  // line says which heads went back.
  CHECK_FALSE(state.pulled.any());
  CHECK(state.selected_position == -1);
  CHECK(state.status == "L1H2, L2H4 are back in the rack: each chapter starts with every head in place.");

  state.step = 500;
  enter_chapter(state, *find_chapter(8), engine.chapter_context(state), steps);
  CHECK(state.step == 500);  // the drum chapter keeps the step

  engine.analysis = test::analysis_b();
  enter_chapter(state, *find_chapter(2), engine.chapter_context(state), steps);
  CHECK(head_name(state.selected_layer, state.selected_head) == "L1H1");  // looks one back most in B
  CHECK(state.predict.chapter == 2);
  CHECK(state.predict.choice == -1);
}

TEST_CASE("every chapter names what it talks about as focus parts", "[chapters]") {
  const AnalysisSummary a = test::analysis_a();
  for (const Chapter& ch : all_chapters()) {
    ChapterContext c;
    c.analysis = &a;
    const ChapterStage s = ch.stage_for(c);
    INFO("chapter " << ch.number);
    CHECK(s.focus.count >= 1);
    for (machine::FocusPart f : s.focus.view()) CHECK(std::string(machine::focus_part_name(f)) != "?");
  }
  ChapterContext c;
  const AnalysisSummary a2 = test::analysis_a();
  c.analysis = &a2;
  // The examples: ch2 the dials and the query, ch7 the copying path and its thread, ch8 the drum and
  // more.
  CHECK(find_chapter(2)->stage_for(c).focus ==
        FocusList{machine::FocusPart::kLiftedDials, machine::FocusPart::kQuerySlug});
  CHECK(find_chapter(7)->stage_for(c).focus ==
        FocusList{machine::FocusPart::kPathPlates, machine::FocusPart::kCopyThread});
  CHECK(find_chapter(8)->stage_for(c).focus.count == 2);
  CHECK(find_chapter(9)->stage_for(c).focus ==
        FocusList{machine::FocusPart::kRack, machine::FocusPart::kColumns});
}

TEST_CASE("after Reveal, typing keeps the answer shown; before it, a new text drops the guess",
          "[chapters]") {
  const std::vector<std::int64_t> steps{0, 500, 2000};
  AppState state;
  ChapterContext c;
  enter_chapter(state, *find_chapter(0), c, steps);
  state.predict = PredictState{0, 2, false};
  set_text(state, "the queen. the q");
  CHECK(state.predict.choice == -1);  // the guess was about the old text
  CHECK(probabilities_hidden(state));
  state.predict = PredictState{0, 2, true};
  set_text(state, "the queen. the");
  CHECK(state.predict.revealed);  // the learner watches the predictions follow the text
  CHECK_FALSE(probabilities_hidden(state));
  CHECK(state.predict.choice == -1);  // no verdict on a text nobody guessed about
  // Revealed, then typed: still answered on coming back.
  enter_chapter(state, *find_chapter(1), c, steps);
  enter_chapter(state, *find_chapter(0), c, steps);
  CHECK(state.predict.revealed);
}

TEST_CASE("the learner's own text stays across chapters and the example replaces it only when asked",
          "[chapters]") {
  const std::vector<std::int64_t> steps{0, 500, 2000};
  AppState state;
  ChapterContext c;
  enter_chapter(state, *find_chapter(2), c, steps);
  CHECK(state.raw_text == find_chapter(2)->default_text);  // no text of one's own yet: the example
  set_text(state, "my own words");
  state.own_text = true;
  enter_chapter(state, *find_chapter(7), c, steps);
  CHECK(state.raw_text == "my own words");
  // An answered question is still answered on coming back.
  state.predict = PredictState{7, 1, true};
  enter_chapter(state, *find_chapter(8), c, steps);
  CHECK(state.predict.choice == -1);
  enter_chapter(state, *find_chapter(7), c, steps);
  CHECK(state.predict.choice == 1);
  CHECK(state.predict.revealed);
  state.own_text = false;  // "Use this chapter's example"
  enter_chapter(state, *find_chapter(9), c, steps);
  CHECK(state.raw_text == find_chapter(9)->default_text);
}

TEST_CASE("camera poses have names", "[chapters]") {
  for (const Chapter& ch : all_chapters()) {
    ChapterContext c;
    const std::string name = camera_pose_name(ch.stage_for(c).camera);
    CHECK(!name.empty());
    CHECK(name != "?");
  }
  ChapterContext c;
  CHECK(find_chapter(1)->stage_for(c).view.split_embedding);
  const test::FakeEngine engine;
  const AnalysisSummary a = test::analysis_a();
  c.analysis = &a;
  const ChapterStage s7 = find_chapter(7)->stage_for(c);
  REQUIRE(s7.view.path_heads[0].has_value());
  REQUIRE(s7.view.path_heads[1].has_value());
  CHECK(head_name(s7.view.path_heads[0]->first, s7.view.path_heads[0]->second) == "L1H2");
  CHECK(head_name(s7.view.path_heads[1]->first, s7.view.path_heads[1]->second) == "L2H3");
}

TEST_CASE("the scene input follows the state, the chapter and the settings", "[chapters]") {
  test::FakeEngine engine;
  AppState state;
  enter_chapter(state, *find_chapter(1), engine.chapter_context(state), engine.checkpoint_steps());
  set_pulled(state, 1, 3, true);
  REQUIRE(select_position(state, 4).ok());
  const Activations acts = engine.forward(state.step, read_ids(state), state.pulled);
  ChapterContext c = engine.chapter_context(state);
  c.acts = &acts;
  machine::SceneInput in = make_scene_input(state, c, 2.5);
  CHECK(in.acts == &acts);
  CHECK(in.text == "the queen. the qu");
  CHECK(in.selected_position == 4);
  CHECK(in.pulled == state.pulled);
  CHECK(in.view.split_embedding);  // chapter 1 shows the embedding and position apart
  CHECK_FALSE(in.view.reduced_motion);
  CHECK(in.training.steps.size() == engine.training.checkpoints.size());
  CHECK(in.training.current_step == state.step);
  CHECK(in.time_seconds == 2.5);
  state.settings.reduced_motion = true;
  CHECK(make_scene_input(state, c, 0.0).view.reduced_motion);
}
