#include "am/model/head_mask.hpp"

#include <cctype>

namespace am {

bool HeadMask::any() const { return count() > 0; }

int HeadMask::count() const {
  int n = 0;
  for (const auto& layer : pulled)
    for (bool p : layer) n += p ? 1 : 0;
  return n;
}

std::string head_name(int layer, int head) {
  return "L" + std::to_string(layer + 1) + "H" + std::to_string(head + 1);
}

std::string HeadMask::to_string(std::string_view separator) const {
  std::string s;
  for (int l = 0; l < kLayers; ++l)
    for (int h = 0; h < kHeads; ++h)
      if (pulled[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)]) {
        if (!s.empty()) s += separator;
        s += head_name(l, h);
      }
  return s;
}

Result<std::array<int, 2>> parse_head_name(std::string_view text) {
  std::string t;
  for (char c : text)
    if (!std::isspace(static_cast<unsigned char>(c))) t.push_back(static_cast<char>(std::toupper(static_cast<unsigned char>(c))));
  const auto bad = [&]() {
    return fail("'" + std::string(text) + "' is not a head name: write L<layer>H<head>, e.g. L2H4 (layers 1-" +
                std::to_string(kLayers) + ", heads 1-" + std::to_string(kHeads) + ")");
  };
  if (t.size() != 4 || t[0] != 'L' || t[2] != 'H' || !std::isdigit(static_cast<unsigned char>(t[1])) ||
      !std::isdigit(static_cast<unsigned char>(t[3])))
    return bad();
  const int layer = t[1] - '1';
  const int head = t[3] - '1';
  if (layer < 0 || layer >= kLayers || head < 0 || head >= kHeads) return bad();
  return std::array<int, 2>{layer, head};
}

Result<HeadMask> HeadMask::parse(std::string_view text) {
  HeadMask mask;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t comma = text.find(',', start);
    if (comma == std::string_view::npos) comma = text.size();
    const std::string_view part = text.substr(start, comma - start);
    bool blank = true;
    for (char c : part) blank = blank && std::isspace(static_cast<unsigned char>(c));
    if (!blank) {
      auto head = parse_head_name(part);
      if (!head) return fail(head.error());
      mask.pulled[static_cast<std::size_t>((*head)[0])][static_cast<std::size_t>((*head)[1])] = true;
    }
    start = comma + 1;
  }
  return mask;
}

}  // namespace am
