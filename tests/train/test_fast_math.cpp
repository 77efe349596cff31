#include <catch2/catch.hpp>

#include <cmath>

#include "am/train/fast_math.hpp"

using namespace am::train;

TEST_CASE("fast math: exp_approx is within 2 ulp of exp over the range softmax uses") {
  double worst = 0.0;
  for (double x = -87.0; x <= 88.0; x += 0.001) {
    const float xf = static_cast<float>(x);
    const double exact = std::exp(static_cast<double>(xf));
    worst = std::max(worst, std::abs(exp_approx(xf) - exact) / exact);
  }
  CHECK(worst < 2.5e-7);  // 2 ulp of a float is 2.4e-7 relative
  CHECK(exp_approx(0.0f) == 1.0f);
  CHECK(exp_approx(-1000.0f) > 0.0f);  // clamped, never a denormal or NaN
  CHECK(exp_approx(-1000.0f) < 1e-37f);
}

TEST_CASE("fast math: the float normal CDF and density behind GELU") {
  double worst_cdf = 0.0, worst_pdf = 0.0, worst_gelu = 0.0;
  for (double x = -12.0; x <= 12.0; x += 0.0005) {
    const float xf = static_cast<float>(x);
    const double xd = xf;
    float cdf = 0, pdf = 0;
    normal_cdf_pdf(xf, cdf, pdf);
    const double exact_cdf = 0.5 * std::erfc(-xd / std::sqrt(2.0));
    const double exact_pdf = std::exp(-0.5 * xd * xd) / std::sqrt(2.0 * M_PI);
    worst_cdf = std::max(worst_cdf, std::abs(cdf - exact_cdf));
    worst_pdf = std::max(worst_pdf, std::abs(pdf - exact_pdf));
    worst_gelu = std::max(worst_gelu, std::abs(xf * cdf - xd * exact_cdf) / std::max(1.0, std::abs(xd)));
  }
  CHECK(worst_cdf < 3e-7);
  CHECK(worst_pdf < 1e-7);
  CHECK(worst_gelu < 3e-7);
}
