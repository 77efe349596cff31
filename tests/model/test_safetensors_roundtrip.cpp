// Writing and reading safetensors: the bytes round-trip exactly, the header is
// padded as the format asks, half-precision tensors decode correctly, and files
// are written atomically.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>

#include "am/model/alphabet.hpp"
#include "am/model/safetensors.hpp"
#include "am/model/weights.hpp"
#include "safetensors_builder.hpp"
#include "test_util.hpp"

using namespace am;
using namespace am::test;

namespace {

std::uint64_t header_length(const Bytes& bytes) {
  std::uint64_t len = 0;
  for (int i = 7; i >= 0; --i) len = (len << 8) | bytes[static_cast<std::size_t>(i)];
  return len;
}

}  // namespace

TEST_CASE("weights round-trip through safetensors bit for bit, with step and metadata") {
  Weights original = random_weights(77);
  original.step = 1234;
  const Bytes bytes = serialize_weights(original);

  const auto file = parse_safetensors(bytes, "roundtrip");
  REQUIRE(file.ok());
  CHECK(file->tensors.size() == parameter_table().size());
  for (const auto& info : parameter_table()) {
    const RawTensor& t = file->tensors.at(info.name);
    CHECK(t.dtype == "F32");
    CHECK(t.shape == info.shape);
  }
  CHECK(file->metadata.at("alphabet") == kAlphabet);
  CHECK(file->metadata.at("step") == "1234");
  CHECK(file->metadata.at("format") == "attention-machine");
  const auto config = nlohmann::json::parse(file->metadata.at("config"));
  CHECK(config.at("d_model") == kDModel);
  CHECK(config.at("n_heads") == kHeads);
  CHECK(config.at("context") == kContext);

  const auto loaded = weights_from_safetensors(*file, "roundtrip");
  REQUIRE(loaded.ok());
  CHECK(bitwise_equal(loaded->values, original.values));
  CHECK(loaded->step == 1234);
  // Serializing again gives the same bytes (the writer is deterministic).
  CHECK(serialize_weights(*loaded) == bytes);
}

TEST_CASE("the header is padded with spaces to a multiple of 8 bytes") {
  for (std::size_t name_len = 1; name_len <= 9; ++name_len) {
    const std::vector<float> values = {1.0f, 2.0f};
    const Bytes bytes = serialize_safetensors({{std::string(name_len, 'x'), {2}, values}}, {});
    const std::uint64_t len = header_length(bytes);
    INFO("name length " << name_len);
    CHECK(len % 8 == 0);
    CHECK(bytes.size() == 8 + len + 8);
    const std::string header(bytes.begin() + 8, bytes.begin() + 8 + static_cast<std::ptrdiff_t>(len));
    const auto last_brace = header.find_last_of('}');
    REQUIRE(last_brace != std::string::npos);
    CHECK(header.find_first_not_of(' ', last_brace + 1) == std::string::npos);
    CHECK(header.size() - last_brace - 1 < 8);
    const auto parsed = parse_safetensors(bytes, "padded");
    REQUIRE(parsed.ok());
    CHECK(parsed->tensors.at(std::string(name_len, 'x')).values == values);
  }
}

TEST_CASE("generic tensors keep their exact bits, even NaN and infinity") {
  const std::vector<float> a = {0.0f, -0.0f, 1e-45f, -3.5f, INFINITY, std::nanf("0x12345")};
  const std::vector<float> b = {};
  const Bytes bytes = serialize_safetensors({{"a", {2, 3}, a}, {"empty", {0, 4}, b}}, {{"note", "hello"}});
  const auto file = parse_safetensors(bytes, "bits");
  REQUIRE(file.ok());
  CHECK(bitwise_equal(file->tensors.at("a").values, a));
  CHECK(file->tensors.at("a").shape == std::vector<std::int64_t>{2, 3});
  CHECK(file->tensors.at("empty").values.empty());
  CHECK(file->tensors.at("empty").shape == std::vector<std::int64_t>{0, 4});
  CHECK(file->metadata.at("note") == "hello");
}

TEST_CASE("F16 and BF16 tensors decode to the right floats") {
  // F16: 1, -2, 0.5, 65504 (largest), 2^-24 (smallest subnormal), -0, 2^-14 (smallest normal), 1/3 rounded
  const Bytes f16 = u16_bytes({0x3C00, 0xC000, 0x3800, 0x7BFF, 0x0001, 0x8000, 0x0400, 0x3555});
  // BF16: 1, -2.5, 3.140625, 2^-133 (subnormal)
  const Bytes bf16 = u16_bytes({0x3F80, 0xC020, 0x4049, 0x0001});
  // F16 specials: +inf, -inf, NaN
  const Bytes special = u16_bytes({0x7C00, 0xFC00, 0x7E00});
  Bytes data = f16;
  data.insert(data.end(), bf16.begin(), bf16.end());
  data.insert(data.end(), special.begin(), special.end());
  const std::string header =
      R"({"h":{"dtype":"F16","shape":[2,4],"data_offsets":[0,16]},)"
      R"("b":{"dtype":"BF16","shape":[4],"data_offsets":[16,24]},)"
      R"("s":{"dtype":"F16","shape":[3],"data_offsets":[24,30]}})";
  const auto file = parse_safetensors(safetensors_bytes(header, data), "half");
  REQUIRE(file.ok());
  const auto& h = file->tensors.at("h").values;
  REQUIRE(h.size() == 8);
  CHECK(h[0] == 1.0f);
  CHECK(h[1] == -2.0f);
  CHECK(h[2] == 0.5f);
  CHECK(h[3] == 65504.0f);
  CHECK(h[4] == std::ldexp(1.0f, -24));
  CHECK(h[5] == 0.0f);
  CHECK(std::signbit(h[5]));
  CHECK(h[6] == std::ldexp(1.0f, -14));
  CHECK(h[7] == 0.333251953125f);
  const auto& b = file->tensors.at("b").values;
  REQUIRE(b.size() == 4);
  CHECK(b[0] == 1.0f);
  CHECK(b[1] == -2.5f);
  CHECK(b[2] == 3.140625f);
  CHECK(b[3] == std::ldexp(1.0f, -133));
  const auto& s = file->tensors.at("s").values;
  CHECK(std::isinf(s[0]));
  CHECK(s[0] > 0);
  CHECK(std::isinf(s[1]));
  CHECK(s[1] < 0);
  CHECK(std::isnan(s[2]));
  CHECK(file->tensors.at("h").dtype == "F16");
  CHECK(file->tensors.at("b").dtype == "BF16");
}

TEST_CASE("a weights file in BF16 loads as the rounded weights") {
  // Build a whole model file in BF16 by hand: each float's top 16 bits.
  const Weights w = random_weights(5);
  nlohmann::ordered_json header = nlohmann::ordered_json::object();
  Bytes data;
  for (const auto& info : parameter_table()) {
    header[info.name] = {{"dtype", "BF16"}, {"shape", info.shape}, {"data_offsets", {data.size(), data.size() + info.count * 2}}};
    for (std::size_t i = 0; i < info.count; ++i) {
      const auto bits = static_cast<std::uint16_t>(std::bit_cast<std::uint32_t>(w.values[info.offset + i]) >> 16);
      data.push_back(static_cast<std::uint8_t>(bits & 0xFF));
      data.push_back(static_cast<std::uint8_t>(bits >> 8));
    }
  }
  const auto file = parse_safetensors(safetensors_bytes(header.dump(), data), "bf16-model");
  REQUIRE(file.ok());
  const auto loaded = weights_from_safetensors(*file, "bf16-model");
  REQUIRE(loaded.ok());
  for (std::size_t i = 0; i < kParamCount; ++i) {
    const float truncated = std::bit_cast<float>(std::bit_cast<std::uint32_t>(w.values[i]) & 0xFFFF0000u);
    if (loaded->values[i] != truncated) FAIL("value " << i << " differs");
  }
  CHECK(loaded->step == 0);  // no metadata: step 0
}

TEST_CASE("save_weights and load_weights go through a file atomically") {
  const ScratchDir dir;
  Weights w = random_weights(9);
  w.step = 500;
  const auto path = dir / "step-500.safetensors";
  REQUIRE(save_weights(w, path).ok());
  CHECK(dir.file_names() == std::vector<std::string>{"step-500.safetensors"});  // no .tmp left behind
  CHECK(std::filesystem::file_size(path) == serialize_weights(w).size());
  const auto loaded = load_weights(path);
  REQUIRE(loaded.ok());
  CHECK(bitwise_equal(loaded->values, w.values));
  CHECK(loaded->step == 500);

  // Overwriting replaces the whole file.
  w.step = 600;
  w.values[0] = 42.0f;
  REQUIRE(save_weights(w, path).ok());
  CHECK(dir.file_names() == std::vector<std::string>{"step-500.safetensors"});
  const auto again = load_weights(path);
  REQUIRE(again.ok());
  CHECK(again->values[0] == 42.0f);
  CHECK(again->step == 600);
}

TEST_CASE("saving into a missing folder fails with a message and leaves nothing") {
  const ScratchDir dir;
  const auto path = dir / "no-such-folder" / "w.safetensors";
  const Status status = save_weights(random_weights(1), path);
  REQUIRE_FALSE(status.ok());
  CHECK(status.error().find("no-such-folder") != std::string::npos);
  CHECK(dir.file_names().empty());
}

TEST_CASE("reading a missing file, a folder or a damaged file names the path") {
  const ScratchDir dir;
  const auto missing = load_weights(dir / "absent.safetensors");
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.error().find("absent.safetensors: file not found") != std::string::npos);

  const auto folder = load_weights(dir.path());
  REQUIRE_FALSE(folder.ok());
  CHECK(folder.error().find("not a regular file") != std::string::npos);

  dir.write("short.safetensors", "abc");
  const auto shorty = load_weights(dir / "short.safetensors");
  REQUIRE_FALSE(shorty.ok());
  CHECK(shorty.error().find((dir / "short.safetensors").string()) == 0);
  CHECK(shorty.error().find("too short") != std::string::npos);
}
