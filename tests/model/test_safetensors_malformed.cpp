// A table of handcrafted malformed files: each must be rejected (never crash),
// with a message that starts with the file's name and says what is wrong in
// words no other case shares.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>
#include <vector>

#include "am/model/safetensors.hpp"
#include "am/model/weights.hpp"
#include "safetensors_builder.hpp"

using namespace am;
using namespace am::test;

namespace {

struct MalformedCase {
  std::string name;
  Bytes bytes;
  std::string needle;  // a phrase only this case's message contains
};

// One well-formed two-tensor file: "a" [2] then "b" [1], 12 bytes of data.
const std::string kTwoTensors =
    R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]},"b":{"dtype":"F32","shape":[1],"data_offsets":[8,12]}})";

Bytes weights_file(void (*edit)(EditableWeightsFile&)) {
  EditableWeightsFile file(random_weights(3));
  edit(file);
  return file.serialize();
}

Bytes one_tensor(const std::string& entry, const Bytes& data) {
  return safetensors_bytes(R"({"t":)" + entry + "}", data);
}

std::vector<MalformedCase> malformed_cases() {
  const Bytes twelve = f32_bytes({1, 2, 3});
  const Bytes good_small = safetensors_bytes(kTwoTensors, twelve);
  Bytes cut = good_small;
  cut.resize(cut.size() - 2);
  return {
      {"truncated below 8 bytes", {0x10, 0, 0, 0, 0}, "5 bytes, too short for a safetensors header"},
      {"truncated in the data", cut, "past the end of the data"},
      {"header length over the cap", safetensors_bytes("{}", {}, kMaxHeaderBytes + 1), "exceeds the limit"},
      {"header length past the end of the file", safetensors_bytes("{}", {}, 100), "runs past the end of the file"},
      {"header not JSON", safetensors_bytes(R"({"a": [1, 2)"), "is not valid JSON"},
      {"header not an object", safetensors_bytes("[1,2,3]"), "is not a JSON object"},
      {"header not UTF-8", safetensors_bytes("{\"\xC0\xAF\":{}}"), "is not valid UTF-8"},
      {"overlapping offsets",
       safetensors_bytes(
           R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]},"b":{"dtype":"F32","shape":[2],"data_offsets":[4,12]}})",
           twelve),
       "overlaps the tensor before it"},
      {"gap between tensors",
       safetensors_bytes(
           R"({"a":{"dtype":"F32","shape":[1],"data_offsets":[0,4]},"b":{"dtype":"F32","shape":[1],"data_offsets":[8,12]}})",
           twelve),
       "gap of 4 unused bytes before tensor 'b'"},
      {"trailing bytes", safetensors_bytes(kTwoTensors, f32_bytes({1, 2, 3, 4})), "4 trailing bytes"},
      {"wrong dtype", one_tensor(R"({"dtype":"I64","shape":[1],"data_offsets":[0,8]})", Bytes(8)),
       "unsupported dtype 'I64'"},
      {"dtype not a string", one_tensor(R"({"dtype":4,"shape":[1],"data_offsets":[0,4]})", Bytes(4)),
       "dtype is not a string"},
      {"shape not a list", one_tensor(R"({"dtype":"F32","shape":3,"data_offsets":[0,12]})", Bytes(12)),
       "shape is not a list"},
      {"negative shape entry", one_tensor(R"({"dtype":"F32","shape":[-1],"data_offsets":[0,4]})", Bytes(4)),
       "shape entry that is not a non-negative integer"},
      {"size overflow in the shape product",
       one_tensor(R"({"dtype":"F32","shape":[4294967296,4294967296,2],"data_offsets":[0,4]})", Bytes(4)),
       "overflows when multiplied out"},
      {"size overflow in bytes",
       one_tensor(R"({"dtype":"F32","shape":[4611686018427387904],"data_offsets":[0,4]})", Bytes(4)),
       "size in bytes overflows"},
      {"offsets of the wrong length", one_tensor(R"({"dtype":"F32","shape":[1],"data_offsets":[0,4,8]})", Bytes(4)),
       "data_offsets must be a list of two"},
      {"offsets end before they begin", one_tensor(R"({"dtype":"F32","shape":[0],"data_offsets":[8,4]})", Bytes(8)),
       "end (4) before they begin (8)"},
      {"offsets disagree with the shape", one_tensor(R"({"dtype":"F32","shape":[2],"data_offsets":[0,4]})", Bytes(4)),
       "occupies 4 bytes but its dtype and shape need 8"},
      {"entry missing a field", one_tensor(R"({"dtype":"F32","shape":[1]})", Bytes(4)),
       "needs exactly dtype, shape and data_offsets"},
      {"duplicate key",
       safetensors_bytes(
           R"({"a":{"dtype":"F32","shape":[1],"data_offsets":[0,4]},"a":{"dtype":"F32","shape":[1],"data_offsets":[4,8]}})",
           Bytes(8)),
       "names 'a' twice (duplicate key)"},
      {"metadata not an object", safetensors_bytes(R"({"__metadata__":["x"]})"), "__metadata__ must be an object"},
      {"metadata value not a string", safetensors_bytes(R"({"__metadata__":{"step":5}})"),
       "__metadata__ value 'step' is not a string"},
      {"wrong shape", weights_file([](EditableWeightsFile& f) { f.tensor("embed.weight").shape = {32, 30}; }),
       "'embed.weight' has shape [32,30], expected [30,32]"},
      {"missing tensor",
       weights_file([](EditableWeightsFile& f) { f.tensors.pop_back(); }), "'unembed.bias' is missing"},
      {"extra tensor",
       weights_file([](EditableWeightsFile& f) { f.tensors.push_back({"extra.weight", {2}, {1.0f, 2.0f}}); }),
       "unexpected tensor 'extra.weight'"},
      {"NaN weight", weights_file([](EditableWeightsFile& f) { f.tensor("blocks.1.attn.k.weight").values[17] = NAN; }),
       "'blocks.1.attn.k.weight' holds a NaN at index 17"},
      {"infinite weight",
       weights_file([](EditableWeightsFile& f) { f.tensor("ln_f.bias").values[3] = -INFINITY; }),
       "'ln_f.bias' holds an infinite value at index 3"},
      {"wrong alphabet",
       weights_file([](EditableWeightsFile& f) { f.metadata["alphabet"] = "abcdefghijklmnopqrstuvwxyz .,!"; }),
       "made for a different alphabet"},
      {"step not a number", weights_file([](EditableWeightsFile& f) { f.metadata["step"] = "12x"; }),
       "metadata step '12x' is not a non-negative integer"},
  };
}

// The file's first error, from the parser or the model check.
std::string rejection(const Bytes& bytes, const std::string& label) {
  const auto file = parse_safetensors(bytes, label);
  if (!file) return file.error();
  const auto weights = weights_from_safetensors(*file, label);
  if (!weights) return weights.error();
  return "";
}

}  // namespace

TEST_CASE("every malformed file is rejected with its own message naming the file") {
  const auto cases = malformed_cases();
  std::vector<std::string> messages;
  for (const auto& c : cases) {
    const std::string label = "bad/" + c.name + ".safetensors";
    const std::string message = rejection(c.bytes, label);
    INFO("case: " << c.name << "\nmessage: " << message);
    CHECK_FALSE(message.empty());
    CHECK(message.rfind(label + ": ", 0) == 0);
    CHECK(message.find(c.needle) != std::string::npos);
    messages.push_back(message);
  }
  // Distinct: no case's phrase appears in another case's message.
  for (std::size_t i = 0; i < cases.size(); ++i)
    for (std::size_t j = 0; j < cases.size(); ++j) {
      if (i == j) continue;
      INFO("phrase of '" << cases[i].name << "' found in the message of '" << cases[j].name << "': " << messages[j]);
      CHECK(messages[j].find(cases[i].needle) == std::string::npos);
    }
}

TEST_CASE("the well-formed versions of the table's files are accepted") {
  // Guards the table: each malformed file above differs from an accepted one in one way.
  const auto small = parse_safetensors(safetensors_bytes(kTwoTensors, f32_bytes({1, 2, 3})), "good");
  REQUIRE(small.ok());
  CHECK(small->tensors.at("a").values == std::vector<float>{1, 2});
  CHECK(small->tensors.at("b").values == std::vector<float>{3});
  const Bytes model = weights_file([](EditableWeightsFile&) {});
  CHECK(rejection(model, "good-model").empty());
  // An empty header object with no data is a valid (empty) safetensors file, but not our model.
  const auto empty = parse_safetensors(safetensors_bytes("{}"), "empty");
  REQUIRE(empty.ok());
  CHECK(empty->tensors.empty());
  CHECK(rejection(safetensors_bytes("{}"), "empty").find("is missing") != std::string::npos);
}

TEST_CASE("every prefix of a valid file is rejected without a crash") {
  const Bytes good = safetensors_bytes(kTwoTensors + "   ", f32_bytes({1, 2, 3}));
  for (std::size_t n = 0; n < good.size(); ++n) {
    const Bytes prefix(good.begin(), good.begin() + static_cast<std::ptrdiff_t>(n));
    const auto file = parse_safetensors(prefix, "prefix");
    INFO("prefix length " << n);
    CHECK_FALSE(file.ok());
  }
  CHECK(parse_safetensors(good, "whole").ok());
}

TEST_CASE("hostile names are shortened and made printable in messages") {
  const std::string long_name(5000, 'n');
  const auto file = parse_safetensors(
      safetensors_bytes(R"({")" + long_name + R"(":{"dtype":"I8","shape":[1],"data_offsets":[0,1]}})", Bytes(1)), "x");
  REQUIRE_FALSE(file.ok());
  CHECK(file.error().size() < 300);
  const auto control = parse_safetensors(
      safetensors_bytes("{\"a\\u0007b\":{\"dtype\":\"I8\",\"shape\":[1],\"data_offsets\":[0,1]}}", Bytes(1)), "x");
  REQUIRE_FALSE(control.ok());
  CHECK(control.error().find("'a?b'") != std::string::npos);
}

TEST_CASE("a header nested thousands of levels deep is rejected, not a stack overflow") {
  const std::string deep = std::string(R"({"a":)") + std::string(100000, '[') + std::string(100000, ']') + "}";
  const auto file = parse_safetensors(safetensors_bytes(deep), "deep");
  REQUIRE_FALSE(file.ok());
  CHECK(file.error().find("needs exactly dtype, shape and data_offsets") != std::string::npos);
}
