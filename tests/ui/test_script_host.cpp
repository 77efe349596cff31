// The script host: a script's asks reach the window once each, a hold stops its commands,
// and a dump that cannot be written stops the script with the script's FILE:LINE.
#include <catch2/catch.hpp>

#include "am/ui/script_host.hpp"
#include "fakes.hpp"

using namespace am;
using namespace am::ui;
using am::ui::test::FakeEngine;
using Catch::Matchers::StartsWith;

TEST_CASE("the script host hands out each ask once, holds and names a dump it could not write",
          "[script_host]") {
  FakeEngine engine;
  AppState state;
  ScriptHost host;
  CHECK_FALSE(host.running());
  auto script = parse_script("chapter 2\nchapter 3\n", "s.txt");
  REQUIRE(script.ok());
  host.start(std::move(*script));
  CHECK(host.running());

  host.hold(true);
  host.step(state, engine);
  CHECK(state.chapter == 0);  // held: nothing ran
  host.hold(false);
  host.step(state, engine);
  CHECK(state.chapter == 2);

  host.ask_screenshot("a.png");
  host.ask_resize(800, 600);
  CHECK(host.take_screenshot() == std::optional<std::filesystem::path>("a.png"));
  CHECK_FALSE(host.take_screenshot().has_value());
  CHECK(host.take_resize() == std::optional<std::pair<int, int>>(std::make_pair(800, 600)));
  CHECK_FALSE(host.take_resize().has_value());

  int writes = 0;
  const auto failing = [&](const std::filesystem::path&) -> Status {
    ++writes;
    return fail("the disk is full");
  };
  host.write_dump(failing, state);
  CHECK(writes == 0);  // nothing asked
  host.ask_dump("d.json", 7);
  host.write_dump(failing, state);
  host.write_dump(failing, state);
  CHECK(writes == 1);  // written once
  CHECK(host.failed());
  CHECK_FALSE(host.running());
  CHECK(host.error() == "s.txt:7: dump: the disk is full");
  CHECK_THAT(state.status, StartsWith("s.txt:7: dump:"));
  CHECK(state.status_is_error);
}
