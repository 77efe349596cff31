// A saved view of the machine ("attention-machine-view", version 1; docs/view_format.md):
// the run and checkpoint, the text, chapter, pulled heads, selection and camera, as
// plain data. Reading and writing are pure: no engine, no window. A file that is not a
// valid view is refused whole, with a message naming the file and the field.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json_fwd.hpp>

#include "am/core/result.hpp"
#include "am/model/head_mask.hpp"
#include "am/model/weights.hpp"

namespace am::store {

inline constexpr const char* kViewFormat = "attention-machine-view";
inline constexpr int kViewVersion = 1;
inline constexpr std::size_t kMaxViewFileBytes = 1 << 20;  // a view is a few hundred bytes
inline constexpr std::size_t kMaxViewTextBytes = 4096;     // far more than the model's 64 characters
inline constexpr int kMaxBeat = 1000;

// The orbit camera's pose (render::CameraPose's fields, without GLM here).
struct ViewCamera {
  std::array<float, 3> target{0.0f, 0.0f, 0.0f};
  float yaw = 0.0f, pitch = 0.0f, distance = 1.0f;
  bool operator==(const ViewCamera&) const = default;
};
inline constexpr float kMaxCameraDistance = 200.0f;  // render::OrbitCamera's range
inline constexpr float kMinCameraDistance = 0.3f;
inline constexpr float kMaxCameraTarget = 1000.0f;

struct ViewFile {
  std::string run_name;         // which run of the weights folder
  std::string checkpoint_hash;  // weights_hash() of the checkpoint shown ("" = unknown)
  std::int64_t step = 0;
  std::string text;  // as typed (the app normalizes it again)
  int chapter = 0;
  std::optional<int> beat;  // the chapter's step player, where it has one
  HeadMask pulled;
  std::optional<int> selected_query;  // one-based position in the text read; none = the last
  int lifted_layer = 0, lifted_head = 0;
  std::optional<std::string> attribution_target;  // reserved until the app has them
  std::optional<std::string> corrupted_text;
  std::optional<ViewCamera> camera;
  bool presentation = false;
  bool operator==(const ViewFile&) const = default;
};

// "fnv1a64:" and 16 hex digits over the parameter block's bytes (float32 as computed).
std::string weights_hash(const Weights& weights);

// JSON text of a view (an object), and back. `label` names the source in messages.
std::string view_to_json(const ViewFile& view);
Result<ViewFile> view_from_json(std::string_view text, const std::string& label);

// The same as a JSON object, for a lesson's entries. `where` starts each message
// ("lesson.json: views[2].view"); fields are named after it.
nlohmann::ordered_json view_to_object(const ViewFile& view);
Result<ViewFile> view_from_object(const nlohmann::json& j, const std::string& where);

// Files: read refuses more than kMaxViewFileBytes; write is atomic (temp file + rename).
Result<ViewFile> read_view_file(const std::filesystem::path& path);
Status write_view_file(const std::filesystem::path& path, const ViewFile& view);

// What kind of file `text` claims to be by its "format" field ("" when none can be read).
std::string file_format_of(std::string_view text);

}  // namespace am::store
