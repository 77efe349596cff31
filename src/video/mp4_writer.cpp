// H.264 in MP4 at yuv420p: libx264 when this FFmpeg has it (Debian's does), else any
// H.264 encoder, else MPEG-4 part 2 (still plays in most players).
#include <algorithm>

extern "C" {
#include <libavutil/opt.h>
#include <libswscale/swscale.h>
}

#include "output_file.hpp"
#include "writers.hpp"

namespace am::video {
namespace {

const AVCodec* find_encoder() {
  if (const AVCodec* x264 = avcodec_find_encoder_by_name("libx264")) return x264;
  if (const AVCodec* h264 = avcodec_find_encoder(AV_CODEC_ID_H264)) return h264;
  return avcodec_find_encoder(AV_CODEC_ID_MPEG4);
}

class Mp4Writer final : public VideoWriter {
 public:
  ~Mp4Writer() override {
    sws_freeContext(scaler_);
    av_frame_free(&frame_);
    avcodec_free_context(&encoder_);
  }

  Status init(const std::filesystem::path& path, const VideoSettings& s) {
    settings_ = s;
    // yuv420p halves the colour planes: an even size (an odd last column or row is dropped).
    width_ = s.width & ~1;
    height_ = s.height & ~1;
    if (width_ < 2 || height_ < 2) return fail("a video needs at least 2 x 2 pixels");
    const AVCodec* codec = find_encoder();
    if (codec == nullptr) return fail("this FFmpeg has no H.264 or MPEG-4 encoder");
    if (auto s2 = file_.open(path, "mp4"); !s2) return s2;
    encoder_ = avcodec_alloc_context3(codec);
    if (encoder_ == nullptr) return fail("out of memory");
    encoder_->width = width_;
    encoder_->height = height_;
    encoder_->pix_fmt = AV_PIX_FMT_YUV420P;
    encoder_->time_base = AVRational{1, s.fps};
    encoder_->framerate = AVRational{s.fps, 1};
    encoder_->gop_size = 2 * s.fps;
    encoder_->thread_count = 2;
    if (file_.needs_global_header()) encoder_->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
    if (std::string(codec->name) == "libx264") {
      // Sharp lines and lettering: a low constant rate factor; "main" plays everywhere.
      av_opt_set(encoder_->priv_data, "crf", "18", 0);
      av_opt_set(encoder_->priv_data, "preset", "veryfast", 0);
      av_opt_set(encoder_->priv_data, "profile", "main", 0);
    } else {
      encoder_->bit_rate = static_cast<std::int64_t>(width_) * height_ * s.fps / 4;
    }
    if (const int rc = avcodec_open2(encoder_, codec, nullptr); rc < 0)
      return fail(std::string("cannot start the ") + codec->name + " encoder: " + av_message(rc));
    name_ = codec->name;
    frame_ = av_frame_alloc();
    if (frame_ == nullptr) return fail("out of memory");
    frame_->format = AV_PIX_FMT_YUV420P;
    frame_->width = width_;
    frame_->height = height_;
    if (av_frame_get_buffer(frame_, 0) < 0) return fail("out of memory");
    scaler_ = sws_getContext(width_, height_, AV_PIX_FMT_RGBA, width_, height_, AV_PIX_FMT_YUV420P,
                             SWS_BICUBIC, nullptr, nullptr, nullptr);
    if (scaler_ == nullptr) return fail("cannot convert RGBA to yuv420p");
    return file_.start(*encoder_);
  }

  Status add_frame(const std::uint8_t* rgba) override {
    if (av_frame_make_writable(frame_) < 0) return fail("out of memory");
    const std::uint8_t* planes[1] = {rgba};
    const int strides[1] = {settings_.width * 4};  // the given rows; the odd last column is left out
    sws_scale(scaler_, planes, strides, 0, height_, frame_->data, frame_->linesize);
    frame_->pts = next_pts_++;
    return file_.send(*encoder_, frame_);
  }

  Status finish() override {
    if (auto s = file_.send(*encoder_, nullptr); !s) return s;
    return file_.finish();
  }

  std::string encoder_name() const override { return name_; }

 private:
  VideoSettings settings_;
  int width_ = 0, height_ = 0;
  OutputFile file_;
  AVCodecContext* encoder_ = nullptr;
  AVFrame* frame_ = nullptr;
  SwsContext* scaler_ = nullptr;
  std::int64_t next_pts_ = 0;
  std::string name_;
};

}  // namespace

Result<std::unique_ptr<VideoWriter>> open_mp4(const std::filesystem::path& path,
                                              const VideoSettings& settings) {
  auto writer = std::make_unique<Mp4Writer>();
  if (auto s = writer->init(path, settings); !s) return fail(s.error());
  return std::unique_ptr<VideoWriter>(std::move(writer));
}

}  // namespace am::video
