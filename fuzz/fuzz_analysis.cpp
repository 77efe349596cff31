// libFuzzer entry: any text as weights/analysis.json through the app's reader.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "am/model/analysis_summary.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto summary = am::parse_analysis_summary(text);
  (void)summary.ok();
  return 0;
}
