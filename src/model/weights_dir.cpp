#include "am/model/weights_dir.hpp"

#include <algorithm>
#include <cstdlib>
#include <system_error>

#ifndef AM_SOURCE_WEIGHTS_DIR
#define AM_SOURCE_WEIGHTS_DIR ""
#endif

namespace am {
namespace fs = std::filesystem;

namespace {

// One run (manifest.json) or an index of runs (runs.json, see runs_index.hpp).
bool has_manifest(const fs::path& dir) {
  std::error_code ec;
  return fs::is_regular_file(dir / "manifest.json", ec) || fs::is_regular_file(dir / "runs.json", ec);
}

fs::path executable_dir() {
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  return ec ? fs::path() : exe.parent_path();
}

}  // namespace

Result<fs::path> find_weights_dir(const std::optional<fs::path>& override_dir) {
  if (override_dir) {
    if (!has_manifest(*override_dir))
      return fail("weights folder '" + override_dir->string() +
                  "' has no manifest.json or runs.json (is it the right folder?)");
    return *override_dir;
  }
  std::vector<fs::path> candidates;
  if (const char* env = std::getenv("AM_WEIGHTS_DIR"); env && *env) candidates.emplace_back(env);
  const fs::path exe = executable_dir();
  if (!exe.empty()) {
    candidates.push_back(exe / "weights");
    candidates.push_back(exe / ".." / "share" / "attention-machine" / "weights");
  }
  if (*AM_SOURCE_WEIGHTS_DIR) candidates.emplace_back(AM_SOURCE_WEIGHTS_DIR);
  for (const auto& dir : candidates)
    if (has_manifest(dir)) return fs::weakly_canonical(dir);
  std::string tried;
  for (const auto& dir : candidates) tried += "\n  " + dir.string();
  return fail("could not find the weights folder (a folder with manifest.json or runs.json); looked in:" +
              tried + "\nPass --weights-dir DIR to point at it.");
}

const CheckpointEntry& Manifest::nearest(std::int64_t step) const {
  return checkpoints[*nearest_index(checkpoints.size(), step,
                                    [&](std::size_t i) { return checkpoints[i].step; })];
}

Result<Manifest> load_manifest(const fs::path& weights_dir) {
  auto text = read_manifest_text(weights_dir);
  if (!text) return fail(text.error());
  return parse_manifest(std::move(*text), weights_dir);
}

Result<Manifest> parse_manifest(std::string text, const fs::path& weights_dir) {
  const fs::path path = weights_dir / "manifest.json";
  Manifest manifest;
  manifest.dir = weights_dir;
  manifest.contents = read_manifest(text);
  manifest.raw_json = std::move(text);
  const ManifestContents& contents = manifest.contents;
  if (!contents.is_object) return fail(path.string() + ": not a JSON object");
  if (!contents.has_checkpoint_list || contents.checkpoints.empty())
    return fail(path.string() + ": needs a non-empty \"checkpoints\" array");
  for (const ManifestCheckpoint& c : contents.checkpoints) {
    if (!c.step || !c.file)
      return fail(path.string() + ": each checkpoint needs an integer \"step\" and a string \"file\"");
    CheckpointEntry e{*c.step, *c.file};
    if (e.step < 0) return fail(path.string() + ": negative step " + std::to_string(e.step));
    if (e.file.empty() || e.file.find("..") != std::string::npos || e.file.front() == '/')
      return fail(path.string() + ": checkpoint file '" + e.file +
                  "' must be a plain name inside the folder");
    manifest.checkpoints.push_back(std::move(e));
  }
  std::sort(manifest.checkpoints.begin(), manifest.checkpoints.end(),
            [](const auto& a, const auto& b) { return a.step < b.step; });
  return manifest;
}

}  // namespace am
