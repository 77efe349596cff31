// Sentences of a chapter's text, for the tests that read it aloud: split after ". " (and
// at paragraph breaks); short ones (20 characters or fewer) are skipped.
#pragma once

#include <string>
#include <vector>

inline std::vector<std::string> sentences(const std::string& text) {
  std::vector<std::string> out;
  std::string cur;
  for (std::size_t i = 0; i < text.size(); ++i) {
    cur.push_back(text[i]);
    const bool end =
        (text[i] == '.' && (i + 1 == text.size() || text[i + 1] == ' ' || text[i + 1] == '\n')) ||
        text[i] == '\n';
    if (end) {
      while (!cur.empty() && (cur.front() == ' ' || cur.front() == '\n')) cur.erase(cur.begin());
      if (cur.size() > 20) out.push_back(cur);
      cur.clear();
    }
  }
  return out;
}
