#include "am/store/view_file.hpp"

#include <cmath>
#include <cstdio>
#include <fstream>
#include <limits>
#include <span>
#include <sstream>

#include <nlohmann/json.hpp>

#include "am/model/safetensors.hpp"
#include "am/ui/chapters.hpp"

namespace am::store {
namespace {

using Json = nlohmann::json;

// Every check names where the value came from and the field, e.g.
// "view.json: field 'camera.distance': needs a number from 0.3 to 200, got -4".
struct FieldReader {
  const Json& j;
  const std::string& where;

  Error bad(std::string_view field, const std::string& why) const {
    return fail(where + ": field '" + std::string(field) + "': " + why);
  }
  static std::string shown(const Json& v) {
    std::string s = v.dump(-1, ' ', true, Json::error_handler_t::replace);
    return s.size() > 40 ? s.substr(0, 40) + "..." : s;
  }
  const Json* find(std::string_view field) const {
    const auto it = j.find(std::string(field));
    return it == j.end() ? nullptr : &*it;
  }
};

Result<std::int64_t> whole(const FieldReader& r, std::string_view field, const Json& v, std::int64_t lo,
                           std::int64_t hi) {
  const bool integer = v.is_number_integer() &&
                       !(v.is_number_unsigned() && v.get<std::uint64_t>() > static_cast<std::uint64_t>(hi));
  const std::int64_t n = integer ? v.get<std::int64_t>() : 0;
  if (!integer || n < lo || n > hi)
    return r.bad(field, "needs a whole number from " + std::to_string(lo) + " to " + std::to_string(hi) +
                            ", got " + FieldReader::shown(v));
  return n;
}

Result<float> real(const FieldReader& r, std::string_view field, const Json& v, double lo, double hi) {
  const double x = v.is_number() ? v.get<double>() : std::numeric_limits<double>::quiet_NaN();
  if (!std::isfinite(x) || x < lo || x > hi) {
    char range[64];
    std::snprintf(range, sizeof range, "%g to %g", lo, hi);
    return r.bad(field, std::string("needs a number from ") + range + ", got " + FieldReader::shown(v));
  }
  return static_cast<float>(x);
}

Result<std::string> text(const FieldReader& r, std::string_view field, const Json& v, std::size_t max_bytes) {
  if (!v.is_string()) return r.bad(field, "needs text in quotes, got " + FieldReader::shown(v));
  const std::string& s = v.get_ref<const std::string&>();
  if (s.size() > max_bytes)
    return r.bad(field,
                 "is " + std::to_string(s.size()) + " bytes long; at most " + std::to_string(max_bytes));
  return s;
}

// A field that may be missing or null: nullopt then.
Result<std::optional<std::string>> optional_text(const FieldReader& r, std::string_view field) {
  const Json* v = r.find(field);
  if (v == nullptr || v->is_null()) return std::optional<std::string>{};
  auto s = text(r, field, *v, kMaxViewTextBytes);
  if (!s) return Error{s.error()};
  return std::optional<std::string>(std::move(*s));
}

Result<ViewCamera> read_camera(const FieldReader& r, const Json& v) {
  if (!v.is_object()) return r.bad("camera", "needs an object with target, yaw, pitch and distance");
  const FieldReader c{v, r.where};
  ViewCamera cam;
  const Json* target = c.find("target");
  if (target == nullptr || !target->is_array() || target->size() != 3)
    return r.bad("camera.target", "needs three numbers [x, y, z]");
  for (std::size_t i = 0; i < 3; ++i) {
    auto x = real(r, "camera.target", (*target)[i], -kMaxCameraTarget, kMaxCameraTarget);
    if (!x) return Error{x.error()};
    cam.target[i] = *x;
  }
  const struct {
    const char* name;
    float ViewCamera::*field;
    double lo, hi;
  } numbers[] = {{"yaw", &ViewCamera::yaw, -1000.0, 1000.0},
                 {"pitch", &ViewCamera::pitch, -1.58, 1.58},
                 {"distance", &ViewCamera::distance, kMinCameraDistance, kMaxCameraDistance}};
  for (const auto& n : numbers) {
    const Json* x = c.find(n.name);
    const std::string field = std::string("camera.") + n.name;
    if (x == nullptr) return r.bad(field, "is missing");
    auto value = real(r, field, *x, n.lo, n.hi);
    if (!value) return Error{value.error()};
    cam.*(n.field) = *value;
  }
  return cam;
}

Status read_heads(const FieldReader& r, ViewFile& view) {
  if (const Json* v = r.find("pulled_heads"); v != nullptr && !v->is_null()) {
    if (!v->is_array() || v->size() > static_cast<std::size_t>(kLayers * kHeads))
      return r.bad("pulled_heads", "needs a list of head names such as [\"L2H4\"], at most " +
                                       std::to_string(kLayers * kHeads));
    for (const Json& h : *v) {
      auto ref = h.is_string() ? parse_head_name(h.get_ref<const std::string&>())
                               : Result<std::array<int, 2>>(fail("needs a head name such as \"L2H4\""));
      if (!ref) return r.bad("pulled_heads", ref.error() + " (got " + FieldReader::shown(h) + ")");
      view.pulled.pulled[static_cast<std::size_t>((*ref)[0])][static_cast<std::size_t>((*ref)[1])] = true;
    }
  }
  if (const Json* v = r.find("lifted_head"); v != nullptr && !v->is_null()) {
    auto ref = v->is_string() ? parse_head_name(v->get_ref<const std::string&>())
                              : Result<std::array<int, 2>>(fail("needs a head name such as \"L1H4\""));
    if (!ref) return r.bad("lifted_head", ref.error() + " (got " + FieldReader::shown(*v) + ")");
    view.lifted_layer = (*ref)[0];
    view.lifted_head = (*ref)[1];
  }
  return Ok{};
}

Status read_header(const FieldReader& r) {
  const Json* format = r.find("format");
  if (format == nullptr || !format->is_string() || format->get_ref<const std::string&>() != kViewFormat)
    return r.bad("format", std::string("needs \"") + kViewFormat + "\", got " +
                               (format ? FieldReader::shown(*format) : std::string("nothing")));
  const Json* version = r.find("version");
  if (version == nullptr) return r.bad("version", "is missing");
  auto v = whole(r, "version", *version, 1, std::numeric_limits<std::int64_t>::max());
  if (!v) return Error{v.error()};
  if (*v != kViewVersion)
    return r.bad("version", "is " + std::to_string(*v) + "; this app reads version " +
                                std::to_string(kViewVersion) +
                                (*v > kViewVersion ? " (the file comes from a newer app)" : ""));
  return Ok{};
}

Status read_run(const FieldReader& r, ViewFile& view) {
  const Json* run = r.find("run");
  if (run == nullptr || !run->is_object()) return r.bad("run", "needs an object with the run's name");
  const FieldReader rr{*run, r.where};
  const Json* name = rr.find("name");
  if (name == nullptr) return r.bad("run.name", "is missing");
  auto n = text(r, "run.name", *name, 256);
  if (!n) return Error{n.error()};
  view.run_name = *n;
  if (const Json* hash = rr.find("checkpoint_hash"); hash != nullptr && !hash->is_null()) {
    auto h = text(r, "run.checkpoint_hash", *hash, 128);
    if (!h) return Error{h.error()};
    view.checkpoint_hash = *h;
  }
  return Ok{};
}

Status read_numbers(const FieldReader& r, ViewFile& view) {
  const Json* step = r.find("step");
  if (step == nullptr) return r.bad("step", "is missing");
  auto s = whole(r, "step", *step, 0, std::numeric_limits<std::int64_t>::max());
  if (!s) return Error{s.error()};
  view.step = *s;
  const Json* chapter = r.find("chapter");
  if (chapter == nullptr) return r.bad("chapter", "is missing");
  auto c = whole(r, "chapter", *chapter, 0, ui::kChapterCount - 1);
  if (!c) return Error{c.error()};
  view.chapter = static_cast<int>(*c);
  if (const Json* beat = r.find("beat"); beat != nullptr && !beat->is_null()) {
    auto b = whole(r, "beat", *beat, 0, kMaxBeat);
    if (!b) return Error{b.error()};
    view.beat = static_cast<int>(*b);
  }
  if (const Json* q = r.find("selected_query"); q != nullptr && !q->is_null()) {
    auto n = whole(r, "selected_query", *q, 1, kContext);
    if (!n) return Error{n.error()};
    view.selected_query = static_cast<int>(*n);
  }
  if (const Json* p = r.find("presentation"); p != nullptr && !p->is_null()) {
    if (!p->is_boolean()) return r.bad("presentation", "needs true or false, got " + FieldReader::shown(*p));
    view.presentation = p->get<bool>();
  }
  return Ok{};
}

}  // namespace

std::string weights_hash(const Weights& weights) {
  std::uint64_t h = 1469598103934665603ull;
  const auto* bytes = reinterpret_cast<const unsigned char*>(weights.values.data());
  for (std::size_t i = 0; i < weights.values.size() * sizeof(float); ++i)
    h = (h ^ bytes[i]) * 1099511628211ull;
  char out[32];
  std::snprintf(out, sizeof out, "fnv1a64:%016llx", static_cast<unsigned long long>(h));
  return out;
}

nlohmann::ordered_json view_to_object(const ViewFile& view) {
  using OJson = nlohmann::ordered_json;
  OJson j;
  j["format"] = kViewFormat;
  j["version"] = kViewVersion;
  j["run"] = {
      {"name", view.run_name},
      {"checkpoint_hash", view.checkpoint_hash.empty() ? OJson(nullptr) : OJson(view.checkpoint_hash)}};
  j["step"] = view.step;
  j["text"] = view.text;
  j["chapter"] = view.chapter;
  j["beat"] = view.beat ? OJson(*view.beat) : OJson(nullptr);
  OJson heads = OJson::array();
  for (int l = 0; l < kLayers; ++l)
    for (int h = 0; h < kHeads; ++h)
      if (view.pulled.pulled[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)])
        heads.push_back(head_name(l, h));
  j["pulled_heads"] = heads;
  j["selected_query"] = view.selected_query ? OJson(*view.selected_query) : OJson(nullptr);
  j["lifted_head"] = head_name(view.lifted_layer, view.lifted_head);
  j["attribution_target"] = view.attribution_target ? OJson(*view.attribution_target) : OJson(nullptr);
  j["corrupted_text"] = view.corrupted_text ? OJson(*view.corrupted_text) : OJson(nullptr);
  if (view.camera) {
    const ViewCamera& c = *view.camera;
    j["camera"] = {{"target", {c.target[0], c.target[1], c.target[2]}},
                   {"yaw", c.yaw},
                   {"pitch", c.pitch},
                   {"distance", c.distance}};
  } else {
    j["camera"] = nullptr;
  }
  j["presentation"] = view.presentation;
  return j;
}

Result<ViewFile> view_from_object(const Json& j, const std::string& where) {
  if (!j.is_object())
    return fail(where + ": not a view (needs a JSON object with \"format\": \"" + kViewFormat + "\")");
  const FieldReader r{j, where};
  if (auto s = read_header(r); !s) return Error{s.error()};
  ViewFile view;
  if (auto s = read_run(r, view); !s) return Error{s.error()};
  if (auto s = read_numbers(r, view); !s) return Error{s.error()};
  const Json* t = r.find("text");
  if (t == nullptr) return r.bad("text", "is missing");
  auto typed = text(r, "text", *t, kMaxViewTextBytes);
  if (!typed) return Error{typed.error()};
  view.text = *typed;
  if (auto s = read_heads(r, view); !s) return Error{s.error()};
  auto target = optional_text(r, "attribution_target");
  if (!target) return Error{target.error()};
  view.attribution_target = *target;
  auto corrupted = optional_text(r, "corrupted_text");
  if (!corrupted) return Error{corrupted.error()};
  view.corrupted_text = *corrupted;
  if (const Json* c = r.find("camera"); c != nullptr && !c->is_null()) {
    auto cam = read_camera(r, *c);
    if (!cam) return Error{cam.error()};
    view.camera = *cam;
  }
  return view;
}

std::string view_to_json(const ViewFile& view) {
  return view_to_object(view).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

Result<ViewFile> view_from_json(std::string_view text, const std::string& label) {
  if (text.size() > kMaxViewFileBytes)
    return fail(label + ": " + std::to_string(text.size()) + " bytes is too big for a view (at most " +
                std::to_string(kMaxViewFileBytes) + ")");
  const Json j = Json::parse(text.begin(), text.end(), nullptr, false);
  if (j.is_discarded()) return fail(label + ": not valid JSON (cut short, or not a view file)");
  return view_from_object(j, label);
}

Result<ViewFile> read_view_file(const std::filesystem::path& path) {
  std::error_code ec;
  const auto size = std::filesystem::file_size(path, ec);
  if (ec) return fail(path.string() + ": cannot read (" + ec.message() + ")");
  if (size > kMaxViewFileBytes)
    return fail(path.string() + ": " + std::to_string(size) + " bytes is too big for a view");
  std::ifstream in(path, std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  if (!in) return fail(path.string() + ": cannot read");
  return view_from_json(bytes.str(), path.string());
}

Status write_view_file(const std::filesystem::path& path, const ViewFile& view) {
  const std::string text = view_to_json(view);
  const auto* bytes = reinterpret_cast<const std::uint8_t*>(text.data());
  return write_file_atomically(path, std::span<const std::uint8_t>(bytes, text.size()));
}

std::string file_format_of(std::string_view text) {
  if (text.size() > 64u << 20) return {};
  const Json j = Json::parse(text.begin(), text.end(), nullptr, false);
  if (j.is_discarded() || !j.is_object()) return {};
  const auto it = j.find("format");
  return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

}  // namespace am::store
