// A --script file: read here, parsed by the UI's script parser.
#include <unistd.h>  // getpid: one scratch folder per process under ctest -j

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>

#include "am/store/script_file.hpp"

using Catch::Matchers::StartsWith;

TEST_CASE("a script file is read and parsed, its messages naming the file", "[store][script]") {
  const auto dir =
      std::filesystem::temp_directory_path() / ("am_store_script_test_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const auto path = dir / "lesson.txt";
  std::ofstream(path) << "chapter 2\nfly away\n";
  auto s = am::store::read_script_file(path);
  REQUIRE_FALSE(s.ok());
  CHECK_THAT(s.error(), StartsWith("lesson.txt:2: "));
  CHECK_FALSE(am::store::read_script_file(dir / "missing.txt").ok());
  std::filesystem::remove_all(dir);
}
