// The two kinds of VideoWriter (internal to am_video).
#pragma once

#include <memory>

#include "am/video/video_writer.hpp"

namespace am::video {

Result<std::unique_ptr<VideoWriter>> open_mp4(const std::filesystem::path& path,
                                              const VideoSettings& settings);
Result<std::unique_ptr<VideoWriter>> open_gif(const std::filesystem::path& path,
                                              const VideoSettings& settings);

}  // namespace am::video
