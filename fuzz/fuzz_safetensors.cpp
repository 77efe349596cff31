// libFuzzer entry: any bytes through the weights loader and the normalizer.
// A finding is a crash, a sanitizer report, or a broken promise checked below.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "am/model/alphabet.hpp"
#include "am/model/normalizer.hpp"
#include "am/model/safetensors.hpp"

namespace {

[[noreturn]] void broken(const char* promise) {
  std::fprintf(stderr, "fuzz_safetensors: broken promise: %s\n", promise);
  std::abort();
}

const std::string kLabel = "fuzz.safetensors";
constexpr std::size_t kRoundTripMaxBytes = 16 * 1024;
// The normalizer keeps no state across a few code points, so its first bytes cover it;
// normalizing a whole 100 kB model file each run would slow the loader's fuzzing tenfold.
constexpr std::size_t kNormalizeMaxBytes = 4 * 1024;

// Whatever parses must serialize and parse back to the same floats.
void check_round_trip(const am::SafetensorsFile& file) {
  std::vector<am::NamedTensor> tensors;
  for (const auto& [name, t] : file.tensors) tensors.push_back({name, t.shape, t.values});
  const auto again = am::parse_safetensors(am::serialize_safetensors(tensors, file.metadata), kLabel);
  if (!again) broken("a parsed file did not survive serialize + parse");
  if (again->metadata != file.metadata) broken("metadata changed in a round trip");
  if (again->tensors.size() != file.tensors.size()) broken("tensor count changed in a round trip");
  for (const auto& [name, t] : file.tensors) {
    const auto it = again->tensors.find(name);
    if (it == again->tensors.end() || it->second.shape != t.shape) broken("a tensor changed in a round trip");
    const auto& back = it->second.values;
    for (std::size_t i = 0; i < t.values.size(); ++i)  // bits, so NaN payloads count too
      if (std::bit_cast<std::uint32_t>(back[i]) != std::bit_cast<std::uint32_t>(t.values[i]))
        broken("tensor values changed in a round trip");
  }
}

void fuzz_loader(std::span<const std::uint8_t> bytes) {
  const auto file = am::parse_safetensors(bytes, kLabel);
  if (!file) {
    if (file.error().rfind(kLabel + ": ", 0) != 0) broken("a parse error does not name the file");
    return;
  }
  for (const auto& [name, t] : file->tensors) {
    std::uint64_t count = 1;
    for (auto d : t.shape) count = d == 0 ? 0 : count * static_cast<std::uint64_t>(d);
    if (count != t.values.size()) broken("a tensor's values disagree with its shape");
  }
  // A whole model file round-trips like a small one but costs 20x the time per run.
  if (bytes.size() <= kRoundTripMaxBytes) check_round_trip(*file);
  const auto weights = am::weights_from_safetensors(*file, kLabel);
  if (!weights) {
    if (weights.error().rfind(kLabel + ": ", 0) != 0) broken("a weights error does not name the file");
    return;
  }
  if (weights->values.size() != am::kParamCount) broken("weights of the wrong size");
  for (float v : weights->values)
    if (!std::isfinite(v)) broken("accepted weights hold a non-finite value");
  if (weights->step < 0) broken("accepted weights have a negative step");
}

void fuzz_normalizer(std::span<const std::uint8_t> bytes) {
  const std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  const am::Normalized n = am::normalize(text);
  if (n.ids.size() != n.text.size()) broken("normalized ids and text differ in length");
  for (std::size_t i = 0; i < n.text.size(); ++i)
    if (am::char_to_id(n.text[i]) < 0 || n.ids[i] != am::char_to_id(n.text[i]))
      broken("normalized text left the alphabet");
  if (n.text.find("  ") != std::string::npos || n.text.find("..") != std::string::npos)
    broken("a run of spaces or full stops survived");
  if (n.text.size() > bytes.size()) broken("normalized text is longer than its input");
  // Normalizing is idempotent: normal text is left alone.
  const am::Normalized twice = am::normalize(n.text);
  if (twice.text != n.text || twice.report.changed()) broken("normalize is not idempotent");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::span<const std::uint8_t> bytes(data, size);
  fuzz_loader(bytes);
  fuzz_normalizer(bytes.first(std::min(bytes.size(), kNormalizeMaxBytes)));
  return 0;
}
