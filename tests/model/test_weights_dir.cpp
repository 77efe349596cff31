// Finding the weights folder and reading its manifest: every bad manifest is an
// error message, never a crash, and no entry can point outside the folder.
#include <catch2/catch.hpp>

#include <string>

#include "am/model/weights_dir.hpp"
#include "test_util.hpp"

using namespace am;
using am::test::ScratchDir;

namespace {

std::string manifest_error(const std::string& json) {
  const ScratchDir dir;
  dir.write("manifest.json", json);
  const auto manifest = load_manifest(dir.path());
  return manifest.ok() ? "" : manifest.error();
}

}  // namespace

TEST_CASE("a good manifest lists checkpoints sorted by step") {
  const ScratchDir dir;
  dir.write("manifest.json", R"({"checkpoints":[
      {"step":2000,"file":"step-2000.safetensors","loss":1.5},
      {"step":0,"file":"step-0.safetensors"},
      {"step":500,"file":"step-500.safetensors"}]})");
  const auto m = load_manifest(dir.path());
  REQUIRE(m.ok());
  REQUIRE(m->checkpoints.size() == 3);
  CHECK(m->checkpoints[0].step == 0);
  CHECK(m->checkpoints[1].step == 500);
  CHECK(m->checkpoints[2].file == "step-2000.safetensors");
  CHECK(m->final_checkpoint().step == 2000);
  CHECK(m->nearest(260).step == 500);
  CHECK(m->nearest(250).step == 0);  // a tie goes to the earlier
  CHECK(m->nearest(-10).step == 0);
  CHECK(m->nearest(1'000'000).step == 2000);
  CHECK(m->dir == dir.path());
  CHECK(m->raw_json.find("\"loss\":1.5") != std::string::npos);  // later issues read their metrics from here
}

TEST_CASE("a missing manifest is an error naming the file") {
  const ScratchDir dir;
  const auto m = load_manifest(dir.path());
  REQUIRE_FALSE(m.ok());
  CHECK(m.error().find("cannot open") != std::string::npos);
  CHECK(m.error().find("manifest.json") != std::string::npos);
}

TEST_CASE("bad manifests are rejected with a message") {
  struct Case {
    const char* name;
    const char* json;
    const char* needle;
  };
  const Case cases[] = {
      {"not JSON", R"({"checkpoints": [)", "not a JSON object"},
      {"empty file", "", "not a JSON object"},
      {"a list, not an object", R"([{"step":0,"file":"a"}])", "not a JSON object"},
      {"no checkpoints", R"({"runs":[]})", "non-empty \"checkpoints\" array"},
      {"empty checkpoints", R"({"checkpoints":[]})", "non-empty \"checkpoints\" array"},
      {"checkpoints not a list", R"({"checkpoints":{"step":0}})", "non-empty \"checkpoints\" array"},
      {"entry not an object", R"({"checkpoints":[5]})", "integer \"step\" and a string \"file\""},
      {"step missing", R"({"checkpoints":[{"file":"a.safetensors"}]})", "integer \"step\" and a string \"file\""},
      {"step a string", R"({"checkpoints":[{"step":"5","file":"a.safetensors"}]})",
       "integer \"step\" and a string \"file\""},
      {"step fractional", R"({"checkpoints":[{"step":1.5,"file":"a.safetensors"}]})",
       "integer \"step\" and a string \"file\""},
      {"file missing", R"({"checkpoints":[{"step":5}]})", "integer \"step\" and a string \"file\""},
      {"file a number", R"({"checkpoints":[{"step":5,"file":7}]})", "integer \"step\" and a string \"file\""},
      {"negative step", R"({"checkpoints":[{"step":-5,"file":"a.safetensors"}]})", "negative step -5"},
      {"empty file name", R"({"checkpoints":[{"step":5,"file":""}]})", "must be a plain name inside the folder"},
      {"parent folder", R"({"checkpoints":[{"step":5,"file":"../secret.safetensors"}]})",
       "must be a plain name inside the folder"},
      {"parent folder deeper", R"({"checkpoints":[{"step":5,"file":"sub/../../x.safetensors"}]})",
       "must be a plain name inside the folder"},
      {"absolute path", R"({"checkpoints":[{"step":5,"file":"/etc/passwd"}]})",
       "must be a plain name inside the folder"},
      {"one good entry, one bad", R"({"checkpoints":[{"step":0,"file":"a"},{"step":1,"file":"../b"}]})",
       "must be a plain name inside the folder"},
  };
  for (const auto& c : cases) {
    INFO(c.name);
    const std::string error = manifest_error(c.json);
    CHECK(error.find(c.needle) != std::string::npos);
    CHECK(error.find("manifest.json") != std::string::npos);
  }
}

TEST_CASE("find_weights_dir honours an explicit folder only if it has a manifest") {
  const ScratchDir empty;
  const auto none = find_weights_dir(empty.path());
  REQUIRE_FALSE(none.ok());
  CHECK(none.error().find("has no manifest.json") != std::string::npos);
  CHECK(none.error().find(empty.path().string()) != std::string::npos);

  const ScratchDir good;
  good.write("manifest.json", R"({"checkpoints":[{"step":0,"file":"a.safetensors"}]})");
  const auto found = find_weights_dir(good.path());
  REQUIRE(found.ok());
  CHECK(*found == good.path());
}
