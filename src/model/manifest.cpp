#include "am/model/manifest.hpp"

#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

namespace am {
namespace {

// The first of `keys` present in `object` with the wanted type; absent otherwise.
std::optional<double> number(const nlohmann::json& object, std::initializer_list<const char*> keys) {
  if (!object.is_object()) return std::nullopt;
  for (const char* k : keys)
    if (const auto it = object.find(k); it != object.end() && it->is_number()) return it->get<double>();
  return std::nullopt;
}

std::optional<std::int64_t> integer(const nlohmann::json& object, const char* key) {
  if (!object.is_object()) return std::nullopt;
  if (const auto it = object.find(key); it != object.end() && it->is_number_integer())
    return it->get<std::int64_t>();
  return std::nullopt;
}

std::optional<std::string> string(const nlohmann::json& object, const char* key) {
  if (!object.is_object()) return std::nullopt;
  if (const auto it = object.find(key); it != object.end() && it->is_string()) return it->get<std::string>();
  return std::nullopt;
}

ManifestCheckpoint read_checkpoint(const nlohmann::json& c) {
  ManifestCheckpoint m;
  m.step = integer(c, "step");
  m.file = string(c, "file");
  m.train_loss = number(c, {"train_loss_smoothed", "smoothed_train_loss", "train_loss"});
  m.val_loss = number(c, {"val_loss"});
  m.analysis_version = integer(c, "analysis_version");
  m.nonsense_accuracy = number(c, {"nonsense_accuracy"});
  if (c.is_object())
    if (const auto it = c.find("head_scores"); it != c.end() && !it->is_null())
      m.heads = head_table_from_json(*it);
  return m;
}

ManifestRecipe read_recipe(const nlohmann::json& r) {
  ManifestRecipe out;
  out.init = string(r, "init");
  out.repeat_share = number(r, {"repeat-share"});
  out.repeat_min = integer(r, "repeat-min");
  out.repeat_max = integer(r, "repeat-max");
  out.batch = integer(r, "batch");
  out.steps = integer(r, "steps");
  out.learning_rate = number(r, {"lr"});
  return out;
}

}  // namespace

ManifestContents read_manifest(std::string_view text) {
  ManifestContents out;
  const nlohmann::json doc = nlohmann::json::parse(text, nullptr, false);
  if (doc.is_discarded() || !doc.is_object()) return out;
  out.is_object = true;
  if (const auto it = doc.find("checkpoints"); it != doc.end() && it->is_array()) {
    out.has_checkpoint_list = true;
    out.checkpoints.reserve(it->size());
    for (const auto& c : *it) out.checkpoints.push_back(read_checkpoint(c));
  }
  if (const auto it = doc.find("recipe"); it != doc.end()) out.recipe = read_recipe(*it);
  return out;
}

ManifestRecipe read_manifest_recipe(std::string_view recipe_json) {
  return read_recipe(nlohmann::json::parse(recipe_json, nullptr, false));
}

Result<std::string> read_manifest_text(const std::filesystem::path& weights_dir) {
  const std::filesystem::path path = weights_dir / "manifest.json";
  std::ifstream in(path, std::ios::binary);
  if (!in) return fail("cannot open " + path.string());
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

}  // namespace am
