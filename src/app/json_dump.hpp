// The whole forward pass as JSON, for `attention-machine --json` (no window).
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "am/model/activations.hpp"
#include "am/model/head_mask.hpp"
#include "am/model/normalizer.hpp"

namespace am::app {

struct JsonDumpInput {
  std::string original_text;
  Normalized normalized;
  std::size_t window_start = 0;    // index of the first character the model read
  std::string weights_file;
  long long step = 0;
  HeadMask pulled;
  bool all_activations = false;
};

nlohmann::ordered_json forward_to_json(const JsonDumpInput& input, const Activations& acts);

}  // namespace am::app
