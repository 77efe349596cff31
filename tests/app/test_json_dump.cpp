#include <catch2/catch.hpp>

#include "am/model/forward.hpp"
#include "am/model/normalizer.hpp"
#include "json_dump.hpp"

using namespace am;

TEST_CASE("the JSON dump carries the forward pass with one-based head names") {
  const Weights w = random_weights(7);
  app::JsonDumpInput in;
  in.original_text = "The Qu";
  in.normalized = normalize(in.original_text);
  in.pulled = *HeadMask::parse("L2H4");
  in.all_activations = true;
  const Activations acts = forward(w, in.normalized.ids, in.pulled);
  const auto j = app::forward_to_json(in, acts);

  CHECK(j["text"] == "the qu");
  CHECK(j["ids"].size() == 6);
  REQUIRE(j["probabilities"].size() == 6);
  CHECK(j["probabilities"][0].size() == 30);
  CHECK(j["pulled_heads"][0] == "L2H4");
  CHECK(j["layers"][1]["heads"][3]["head"] == "L2H4");
  CHECK(j["layers"][0]["heads"][0]["attention_weights"].size() == 6);
  CHECK(j["layers"][0]["mlp_post_activation"][0].size() == 128);
  CHECK(j["residual_stream"].contains("L2 after MLP"));
  // Top-5 is sorted and its first entry is the last row's maximum.
  const auto& top = j["top5_next"];
  REQUIRE(top.size() == 5);
  CHECK(top[0]["p"].get<float>() >= top[1]["p"].get<float>());
  float best = 0;
  for (float p : j["probabilities"][5]) best = std::max(best, p);
  CHECK(top[0]["p"].get<float>() == best);
  // Every recorded activation appears by name with its data.
  CHECK(j["activations"]["blocks.1.head_out"]["shape"] == std::vector<int>{4, 6, 8});
  CHECK(j["activations"]["probs"]["data"].size() == 6 * 30);
}

TEST_CASE("the dump reports a sliding window for long text") {
  const Weights w = random_weights(7);
  app::JsonDumpInput in;
  in.original_text = std::string(100, 'a');
  in.normalized = normalize(in.original_text);
  in.window_start = 36;
  const Activations acts = forward(w, in.normalized.ids);
  const auto j = app::forward_to_json(in, acts);
  CHECK(j["ids"].size() == 64);
  CHECK(j["read"].get<std::string>().size() == 64);
  CHECK(j["probabilities"].size() == 64);
}
