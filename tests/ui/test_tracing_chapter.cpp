// Chapter 12's words follow the tracing they are given: two hand-made tracings (A and B)
// with different figures give different sentences, each quoting only its own numbers; the
// answer waits for Reveal; the chapter stays short.
#include <catch2/catch.hpp>

#include <sstream>

#include "am/model/alphabet.hpp"
#include "am/model/forward.hpp"
#include "am/ui/chapters.hpp"
#include "am/ui/tracing_state.hpp"
#include "am/ui/tracing_words.hpp"

using namespace am;
using namespace am::ui;

namespace {

// A tracing of 'l' at place 17 where `head` (index) gave `push`, `through` of it from place 8.
analysis::Tracing fake_tracing(int head, double push, double through, double mlp2) {
  analysis::Tracing t;
  analysis::Attribution& a = t.attribution;
  a.target = char_to_id('l');
  a.place = 16;
  a.parts.fill(0.1);
  a.parts[static_cast<std::size_t>(2 + head)] = push;
  a.parts[static_cast<std::size_t>(analysis::mlp_part(1))] = mlp2;
  a.logit = a.sum();
  for (auto& row : a.by_source) row.assign(17, 0.0);
  for (int i = 0; i < analysis::kHeadCount; ++i)
    a.by_source[static_cast<std::size_t>(i)][0] = a.parts[static_cast<std::size_t>(2 + i)];
  a.by_source[static_cast<std::size_t>(head)].assign(17, 0.0);
  a.by_source[static_cast<std::size_t>(head)][7] = through;
  a.by_source[static_cast<std::size_t>(head)][0] = push - through;
  t.versus = a;
  return t;
}

struct Reader {
  Weights weights = random_weights(5);
  Activations acts = forward(weights, encode("qzxv kplw qzxv kp"));
  AppState state;
  ChapterContext context(const analysis::Tracing& t, bool revealed) {
    set_text(state, "qzxv kplw qzxv kp");
    state.chapter = kTracingChapter;
    state.predict = {kTracingChapter, 0, revealed};
    ChapterContext c;
    c.state = &state;
    c.acts = &acts;
    c.tracing = &t;
    return c;
  }
};

int words(const std::string& s) {
  std::istringstream in(s);
  int n = 0;
  for (std::string w; in >> w;) ++n;
  return n;
}

}  // namespace

TEST_CASE("chapter 12 is registered after chapter 11 and asks before it tells", "[chapters][tracing]") {
  const Chapter* ch = find_chapter(kTracingChapter);
  REQUIRE(ch != nullptr);
  CHECK(ch->title == "Tracing a guess");
  REQUIRE(ch->predict);
  Reader r;
  const analysis::Tracing t = fake_tracing(7, 1.70, 1.65, 4.94);
  const ChapterContext hidden = r.context(t, false);
  const std::string before = ch->body(hidden);
  CHECK(before.find("L2H4") == std::string::npos);  // the answer waits
  CHECK(before.find("1.70") == std::string::npos);
  CHECK(tracing_answer_hidden(r.state));
  CHECK_FALSE(tracing_overlay(t, r.state).active);  // no tints before the answer either
  // Nor a lifted plate: the first one until Reveal (an earlier chapter may have left the
  // answer lifted), then the head that pushed hardest.
  CHECK(ch->stage_for(hidden).lift == std::optional<std::pair<int, int>>(std::make_pair(0, 0)));
  CHECK(ch->stage_for(r.context(t, true)).lift == std::optional<std::pair<int, int>>(std::make_pair(1, 3)));
}

TEST_CASE("chapter 12's sentences come from the tracing: two fakes, two texts", "[chapters][tracing]") {
  const Chapter& ch = *find_chapter(kTracingChapter);
  Reader r;
  const analysis::Tracing a = fake_tracing(7, 1.70, 1.65, 4.94);  // L2H4, through place 8
  const analysis::Tracing b = fake_tracing(5, 3.25, 2.50, 0.40);  // L2H2
  const std::string body_a = ch.body(r.context(a, true));
  const std::string body_b = ch.body(r.context(b, true));
  CHECK(body_a != body_b);
  CHECK(body_a.find("L2H4 gave +1.70 to 'l', +1.65 of it through the 'l' at place 8.") != std::string::npos);
  CHECK(body_b.find("L2H2 gave +3.25 to 'l', +2.50 of it through the 'l' at place 8.") != std::string::npos);
  CHECK(body_a.find("3.25") == std::string::npos);
  CHECK(body_b.find("1.70") == std::string::npos);
  CHECK(words(body_a) <= 150);
  CHECK(words(body_b) <= 150);
  CHECK(ch.predict->answer_from(r.context(a, true)).correct_choice == 7);
  CHECK(ch.predict->answer_from(r.context(b, true)).correct_choice == 5);
  CHECK(ch.numbers(r.context(a, true)).find(score_summary(a.attribution)) != std::string::npos);
  CHECK(ch.numbers(r.context(a, false)).empty());  // the figures wait for Reveal too
  // Revealed, the machine is tinted: the strongest head's plate the most, its source marked.
  (void)r.context(a, true);
  const machine::TracingOverlay o = tracing_overlay(a, r.state);
  CHECK(o.active);
  CHECK(o.marked_layer == 1);
  CHECK(o.marked_head == 3);
  CHECK(o.marked_source == 7);
  CHECK(o.mlp_share[1] == Approx(1.0f));  // mlp2 is the largest term: share 1
  CHECK(o.head_share[1][3] == Approx(1.70 / 4.94));
}

TEST_CASE("the waterfall's parts map to the machine's parts", "[tracing]") {
  machine::Part plate;
  plate.kind = machine::PartKind::kHeadPlate;
  plate.layer = 1;
  plate.head = 3;
  CHECK(attribution_part_of(plate) == analysis::head_part(1, 3));
  machine::Part needle;
  needle.kind = machine::PartKind::kMlpNeedle;
  needle.layer = 0;
  CHECK(attribution_part_of(needle) == analysis::mlp_part(0));
  machine::Part slug;
  slug.kind = machine::PartKind::kSlug;
  CHECK(attribution_part_of(slug) == -1);
}
