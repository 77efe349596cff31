// libFuzzer entry: any text as a --script file. What parses must name only real
// commands with in-range arguments, and its steps must snap to a checkpoint without
// overflow (the step search once overflowed on a step near the int64 limit).
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "am/model/config.hpp"
#include "am/model/weights_dir.hpp"
#include "am/ui/chapters.hpp"
#include "am/ui/script.hpp"
#include "fuzz_common.hpp"

namespace {
constexpr const char* kTarget = "fuzz_script";

am::Manifest test_manifest() {
  am::Manifest m;
  m.checkpoints = {{0, "a"}, {25, "b"}, {9000, "c"}};
  return m;
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto script = am::ui::parse_script(text, "fuzz.txt");
  if (!script) {
    if (script.error().rfind("fuzz.txt", 0) != 0) am::fuzz::broken(kTarget, "an error does not name the file");
    return 0;
  }
  static const am::Manifest manifest = test_manifest();
  for (const auto& c : script->commands) {
    if (c.line < 1) am::fuzz::broken(kTarget, "a command without its line");
    using K = am::ui::CommandKind;
    switch (c.kind) {
      case K::kChapter:
        if (c.number < 0 || c.number >= am::ui::kChapterCount) am::fuzz::broken(kTarget, "chapter out of range");
        break;
      case K::kPull: case K::kPush: case K::kHead:
        if (c.layer < 0 || c.layer >= am::kLayers || c.head < 0 || c.head >= am::kHeads)
          am::fuzz::broken(kTarget, "head out of range");
        break;
      case K::kGenerate:
        if (c.number < 0 || c.number > am::ui::kMaxGenerate) am::fuzz::broken(kTarget, "generate count out of range");
        break;
      case K::kStep:
        (void)manifest.nearest(c.number);
        break;
      default:
        break;
    }
  }
  return 0;
}
