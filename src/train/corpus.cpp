#include "am/train/corpus.hpp"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <iterator>
#include <optional>
#include <sstream>

#include "am/model/normalizer.hpp"

namespace am {
namespace fs = std::filesystem;
namespace {

// How many non-blank lines after a "chapter one" heading may pass before prose must start.
constexpr int kProseLookahead = 12;

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

bool contains(std::string_view haystack, std::string_view needle) {
  return haystack.find(needle) != std::string_view::npos;
}

std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back(line);
    if (end == text.size()) break;
    start = end + 1;
  }
  return lines;
}

// Lower-case alphanumeric runs: "PART ONE--The Old" -> {"part", "one", "the", "old"}.
std::vector<std::string> tokens(std::string_view line) {
  std::vector<std::string> out;
  std::string current;
  for (char c : line) {
    if (std::isalnum(static_cast<unsigned char>(c))) {
      current.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
    } else if (!current.empty()) {
      out.push_back(std::move(current));
      current.clear();
    }
  }
  if (!current.empty()) out.push_back(std::move(current));
  return out;
}

bool is_start_marker(std::string_view line) {
  const std::string l = lower(trim(line));
  return l.starts_with("***") && contains(l, "start of") && contains(l, "project gutenberg");
}

bool is_end_marker(std::string_view line) {
  const std::string l = lower(trim(line));
  if (l.starts_with("***") && contains(l, "end of") && contains(l, "project gutenberg")) return true;
  return l.starts_with("end of the project gutenberg") || l.starts_with("end of project gutenberg");
}

bool is_heading_word(const std::string& w) {
  return w == "chapter" || w == "letter" || w == "book" || w == "part" || w == "stave" ||
         w == "canto" || w == "volume";
}

bool is_roman_numeral(const std::string& w) {
  return !w.empty() && w.find_first_not_of("ivxlc") == std::string::npos;
}

bool is_number(const std::string& w) {
  return !w.empty() && std::all_of(w.begin(), w.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// "CHAPTER I.", "Chapter 1", "Letter 1", "PART ONE--The Old Buccaneer", "Chapter I.]", a lone "I".
bool is_chapter_one(std::string_view line) {
  const std::string_view t = trim(line);
  const auto w = tokens(t);
  if (w.empty()) return false;
  const auto is_one = [](const std::string& s) { return s == "i" || s == "1" || s == "one" || s == "first"; };
  if (is_heading_word(w[0]) && w.size() >= 2) {
    if (is_one(w[1])) return true;
    return w[1] == "the" && w.size() >= 3 && w[2] == "first";
  }
  return w.size() == 1 && (w[0] == "i" || w[0] == "1") && t.size() <= 3;
}

// Any chapter-like heading, including contents-list entries such as "II.  BLACK DOG ...".
bool is_heading(std::string_view line) {
  const std::string_view t = trim(line);
  const auto w = tokens(t);
  if (w.empty()) return false;
  if (is_heading_word(w[0]) && w.size() >= 2) return true;
  if (w.size() == 1 && (is_roman_numeral(w[0]) || is_number(w[0])) && t.size() <= 8) return true;
  // An upper-case roman numeral followed by a full stop: "XIV. THE FIRST BLOW".
  std::size_t i = 0;
  while (i < t.size() && std::string_view("IVXLC").find(t[i]) != std::string_view::npos) ++i;
  return i > 0 && i < t.size() && t[i] == '.';
}

// A line of running prose: long, mostly lower-case words, no column layout or dot leaders.
bool is_prose(std::string_view line) {
  const std::string_view t = trim(line);
  if (t.size() < 40) return false;
  if (contains(t, "   ") || contains(t, ". . .")) return false;
  if (std::isdigit(static_cast<unsigned char>(t.back()))) return false;
  int words = 0, capitalised = 0, lower_letters = 0, non_space = 0;
  bool at_word_start = true;
  for (char c : t) {
    const auto u = static_cast<unsigned char>(c);
    if (c == ' ') {
      at_word_start = true;
      continue;
    }
    ++non_space;
    if (std::islower(u)) ++lower_letters;
    if (at_word_start) {
      ++words;
      if (std::isupper(u)) ++capitalised;
      at_word_start = false;
    }
  }
  return words >= 6 && 2 * capitalised < words && 2 * lower_letters >= non_space;
}

// Index of the first line of the story, or nullopt when no heading leads into prose.
std::optional<std::size_t> find_body_start(const std::vector<std::string_view>& lines,
                                           std::size_t begin, std::size_t end) {
  for (std::size_t i = begin; i < end; ++i) {
    if (!is_chapter_one(lines[i])) continue;
    int seen = 0;
    for (std::size_t j = i + 1; j < end && seen < kProseLookahead; ++j) {
      if (trim(lines[j]).empty()) continue;
      ++seen;
      if (is_prose(lines[j])) return i;
      if (is_heading(lines[j]) && !is_chapter_one(lines[j])) break;  // a contents list
    }
  }
  return std::nullopt;
}

// Removes "[Illustration ...]" blocks (which may span lines and nest brackets).
std::string remove_illustrations(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  const std::string low = lower(text);
  std::size_t i = 0;
  while (i < text.size()) {
    const std::size_t found = low.find("[illustration", i);
    if (found == std::string::npos) {
      out.append(text.substr(i));
      break;
    }
    out.append(text.substr(i, found - i));
    int depth = 0;
    std::size_t j = found;
    for (; j < text.size(); ++j) {
      if (text[j] == '[') ++depth;
      if (text[j] == ']' && --depth == 0) break;
    }
    if (j >= text.size()) {  // never closed: drop only the rest of that line
      j = text.find('\n', found);
      if (j == std::string_view::npos) j = text.size();
      i = j;
    } else {
      i = j + 1;
    }
  }
  return out;
}

bool has_lower_case_letter(std::string_view line) {
  return std::any_of(line.begin(), line.end(),
                     [](char c) { return std::islower(static_cast<unsigned char>(c)) != 0; });
}

std::string_view without_bom(std::string_view raw) {
  if (raw.substr(0, 3) == "\xEF\xBB\xBF") raw.remove_prefix(3);
  return raw;
}

// Title-cases an upper-case marker title: "THE ADVENTURES OF TOM SAWYER" -> "The Adventures of Tom Sawyer".
std::string title_case(std::string_view upper) {
  static const std::vector<std::string> kSmall = {"a", "an", "and", "at", "by", "for", "from", "in", "of", "on", "or", "the", "to", "with"};
  std::string out;
  std::istringstream words{std::string(upper)};
  std::string word;
  bool first = true;
  while (words >> word) {
    std::string w = lower(word);
    const bool small = std::find(kSmall.begin(), kSmall.end(), w) != kSmall.end();
    if (!w.empty() && (first || !small)) w[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(w[0])));
    out += (first ? "" : " ") + w;
    first = false;
  }
  return out;
}

Result<std::string> read_whole_file(const fs::path& path) {
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) return fail(path.string() + ": not a readable file");
  std::ifstream in(path, std::ios::binary);
  if (!in) return fail(path.string() + ": cannot open for reading (check its permissions)");
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) return fail(path.string() + ": read failed");
  return bytes;
}

}  // namespace

std::string gutenberg_title(std::string_view raw) {
  const auto lines = split_lines(without_bom(raw));
  constexpr std::size_t kHeaderLines = 400;  // a "Title:" further down is the story's own text
  for (std::size_t i = 0; i < lines.size() && i < kHeaderLines; ++i) {
    const std::string_view line = lines[i];
    if (is_start_marker(line)) {
      // "*** START OF THE PROJECT GUTENBERG EBOOK THE ADVENTURES OF TOM SAWYER ***"
      const std::string l = lower(line);
      const std::size_t at = l.find("ebook");
      if (at == std::string::npos) return "";
      std::string_view rest = trim(line.substr(at + 5));
      while (!rest.empty() && rest.back() == '*') rest.remove_suffix(1);
      rest = trim(rest);
      if (rest.empty() || is_number(std::string(rest))) return "";
      return title_case(rest);
    }
    const std::string_view t = trim(line);
    if (t.starts_with("Title:")) return std::string(trim(t.substr(6)));
  }
  return "";
}

std::string strip_gutenberg(std::string_view raw) {
  const auto lines = split_lines(without_bom(raw));
  std::size_t begin = 0, end = lines.size();
  for (std::size_t i = 0; i < lines.size(); ++i)
    if (is_start_marker(lines[i])) {
      begin = i + 1;
      break;
    }
  for (std::size_t i = begin; i < lines.size(); ++i)
    if (is_end_marker(lines[i])) {
      end = i;
      break;
    }
  if (const auto body = find_body_start(lines, begin, end)) begin = *body;

  std::string kept;
  for (std::size_t i = begin; i < end; ++i) {
    kept.append(lines[i]);
    kept.push_back('\n');
  }
  const std::string text = remove_illustrations(kept);

  // Drop trailing lines with no lower-case letter: "THE END", printers' imprints, blanks.
  auto out_lines = split_lines(text);
  while (!out_lines.empty() && !has_lower_case_letter(out_lines.back())) out_lines.pop_back();
  std::string out;
  for (const auto line : out_lines) {
    out.append(line);
    out.push_back('\n');
  }
  return out;
}

Result<Corpus> load_corpus(const fs::path& dir) {
  std::error_code ec;
  if (!fs::exists(dir, ec))
    return fail("corpus folder '" + dir.string() +
                "' does not exist (pass --corpus DIR; tools/fetch_corpus.sh downloads the six novels)");
  if (!fs::is_directory(dir, ec)) return fail("corpus path '" + dir.string() + "' is not a folder");
  std::vector<fs::path> files;
  fs::directory_iterator it(dir, ec);
  if (ec) return fail("cannot read corpus folder '" + dir.string() + "': " + ec.message());
  for (; it != fs::directory_iterator(); it.increment(ec)) {
    if (ec) return fail("cannot read corpus folder '" + dir.string() + "': " + ec.message());
    if (it->path().extension() == ".txt") files.push_back(it->path());
  }
  if (files.empty())
    return fail("corpus folder '" + dir.string() +
                "' has no .txt files (expected Project Gutenberg plain-text books such as pg11.txt)");
  std::sort(files.begin(), files.end());

  Corpus corpus;
  for (const auto& path : files) {
    auto raw = read_whole_file(path);
    if (!raw) return fail(raw.error());
    if (raw->empty()) return fail(path.string() + ": the file is empty");
    const std::string normalized = normalize(strip_gutenberg(*raw)).text;
    if (normalized.empty())
      return fail(path.string() + ": no text left after removing the Project Gutenberg header, "
                                  "licence and front matter");
    Book book;
    book.name = path.stem().string();
    book.title = gutenberg_title(*raw);
    if (book.title.empty()) book.title = book.name;
    book.raw_bytes = raw->size();
    const std::size_t heldout =
        static_cast<std::size_t>(static_cast<double>(normalized.size()) * kHeldoutShare);
    book.train_text = normalized.substr(0, normalized.size() - heldout);
    book.heldout_text = normalized.substr(normalized.size() - heldout);
    corpus.books.push_back(std::move(book));
  }
  return corpus;
}

}  // namespace am
