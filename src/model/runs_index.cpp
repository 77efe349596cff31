#include "am/model/runs_index.hpp"

#include <cctype>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <system_error>

namespace am {
namespace fs = std::filesystem;

namespace {

std::string string_at(const nlohmann::json& j, const char* key) {
  return j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : std::string();
}

// A run name becomes a folder name: keep it to one plain path component.
bool plain_name(const std::string& n) {
  if (n.empty() || n == "." || n == "..") return false;
  for (char c : n)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.')) return false;
  return true;
}

}  // namespace

Result<std::vector<RunInfo>> list_runs(const fs::path& root) {
  std::error_code ec;
  const fs::path index = root / kRunsIndexFile;
  if (!fs::is_regular_file(index, ec)) {
    if (!fs::is_regular_file(root / "manifest.json", ec))
      return fail("weights folder '" + root.string() + "' has neither runs.json nor manifest.json");
    RunInfo one;
    one.name = fs::weakly_canonical(root, ec).filename().string();
    if (one.name.empty()) one.name = "weights";
    one.title = one.name;
    one.dir = root;
    return std::vector<RunInfo>{one};
  }
  std::ifstream in(index, std::ios::binary);
  std::stringstream buffer;
  buffer << in.rdbuf();
  const nlohmann::json doc = nlohmann::json::parse(buffer.str(), nullptr, false);
  if (doc.is_discarded() || !doc.is_object() || !doc.contains("runs") || !doc["runs"].is_array() ||
      doc["runs"].empty())
    return fail(index.string() + ": needs a non-empty \"runs\" array");
  std::vector<RunInfo> runs;
  for (const auto& r : doc["runs"]) {
    if (!r.is_object()) return fail(index.string() + ": each run must be an object");
    RunInfo info;
    info.name = string_at(r, "name");
    if (!plain_name(info.name))
      return fail(index.string() + ": run name '" + info.name + "' must be letters, digits, '-', '_' or '.'");
    for (const RunInfo& seen : runs)
      if (seen.name == info.name) return fail(index.string() + ": run '" + info.name + "' is listed twice");
    info.title = string_at(r, "title");
    if (info.title.empty()) info.title = info.name;
    info.arrangement = string_at(r, "arrangement");
    info.recipe = string_at(r, "recipe");
    info.dir = root / info.name;
    if (!fs::is_regular_file(info.dir / "manifest.json", ec))
      return fail(index.string() + ": run '" + info.name + "' has no manifest.json in " + info.dir.string());
    runs.push_back(std::move(info));
  }
  return runs;
}

Result<fs::path> run_dir(const fs::path& root, std::string_view name) {
  auto runs = list_runs(root);
  if (!runs) return fail(runs.error());
  if (name.empty()) return runs->front().dir;
  std::vector<std::string> names;
  for (const RunInfo& r : *runs) {
    if (r.name == name) return r.dir;
    names.push_back(r.name);
  }
  return fail(no_run_named(name, names));
}

std::string no_run_named(std::string_view name, const std::vector<std::string>& names) {
  std::string listed;
  for (const std::string& n : names) listed += (listed.empty() ? "" : ", ") + n;
  return "no run named '" + std::string(name) + "' (runs: " + (listed.empty() ? "none" : listed) + ")";
}

}  // namespace am
