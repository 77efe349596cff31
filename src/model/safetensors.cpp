#include "am/model/safetensors.hpp"

#include <bit>
#include <cmath>
#include <cstring>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <set>
#include <system_error>

#include "am/model/alphabet.hpp"
#include "am/model/config.hpp"

namespace am {
namespace fs = std::filesystem;
using nlohmann::json;

namespace {

std::uint64_t read_le64(const std::uint8_t* p) {
  std::uint64_t v = 0;
  for (int i = 7; i >= 0; --i) v = (v << 8) | p[i];
  return v;
}

float half_to_float(std::uint16_t h) {
  const std::uint32_t sign = (h & 0x8000u) << 16;
  const std::uint32_t exponent = (h >> 10) & 0x1Fu;
  const std::uint32_t mantissa = h & 0x3FFu;
  if (exponent == 0) {
    const float magnitude = std::ldexp(static_cast<float>(mantissa), -24);
    return sign ? -magnitude : magnitude;
  }
  std::uint32_t bits;
  if (exponent == 31) bits = sign | 0x7F800000u | (mantissa << 13);
  else bits = sign | ((exponent + 112) << 23) | (mantissa << 13);
  return std::bit_cast<float>(bits);
}

int dtype_size(const std::string& dtype) {
  if (dtype == "F32") return 4;
  if (dtype == "F16" || dtype == "BF16") return 2;
  return 0;
}

// Multiplies with an overflow check; false on overflow.
bool checked_mul(std::uint64_t a, std::uint64_t b, std::uint64_t& out) {
  if (a != 0 && b > std::numeric_limits<std::uint64_t>::max() / a) return false;
  out = a * b;
  return true;
}

// Parses the header JSON, rejecting duplicate keys at any depth (nlohmann would
// silently keep the last one).
Result<json> parse_header_json(const std::string& text, const std::string& label) {
  std::vector<std::set<std::string>> keys_per_depth;
  std::string duplicate;
  const json::parser_callback_t callback = [&](int depth, json::parse_event_t event, json& parsed) {
    if (event == json::parse_event_t::object_start) {
      keys_per_depth.resize(static_cast<std::size_t>(depth) + 2);
      keys_per_depth[static_cast<std::size_t>(depth) + 1].clear();
    } else if (event == json::parse_event_t::key) {
      auto& keys = keys_per_depth[static_cast<std::size_t>(depth)];
      if (!keys.insert(parsed.get<std::string>()).second && duplicate.empty())
        duplicate = parsed.get<std::string>();
    }
    return true;
  };
  json doc = json::parse(text, callback, /*allow_exceptions=*/false);
  if (doc.is_discarded()) return fail(label + ": the header is not valid UTF-8 JSON");
  if (!duplicate.empty()) return fail(label + ": the header names '" + duplicate + "' twice");
  if (!doc.is_object()) return fail(label + ": the header is not a JSON object");
  return doc;
}

}  // namespace

Result<SafetensorsFile> parse_safetensors(std::span<const std::uint8_t> bytes,
                                          const std::string& label) {
  if (bytes.size() < 8)
    return fail(label + ": file is " + std::to_string(bytes.size()) +
                " bytes, too short for a safetensors header (truncated?)");
  const std::uint64_t header_len = read_le64(bytes.data());
  if (header_len > kMaxHeaderBytes)
    return fail(label + ": header length " + std::to_string(header_len) + " exceeds the limit of " +
                std::to_string(kMaxHeaderBytes) + " bytes");
  if (header_len > bytes.size() - 8)
    return fail(label + ": header length " + std::to_string(header_len) +
                " runs past the end of the file (" + std::to_string(bytes.size()) + " bytes; truncated?)");
  const std::string header_text(reinterpret_cast<const char*>(bytes.data() + 8), header_len);
  if (!header_text.empty() && header_text.front() != '{')
    return fail(label + ": the header does not start with '{'");
  auto header = parse_header_json(header_text, label);
  if (!header) return fail(header.error());

  const std::uint64_t data_start = 8 + header_len;
  const std::uint64_t data_len = bytes.size() - data_start;
  SafetensorsFile file;
  struct Span {
    std::uint64_t begin, end;
    std::string name;
  };
  std::vector<Span> spans;
  for (const auto& [name, info] : header->items()) {
    if (name == "__metadata__") {
      if (!info.is_object()) return fail(label + ": __metadata__ must be an object of strings");
      for (const auto& [k, v] : info.items()) {
        if (!v.is_string()) return fail(label + ": __metadata__ value '" + k + "' is not a string");
        file.metadata[k] = v.get<std::string>();
      }
      continue;
    }
    if (!info.is_object() || !info.contains("dtype") || !info.contains("shape") ||
        !info.contains("data_offsets") || info.size() != 3)
      return fail(label + ": tensor '" + name + "' needs exactly dtype, shape and data_offsets");
    if (!info["dtype"].is_string()) return fail(label + ": tensor '" + name + "' dtype is not a string");
    RawTensor tensor;
    tensor.dtype = info["dtype"].get<std::string>();
    const int elem = dtype_size(tensor.dtype);
    if (elem == 0)
      return fail(label + ": tensor '" + name + "' has dtype " + tensor.dtype +
                  "; only F32, F16 and BF16 are supported");
    if (!info["shape"].is_array()) return fail(label + ": tensor '" + name + "' shape is not a list");
    std::uint64_t count = 1;
    for (const auto& d : info["shape"]) {
      if (!d.is_number_unsigned())
        return fail(label + ": tensor '" + name + "' has a shape entry that is not a non-negative integer");
      const std::uint64_t dim = d.get<std::uint64_t>();
      if (!checked_mul(count, dim, count))
        return fail(label + ": tensor '" + name + "' shape overflows when multiplied out");
      tensor.shape.push_back(static_cast<std::int64_t>(std::min<std::uint64_t>(dim, INT64_MAX)));
    }
    std::uint64_t nbytes = 0;
    if (!checked_mul(count, static_cast<std::uint64_t>(elem), nbytes))
      return fail(label + ": tensor '" + name + "' size overflows");
    const json& offsets = info["data_offsets"];
    if (!offsets.is_array() || offsets.size() != 2 || !offsets[0].is_number_unsigned() ||
        !offsets[1].is_number_unsigned())
      return fail(label + ": tensor '" + name + "' data_offsets must be two non-negative integers");
    const std::uint64_t begin = offsets[0].get<std::uint64_t>();
    const std::uint64_t end = offsets[1].get<std::uint64_t>();
    if (end < begin) return fail(label + ": tensor '" + name + "' data_offsets end before they begin");
    if (end - begin != nbytes)
      return fail(label + ": tensor '" + name + "' occupies " + std::to_string(end - begin) +
                  " bytes but its dtype and shape need " + std::to_string(nbytes));
    if (end > data_len)
      return fail(label + ": tensor '" + name + "' ends at byte " + std::to_string(end) +
                  ", past the end of the data (" + std::to_string(data_len) + " bytes; truncated?)");
    spans.push_back({begin, end, name});
    // Bounded by the file size, so the allocation below cannot be huge.
    tensor.values.resize(static_cast<std::size_t>(count));
    const std::uint8_t* src = bytes.data() + data_start + begin;
    for (std::size_t i = 0; i < tensor.values.size(); ++i) {
      if (elem == 4) {
        std::uint32_t bits = 0;
        for (int b = 3; b >= 0; --b) bits = (bits << 8) | src[i * 4 + static_cast<std::size_t>(b)];
        tensor.values[i] = std::bit_cast<float>(bits);
      } else {
        const std::uint16_t bits = static_cast<std::uint16_t>(src[i * 2] | (src[i * 2 + 1] << 8));
        tensor.values[i] = tensor.dtype == "F16" ? half_to_float(bits)
                                                 : std::bit_cast<float>(static_cast<std::uint32_t>(bits) << 16);
      }
    }
    file.tensors.emplace(name, std::move(tensor));
  }
  // Tensors must tile the data exactly: sorted by start, each begins where the last ended.
  std::sort(spans.begin(), spans.end(), [](const Span& a, const Span& b) {
    return a.begin != b.begin ? a.begin < b.begin : a.end < b.end;
  });
  std::uint64_t cursor = 0;
  for (const auto& s : spans) {
    if (s.begin < cursor)
      return fail(label + ": tensor '" + s.name + "' overlaps the tensor before it (bytes " +
                  std::to_string(s.begin) + ".." + std::to_string(s.end) + ")");
    if (s.begin > cursor)
      return fail(label + ": there is a gap of " + std::to_string(s.begin - cursor) +
                  " unused bytes before tensor '" + s.name + "'");
    cursor = s.end;
  }
  if (cursor != data_len)
    return fail(label + ": " + std::to_string(data_len - cursor) +
                " bytes after the last tensor are not described by the header");
  return file;
}

Result<SafetensorsFile> read_safetensors(const fs::path& path) {
  std::error_code ec;
  if (!fs::exists(path, ec)) return fail(path.string() + ": file not found");
  if (!fs::is_regular_file(path, ec)) return fail(path.string() + ": not a regular file");
  const auto size = fs::file_size(path, ec);
  if (ec) return fail(path.string() + ": cannot read its size (" + ec.message() + ")");
  if (size > (std::uint64_t{1} << 30)) return fail(path.string() + ": larger than 1 GiB, not a weights file of ours");
  std::ifstream in(path, std::ios::binary);
  if (!in) return fail(path.string() + ": cannot open for reading");
  std::vector<std::uint8_t> bytes(static_cast<std::size_t>(size));
  in.read(reinterpret_cast<char*>(bytes.data()), static_cast<std::streamsize>(size));
  if (!in) return fail(path.string() + ": read failed");
  return parse_safetensors(bytes, path.string());
}

std::vector<std::uint8_t> serialize_safetensors(const std::vector<NamedTensor>& tensors,
                                                const std::map<std::string, std::string>& metadata) {
  // Keys in an ordered_json keep the file order, which keeps files byte-stable.
  nlohmann::ordered_json header = nlohmann::ordered_json::object();
  if (!metadata.empty()) {
    nlohmann::ordered_json meta = nlohmann::ordered_json::object();
    for (const auto& [k, v] : metadata) meta[k] = v;
    header["__metadata__"] = meta;
  }
  std::uint64_t offset = 0;
  for (const auto& t : tensors) {
    const std::uint64_t nbytes = t.values.size() * 4;
    header[t.name] = {{"dtype", "F32"}, {"shape", t.shape}, {"data_offsets", {offset, offset + nbytes}}};
    offset += nbytes;
  }
  std::string text = header.dump();
  while (text.size() % 8 != 0) text.push_back(' ');
  std::vector<std::uint8_t> out(8 + text.size() + offset);
  std::uint64_t len = text.size();
  for (int i = 0; i < 8; ++i) out[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(len >> (8 * i));
  std::memcpy(out.data() + 8, text.data(), text.size());
  std::uint8_t* dst = out.data() + 8 + text.size();
  for (const auto& t : tensors)
    for (float v : t.values) {
      const auto bits = std::bit_cast<std::uint32_t>(v);
      for (int b = 0; b < 4; ++b) *dst++ = static_cast<std::uint8_t>(bits >> (8 * b));
    }
  return out;
}

Result<Weights> weights_from_safetensors(const SafetensorsFile& file, const std::string& label) {
  Weights weights;
  const auto& table = parameter_table();
  for (const auto& info : table) {
    const auto it = file.tensors.find(info.name);
    if (it == file.tensors.end()) return fail(label + ": tensor '" + info.name + "' is missing");
    if (it->second.shape != info.shape) {
      std::string got, want;
      for (auto d : it->second.shape) got += (got.empty() ? "" : ",") + std::to_string(d);
      for (auto d : info.shape) want += (want.empty() ? "" : ",") + std::to_string(d);
      return fail(label + ": tensor '" + info.name + "' has shape [" + got + "], expected [" + want + "]");
    }
    const auto& values = it->second.values;
    for (std::size_t i = 0; i < values.size(); ++i) {
      if (!std::isfinite(values[i]))
        return fail(label + ": tensor '" + info.name + "' holds a " +
                    (std::isnan(values[i]) ? "NaN" : "infinite") + " value at index " + std::to_string(i));
      weights.values[info.offset + i] = values[i];
    }
  }
  if (file.tensors.size() != table.size()) {
    for (const auto& [name, t] : file.tensors)
      if (!find_parameter(name)) return fail(label + ": unexpected tensor '" + name + "' (not part of this model)");
  }
  if (const auto it = file.metadata.find("alphabet"); it != file.metadata.end() && it->second != kAlphabet)
    return fail(label + ": made for a different alphabet ('" + it->second + "')");
  if (const auto it = file.metadata.find("step"); it != file.metadata.end()) {
    try {
      std::size_t used = 0;
      weights.step = std::stoll(it->second, &used);
      if (used != it->second.size() || weights.step < 0) throw std::invalid_argument("step");
    } catch (const std::exception&) {
      return fail(label + ": metadata step '" + it->second + "' is not a non-negative integer");
    }
  }
  return weights;
}

Result<Weights> load_weights(const fs::path& path) {
  auto file = read_safetensors(path);
  if (!file) return fail(file.error());
  return weights_from_safetensors(*file, path.string());
}

std::vector<std::uint8_t> serialize_weights(const Weights& weights) {
  std::vector<NamedTensor> tensors;
  for (const auto& info : parameter_table())
    tensors.push_back({info.name, info.shape, {weights.values.data() + info.offset, info.count}});
  const json config = {{"vocab", kVocab},   {"d_model", kDModel}, {"n_layers", kLayers},
                       {"n_heads", kHeads}, {"d_head", kDHead},   {"d_mlp", kDMlp},
                       {"context", kContext}, {"positions", "sinusoidal"}, {"norm", "pre-layernorm"},
                       {"activation", "gelu-erf"}};
  return serialize_safetensors(tensors, {{"alphabet", std::string(kAlphabet)},
                                         {"config", config.dump()},
                                         {"format", "attention-machine"},
                                         {"step", std::to_string(weights.step)}});
}

Status write_file_atomically(const fs::path& path, std::span<const std::uint8_t> bytes) {
  const fs::path tmp = path.string() + ".tmp";
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) return fail(tmp.string() + ": cannot open for writing");
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    out.flush();
    if (!out) return fail(tmp.string() + ": write failed (disk full?)");
  }
  std::error_code ec;
  fs::rename(tmp, path, ec);
  if (ec) return fail(path.string() + ": cannot move the finished file into place (" + ec.message() + ")");
  return Ok{};
}

Status save_weights(const Weights& weights, const fs::path& path) {
  return write_file_atomically(path, serialize_weights(weights));
}

}  // namespace am
