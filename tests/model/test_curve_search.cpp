// The phase-change and loss-bump searches that the analysis and the app share.
#include <catch2/catch.hpp>

#include "am/model/curve_search.hpp"
#include "am/model/training_record.hpp"

using namespace am;

TEST_CASE("phase change: the last point <= low before the first point >= high", "[curves]") {
  const std::vector<StepValue> acc = {{0, 0.03},    {250, 0.05}, {500, 0.19},  {750, 0.25},
                                      {1000, 0.15}, {1250, 0.5}, {1500, 0.72}, {2000, 0.9}};
  const auto p = find_phase_change(acc);
  REQUIRE(p);
  CHECK(p->before_step == 1000);
  CHECK(p->before_accuracy == 0.15);
  CHECK(p->after_step == 1500);
  CHECK(p->after_accuracy == 0.72);
  CHECK(bump_window(*p) == std::pair<std::int64_t, std::int64_t>{1000, 2000});
  CHECK_FALSE(find_phase_change({{0, 0.75}, {100, 0.9}}));                      // high from the start
  CHECK_FALSE(find_phase_change({{0, 0.05}, {100, 0.5}, {200, 0.69}}));         // never high
  CHECK(find_phase_change({{0, 0.3}, {100, 0.5}}, PhaseThresholds{0.3, 0.5}));  // inclusive
}

TEST_CASE("the bump window saturates instead of overflowing", "[curves]") {
  const PhaseChange p{INT64_MIN, 0.0, INT64_MAX - 1, 1.0};
  CHECK(bump_window(p) == std::pair<std::int64_t, std::int64_t>{INT64_MIN, INT64_MAX});
}

TEST_CASE("loss bump: the largest rise above the lowest point so far, in the window", "[curves]") {
  const std::vector<StepValue> loss = {{0, 3.0},   {100, 2.0}, {200, 1.9}, {300, 2.05},
                                       {400, 1.8}, {500, 1.7}, {600, 5.0}};
  const auto b = loss_bump(loss, 100, 500);
  REQUIRE(b);
  CHECK(b->size == 2.05 - 1.9);
  CHECK(b->trough_step == 200);
  CHECK(b->trough == 1.9);
  CHECK(b->peak_step == 300);
  CHECK(b->peak == 2.05);
  const auto flat = loss_bump({{0, 3.0}, {100, 2.0}}, 0, 100);
  REQUIRE(flat);  // two points, no rise: a bump of size 0
  CHECK(flat->size == 0.0);
  CHECK_FALSE(loss_bump(loss, 150, 250));  // one point only
}

TEST_CASE("on a manifest's record the searches skip checkpoints without the value", "[curves]") {
  TrainingRecord r;
  const auto add = [&](std::int64_t step, std::optional<double> acc, std::optional<double> loss) {
    CheckpointMetrics c;
    c.step = step;
    c.nonsense_accuracy = acc;
    c.train_loss = loss;
    r.checkpoints.push_back(c);
  };
  add(0, 0.1, 3.0);
  add(100, std::nullopt, 2.5);
  add(200, 0.2, std::nullopt);
  add(300, std::nullopt, 2.6);
  add(400, 0.8, 2.4);
  const auto p = find_phase_change(r);
  REQUIRE(p);
  CHECK(p->before_step == 200);
  CHECK(p->after_step == 400);
  const auto b = find_loss_bump(r, 0, 400);
  REQUIRE(b);
  CHECK(b->trough_step == 100);
  CHECK(b->peak_step == 300);
  CHECK(b->size == 2.6 - 2.5);
  CHECK_FALSE(find_loss_bump(r, 300, 400));  // it only falls there: no bump
}
