// Float16 checkpoints stay float16 in memory: widening one must give exactly the floats
// the float32 loader gives, and a forward pass on it must match bit for bit.
#include <catch2/catch.hpp>

#include <bit>
#include <cmath>
#include <filesystem>

#include "am/model/forward.hpp"
#include "am/model/normalizer.hpp"
#include "am/model/run_folder.hpp"
#include "am/model/safetensors.hpp"
#include "am/model/stored_weights.hpp"
#include "am/model/widened_lru.hpp"
#include "run_folder_loader.hpp"
#include "shipped_copy.hpp"
#include "test_util.hpp"

using namespace am;
using am::test::load_run_folder;

namespace {

std::filesystem::path plain_weights_dir() { return am::test::shipped_weights_dir().parent_path() / "plain"; }

bool same_bits(const std::vector<float>& a, const std::vector<float>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (std::bit_cast<std::uint32_t>(a[i]) != std::bit_cast<std::uint32_t>(b[i])) return false;
  return true;
}

}  // namespace

TEST_CASE("widening a float16 checkpoint gives exactly the float32 loader's values", "[stored]") {
  for (const auto& dir : {am::test::shipped_weights_dir(), plain_weights_dir()}) {
    auto run = load_run_folder(dir);
    REQUIRE(run);
    REQUIRE(run->weights.size() == run->manifest.checkpoints.size());
    for (std::size_t i = 0; i < run->weights.size(); ++i) {
      const StoredWeights& stored = run->weights[i];
      auto loaded = load_weights(dir / run->manifest.checkpoints[i].file);  // the float32 loader
      REQUIRE(loaded);
      INFO(dir.filename().string() << " step " << stored.step);
      CHECK(stored.is_half());  // the shipped files are F16
      CHECK(stored.bytes() == kParamCount * 2);
      const Weights wide = stored.widened();
      CHECK(wide.step == run->manifest.checkpoints[i].step);
      REQUIRE(same_bits(wide.values, loaded->values));
    }
  }
}

TEST_CASE("a checkpoint that is not all float16 values stays float32, shared unchanged", "[stored]") {
  Weights w = random_weights(7);
  w.step = 42;
  const StoredWeights stored = StoredWeights::keep(w);
  CHECK_FALSE(stored.is_half());
  REQUIRE(stored.full());
  CHECK(stored.bytes() == kParamCount * 4);
  CHECK(same_bits(stored.widened().values, w.values));
  CHECK(stored.widened().step == 42);

  // The same weights rounded through an F16 file are kept as float16, and -0.0 survives.
  auto parsed = parse_safetensors(serialize_weights(w, StorageType::kF16), "half.safetensors");
  REQUIRE(parsed);
  auto half = weights_from_safetensors(*parsed, "half.safetensors");
  REQUIRE(half);
  half->values[5] = -0.0f;
  const StoredWeights kept = StoredWeights::keep(*half);
  CHECK(kept.is_half());
  CHECK(same_bits(kept.widened().values, half->values));
}

TEST_CASE("widen_half matches half_to_float for every finite float16", "[stored]") {
  std::vector<std::uint16_t> bits;
  for (std::uint32_t b = 0; b < 65536; ++b)
    if ((b & 0x7C00u) != 0x7C00u) bits.push_back(static_cast<std::uint16_t>(b));  // no inf or NaN
  bits.push_back(0x3C00);  // an odd count: the vector path's tail runs too
  std::vector<float> out(bits.size());
  widen_half(bits.data(), out.data(), bits.size());
  for (std::size_t i = 0; i < bits.size(); ++i)
    REQUIRE(std::bit_cast<std::uint32_t>(out[i]) == std::bit_cast<std::uint32_t>(half_to_float(bits[i])));
  CHECK(half_to_float(0x3C00) == 1.0f);
  CHECK(half_to_float(0x0001) == std::ldexp(1.0f, -24));
}

TEST_CASE("forward on a widened checkpoint equals the float32 loader's bit for bit", "[stored]") {
  const auto dir = am::test::shipped_weights_dir();
  auto run = load_run_folder(dir);
  REQUIRE(run);
  const std::vector<int> ids = normalize("the cat sat on the mat. the cat sat on the mat.").ids;
  HeadMask pulled;
  pulled.pulled[1][0] = true;
  for (std::size_t i : {std::size_t{0}, run->weights.size() / 2, run->weights.size() - 1}) {
    auto loaded = load_weights(dir / run->manifest.checkpoints[i].file);
    REQUIRE(loaded);
    const Weights wide = run->weights[i].widened();
    for (const HeadMask& mask : {HeadMask{}, pulled}) {
      const Activations a = forward(wide, ids, mask), b = forward(*loaded, ids, mask);
      REQUIRE(a.block().size() == b.block().size());
      CHECK(am::test::bitwise_equal(a.block(), b.block()));
    }
  }
}

TEST_CASE("the widened set keeps the recent checkpoints and never writes over a held one", "[stored]") {
  std::vector<StoredWeights> stored;
  for (int i = 0; i < 5; ++i) {
    auto parsed = parse_safetensors(serialize_weights(random_weights(static_cast<std::uint64_t>(i)), StorageType::kF16), "w");
    REQUIRE(parsed);
    auto w = weights_from_safetensors(*parsed, "w");
    REQUIRE(w);
    w->step = 10 * i;
    stored.push_back(StoredWeights::keep(std::move(*w)));
  }
  WidenedLru lru(stored, 2);
  const auto first = lru.get(0);
  CHECK(lru.get(0) == first);  // a hit: not widened again
  CHECK(lru.widenings() == 1);
  for (std::size_t i = 1; i < stored.size(); ++i) {
    const auto w = lru.get(i);
    CHECK(w->step == stored[i].step);
    CHECK(same_bits(w->values, stored[i].widened().values));
  }
  CHECK(first->step == 0);  // held all along: still checkpoint 0
  CHECK(same_bits(first->values, stored[0].widened().values));
  CHECK(lru.widenings() == 5);
  CHECK(lru.get(4)->step == 40);  // the most recent is still in
  CHECK(lru.widenings() == 5);
}

TEST_CASE("every finite float16 value is kept as float16, and one bit more is not", "[stored]") {
  std::vector<float> halves;
  for (std::uint32_t b = 0; b < 65536; ++b)
    if ((b & 0x7C00u) != 0x7C00u) halves.push_back(half_to_float(static_cast<std::uint16_t>(b)));
  for (std::size_t start = 0; start < halves.size(); start += kParamCount) {
    Weights w;
    for (std::size_t i = 0; i < kParamCount; ++i) w.values[i] = halves[(start + i) % halves.size()];
    const StoredWeights stored = StoredWeights::keep(w);
    REQUIRE(stored.is_half());
    REQUIRE(same_bits(stored.widened().values, w.values));
  }
  for (const float off : {1.0f + std::ldexp(1.0f, -12), std::ldexp(1.0f, -25), 70000.0f, std::ldexp(3.0f, -26)}) {
    Weights w;
    w.values[3] = off;
    const StoredWeights stored = StoredWeights::keep(w);
    CHECK_FALSE(stored.is_half());
    CHECK(same_bits(stored.widened().values, w.values));
  }
}
