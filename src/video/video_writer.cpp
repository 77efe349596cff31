#include <algorithm>
#include <cctype>

extern "C" {
#include <libavutil/log.h>
}

#include "writers.hpp"

namespace am::video {

Result<Container> container_for(const std::filesystem::path& path) {
  std::string ext = path.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (ext == ".mp4") return Container::kMp4;
  if (ext == ".gif") return Container::kGif;
  return fail(path.string() + ": a recording is a .mp4 (H.264) or a .gif file, not '" +
              path.extension().string() + "'");
}

Result<std::unique_ptr<VideoWriter>> VideoWriter::open(const std::filesystem::path& path,
                                                       const VideoSettings& settings) {
  auto container = container_for(path);
  if (!container) return fail(container.error());
  if (settings.width <= 0 || settings.height <= 0 || settings.fps <= 0)
    return fail("a video needs a size and a frame rate");
  av_log_set_level(AV_LOG_ERROR);  // the encoders' statistics are not for the learner's terminal
  if (std::filesystem::is_directory(path)) return fail(path.string() + " is a folder; name a file in it");
  return *container == Container::kMp4 ? open_mp4(path, settings) : open_gif(path, settings);
}

}  // namespace am::video
