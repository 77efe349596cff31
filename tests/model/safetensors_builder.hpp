// Hand-built safetensors bytes for tests: a header string and raw data, glued
// together with the 8-byte little-endian length, with nothing checked.
#pragma once

#include <bit>
#include <cstdint>
#include <initializer_list>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "am/model/safetensors.hpp"
#include "am/model/weights.hpp"

namespace am::test {

using Bytes = std::vector<std::uint8_t>;

// 8-byte length (declared_len, or the header's real size) + header + data.
inline Bytes safetensors_bytes(const std::string& header, const Bytes& data = {},
                               std::uint64_t declared_len = UINT64_MAX) {
  const std::uint64_t len = declared_len == UINT64_MAX ? header.size() : declared_len;
  Bytes out;
  for (int i = 0; i < 8; ++i) out.push_back(static_cast<std::uint8_t>(len >> (8 * i)));
  out.insert(out.end(), header.begin(), header.end());
  out.insert(out.end(), data.begin(), data.end());
  return out;
}

inline Bytes f32_bytes(std::initializer_list<float> values) {
  Bytes out;
  for (float v : values) {
    const auto bits = std::bit_cast<std::uint32_t>(v);
    for (int b = 0; b < 4; ++b) out.push_back(static_cast<std::uint8_t>(bits >> (8 * b)));
  }
  return out;
}

inline Bytes u16_bytes(std::initializer_list<std::uint16_t> values) {
  Bytes out;
  for (auto v : values) {
    out.push_back(static_cast<std::uint8_t>(v & 0xFF));
    out.push_back(static_cast<std::uint8_t>(v >> 8));
  }
  return out;
}

// The model's tensors from `weights`, as a list a test can edit before serializing.
struct EditableWeightsFile {
  struct Tensor {
    std::string name;
    std::vector<std::int64_t> shape;
    std::vector<float> values;
  };
  std::vector<Tensor> tensors;
  std::map<std::string, std::string> metadata;

  explicit EditableWeightsFile(const Weights& weights) {
    for (const auto& info : parameter_table())
      tensors.push_back({info.name, info.shape,
                         std::vector<float>(weights.values.begin() + static_cast<std::ptrdiff_t>(info.offset),
                                            weights.values.begin() + static_cast<std::ptrdiff_t>(info.offset + info.count))});
    metadata = {{"alphabet", "abcdefghijklmnopqrstuvwxyz .,'"}, {"step", std::to_string(weights.step)}};
  }
  Tensor& tensor(const std::string& name) {
    for (auto& t : tensors)
      if (t.name == name) return t;
    throw std::logic_error("no tensor " + name);  // a mistake in the test itself
  }
  Bytes serialize() const {
    std::vector<NamedTensor> named;
    for (const auto& t : tensors) named.push_back({t.name, t.shape, t.values});
    return serialize_safetensors(named, metadata);
  }
};

}  // namespace am::test
