#include "am/model/safetensors.hpp"
#include "am/model/stored_weights.hpp"

#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstring>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <set>
#include <string_view>
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

bool fits_half(std::span<const float> values) {
  for (float v : values)
    if (!(std::fabs(v) <= 65504.0f)) return false;
  return true;
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

// A name from the file, quoted for a message: hostile files may hold megabyte-long
// names or control characters, which must not flood or garble what the user sees.
std::string shown_name(const std::string& name) {
  constexpr std::size_t kMaxShown = 64;
  std::string out = "'";
  for (std::size_t i = 0; i < name.size() && i < kMaxShown; ++i) {
    const auto c = static_cast<unsigned char>(name[i]);
    out += (c >= 0x20 && c < 0x7F) ? static_cast<char>(c) : '?';
  }
  if (name.size() > kMaxShown) out += "...";
  return out + "'";
}

std::string shape_string(const std::vector<std::int64_t>& shape) {
  std::string s = "[";
  for (std::size_t i = 0; i < shape.size(); ++i) {
    if (i) s += ",";
    s += std::to_string(shape[i]);
  }
  return s + "]";
}

// Strict UTF-8: no overlong forms, surrogates or code points past U+10FFFF.
bool is_valid_utf8(std::string_view text) {
  std::size_t i = 0;
  while (i < text.size()) {
    const auto b0 = static_cast<unsigned char>(text[i]);
    int length;
    char32_t cp, minimum;
    if (b0 < 0x80) length = 1, cp = b0, minimum = 0;
    else if ((b0 & 0xE0) == 0xC0) length = 2, cp = b0 & 0x1Fu, minimum = 0x80;
    else if ((b0 & 0xF0) == 0xE0) length = 3, cp = b0 & 0x0Fu, minimum = 0x800;
    else if ((b0 & 0xF8) == 0xF0) length = 4, cp = b0 & 0x07u, minimum = 0x10000;
    else return false;
    if (text.size() - i < static_cast<std::size_t>(length)) return false;
    for (int k = 1; k < length; ++k) {
      const auto b = static_cast<unsigned char>(text[i + static_cast<std::size_t>(k)]);
      if ((b & 0xC0) != 0x80) return false;
      cp = (cp << 6) | (b & 0x3Fu);
    }
    if (cp < minimum || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
    i += static_cast<std::size_t>(length);
  }
  return true;
}

// Parses the header JSON, rejecting duplicate keys at any depth (nlohmann would
// silently keep the last one).
Result<json> parse_header_json(const std::string& text, const std::string& label) {
  // keys_per_depth[d]: keys seen so far in the innermost open object whose keys sit at depth d.
  std::vector<std::set<std::string>> keys_per_depth;
  std::string duplicate;
  const json::parser_callback_t callback = [&](int depth, json::parse_event_t event, json& parsed) {
    if (event == json::parse_event_t::object_start) {
      keys_per_depth.resize(static_cast<std::size_t>(depth) + 2);
      keys_per_depth[static_cast<std::size_t>(depth) + 1].clear();
    } else if (event == json::parse_event_t::key && parsed.is_string()) {
      const auto d = static_cast<std::size_t>(depth);
      if (d < keys_per_depth.size() && !keys_per_depth[d].insert(parsed.get<std::string>()).second &&
          duplicate.empty())
        duplicate = parsed.get<std::string>();
    }
    return true;
  };
  json doc = json::parse(text, callback, /*allow_exceptions=*/false);
  if (doc.is_discarded()) return fail(label + ": the header is not valid JSON");
  if (!duplicate.empty()) return fail(label + ": the header names " + shown_name(duplicate) + " twice (duplicate key)");
  if (!doc.is_object()) return fail(label + ": the header is not a JSON object");
  return Result<json>(std::move(doc));
}

// One tensor's header entry, checked against itself but not yet against its neighbours.
struct TensorEntry {
  std::string name;
  std::string dtype;
  std::vector<std::int64_t> shape;
  std::uint64_t count = 0;  // elements
  std::uint64_t begin = 0;  // byte offsets into the data section
  std::uint64_t end = 0;
};

Result<TensorEntry> check_entry(const std::string& name, const json& info, std::uint64_t data_len,
                                const std::string& label) {
  const std::string what = label + ": tensor " + shown_name(name);
  if (!info.is_object() || info.size() != 3 || !info.contains("dtype") || !info.contains("shape") ||
      !info.contains("data_offsets"))
    return fail(what + " needs exactly dtype, shape and data_offsets");
  TensorEntry e;
  e.name = name;
  const json& dtype = info.at("dtype");
  if (!dtype.is_string()) return fail(what + ": dtype is not a string");
  e.dtype = dtype.get<std::string>();
  const int elem = dtype_size(e.dtype);
  if (elem == 0)
    return fail(what + " has unsupported dtype " + shown_name(e.dtype) + "; only F32, F16 and BF16 are supported");

  const json& shape = info.at("shape");
  if (!shape.is_array()) return fail(what + ": shape is not a list");
  e.count = 1;
  for (const json& d : shape) {
    if (!d.is_number_unsigned())
      return fail(what + " has a shape entry that is not a non-negative integer");
    const auto dim = d.get<std::uint64_t>();
    if (!checked_mul(e.count, dim, e.count))
      return fail(what + ": its shape overflows when multiplied out");
    e.shape.push_back(static_cast<std::int64_t>(std::min<std::uint64_t>(dim, INT64_MAX)));
  }
  std::uint64_t nbytes = 0;
  if (!checked_mul(e.count, static_cast<std::uint64_t>(elem), nbytes))
    return fail(what + ": its size in bytes overflows");

  const json& offsets = info.at("data_offsets");
  if (!offsets.is_array() || offsets.size() != 2 || !offsets[0].is_number_unsigned() ||
      !offsets[1].is_number_unsigned())
    return fail(what + ": data_offsets must be a list of two non-negative integers");
  e.begin = offsets[0].get<std::uint64_t>();
  e.end = offsets[1].get<std::uint64_t>();
  if (e.end < e.begin)
    return fail(what + ": data_offsets end (" + std::to_string(e.end) + ") before they begin (" +
                std::to_string(e.begin) + ")");
  if (e.end - e.begin != nbytes)
    return fail(what + " occupies " + std::to_string(e.end - e.begin) + " bytes but its dtype and shape need " +
                std::to_string(nbytes));
  if (e.end > data_len)
    return fail(what + " ends at byte " + std::to_string(e.end) + ", past the end of the data (" +
                std::to_string(data_len) + " bytes; truncated?)");
  return e;
}

// Tensors must tile the data exactly: sorted by start, each begins where the last ended,
// and the last ends at the end of the file.
Status check_tiling(std::vector<const TensorEntry*> entries, std::uint64_t data_len, const std::string& label) {
  std::sort(entries.begin(), entries.end(), [](const TensorEntry* a, const TensorEntry* b) {
    return a->begin != b->begin ? a->begin < b->begin : a->end < b->end;
  });
  std::uint64_t cursor = 0;
  for (const TensorEntry* e : entries) {
    if (e->begin < cursor)
      return fail(label + ": tensor " + shown_name(e->name) + " overlaps the tensor before it (bytes " +
                  std::to_string(e->begin) + ".." + std::to_string(e->end) + ")");
    if (e->begin > cursor)
      return fail(label + ": there is a gap of " + std::to_string(e->begin - cursor) +
                  " unused bytes before tensor " + shown_name(e->name));
    cursor = e->end;
  }
  if (cursor != data_len)
    return fail(label + ": " + std::to_string(data_len - cursor) +
                " trailing bytes after the last tensor are not described by the header");
  return Ok{};
}

// src: count elements of dtype, little-endian -> values: [count] float32
void decode_values(const std::uint8_t* src, const std::string& dtype, std::vector<float>& values) {
  const std::size_t n = values.size();
  if (dtype == "F32") {
    for (std::size_t i = 0; i < n; ++i) {
      std::uint32_t bits = 0;
      for (int b = 3; b >= 0; --b) bits = (bits << 8) | src[i * 4 + static_cast<std::size_t>(b)];
      values[i] = std::bit_cast<float>(bits);
    }
    return;
  }
  const bool f16 = dtype == "F16";  // else BF16: the top half of an F32
  if (f16) {  // the shipped checkpoints: widened eight at a time where the CPU can
    std::vector<std::uint16_t> bits(n);
    for (std::size_t i = 0; i < n; ++i) bits[i] = static_cast<std::uint16_t>(src[i * 2] | (src[i * 2 + 1] << 8));
    widen_half(bits.data(), values.data(), n);
    return;
  }
  for (std::size_t i = 0; i < n; ++i) {
    const auto bits = static_cast<std::uint16_t>(src[i * 2] | (src[i * 2 + 1] << 8));
    values[i] = f16 ? half_to_float(bits) : std::bit_cast<float>(static_cast<std::uint32_t>(bits) << 16);
  }
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
  if (!is_valid_utf8(header_text)) return fail(label + ": the header is not valid UTF-8");
  // Like the reference implementation: the header is an object, starting right at '{'.
  if (!header_text.empty() && header_text.front() != '{')
    return fail(label + ": the header is not a JSON object (it must start with '{')");
  const auto header = parse_header_json(header_text, label);
  if (!header) return fail(header.error());

  const std::uint64_t data_start = 8 + header_len;
  const std::uint64_t data_len = bytes.size() - data_start;
  SafetensorsFile file;
  std::vector<TensorEntry> entries;
  for (const auto& item : header->items()) {
    const std::string& name = item.key();
    const json& info = item.value();
    if (name == "__metadata__") {
      if (!info.is_object()) return fail(label + ": __metadata__ must be an object of strings");
      for (const auto& meta : info.items()) {
        if (!meta.value().is_string())
          return fail(label + ": __metadata__ value " + shown_name(meta.key()) + " is not a string");
        file.metadata[meta.key()] = meta.value().get<std::string>();
      }
      continue;
    }
    auto entry = check_entry(name, info, data_len, label);
    if (!entry) return fail(entry.error());
    entries.push_back(std::move(entry.value()));
  }
  // Check the layout before decoding anything: overlapping entries could otherwise
  // make us decode the same bytes many times over.
  std::vector<const TensorEntry*> layout;
  for (const auto& e : entries) layout.push_back(&e);
  if (auto tiled = check_tiling(std::move(layout), data_len, label); !tiled) return fail(tiled.error());

  for (auto& e : entries) {
    RawTensor tensor;
    tensor.dtype = std::move(e.dtype);
    tensor.shape = std::move(e.shape);
    // count * element size == end - begin <= data_len, so this allocation is bounded by the file.
    tensor.values.resize(static_cast<std::size_t>(e.count));
    decode_values(bytes.data() + data_start + e.begin, tensor.dtype, tensor.values);
    file.tensors.emplace(e.name, std::move(tensor));
  }
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
  if (!in) return fail(path.string() + ": read failed (the file changed while reading?)");
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
  std::vector<bool> as_half;
  for (const auto& t : tensors) {
    as_half.push_back(t.storage == StorageType::kF16 && fits_half(t.values));
    const std::uint64_t nbytes = t.values.size() * (as_half.back() ? 2 : 4);
    header[t.name] = {{"dtype", as_half.back() ? "F16" : "F32"},
                      {"shape", t.shape},
                      {"data_offsets", {offset, offset + nbytes}}};
    offset += nbytes;
  }
  std::string text = header.dump();
  while (text.size() % 8 != 0) text.push_back(' ');
  std::vector<std::uint8_t> out(8 + text.size() + offset);
  const std::uint64_t len = text.size();
  for (int i = 0; i < 8; ++i) out[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(len >> (8 * i));
  std::memcpy(out.data() + 8, text.data(), text.size());
  std::uint8_t* dst = out.data() + 8 + text.size();
  for (std::size_t i = 0; i < tensors.size(); ++i)
    for (float v : tensors[i].values) {
      if (as_half[i]) {
        const std::uint16_t bits = float_to_half(v);
        *dst++ = static_cast<std::uint8_t>(bits);
        *dst++ = static_cast<std::uint8_t>(bits >> 8);
      } else {
        const auto bits = std::bit_cast<std::uint32_t>(v);
        for (int b = 0; b < 4; ++b) *dst++ = static_cast<std::uint8_t>(bits >> (8 * b));
      }
    }
  return out;
}

Result<Weights> weights_from_safetensors(const SafetensorsFile& file, const std::string& label) {
  Weights weights;
  const auto& table = parameter_table();
  for (const auto& info : table) {
    const auto it = file.tensors.find(info.name);
    if (it == file.tensors.end()) return fail(label + ": tensor '" + info.name + "' is missing");
    if (it->second.shape != info.shape)
      return fail(label + ": tensor '" + info.name + "' has shape " + shape_string(it->second.shape) +
                  ", expected " + shape_string(info.shape));
    const auto& values = it->second.values;
    for (std::size_t i = 0; i < values.size(); ++i) {
      if (std::isnan(values[i]))
        return fail(label + ": tensor '" + info.name + "' holds a NaN at index " + std::to_string(i));
      if (std::isinf(values[i]))
        return fail(label + ": tensor '" + info.name + "' holds an infinite value at index " + std::to_string(i));
      weights.values[info.offset + i] = values[i];
    }
  }
  for (const auto& entry : file.tensors)
    if (!find_parameter(entry.first))
      return fail(label + ": unexpected tensor " + shown_name(entry.first) + " (not part of this model)");
  if (const auto it = file.metadata.find("alphabet"); it != file.metadata.end() && it->second != kAlphabet)
    return fail(label + ": made for a different alphabet (" + shown_name(it->second) + ", expected '" +
                std::string(kAlphabet) + "')");
  if (const auto it = file.metadata.find("step"); it != file.metadata.end()) {
    // Digits only: no sign, no spaces, no trailing text.
    const std::string& text = it->second;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), weights.step);
    if (text.empty() || text.front() == '-' || ec != std::errc() || end != text.data() + text.size())
      return fail(label + ": metadata step " + shown_name(text) + " is not a non-negative integer");
  }
  return weights;
}

Result<Weights> load_weights(const fs::path& path) {
  auto file = read_safetensors(path);
  if (!file) return fail(file.error());
  return weights_from_safetensors(*file, path.string());
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

std::uint16_t float_to_half(float value) {
  const std::uint32_t bits = std::bit_cast<std::uint32_t>(value);
  const std::uint16_t sign = static_cast<std::uint16_t>((bits >> 16) & 0x8000u);
  const std::uint32_t abs_bits = bits & 0x7FFFFFFFu;
  if (abs_bits >= 0x7F800000u)  // inf or NaN
    return static_cast<std::uint16_t>(sign | 0x7C00u | (abs_bits > 0x7F800000u ? 0x200u : 0u));
  if (abs_bits >= 0x477FF000u) return static_cast<std::uint16_t>(sign | 0x7C00u);  // rounds past 65504
  if (abs_bits < 0x38800000u) {
    // Subnormal half (or zero): value / 2^-24, rounded half to even.
    const float scaled = std::fabs(value) * 16777216.0f;
    return static_cast<std::uint16_t>(sign | static_cast<std::uint16_t>(std::nearbyint(scaled)));
  }
  // Normal: rebias the exponent, round the 13 dropped mantissa bits half to even.
  std::uint32_t h = ((abs_bits - 0x38000000u) >> 13);
  const std::uint32_t rest = abs_bits & 0x1FFFu;
  if (rest > 0x1000u || (rest == 0x1000u && (h & 1u))) ++h;
  return static_cast<std::uint16_t>(sign | h);
}

std::vector<std::uint8_t> serialize_weights(const Weights& weights, StorageType storage) {
  std::vector<NamedTensor> tensors;
  for (const auto& info : parameter_table())
    tensors.push_back({info.name, info.shape, {weights.values.data() + info.offset, info.count}, storage});
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
  std::error_code ec;
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) return fail(tmp.string() + ": cannot open for writing");
    out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    out.close();
    if (!out) {
      fs::remove(tmp, ec);  // never leave a half-written file behind
      return fail(tmp.string() + ": write failed (disk full?)");
    }
  }
  fs::rename(tmp, path, ec);
  if (ec) {
    const std::string why = ec.message();
    fs::remove(tmp, ec);
    return fail(path.string() + ": cannot move the finished file into place (" + why + ")");
  }
  return Ok{};
}

Status save_weights(const Weights& weights, const fs::path& path, StorageType storage) {
  return write_file_atomically(path, serialize_weights(weights, storage));
}

}  // namespace am
