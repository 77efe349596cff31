// An opened view's camera: put on the window once, again when the chapter would frame
// anew, and let go when the learner moves to another chapter or plate, or presses Home.
#include <catch2/catch.hpp>

#include "held_view.hpp"

using namespace am;
using am::app::HeldView;

namespace {

store::ViewCamera camera(float yaw) {
  store::ViewCamera c;
  c.yaw = yaw;
  return c;
}

}  // namespace

TEST_CASE("a held view camera is given once, again on a reframe, and let go elsewhere", "[held_view]") {
  HeldView held;
  ui::AppState state;
  state.chapter = 4;
  CHECK_FALSE(held.camera_for_frame(state, true, false).has_value());  // nothing held
  held.hold(camera(0.5f), state);
  CHECK(held.camera_for_frame(state, false, false) == std::optional<store::ViewCamera>(camera(0.5f)));
  CHECK_FALSE(held.camera_for_frame(state, false, false).has_value());  // once
  CHECK(held.camera_for_frame(state, true, false) == std::optional<store::ViewCamera>(camera(0.5f)));
  state.selected_head = 2;  // another plate
  CHECK_FALSE(held.camera_for_frame(state, true, false).has_value());
  state.selected_head = 0;
  CHECK_FALSE(held.camera_for_frame(state, true, false).has_value());  // let go for good

  held.hold(camera(1.0f), state);
  CHECK_FALSE(held.camera_for_frame(state, false, true).has_value());  // Home
  held.hold(std::nullopt, state);  // a view saved without a camera holds nothing
  CHECK_FALSE(held.camera_for_frame(state, true, false).has_value());
}
