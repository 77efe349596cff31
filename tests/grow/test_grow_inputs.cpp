// What can go wrong before and during a run: a learner's bad files, too little text, a
// full disk, a read-only data folder, a second instance, and the run list's rename/delete.
#include <sys/resource.h>
#include <unistd.h>

#include <map>

#include "am/grow/corpus_intake.hpp"
#include "am/model/safetensors.hpp"
#include "am/model/weights_dir.hpp"
#include "grow_support.hpp"

using namespace am;
using namespace am::grow;
using namespace am::grow::test;
using am::train::test::read_file;
using am::train::test::TempDir;
using am::train::test::write_file;
namespace fs = std::filesystem;

namespace {

bool contains(const std::string& haystack, const std::string& needle) {
  return haystack.find(needle) != std::string::npos;
}

std::string good_text() { return read_file(small_text() / "alice_chapter1.txt"); }

}  // namespace

TEST_CASE("intake: every bad file is named with its reason, and skipped") {
  TempDir tmp("grow-intake");
  const fs::path src = tmp.path() / "mine";
  fs::create_directories(src);
  write_file(src / "alice.txt", good_text());
  write_file(src / "empty.txt", "");
  write_file(src / "picture.png", std::string("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16));
  write_file(src / "latin1.txt", "caf\xe9 au lait, cr\xe8me br\xfbl\xe9" "e\n");
  write_file(src / "digits.txt", "1234 5678 90\n");
  fs::create_symlink(src / "gone.txt", src / "dangling.txt");  // a file that cannot be opened

  struct Expect { const char* file; const char* reason; };
  const Expect table[] = {{"empty.txt", "empty"}, {"picture.png", "binary"}, {"latin1.txt", "not UTF-8"},
                          {"digits.txt", "no letters"}, {"dangling.txt", "not a regular file"}};
  for (const Expect& e : table) {
    INFO(e.file);
    CHECK(contains(unusable_reason(src / e.file), e.reason));
  }
  CHECK(unusable_reason(src / "alice.txt").empty());

  auto report = take_in_corpus(src, tmp.path() / "staged");
  REQUIRE(report.ok());
  REQUIRE(report->accepted.size() == 1);
  CHECK(report->skipped.size() == std::size(table));
  const std::string summary = report->summary();
  for (const Expect& e : table) {
    INFO(summary);
    CHECK(contains(summary, std::string("Skipped ") + e.file + ": " + e.reason));
  }
  CHECK(report->characters >= kMinCorpusCharacters);
  CHECK(report->validation_windows >= kMinValidationWindows);
  CHECK(report->normalization.lowercased > 0);  // the report says what normalizing changed
  CHECK(fs::exists(tmp.path() / "staged" / "alice.txt"));
  CHECK(fs::directory_iterator(tmp.path() / "staged") != fs::directory_iterator());
}

TEST_CASE("intake: too little text, nothing usable, or nothing there is refused with a message") {
  TempDir tmp("grow-intake-refused");
  write_file(tmp.path() / "tiny.txt", "the queen. the queen. the queen.\n");
  auto tiny = take_in_corpus(tmp.path() / "tiny.txt", tmp.path() / "s1");
  REQUIRE_FALSE(tiny.ok());
  CHECK(contains(tiny.error(), "too little text"));
  CHECK(contains(tiny.error(), std::to_string(kMinCorpusCharacters)));

  // One character under the minimum (the file's line end becomes a space, so one less is written).
  write_file(tmp.path() / "short.txt", normalize(good_text()).text.substr(0, kMinCorpusCharacters - 2));
  auto short_one = take_in_corpus(tmp.path() / "short.txt", tmp.path() / "s2");
  INFO((short_one.ok() ? short_one->summary() : short_one.error()));
  REQUIRE_FALSE(short_one.ok());
  CHECK(contains(short_one.error(), "too little text"));
  write_file(tmp.path() / "enough.txt", normalize(good_text()).text.substr(0, kMinCorpusCharacters - 1));
  auto enough = take_in_corpus(tmp.path() / "enough.txt", tmp.path() / "s2b");
  REQUIRE(enough.ok());
  CHECK(enough->characters == kMinCorpusCharacters);

  fs::create_directories(tmp.path() / "bad");
  write_file(tmp.path() / "bad" / "empty.txt", "");
  write_file(tmp.path() / "bad" / "zeros.bin", std::string(64, '\0'));
  auto bad = take_in_corpus(tmp.path() / "bad", tmp.path() / "s3");
  REQUIRE_FALSE(bad.ok());
  CHECK(contains(bad.error(), "empty.txt: empty"));
  CHECK(contains(bad.error(), "zeros.bin: binary"));

  auto missing = take_in_corpus(tmp.path() / "nowhere", tmp.path() / "s4");
  REQUIRE_FALSE(missing.ok());
  CHECK(contains(missing.error(), "does not exist"));

  // Through the controller: refused on the run thread, the message in the progress, and
  // the run's folder gone so the name stays free.
  TrainingController c(options_in(tmp.path() / "runs"));
  NewRun run{"tiny", Preset::kCustom, small_recipe(20), tmp.path() / "tiny.txt"};
  REQUIRE(c.start(run).ok());
  c.wait();
  CHECK(c.progress().phase == Phase::kFailed);
  CHECK(contains(c.progress().message, "too little text"));
  CHECK_FALSE(fs::exists(tmp.path() / "runs" / "tiny"));
}

TEST_CASE("faults: a full disk stops the run with a message and no half-written checkpoint") {
  TempDir tmp("grow-full");
  const fs::path root = tmp.path() / "runs";
  // RLIMIT_FSIZE caps every file written: float16 checkpoints fit, the resume state does not.
  train::Recipe recipe = small_recipe(40);
  recipe.checkpoint_f16 = true;
  const std::size_t checkpoint_bytes = serialize_weights(Weights{}, StorageType::kF16).size();
  rlimit old{};
  REQUIRE(::getrlimit(RLIMIT_FSIZE, &old) == 0);
  rlimit limited = old;
  limited.rlim_cur = static_cast<rlim_t>(checkpoint_bytes * 2);
  REQUIRE(::setrlimit(RLIMIT_FSIZE, &limited) == 0);
  TrainingProgress p;
  {
    TrainingController c(options_in(root));
    NewRun run{"full", Preset::kCustom, recipe, std::nullopt};
    const Status started = c.start(run);
    c.wait();
    p = c.progress();
    ::setrlimit(RLIMIT_FSIZE, &old);
    REQUIRE(started.ok());
  }
  INFO(p.message);
  CHECK(p.phase == Phase::kFailed);
  CHECK(contains(p.message, "write failed (disk full?)"));
  CHECK(contains(p.message, "complete checkpoints are kept"));
  // The manifest lists only whole files, and no temporary file is left.
  auto manifest = load_manifest(root / "full");
  REQUIRE(manifest.ok());
  REQUIRE_FALSE(manifest->checkpoints.empty());
  for (const CheckpointEntry& e : manifest->checkpoints) {
    INFO(e.file);
    CHECK(load_weights(root / "full" / e.file).ok());
  }
  for (const auto& entry : fs::directory_iterator(root / "full")) CHECK(entry.path().extension() != ".tmp");

  // With every file too big, nothing at all is listed.
  limited.rlim_cur = static_cast<rlim_t>(checkpoint_bytes / 2);
  REQUIRE(::setrlimit(RLIMIT_FSIZE, &limited) == 0);
  {
    TrainingController c(options_in(root));
    NewRun run{"fuller", Preset::kCustom, recipe, std::nullopt};
    const Status started = c.start(run);
    c.wait();
    p = c.progress();
    ::setrlimit(RLIMIT_FSIZE, &old);
    REQUIRE(started.ok());
  }
  CHECK(p.phase == Phase::kFailed);
  CHECK(contains(p.message, "disk full"));
  CHECK_FALSE(load_manifest(root / "fuller").ok());
}

TEST_CASE("faults: a read-only data folder, and the shipped folder, are refused") {
  TempDir tmp("grow-readonly");
  // A plain file where the data folder should be: nothing can be created under it (this
  // holds even for root, whom permission bits do not stop).
  write_file(tmp.path() / "data", "not a folder");
  {
    TrainingController c(options_in(tmp.path() / "data" / "attention-machine" / "runs"));
    NewRun run{"x", Preset::kCustom, small_recipe(20), std::nullopt};
    const Status s = c.start(run);
    REQUIRE_FALSE(s.ok());
    CHECK(contains(s.error(), "cannot create the runs folder"));
    CHECK(contains(s.error(), "read-only"));
  }
  if (::geteuid() != 0) {
    fs::create_directories(tmp.path() / "ro");
    fs::permissions(tmp.path() / "ro", fs::perms::owner_read | fs::perms::owner_exec);
    TrainingController c(options_in(tmp.path() / "ro" / "runs"));
    NewRun run{"x", Preset::kCustom, small_recipe(20), std::nullopt};
    CHECK_FALSE(c.start(run).ok());
    fs::permissions(tmp.path() / "ro", fs::perms::owner_all);
  }
  {
    TrainingController c(options_in(shipped_dir() / "runs"));
    NewRun run{"x", Preset::kCustom, small_recipe(20), std::nullopt};
    const Status s = c.start(run);
    REQUIRE_FALSE(s.ok());
    CHECK(contains(s.error(), "never written"));
    CHECK_FALSE(fs::exists(shipped_dir() / "runs"));
  }
}

TEST_CASE("runs: a second instance is refused by the lock, which names the holder") {
  TempDir tmp("grow-lock");
  const fs::path root = tmp.path() / "runs";
  fs::create_directories(root / "held");
  auto first = RunLock::acquire(root / "held");
  REQUIRE(first.ok());
  auto second = RunLock::acquire(root / "held");
  REQUIRE_FALSE(second.ok());
  CHECK(contains(second.error(), "in use by"));
  CHECK(contains(second.error(), "process " + std::to_string(::getpid())));

  // A run going on in one controller cannot be continued, renamed or deleted by another.
  TrainingController a(options_in(root));
  train::Recipe long_run = small_recipe(3000);
  long_run.dense_to = 100;  // a small checkpoint plan: the run is stopped long before its end
  NewRun run{"busy", Preset::kCustom, long_run, std::nullopt};
  REQUIRE(a.start(run).ok());
  wait_until([&] { return fs::exists(root / "busy" / kStateFile); });
  TrainingController b(options_in(root));
  const Status again = b.continue_run("busy");
  REQUIRE_FALSE(again.ok());
  CHECK(contains(again.error(), "in use by"));
  CHECK_FALSE(rename_run(root, "busy", "other").ok());
  CHECK_FALSE(delete_run(root, "busy").ok());
  a.stop();
  a.wait();
  CHECK(a.progress().phase == Phase::kStopped);
}

TEST_CASE("runs: listed, renamed and deleted, and their names checked") {
  TempDir tmp("grow-list-runs");
  const fs::path root = tmp.path() / "runs";
  {
    TrainingController c(options_in(root));
    NewRun run{"first", Preset::kCustom, small_recipe(20), std::nullopt};
    REQUIRE(c.start(run).ok());
    c.wait();
    REQUIRE(c.progress().phase == Phase::kFinished);
    NewRun again{"first", Preset::kCustom, small_recipe(20), std::nullopt};
    const Status dup = c.start(again);
    REQUIRE_FALSE(dup.ok());
    CHECK(contains(dup.error(), "already exists"));
  }
  for (const char* bad : {"", ".hidden", "a/b", "../up"}) {
    INFO(bad);
    CHECK_FALSE(check_run_name(bad).ok());
  }
  auto runs = grow::list_runs(root);
  REQUIRE(runs.size() == 1);
  CHECK(runs[0].name == "first");
  CHECK(runs[0].status == RunStatus::kFinished);
  CHECK(runs[0].checkpoints == train::planned_checkpoints(small_recipe(20)).size());
  REQUIRE(rename_run(root, "first", "second").ok());
  CHECK_FALSE(rename_run(root, "first", "third").ok());
  runs = grow::list_runs(root);
  REQUIRE(runs.size() == 1);
  CHECK(runs[0].name == "second");
  CHECK_FALSE(delete_run(root, "../runs").ok());
  REQUIRE(delete_run(root, "second").ok());
  CHECK(grow::list_runs(root).empty());
}

TEST_CASE("presets: custom settings go through the trainer's own flag checks") {
  auto custom = preset_recipe(Preset::kCustom, shipped_dir(),
                              {{"repeat-share", "0.3"}, {"repeat-min", "6"}, {"repeat-max", "20"}, {"lr", "0.005"},
                               {"steps", "500"}, {"seed", "9"}});
  REQUIRE(custom.ok());
  CHECK(custom->repeat_share == 0.3);
  CHECK(custom->repeat_min == 6);
  CHECK(custom->repeat_max == 20);
  CHECK(custom->lr == 0.005);
  CHECK(custom->steps == 500);
  CHECK(custom->seed == 9u);
  CHECK(custom->dense_to <= 500);  // the checkpoint plan stays inside the shorter run
  // Out of range, or inconsistent: attention-train's own messages.
  const std::pair<std::map<std::string, std::string>, std::string> bad[] = {
      {{{"repeat-share", "1.5"}}, "--repeat-share must be in [0, 1]"},
      {{{"repeat-min", "0"}}, "--repeat-min must be between 1 and"},
      {{{"repeat-min", "30"}, {"repeat-max", "10"}}, "--repeat-max (10) must be at least --repeat-min (30)"},
      {{{"lr", "zero"}}, "--lr needs a number"},
      {{{"steps", "0"}}, "--steps must be between 1 and"},
      {{{"batch", "8"}}, "does not take --batch"},
  };
  for (const auto& [settings, message] : bad) {
    auto r = preset_recipe(Preset::kCustom, shipped_dir(), settings);
    REQUIRE_FALSE(r.ok());
    INFO(r.error());
    CHECK(contains(r.error(), message));
  }
  auto shipped_lr = preset_recipe(Preset::kShipped, shipped_dir(), {{"lr", "0.1"}});
  REQUIRE_FALSE(shipped_lr.ok());
  CHECK(contains(shipped_lr.error(), "the shipped preset does not take --lr"));
  CHECK_FALSE(parse_preset("fancy").ok());
  CHECK(parse_preset("fancy").error() == "unknown preset 'fancy' (shipped, plain or custom)");
  CHECK(parse_preset("plain").value() == Preset::kPlain);
  CHECK(std::string(preset_name(Preset::kCustom)) == "custom");
}
