// Runs the attention-analyze binary on a tiny weights folder (random weights at three
// steps) and a tiny corpus, and checks what it writes.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "am/analysis/manifest_metrics.hpp"
#include "am/model/safetensors.hpp"
#include "am/model/weights.hpp"

namespace fs = std::filesystem;
using am::analysis::Json;

namespace {

std::string read_text(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

void write(const fs::path& p, const std::string& text) {
  std::ofstream out(p, std::ios::binary);
  out << text;
}

// A small book: sentences cycled so every letter and some punctuation appear.
std::string book(int variant) {
  const char* sentences[] = {"The queen said nothing at all to Alice. ",
                             "A quick brown fox jumps over the lazy dog, twice. ",
                             "It was the best of times; it was the worst of times.\n",
                             "Call me Ishmael. Some years ago, never mind how long.\n"};
  std::string text;
  for (int i = 0; i < 160; ++i) text += sentences[(i * (variant + 1) + i / 4) % 4];
  return text;
}

struct Fixture {
  fs::path root, weights, corpus;
  Fixture() {
    root = fs::temp_directory_path() / ("am_analyze_cli_" + std::to_string(::getpid()));
    fs::remove_all(root);
    weights = root / "weights";
    corpus = root / "corpus";
    fs::create_directories(weights);
    fs::create_directories(corpus);
    write(corpus / "a.txt", book(0));
    write(corpus / "b.txt", book(1));
    const int steps[] = {0, 100, 200};
    std::string entries;
    for (int i = 0; i < 3; ++i) {
      am::Weights w = am::random_weights(static_cast<std::uint64_t>(i + 1));
      w.step = steps[i];
      const std::string file = "step_" + std::to_string(steps[i]) + ".safetensors";
      REQUIRE(am::save_weights(w, weights / file));
      entries += (i ? ",\n" : "") + std::string("{\"step\": ") + std::to_string(steps[i]) + ", \"file\": \"" + file +
                 "\", \"train_loss_smoothed\": " + std::to_string(3.0 - i * 0.1) +
                 (i == 1 ? ", \"val_loss\": 2.5" : ", \"val_loss\": null") + ", \"keep\": \"me\"}";
    }
    write(weights / "manifest.json",
          "{\"format\": 1, \"recipe\": {\"seed\": 0}, \"checkpoints\": [\n" + entries + "\n]}\n");
  }
  ~Fixture() { fs::remove_all(root); }

  int run(const std::string& args) const {
    const std::string cmd = std::string(AM_ANALYZE_EXE) + " " + args + " > " + (root / "out.txt").string() + " 2>&1";
    return WEXITSTATUS(std::system(cmd.c_str()));
  }
  std::string output() const { return read_text(root / "out.txt"); }
};

}  // namespace

TEST_CASE("attention-analyze writes metrics into the manifest and a versioned analysis.json") {
  Fixture f;
  const std::string args = "--weights-dir " + f.weights.string() + " --corpus " + f.corpus.string() + " --threads 2";
  REQUIRE(f.run(args) == 0);
  INFO(f.output());

  const Json manifest = Json::parse(read_text(f.weights / "manifest.json"));
  CHECK(manifest["recipe"]["seed"] == 0);
  REQUIRE(manifest["checkpoints"].size() == 3);
  for (const Json& e : manifest["checkpoints"]) {
    CHECK(e["keep"] == "me");
    CHECK(e["analysis_version"] == am::analysis::kAnalysisSchemaVersion);
    CHECK(e["nonsense_accuracy"].is_number());
    CHECK(e["head_scores"].size() == 8);
    CHECK(e["val_loss"].is_number());
  }
  CHECK(manifest["checkpoints"][1]["val_loss"] == 2.5);  // the trainer's value is kept
  CHECK_FALSE(manifest["checkpoints"][1].contains("val_loss_source"));
  CHECK(manifest["checkpoints"][0]["val_loss_source"] == am::analysis::kAnalysisValLossSource);

  const Json doc = Json::parse(read_text(f.weights / "analysis.json"));
  CHECK(doc["version"] == am::analysis::kAnalysisSchemaVersion);
  CHECK(doc["step"] == 200);
  CHECK(doc["nonsense"]["accuracy"].is_number());
  CHECK(doc["head_scores"].size() == 8);
  REQUIRE(doc["ablations"].size() == 9);  // eight single heads and the induction pair
  CHECK(doc["ablations"][8]["kind"] == "induction pair");
  CHECK(doc["ablations"][8]["pulled"].get<std::string>().size() == 9);  // "L2Hx,L2Hy"
  CHECK(doc["demo"]["text"] == "qzxv kplw qzxv kp");
  CHECK(doc["demo"]["top5"].size() == 5);
  CHECK(doc["bits_per_char_by_book"].size() == 2);
  CHECK(doc["bigram_bits_per_char"].get<double>() < std::log2(30.0));
  CHECK(doc["facts"]["roles"].size() == 8);
  CHECK(doc["checkpoints"].size() == 3);
  CHECK(doc["checkpoints"][2]["train_loss_smoothed"] == 2.8);
  CHECK(doc["checkpoints"][1]["val_loss"] == 2.5);
  CHECK(doc["definitions"]["heldout_windows"]["windows_per_book"]["a"] == 64);

  SECTION("--final-only re-measures the last checkpoint and reads the rest back") {
    REQUIRE(f.run(args + " --final-only") == 0);
    const Json again = Json::parse(read_text(f.weights / "analysis.json"));
    CHECK(again["checkpoints"].size() == 3);
    // read back from the manifest, where rates keep four decimals
    CHECK(again["checkpoints"][0]["nonsense_accuracy"].get<double>() ==
          Approx(doc["checkpoints"][0]["nonsense_accuracy"].get<double>()).margin(5e-5));
    CHECK(again["nonsense"] == doc["nonsense"]);  // deterministic
    CHECK(again["ablations"] == doc["ablations"]);
    CHECK(again["bits_per_char"] == doc["bits_per_char"]);
  }
}

TEST_CASE("attention-analyze fails clearly on a missing corpus or weights folder") {
  Fixture f;
  CHECK(f.run("--weights-dir " + f.weights.string() + " --corpus " + (f.root / "nope").string()) == 1);
  CHECK(f.output().find("nope") != std::string::npos);
  CHECK(f.run("--weights-dir " + (f.root / "none").string() + " --corpus " + f.corpus.string()) == 1);
  CHECK(f.output().find("manifest.json") != std::string::npos);
  CHECK(f.run("--threads zero") == 2);
  CHECK(f.run("--help") == 0);
}
