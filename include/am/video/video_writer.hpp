// Writes frames (RGBA, top row first) as a video: H.264 in MP4 (yuv420p, which browsers
// and slide tools play) or an animated GIF whose 256 colours are chosen from the whole
// clip (median cut). FFmpeg's libavcodec / libavformat / libswscale do the encoding.
// Nothing half-done is left behind: frames go to a hidden temporary file beside the
// target, renamed into place by finish(); a writer dropped before that removes it.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>

#include "am/core/result.hpp"

namespace am::video {

enum class Container { kMp4, kGif };
// By the file's extension: .mp4 or .gif (any case); anything else is refused, named.
Result<Container> container_for(const std::filesystem::path& path);

struct VideoSettings {
  int width = 0, height = 0;  // of the frames given; MP4 drops an odd last column or row
  int fps = 30;
};

class VideoWriter {
 public:
  static Result<std::unique_ptr<VideoWriter>> open(const std::filesystem::path& path,
                                                   const VideoSettings& settings);
  virtual ~VideoWriter() = default;
  // `rgba` holds width * height * 4 bytes, rows top to bottom.
  virtual Status add_frame(const std::uint8_t* rgba) = 0;
  // Encodes what is left, closes the file and renames it into place.
  virtual Status finish() = 0;
  // The encoder in use, e.g. "libx264" or "gif".
  virtual std::string encoder_name() const = 0;
};

}  // namespace am::video
