#include "video_probe.hpp"

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>
}

namespace am::video_test {
namespace {

// The decoding state, freed in one place whatever happens.
struct Decoder {
  AVFormatContext* format = nullptr;
  AVCodecContext* codec = nullptr;
  AVFrame* frame = nullptr;
  AVPacket* packet = nullptr;
  SwsContext* scaler = nullptr;
  ~Decoder() {
    sws_freeContext(scaler);
    av_packet_free(&packet);
    av_frame_free(&frame);
    avcodec_free_context(&codec);
    avformat_close_input(&format);
  }
};

void keep(Decoder& d, ProbedVideo& out) {
  d.scaler = sws_getCachedContext(d.scaler, d.frame->width, d.frame->height,
                                  static_cast<AVPixelFormat>(d.frame->format), d.frame->width,
                                  d.frame->height, AV_PIX_FMT_RGBA, SWS_POINT, nullptr, nullptr, nullptr);
  out.frame_rgba.assign(
      static_cast<std::size_t>(d.frame->width) * static_cast<std::size_t>(d.frame->height) * 4, 0);
  std::uint8_t* planes[1] = {out.frame_rgba.data()};
  const int strides[1] = {d.frame->width * 4};
  sws_scale(d.scaler, d.frame->data, d.frame->linesize, 0, d.frame->height, planes, strides);
}

}  // namespace

Result<ProbedVideo> probe_video(const std::filesystem::path& path, std::optional<int> keep_frame) {
  Decoder d;
  if (avformat_open_input(&d.format, path.c_str(), nullptr, nullptr) < 0)
    return fail("cannot open " + path.string());
  if (avformat_find_stream_info(d.format, nullptr) < 0) return fail("no streams in " + path.string());
  const AVCodec* codec = nullptr;
  const int stream = av_find_best_stream(d.format, AVMEDIA_TYPE_VIDEO, -1, -1, &codec, 0);
  if (stream < 0 || codec == nullptr) return fail("no video stream in " + path.string());
  d.codec = avcodec_alloc_context3(codec);
  avcodec_parameters_to_context(d.codec, d.format->streams[stream]->codecpar);
  if (avcodec_open2(d.codec, codec, nullptr) < 0) return fail("cannot decode " + path.string());
  ProbedVideo out;
  out.width = d.codec->width;
  out.height = d.codec->height;
  out.codec = codec->name;
  const char* pf = av_get_pix_fmt_name(d.codec->pix_fmt);
  out.pixel_format = pf ? pf : "";
  out.duration = d.format->duration > 0 ? static_cast<double>(d.format->duration) / AV_TIME_BASE : 0.0;
  d.frame = av_frame_alloc();
  d.packet = av_packet_alloc();
  const auto drain = [&]() {
    while (avcodec_receive_frame(d.codec, d.frame) == 0) {
      if (keep_frame && out.frames == *keep_frame) keep(d, out);
      ++out.frames;
    }
  };
  while (av_read_frame(d.format, d.packet) >= 0) {
    if (d.packet->stream_index == stream && avcodec_send_packet(d.codec, d.packet) == 0) drain();
    av_packet_unref(d.packet);
  }
  avcodec_send_packet(d.codec, nullptr);
  drain();
  if (keep_frame && out.frame_rgba.empty())
    return fail(path.string() + " has no frame " + std::to_string(*keep_frame));
  return out;
}

}  // namespace am::video_test
