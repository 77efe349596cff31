// libFuzzer entry: any bytes as a saved view. A view that reads is in range, and writing
// it out and reading it back gives the same view; anything else is refused with a
// message that names the file.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>

#include "am/store/view_file.hpp"
#include "fuzz_common.hpp"

namespace {
constexpr const char* kTarget = "fuzz_view";
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const auto view = am::store::view_from_json(text, "fuzz/view.json");
  if (!view) {
    if (view.error().rfind("fuzz/view.json", 0) != 0)
      am::fuzz::broken(kTarget, "a refusal did not name the file");
    return 0;
  }
  if (view->step < 0 || view->text.size() > am::store::kMaxViewTextBytes)
    am::fuzz::broken(kTarget, "a view out of range was accepted");
  if (view->camera && !(std::isfinite(view->camera->distance) && view->camera->distance > 0.0f))
    am::fuzz::broken(kTarget, "a camera out of range was accepted");
  const auto again = am::store::view_from_json(am::store::view_to_json(*view), "again");
  if (!again) am::fuzz::broken(kTarget, "a written view did not read back");
  if (!(*again == *view)) am::fuzz::broken(kTarget, "a view changed in a write + read");
  return 0;
}
