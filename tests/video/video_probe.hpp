// Reads a video back with libavformat / libavcodec, for the tests: its size, codec, pixel
// format, frame count and duration, and (optionally) one frame as RGBA.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "am/core/result.hpp"

namespace am::video_test {

struct ProbedVideo {
  int width = 0, height = 0;
  std::string codec, pixel_format;
  int frames = 0;                        // decoded
  double duration = 0.0;                 // seconds, as the container says
  std::vector<std::uint8_t> frame_rgba;  // the asked frame, width * height * 4, rows top first
};

Result<ProbedVideo> probe_video(const std::filesystem::path& path,
                                std::optional<int> keep_frame = std::nullopt);

}  // namespace am::video_test
