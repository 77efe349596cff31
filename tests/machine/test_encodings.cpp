#include <catch2/catch.hpp>

#include <cmath>

#include "am/machine/encodings.hpp"

using namespace am::machine;

TEST_CASE("dial needle angle is strictly increasing, zero at zero, right for high", "[encodings]") {
  CHECK(dial_needle_angle(0.0f) == 0.0f);
  float prev = -10.0f;
  for (float s = -12.0f; s <= 12.0f; s += 0.25f) {
    const float a = dial_needle_angle(s);
    CHECK(a > prev);
    CHECK(std::abs(a) < 1.5707964f);  // never past horizontal
    prev = a;
  }
  CHECK(dial_needle_angle(4.0f) == Approx(1.5707963f * std::tanh(1.0f)));
  CHECK(dial_needle_angle(3.0f) > 0.0f);   // positive turns right
  CHECK(dial_needle_angle(-3.0f) == Approx(-dial_needle_angle(3.0f)));
  CHECK(dial_needle_angle(NAN) == 0.0f);
}

TEST_CASE("thread radius and brightness increase with weight; beads scale with weight", "[encodings]") {
  float prev_r = -1.0f, prev_b = -1.0f;
  for (int i = 0; i <= 20; ++i) {
    const float w = static_cast<float>(i) / 20.0f;
    const float r = thread_radius(w, 1.0f);
    const float b = thread_color(w, false).r + thread_color(w, false).g + thread_color(w, false).b;
    CHECK(r > prev_r);
    CHECK(b > prev_b);
    prev_r = r;
    prev_b = b;
  }
  CHECK(thread_radius(0.5f, 0.5f) == Approx(0.5f * thread_radius(0.5f, 1.0f)));
  // Area follows the weight: a quarter of the weight, half the diameter.
  CHECK(bead_diameter(0.25f, 1.0f) == Approx(0.5f * bead_diameter(1.0f, 1.0f)));
  CHECK(bead_diameter(0.0f, 1.0f) == 0.0f);
}

TEST_CASE("band colours: copper for positive, blue for negative, neutral at zero", "[encodings]") {
  const glm::vec4 zero = band_color(0.0f, 2.0f);
  CHECK(zero == kBandNeutral);
  for (float v : {0.01f, 0.3f, 1.0f, 2.0f, 5.0f}) {
    const glm::vec4 pos = band_color(v, 2.0f), neg = band_color(-v, 2.0f);
    CHECK(pos.r > pos.b);
    CHECK(neg.b > neg.r);
  }
  // Intensity grows with |value| and saturates at the scale.
  CHECK(band_color(1.0f, 2.0f).b < band_color(0.5f, 2.0f).b);
  CHECK(band_color(2.0f, 2.0f) == kBandPositive);
  CHECK(band_color(-9.0f, 2.0f) == kBandNegative);
}

TEST_CASE("neuron needles: signed length by value over the scale", "[encodings]") {
  CHECK(neuron_needle_length(0.5f, 2.0f, 0.8f) == Approx(0.2f));
  CHECK(neuron_needle_length(-0.1f, 2.0f, 0.8f) == Approx(-0.04f));
  CHECK(neuron_needle_length(10.0f, 2.0f, 0.8f) == Approx(0.8f));
  CHECK(neuron_needle_color(1.0f).r > neuron_needle_color(1.0f).b);
  CHECK(neuron_needle_color(-1.0f).b > neuron_needle_color(-1.0f).r);
}
