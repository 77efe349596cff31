#include "am/train/train_state.hpp"

#include <charconv>

#include "am/model/safetensors.hpp"

namespace am::train {
namespace {

namespace fs = std::filesystem;
constexpr const char* kFormat = "attention-train-state-1";

// Doubles travel as hexadecimal floating point, which round-trips exactly.
std::string exact(double x) {
  char buf[64];
  const auto r = std::to_chars(buf, buf + sizeof buf, x, std::chars_format::hex);
  return std::string(buf, r.ptr);
}

template <typename T>
bool parse_number(const std::string& text, T& out) {
  const auto r = std::from_chars(text.data(), text.data() + text.size(), out);
  return r.ec == std::errc() && r.ptr == text.data() + text.size();
}

bool parse_exact(const std::string& text, double& out) {
  const auto r = std::from_chars(text.data(), text.data() + text.size(), out, std::chars_format::hex);
  return r.ec == std::errc() && r.ptr == text.data() + text.size();
}

}  // namespace

Status save_state(const fs::path& path, const TrainState& s) {
  const std::vector<std::int64_t> shape = {static_cast<std::int64_t>(kParamCount)};
  const std::vector<NamedTensor> tensors = {
      {"weights", shape, s.weights.values},
      {"adam.m", shape, s.adam_m},
      {"adam.v", shape, s.adam_v},
  };
  const std::map<std::string, std::string> metadata = {
      {"format", kFormat},
      {"next_step", std::to_string(s.next_step)},
      {"finished", s.finished ? "true" : "false"},
      {"adam_t", std::to_string(s.adam_t)},
      {"rng_state", std::to_string(s.rng_state)},
      {"loss_ema", exact(s.loss_ema)},
      {"loss_ema_weight", exact(s.loss_ema_weight)},
      {"recipe", s.recipe.dump()},
  };
  const auto bytes = serialize_safetensors(tensors, metadata);
  return write_file_atomically(path, bytes);
}

Result<TrainState> load_state(const fs::path& path) {
  auto file = read_safetensors(path);
  if (!file) return fail(file.error());
  const std::string label = path.string();
  const auto meta = [&](const std::string& key) -> const std::string* {
    const auto it = file->metadata.find(key);
    return it == file->metadata.end() ? nullptr : &it->second;
  };
  if (const std::string* f = meta("format"); !f || *f != kFormat)
    return fail(label + ": not a training state file (format '" + (f ? *f : "") + "', expected " + kFormat + ")");
  TrainState s;
  const auto tensor = [&](const std::string& name, std::vector<float>& out) -> Status {
    const auto it = file->tensors.find(name);
    if (it == file->tensors.end() || it->second.values.size() != kParamCount)
      return fail(label + ": tensor '" + name + "' is missing or has the wrong size");
    out = it->second.values;
    return Ok{};
  };
  for (auto [name, target] : {std::pair<const char*, std::vector<float>*>{"weights", &s.weights.values},
                              {"adam.m", &s.adam_m},
                              {"adam.v", &s.adam_v}})
    if (auto ok = tensor(name, *target); !ok) return fail(ok.error());
  const std::string* next = meta("next_step");
  const std::string* finished = meta("finished");
  const std::string* adam_t = meta("adam_t");
  const std::string* rng = meta("rng_state");
  const std::string* ema = meta("loss_ema");
  const std::string* ema_w = meta("loss_ema_weight");
  const std::string* recipe = meta("recipe");
  if (!next || !finished || !adam_t || !rng || !ema || !ema_w || !recipe)
    return fail(label + ": metadata is incomplete");
  if (!parse_number(*next, s.next_step) || s.next_step < 0 || !parse_number(*adam_t, s.adam_t) ||
      !parse_number(*rng, s.rng_state) || !parse_exact(*ema, s.loss_ema) || !parse_exact(*ema_w, s.loss_ema_weight))
    return fail(label + ": metadata holds a malformed number");
  s.finished = *finished == "true";
  s.weights.step = s.next_step;
  s.recipe = nlohmann::ordered_json::parse(*recipe, nullptr, false);
  if (s.recipe.is_discarded() || !s.recipe.is_object()) return fail(label + ": the saved recipe is not JSON");
  return s;
}

}  // namespace am::train
