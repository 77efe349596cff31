// An animated GIF whose palette is made from the whole clip: frames are kept as 15-bit
// colours (two bytes a pixel) until finish() has seen them all, then mapped to the median
// cut's 256 colours and encoded by libavcodec's GIF encoder.
#include <cstring>

#include "gif_palette.hpp"
#include "output_file.hpp"
#include "writers.hpp"

namespace am::video {
namespace {

// Frames held until the palette is known: beyond this, .mp4 (or a shorter, smaller GIF).
constexpr std::size_t kMaxHeldBytes = std::size_t{1} << 30;

class GifWriter final : public VideoWriter {
 public:
  ~GifWriter() override {
    av_frame_free(&frame_);
    avcodec_free_context(&encoder_);
  }

  Status init(const std::filesystem::path& path, const VideoSettings& s) {
    settings_ = s;
    path_ = path;
    const AVCodec* codec = avcodec_find_encoder(AV_CODEC_ID_GIF);
    if (codec == nullptr) return fail("this FFmpeg has no GIF encoder");
    if (auto st = file_.open(path, "gif"); !st) return st;
    encoder_ = avcodec_alloc_context3(codec);
    if (encoder_ == nullptr) return fail("out of memory");
    encoder_->width = s.width;
    encoder_->height = s.height;
    encoder_->pix_fmt = AV_PIX_FMT_PAL8;
    encoder_->time_base = AVRational{1, s.fps};
    encoder_->framerate = AVRational{s.fps, 1};
    if (const int rc = avcodec_open2(encoder_, codec, nullptr); rc < 0)
      return fail("cannot start the GIF encoder: " + av_message(rc));
    frame_ = av_frame_alloc();
    if (frame_ == nullptr) return fail("out of memory");
    frame_->format = AV_PIX_FMT_PAL8;
    frame_->width = s.width;
    frame_->height = s.height;
    if (av_frame_get_buffer(frame_, 0) < 0) return fail("out of memory");
    histogram_.assign(kColourKeys, 0);
    return file_.start(*encoder_);
  }

  Status add_frame(const std::uint8_t* rgba) override {
    const std::size_t pixels =
        static_cast<std::size_t>(settings_.width) * static_cast<std::size_t>(settings_.height);
    if ((held_.size() + pixels) * sizeof(std::uint16_t) > kMaxHeldBytes)
      return fail(
          "a GIF this long at this size needs more than 1 GB while it is made; record an .mp4, or fewer "
          "seconds, frames per second or pixels");
    held_.reserve(held_.size() + pixels);
    for (std::size_t i = 0; i < pixels; ++i) {
      const std::uint16_t key = colour_key(rgba[4 * i], rgba[4 * i + 1], rgba[4 * i + 2]);
      ++histogram_[key];
      held_.push_back(key);
    }
    ++frames_;
    return Ok{};
  }

  Status finish() override {
    const GifPalette palette = median_cut(histogram_);
    const std::size_t pixels =
        static_cast<std::size_t>(settings_.width) * static_cast<std::size_t>(settings_.height);
    for (std::int64_t f = 0; f < frames_; ++f) {
      if (av_frame_make_writable(frame_) < 0) return fail("out of memory");
      auto* argb = reinterpret_cast<std::uint32_t*>(frame_->data[1]);
      for (std::size_t i = 0; i < 256; ++i) {
        const auto& c = palette.colours[std::min(i, palette.colours.size() - 1)];
        argb[i] = 0xFF000000u | (std::uint32_t{c[0]} << 16) | (std::uint32_t{c[1]} << 8) | c[2];
      }
      const std::uint16_t* keys = held_.data() + static_cast<std::size_t>(f) * pixels;
      for (int y = 0; y < settings_.height; ++y) {
        std::uint8_t* row = frame_->data[0] + static_cast<std::ptrdiff_t>(y) * frame_->linesize[0];
        for (int x = 0; x < settings_.width; ++x) row[x] = palette.index_of[keys[y * settings_.width + x]];
      }
      frame_->pts = f;
      if (auto s = file_.send(*encoder_, frame_); !s) return s;
    }
    if (auto s = file_.send(*encoder_, nullptr); !s) return s;
    return file_.finish();
  }

  std::string encoder_name() const override { return "gif"; }

 private:
  VideoSettings settings_;
  std::filesystem::path path_;
  OutputFile file_;
  AVCodecContext* encoder_ = nullptr;
  AVFrame* frame_ = nullptr;
  std::vector<std::uint64_t> histogram_;
  std::vector<std::uint16_t> held_;
  std::int64_t frames_ = 0;
};

}  // namespace

Result<std::unique_ptr<VideoWriter>> open_gif(const std::filesystem::path& path,
                                              const VideoSettings& settings) {
  auto writer = std::make_unique<GifWriter>();
  if (auto s = writer->init(path, settings); !s) return fail(s.error());
  return std::unique_ptr<VideoWriter>(std::move(writer));
}

}  // namespace am::video
