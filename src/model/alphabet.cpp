#include "am/model/alphabet.hpp"

#include "am/model/config.hpp"

namespace am {

int char_to_id(char c) {
  if (c >= 'a' && c <= 'z') return c - 'a';
  switch (c) {
    case ' ': return 26;
    case '.': return 27;
    case ',': return 28;
    case '\'': return 29;
    default: return -1;
  }
}

char id_to_char(int id) {
  if (id < 0 || id >= kVocab) return '?';
  return kAlphabet[static_cast<std::size_t>(id)];
}

std::string id_to_string(int id) { return std::string(1, id_to_char(id)); }

std::vector<int> encode(std::string_view normalized) {
  std::vector<int> ids;
  ids.reserve(normalized.size());
  for (char c : normalized) {
    const int id = char_to_id(c);
    if (id >= 0) ids.push_back(id);
  }
  return ids;
}

std::string decode(const std::vector<int>& ids) {
  std::string text;
  text.reserve(ids.size());
  for (int id : ids) text.push_back(id_to_char(id));
  return text;
}

}  // namespace am
