#include "output_file.hpp"

#include <unistd.h>

namespace am::video {

std::string av_message(int code) {
  char text[AV_ERROR_MAX_STRING_SIZE] = {};
  av_strerror(code, text, sizeof text);
  return text;
}

OutputFile::~OutputFile() {
  av_packet_free(&packet_);
  if (context_ != nullptr) {
    if (context_->pb != nullptr) avio_closep(&context_->pb);
    avformat_free_context(context_);
  }
  if (!finished_ && !temp_.empty()) {
    std::error_code ec;
    std::filesystem::remove(temp_, ec);
  }
}

Status OutputFile::fail_writing(const std::string& what, int code) const {
  return fail("cannot " + what + " " + path_.string() + ": " + av_message(code) +
              (code == AVERROR(ENOSPC) ? "" : " (is the disk full, or the folder read-only?)"));
}

Status OutputFile::open(const std::filesystem::path& path, const char* format) {
  path_ = path;
  const std::filesystem::path folder =
      path.has_parent_path() ? path.parent_path() : std::filesystem::path(".");
  temp_ = folder / ("." + path.filename().string() + ".part-" + std::to_string(::getpid()));
  if (avformat_alloc_output_context2(&context_, nullptr, format, temp_.c_str()) < 0 || context_ == nullptr)
    return fail("cannot make a " + std::string(format) + " file: this FFmpeg has no such muxer");
  if (const int rc = avio_open(&context_->pb, temp_.c_str(), AVIO_FLAG_WRITE); rc < 0) {
    temp_.clear();  // nothing was created
    return fail("cannot write " + path_.string() + ": " + av_message(rc) + " (in " + folder.string() + ")");
  }
  packet_ = av_packet_alloc();
  return packet_ != nullptr ? Status(Ok{}) : fail("out of memory");
}

bool OutputFile::needs_global_header() const { return (context_->oformat->flags & AVFMT_GLOBALHEADER) != 0; }

Status OutputFile::start(const AVCodecContext& encoder) {
  stream_ = avformat_new_stream(context_, nullptr);
  if (stream_ == nullptr) return fail("out of memory");
  if (const int rc = avcodec_parameters_from_context(stream_->codecpar, &encoder); rc < 0)
    return fail("cannot describe the video stream: " + av_message(rc));
  stream_->time_base = encoder.time_base;
  stream_->avg_frame_rate = encoder.framerate;
  AVDictionary* options = nullptr;
  // MP4: the index at the front, so a browser can start playing before the whole file is in.
  if (std::string(context_->oformat->name).find("mp4") != std::string::npos)
    av_dict_set(&options, "movflags", "+faststart", 0);
  const int rc = avformat_write_header(context_, &options);
  av_dict_free(&options);
  return rc < 0 ? fail_writing("write to", rc) : Status(Ok{});
}

Status OutputFile::send(AVCodecContext& encoder, const AVFrame* frame) {
  if (const int rc = avcodec_send_frame(&encoder, frame); rc < 0 && rc != AVERROR_EOF)
    return fail("the encoder refused a frame: " + av_message(rc));
  for (;;) {
    const int rc = avcodec_receive_packet(&encoder, packet_);
    if (rc == AVERROR(EAGAIN) || rc == AVERROR_EOF) return Ok{};
    if (rc < 0) return fail("the encoder failed: " + av_message(rc));
    if (packet_->duration == 0) packet_->duration = 1;  // one frame, in the encoder's time base
    av_packet_rescale_ts(packet_, encoder.time_base, stream_->time_base);
    packet_->stream_index = stream_->index;
    if (const int w = av_interleaved_write_frame(context_, packet_); w < 0)
      return fail_writing("write to", w);
  }
}

Status OutputFile::finish() {
  if (const int rc = av_write_trailer(context_); rc < 0) return fail_writing("finish", rc);
  const int error = context_->pb->error;
  if (const int rc = avio_closep(&context_->pb); rc < 0 || error < 0)
    return fail_writing("finish", rc < 0 ? rc : error);
  std::error_code ec;
  std::filesystem::rename(temp_, path_, ec);
  if (ec) return fail("cannot move the finished video into place as " + path_.string() + ": " + ec.message());
  finished_ = true;
  return Ok{};
}

}  // namespace am::video
