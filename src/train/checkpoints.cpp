#include "am/train/checkpoints.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "am/model/safetensors.hpp"

namespace am::train {
namespace {

namespace fs = std::filesystem;
using ojson = nlohmann::ordered_json;

// Six significant decimals are plenty for a loss and keep the manifest small.
double rounded(double x) { return std::round(x * 1e6) / 1e6; }

}  // namespace

bool is_checkpoint_step(const Recipe& r, std::int64_t step) {
  if (step == 0 || step == r.steps) return true;
  if (step >= r.dense_from && step <= r.dense_to && step % r.dense_every == 0) return true;
  return step % r.sparse_every == 0;
}

std::vector<std::int64_t> planned_checkpoints(const Recipe& r) {
  std::vector<std::int64_t> steps;
  for (std::int64_t s = 0; s <= r.steps; ++s)
    if (is_checkpoint_step(r, s)) steps.push_back(s);
  return steps;
}

std::string checkpoint_file_name(std::int64_t step) {
  char name[64];
  std::snprintf(name, sizeof name, "step_%06lld.safetensors", static_cast<long long>(step));
  return name;
}

std::string format_manifest(const ojson& m) {
  std::string out = "{\n";
  bool first = true;
  for (auto it = m.begin(); it != m.end(); ++it) {
    out += first ? "" : ",\n";
    first = false;
    out += "  " + ojson(it.key()).dump() + ": ";
    if (it.key() == "checkpoints" && it.value().is_array()) {
      out += "[\n";
      for (std::size_t i = 0; i < it.value().size(); ++i)
        out += "    " + it.value()[i].dump() + (i + 1 < it.value().size() ? ",\n" : "\n");
      out += "  ]";
    } else if (it.key() == "recipe") {
      // Indented by hand so the recipe reads as a block inside the top level.
      std::string block = it.value().dump(2);
      std::string indented;
      for (char c : block) {
        indented += c;
        if (c == '\n') indented += "  ";
      }
      out += indented;
    } else {
      out += it.value().dump();
    }
  }
  return out + "\n}\n";
}

Status record_checkpoint(const fs::path& dir, const ojson& recipe, const CheckpointRecord& record) {
  const fs::path path = dir / "manifest.json";
  ojson manifest = ojson::object();
  std::error_code ec;
  if (fs::exists(path, ec)) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    manifest = ojson::parse(text.str(), nullptr, false);
    if (manifest.is_discarded() || !manifest.is_object())
      return fail(path.string() + ": exists but is not a JSON object; move it away first");
  }
  // Rebuild with our keys first, then every other top-level key as it was.
  ojson out = ojson::object();
  out["format"] = 1;
  out["recipe"] = recipe;
  for (auto it = manifest.begin(); it != manifest.end(); ++it)
    if (it.key() != "format" && it.key() != "recipe" && it.key() != "checkpoints") out[it.key()] = it.value();

  ojson entries = manifest.contains("checkpoints") && manifest["checkpoints"].is_array() ? manifest["checkpoints"]
                                                                                         : ojson::array();
  ojson* entry = nullptr;
  for (auto& e : entries)
    if (e.is_object() && e.contains("step") && e["step"] == record.step) entry = &e;
  if (!entry) {
    entries.push_back(ojson::object());
    entry = &entries.back();
  }
  ojson updated = ojson::object();
  updated["step"] = record.step;
  updated["file"] = record.file;
  updated["train_loss"] = rounded(record.train_loss);
  updated["train_loss_smoothed"] = rounded(record.train_loss_smoothed);
  updated["val_loss"] = record.val_loss ? ojson(rounded(*record.val_loss)) : ojson(nullptr);
  for (auto it = entry->begin(); it != entry->end(); ++it)
    if (!updated.contains(it.key())) updated[it.key()] = it.value();
  *entry = updated;
  const auto step_of = [](const ojson& e) -> std::int64_t {
    return e.is_object() && e.contains("step") && e["step"].is_number_integer() ? e["step"].get<std::int64_t>() : -1;
  };
  std::stable_sort(entries.begin(), entries.end(),
                   [&](const ojson& a, const ojson& b) { return step_of(a) < step_of(b); });
  out["checkpoints"] = entries;

  const std::string text = format_manifest(out);
  return write_file_atomically(path, {reinterpret_cast<const std::uint8_t*>(text.data()), text.size()});
}

}  // namespace am::train
