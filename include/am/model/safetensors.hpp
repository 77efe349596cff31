// Reading and writing .safetensors files (the format PyTorch users know):
// 8-byte little-endian header length, a JSON header, then raw tensor bytes.
// The reader is strict: every malformed file is rejected with a message that
// names the file and the problem; nothing in here may crash on bad input.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <map>
#include <span>
#include <string>
#include <vector>

#include "am/core/result.hpp"
#include "am/model/weights.hpp"

namespace am {

inline constexpr std::uint64_t kMaxHeaderBytes = 1u << 20;  // 1 MiB is far more than we need

struct RawTensor {
  std::string dtype;                 // "F32", "F16" or "BF16"
  std::vector<std::int64_t> shape;
  std::vector<float> values;         // converted to float32
};

struct SafetensorsFile {
  std::map<std::string, RawTensor> tensors;
  std::map<std::string, std::string> metadata;  // __metadata__ (string -> string)
};

// Parses any safetensors file of F32/F16/BF16 tensors. `label` names the file in messages.
Result<SafetensorsFile> parse_safetensors(std::span<const std::uint8_t> bytes,
                                          const std::string& label);
Result<SafetensorsFile> read_safetensors(const std::filesystem::path& path);

// Serializes named F32 tensors (in the given order) plus string metadata.
// The header is padded with spaces to a multiple of 8 bytes.
// How tensors are stored on disk. F16 halves the size of the many training
// checkpoints; a tensor whose values do not fit F16's range is kept in F32.
enum class StorageType { kF32, kF16 };

struct NamedTensor {
  std::string name;
  std::vector<std::int64_t> shape;
  std::span<const float> values;
  StorageType storage = StorageType::kF32;
};
std::vector<std::uint8_t> serialize_safetensors(const std::vector<NamedTensor>& tensors,
                                                const std::map<std::string, std::string>& metadata);

// Model weights: exactly the expected names and shapes, finite values.
Result<Weights> weights_from_safetensors(const SafetensorsFile& file, const std::string& label);
Result<Weights> load_weights(const std::filesystem::path& path);
std::vector<std::uint8_t> serialize_weights(const Weights& weights,
                                            StorageType storage = StorageType::kF32);
// Writes to a temporary name beside `path`, then renames: a kill never leaves a broken file.
Status save_weights(const Weights& weights, const std::filesystem::path& path,
                    StorageType storage = StorageType::kF32);
// Nearest float16 bit pattern (round half to even); values past ±65504 become ±inf.
std::uint16_t float_to_half(float value);
// The float32 a float16 bit pattern stands for (exact: every float16 is a float32).
float half_to_float(std::uint16_t bits);
Status write_file_atomically(const std::filesystem::path& path,
                             std::span<const std::uint8_t> bytes);

}  // namespace am
