#include <catch2/catch.hpp>

#include "am/analysis/chapter_facts.hpp"
#include "am/model/head_role.hpp"

using namespace am;
using namespace am::analysis;

namespace {

std::vector<CheckpointRecord> series(const std::vector<std::pair<std::int64_t, double>>& acc) {
  std::vector<CheckpointRecord> s;
  for (const auto& [step, a] : acc) {
    CheckpointRecord r;
    r.step = step;
    r.accuracy = a;
    s.push_back(r);
  }
  return s;
}

}  // namespace

TEST_CASE("phase change: last checkpoint <= 20 % before the first >= 70 %") {
  auto s = series({{0, 0.03}, {250, 0.05}, {500, 0.19}, {750, 0.25}, {1000, 0.15}, {1250, 0.5}, {1500, 0.72}, {2000, 0.9}});
  const PhaseFacts p = phase_facts(s);
  REQUIRE(p.found);
  CHECK(p.before_step == 1000);
  CHECK(p.before_accuracy == 0.15);
  CHECK(p.after_step == 1500);
  CHECK(p.after_accuracy == 0.72);
  CHECK(p.window_start == 1000);
  CHECK(p.window_end == 2000);
  CHECK_FALSE(p.train_loss_bump);  // no losses given
}

TEST_CASE("no phase change without a rise to 70 % or without a low point before it") {
  CHECK_FALSE(phase_facts(series({{0, 0.05}, {100, 0.5}, {200, 0.69}})).found);
  CHECK_FALSE(phase_facts(series({{0, 0.75}, {100, 0.9}})).found);
  CHECK(phase_facts(series({{0, 0.2}, {100, 0.7}})).found);  // thresholds are inclusive
}

TEST_CASE("loss bump: the largest rise above the lowest point so far, inside the window") {
  const std::vector<std::pair<std::int64_t, double>> loss = {
      {0, 3.0}, {100, 2.0}, {200, 1.9}, {300, 2.05}, {400, 1.8}, {500, 1.7}, {600, 5.0}};
  const auto b = loss_bump(loss, 100, 500);
  REQUIRE(b);
  CHECK(b->size == Approx(0.15));
  CHECK(b->trough_step == 200);
  CHECK(b->peak_step == 300);
  const auto none = loss_bump({{0, 3.0}, {100, 2.0}, {200, 1.0}}, 0, 200);
  REQUIRE(none);
  CHECK(none->size == 0.0);
  CHECK_FALSE(loss_bump(loss, 150, 250));  // one point only
}

TEST_CASE("phase change reports the train and held-out loss bumps") {
  auto s = series({{0, 0.05}, {100, 0.1}, {200, 0.5}, {300, 0.8}, {400, 0.85}});
  const double train[] = {3.0, 2.4, 2.5, 2.2, 2.1};
  for (std::size_t i = 0; i < s.size(); ++i) {
    s[i].train_loss_smoothed = train[i];
    s[i].val_loss = train[i] + 0.1;
  }
  const PhaseFacts p = phase_facts(s);
  REQUIRE(p.found);
  CHECK(p.before_step == 100);
  CHECK(p.after_step == 300);
  REQUIRE(p.train_loss_bump);
  CHECK(p.train_loss_bump->size == Approx(0.1));
  CHECK(p.train_loss_bump->peak_step == 200);
  REQUIRE(p.val_loss_bump);
  CHECK(p.val_loss_bump->size == Approx(0.1));
}

TEST_CASE("roles follow the stated thresholds and order") {
  HeadScores s;
  CHECK(std::string(role_name(role_of(s))) == "mixed");
  s.previous = 0.45;
  CHECK(std::string(role_name(role_of(s))) == "previous character");
  s.induction = 0.4;
  CHECK(std::string(role_name(role_of(s))) == "induction");
  HeadScores sp;
  sp.space = 0.5;
  sp.space_share = 0.2;
  CHECK(std::string(role_name(role_of(sp))) == "spaces");
  sp.space_share = 0.3;  // 0.5 < 2 × 0.3: no more than an even spread would give
  CHECK(std::string(role_name(role_of(sp))) == "mixed");
  HeadScores two;
  two.two_back = 0.6;
  CHECK(std::string(role_name(role_of(two))) == "two back");
}

TEST_CASE("derived facts pick heads from the measured numbers") {
  HeadTable heads{};
  heads[0][3].previous = 0.8;
  heads[0][1].previous = 0.6;
  heads[0][0].two_back = 0.5;
  heads[1][3].induction = 0.7;
  heads[1][2].induction = 0.6;
  FinalAnalysis final;
  const double drops[2][4] = {{0.01, 0.05, 0.0, 0.44}, {0.002, 0.03, 0.2, 0.39}};
  for (int l = 0; l < 2; ++l)
    for (int h = 0; h < 4; ++h) final.single[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)].drop = drops[l][h];
  const ChapterFacts f = derive_facts(series({{0, 0.1}, {100, 0.8}}), heads, final);
  CHECK(f.previous_l1.name() == "L1H4");
  CHECK(f.previous_l1.value == 0.8);
  CHECK(f.two_back_l1.name() == "L1H1");
  CHECK(f.induction_l2.name() == "L2H4");
  CHECK(f.induction_l2_second.name() == "L2H3");
  CHECK(f.reads_from.name() == "L1H4");
  CHECK(f.reads_from_is_previous_l1);
  CHECK(f.costliest.name() == "L1H4");
  CHECK(f.least_costly.name() == "L1H3");
  CHECK(f.roles[0][3] == "previous character");
  CHECK(f.roles[1][3] == "induction");
  CHECK(f.roles[0][0] == "two back");
  CHECK(f.phase.found);
}
