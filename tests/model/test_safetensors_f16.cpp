#include <catch2/catch.hpp>

#include <cmath>

#include "am/model/safetensors.hpp"

using namespace am;

TEST_CASE("float_to_half rounds to the nearest float16") {
  CHECK(float_to_half(0.0f) == 0x0000);
  CHECK(float_to_half(-0.0f) == 0x8000);
  CHECK(float_to_half(1.0f) == 0x3C00);
  CHECK(float_to_half(-2.0f) == 0xC000);
  CHECK(float_to_half(65504.0f) == 0x7BFF);
  CHECK(float_to_half(1e6f) == 0x7C00);
  CHECK(float_to_half(5.9604645e-8f) == 0x0001);  // smallest subnormal
  // 1 + 2^-11 is exactly half-way between 1 and the next half: ties go to even (1.0).
  CHECK(float_to_half(1.0f + std::ldexp(1.0f, -11)) == 0x3C00);
  CHECK(float_to_half(1.0f + 3 * std::ldexp(1.0f, -11)) == 0x3C02);
}

TEST_CASE("F16 checkpoints are half the size and load back within float16 precision") {
  const Weights w = random_weights(3);
  const auto f32 = serialize_weights(w);
  const auto f16 = serialize_weights(w, StorageType::kF16);
  CHECK(f16.size() < f32.size() * 6 / 10);
  auto parsed = parse_safetensors(f16, "half.safetensors");
  REQUIRE(parsed.ok());
  CHECK(parsed->tensors.at("embed.weight").dtype == "F16");
  auto loaded = weights_from_safetensors(*parsed, "half.safetensors");
  REQUIRE(loaded.ok());
  for (std::size_t i = 0; i < w.values.size(); ++i)
    REQUIRE(std::fabs(loaded->values[i] - w.values[i]) <= std::fabs(w.values[i]) * 4.9e-4f + 6e-8f);
}

TEST_CASE("a tensor too large for float16 stays float32") {
  Weights w = random_weights(3);
  w.values[0] = 1e5f;
  auto parsed = parse_safetensors(serialize_weights(w, StorageType::kF16), "big.safetensors");
  REQUIRE(parsed.ok());
  CHECK(parsed->tensors.at("embed.weight").dtype == "F32");
  CHECK(parsed->tensors.at("unembed.weight").dtype == "F16");
  CHECK(parsed->tensors.at("embed.weight").values[0] == 1e5f);
}
