// The trainer's memory-safety checks hold in Release: a parameter table the trainer does
// not match, or a window of the wrong length or with ids outside the vocabulary, is an
// error, and no kernel runs on it.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "am/model/weights.hpp"
#include "am/train/batch_gradient.hpp"
#include "am/train/init.hpp"
#include "am/train/model_grad.hpp"

using namespace am;
using namespace am::train;

namespace {

TensorInfo& entry(std::vector<TensorInfo>& table, const std::string& name) {
  const auto it =
      std::find_if(table.begin(), table.end(), [&](const TensorInfo& t) { return t.name == name; });
  REQUIRE(it != table.end());
  return *it;
}

bool mentions(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("model_grad checks: the shipped parameter table gives the offsets") {
  const Result<ParamOffsets>& o = param_offsets();
  REQUIRE(o.ok());
  CHECK(o->embed == find_parameter("embed.weight")->offset);
  CHECK(o->layers[1].qkv == find_parameter("blocks.1.attn.q.weight")->offset);
  CHECK(o->layers[1].proj_b == find_parameter("blocks.1.mlp.proj.bias")->offset);
  CHECK(o->unembed_b == find_parameter("unembed.bias")->offset);
  CHECK(o->unembed_b + kVocab == kParamCount);
}

TEST_CASE("model_grad checks: a table the trainer does not match is an error") {
  SECTION("a tensor is missing") {
    std::vector<TensorInfo> table = parameter_table();
    entry(table, "blocks.0.mlp.fc.bias").name = "blocks.0.mlp.fc.b";
    const Result<ParamOffsets> o = param_offsets_from(table);
    REQUIRE_FALSE(o.ok());
    CHECK(mentions(o.error(), "no blocks.0.mlp.fc.bias"));
  }
  SECTION("a tensor holds another number of values") {
    std::vector<TensorInfo> table = parameter_table();
    entry(table, "blocks.1.mlp.fc.weight").count = 64;
    const Result<ParamOffsets> o = param_offsets_from(table);
    REQUIRE_FALSE(o.ok());
    CHECK(mentions(o.error(), "blocks.1.mlp.fc.weight holds 64 values; the trainer reads 4096"));
  }
  SECTION("a tensor runs past the end of the block") {
    std::vector<TensorInfo> table = parameter_table();
    entry(table, "unembed.bias").offset = kParamCount - 1;
    const Result<ParamOffsets> o = param_offsets_from(table);
    REQUIRE_FALSE(o.ok());
    CHECK(mentions(o.error(), "unembed.bias runs past the end"));
  }
  SECTION("k does not follow q") {
    std::vector<TensorInfo> table = parameter_table();
    std::swap(entry(table, "blocks.0.attn.k.weight").offset, entry(table, "blocks.0.attn.o.weight").offset);
    const Result<ParamOffsets> o = param_offsets_from(table);
    REQUIRE_FALSE(o.ok());
    CHECK(mentions(o.error(), "do not follow .q"));
  }
}

TEST_CASE("model_grad checks: a bad window is refused, and backward then adds nothing") {
  const Weights w = initial_weights({});
  PreparedParams<float> p;
  p.prepare(w.values.data());
  SequenceModel<float> model;
  std::vector<int> window(kContext + 1, 3);
  std::vector<float> grads(kParamCount, 0.5f);

  SECTION("too long") {
    window.resize(kContext + 2, 3);
    const Result<double> loss = model.forward(p, window.data(), kContext + 1);
    REQUIRE_FALSE(loss.ok());
    CHECK(mentions(loss.error(), "1 to 64 characters, not 65"));
  }
  SECTION("empty") {
    const Result<double> loss = model.forward(p, window.data(), 0);
    REQUIRE_FALSE(loss.ok());
    CHECK(mentions(loss.error(), "not 0"));
  }
  SECTION("an input id past the vocabulary") {
    window[10] = kVocab;
    const Result<double> loss = model.forward(p, window.data());
    REQUIRE_FALSE(loss.ok());
    CHECK(mentions(loss.error(), "character id 30 at position 10"));
  }
  SECTION("a negative target id") {
    window[kContext] = -1;
    const Result<double> loss = model.forward(p, window.data());
    REQUIRE_FALSE(loss.ok());
    CHECK(mentions(loss.error(), "character id -1 at position 64"));
  }
  model.backward(p, grads.data(), 1.0f);
  CHECK(std::all_of(grads.begin(), grads.end(), [](float g) { return g == 0.5f; }));
}

TEST_CASE("model_grad checks: a refused window does not spoil the next one") {
  const Weights w = initial_weights({});
  PreparedParams<float> p;
  p.prepare(w.values.data());
  std::vector<int> window(kContext + 1);
  for (int t = 0; t <= kContext; ++t) window[static_cast<std::size_t>(t)] = t % kVocab;
  SequenceModel<float> fresh;
  const Result<double> expected = fresh.forward(p, window.data());
  REQUIRE(expected.ok());

  SequenceModel<float> model;
  std::vector<int> bad = window;
  bad[5] = 99;
  REQUIRE_FALSE(model.forward(p, bad.data()).ok());
  const Result<double> again = model.forward(p, window.data());
  REQUIRE(again.ok());
  CHECK(*again == *expected);
  // a shorter window is fine too
  const Result<double> short_window = model.forward(p, window.data(), 8);
  REQUIRE(short_window.ok());
  CHECK(*short_window > 0.0);
}

TEST_CASE("model_grad checks: a batch with a refused window has a NaN loss, which the trainer stops on") {
  const Weights w = initial_weights({});
  PreparedParams<float> p;
  p.prepare(w.values.data());
  BatchGradient engine(1);
  std::vector<int> windows(4 * kWindow, 2);
  std::vector<float> grads(kParamCount);
  CHECK(std::isfinite(engine.loss_and_gradient(p, windows, grads.data())));
  windows[2 * kWindow + 7] = kVocab + 5;
  CHECK(std::isnan(engine.loss_and_gradient(p, windows, grads.data())));
  CHECK(std::isnan(engine.loss(p, windows)));
}
