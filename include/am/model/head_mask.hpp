// Which heads are pulled out of the rack (ablated). Named one-based for users:
// "L1H1" .. "L2H4".
#pragma once

#include <array>
#include <string>
#include <string_view>

#include "am/model/config.hpp"
#include "am/core/result.hpp"

namespace am {

struct HeadMask {
  std::array<std::array<bool, kHeads>, kLayers> pulled{};

  bool any() const;
  int count() const;
  bool operator==(const HeadMask&) const = default;
  // "L1H2,L2H4" (one-based), "" when none are pulled; for people, to_string(", ").
  std::string to_string(std::string_view separator = ",") const;
  // Accepts "L2H4,L1H2", case-insensitive, spaces allowed; "" is no heads.
  static Result<HeadMask> parse(std::string_view text);
};

// "L2H4" for zero-based layer 1, head 3.
std::string head_name(int layer, int head);
// Parses one "L2H4" into zero-based indices.
Result<std::array<int, 2>> parse_head_name(std::string_view text);

}  // namespace am
