// The container half of a video: a muxer writing to a hidden temporary file beside the
// target ("." + name + ".part-PID"), renamed into place when finished and removed if not.
#pragma once

#include <filesystem>
#include <string>

#include "am/core/result.hpp"

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
}

namespace am::video {

// "Permission denied" and the like, from an FFmpeg error code.
std::string av_message(int code);

class OutputFile {
 public:
  OutputFile() = default;
  ~OutputFile();  // not finished: the temporary file goes
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;

  // `format`: FFmpeg's muxer name ("mp4", "gif"). Fails with a message naming the file.
  Status open(const std::filesystem::path& path, const char* format);
  bool needs_global_header() const;
  // One stream with the encoder's parameters, then the header.
  Status start(const AVCodecContext& encoder);
  // Every packet the encoder has ready (after a frame, or nullptr to drain it).
  Status send(AVCodecContext& encoder, const AVFrame* frame);
  // Trailer, close, rename.
  Status finish();

 private:
  Status fail_writing(const std::string& what, int code) const;
  std::filesystem::path path_, temp_;
  AVFormatContext* context_ = nullptr;
  AVStream* stream_ = nullptr;
  AVPacket* packet_ = nullptr;
  bool finished_ = false;
};

}  // namespace am::video
