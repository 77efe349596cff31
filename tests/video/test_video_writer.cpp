// The video writer, with no window: frames written as MP4 and GIF decode back with the
// same size, count, duration and pixels (within the codecs' loss); a recording dropped
// before the end, or aimed at a folder that cannot be written, leaves no file.
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>

#include "../../src/video/gif_palette.hpp"
#include "am/video/video_writer.hpp"
#include "video_probe.hpp"

using namespace am;

namespace {

// Frame f of a test clip: a dark ground with a bright square moving right, and a gradient.
std::vector<std::uint8_t> frame(int w, int h, int f) {
  std::vector<std::uint8_t> rgba(static_cast<std::size_t>(w) * h * 4);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      std::uint8_t* p = &rgba[(static_cast<std::size_t>(y) * w + x) * 4];
      const bool square = x >= 4 * f && x < 4 * f + 16 && y >= 8 && y < 24;
      p[0] = square ? 240 : static_cast<std::uint8_t>(x * 2);
      p[1] = square ? 200 : 30;
      p[2] = square ? 90 : static_cast<std::uint8_t>(y * 3);
      p[3] = 255;
    }
  return rgba;
}

double mean_difference(const std::vector<std::uint8_t>& a, const std::vector<std::uint8_t>& b) {
  double sum = 0.0;
  std::size_t n = 0;
  for (std::size_t i = 0; i < a.size() && i < b.size(); ++i) {
    if (i % 4 == 3) continue;
    sum += std::abs(static_cast<int>(a[i]) - static_cast<int>(b[i]));
    ++n;
  }
  return n ? sum / static_cast<double>(n) : 1e9;
}

std::filesystem::path fresh_dir(const char* name) {
  const auto dir = std::filesystem::temp_directory_path() / name;
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

void write_clip(const std::filesystem::path& path, int w, int h, int fps, int frames) {
  auto writer = video::VideoWriter::open(path, {w, h, fps});
  REQUIRE(writer);
  for (int f = 0; f < frames; ++f) REQUIRE((*writer)->add_frame(frame(w, h, f).data()));
  REQUIRE((*writer)->finish());
}

}  // namespace

TEST_CASE("an MP4 decodes back with its size, frames, duration and pixels", "[video]") {
  const auto dir = fresh_dir("am_test_video_mp4");
  write_clip(dir / "clip.mp4", 64, 48, 10, 12);
  auto v = video_test::probe_video(dir / "clip.mp4", 5);
  REQUIRE(v);
  CHECK(v->width == 64);
  CHECK(v->height == 48);
  CHECK(v->codec == "h264");
  CHECK(v->pixel_format == "yuv420p");
  CHECK(v->frames == 12);
  CHECK(v->duration == Approx(1.2).margin(0.05));
  CHECK(mean_difference(v->frame_rgba, frame(64, 48, 5)) < 4.0);
  CHECK(mean_difference(v->frame_rgba, frame(64, 48, 0)) > 4.0);  // a wrong frame would not pass
  std::size_t files = 0;
  for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir)) ++files;
  CHECK(files == 1);  // no temporary file left
  std::filesystem::remove_all(dir);
}

TEST_CASE("a GIF decodes back with its frames, in the clip's own colours", "[video]") {
  const auto dir = fresh_dir("am_test_video_gif");
  write_clip(dir / "clip.GIF", 40, 32, 8, 6);
  auto v = video_test::probe_video(dir / "clip.GIF", 3);
  REQUIRE(v);
  CHECK(v->width == 40);
  CHECK(v->height == 32);
  CHECK(v->codec == "gif");
  CHECK(v->frames == 6);
  CHECK(mean_difference(v->frame_rgba, frame(40, 32, 3)) < 6.0);
  std::filesystem::remove_all(dir);
}

TEST_CASE("a recording dropped before its end, or refused, leaves no file", "[video]") {
  const auto dir = fresh_dir("am_test_video_cancel");
  {
    auto writer = video::VideoWriter::open(dir / "cancelled.mp4", {32, 32, 10});
    REQUIRE(writer);
    REQUIRE((*writer)->add_frame(frame(32, 32, 0).data()));
  }
  CHECK(std::filesystem::is_empty(dir));
  auto missing = video::VideoWriter::open(dir / "no" / "folder" / "x.mp4", {32, 32, 10});
  REQUIRE_FALSE(missing);
  CHECK_THAT(missing.error(), Catch::Contains("x.mp4"));
  auto avi = video::VideoWriter::open(dir / "x.avi", {32, 32, 10});
  REQUIRE_FALSE(avi);
  CHECK_THAT(avi.error(), Catch::Contains(".mp4"));
  CHECK(std::filesystem::is_empty(dir));
  std::filesystem::remove_all(dir);
}

TEST_CASE("median cut keeps few colours exactly and finds room for many", "[video]") {
  std::vector<std::uint64_t> histogram(video::kColourKeys, 0);
  histogram[video::colour_key(255, 0, 0)] = 100;
  histogram[video::colour_key(0, 0, 255)] = 50;
  auto two = video::median_cut(histogram);
  REQUIRE(two.colours.size() == 2);
  CHECK(two.colours[two.index_of[video::colour_key(255, 0, 0)]] == std::array<std::uint8_t, 3>{255, 0, 0});
  CHECK(two.colours[two.index_of[video::colour_key(0, 0, 250)]] == std::array<std::uint8_t, 3>{0, 0, 255});
  for (int k = 0; k < video::kColourKeys; k += 7) histogram[static_cast<std::size_t>(k)] += 1 + k % 13;
  auto many = video::median_cut(histogram);
  CHECK(many.colours.size() == 256);
  CHECK(video::median_cut(std::vector<std::uint64_t>(video::kColourKeys, 0)).colours.size() == 1);
}
