#include <catch2/catch.hpp>

#include "am/model/normalizer.hpp"
#include "am/train/corpus.hpp"
#include "test_support.hpp"

using namespace am;
using am::train::test::fixtures;
using am::train::test::read_file;
using am::train::test::TempDir;
using am::train::test::write_file;

namespace {
bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }
}  // namespace

TEST_CASE("corpus: markers, licence, front matter and illustrations are stripped") {
  const std::string raw = read_file(fixtures() / "with_markers.txt");
  REQUIRE(!raw.empty());
  const std::string s = strip_gutenberg(raw);
  CHECK(s.rfind("CHAPTER I.", 0) == 0);  // the story starts at chapter one, not the contents list
  CHECK(has(s, "The cat sat on the mat"));
  CHECK(has(s, "Nobody came, and so the cat went to sleep"));
  CHECK(has(s, "When it woke, the sun had gone"));
  for (const char* gone : {"Project Gutenberg", "PROJECT GUTENBERG", "Produced by", "Contents", "Illustration",
                           "Copyright", "licence", "Title:", "THE END", "A SMALL TALE"})
    CHECK_FALSE(has(s, gone));
  CHECK(gutenberg_title(raw) == "A Small Tale");
}

TEST_CASE("corpus: a byte-order mark and CRLF line ends are handled; letters count as chapters") {
  const std::string raw = read_file(fixtures() / "bom_crlf.txt");
  REQUIRE(raw.substr(0, 3) == "\xEF\xBB\xBF");
  const std::string s = strip_gutenberg(raw);
  CHECK(s.rfind("Letter 1", 0) == 0);
  CHECK(has(s, "You will rejoice to hear"));
  CHECK(has(s, "How slowly the time passes"));
  CHECK_FALSE(has(s, "\r"));
  CHECK_FALSE(has(s, "CONTENTS"));
  CHECK_FALSE(has(s, "License"));
  CHECK_FALSE(has(s, "START OF"));
  CHECK(gutenberg_title(raw) == "Letters from the North");
  CHECK(normalize(s).text.rfind("letter to my sister. you will rejoice", 0) == 0);
}

TEST_CASE("corpus: a contents list with parts and roman numerals is skipped") {
  const std::string s = strip_gutenberg(read_file(fixtures() / "contents_then_part.txt"));
  CHECK(s.rfind("PART ONE--The Old Ship\n", 0) == 0);
  CHECK_FALSE(has(s, ". . ."));
  CHECK(has(s, "Squire Smith, Doctor Jones"));
}

TEST_CASE("corpus: text with no markers and no headings is kept whole") {
  const std::string raw = read_file(fixtures() / "no_headings.txt");
  CHECK(strip_gutenberg(raw) == raw);
  CHECK(gutenberg_title(raw).empty());
}

TEST_CASE("corpus: load_corpus reads, sorts, normalizes and holds out the last 5 %") {
  TempDir dir("corpus");
  write_file(dir.path() / "b_book.txt", read_file(fixtures() / "with_markers.txt"));
  write_file(dir.path() / "a_book.txt", read_file(fixtures() / "small_text" / "alice_chapter1.txt"));
  write_file(dir.path() / "notes.md", "not a book");
  auto corpus = load_corpus(dir.path());
  REQUIRE(corpus.ok());
  REQUIRE(corpus->books.size() == 2);
  const Book& a = corpus->books[0];
  CHECK(a.name == "a_book");
  CHECK(a.title == "a_book");  // no Title: line and no marker
  CHECK(a.raw_bytes == read_file(fixtures() / "small_text" / "alice_chapter1.txt").size());
  const std::size_t total = a.train_text.size() + a.heldout_text.size();
  CHECK(a.heldout_text.size() == static_cast<std::size_t>(static_cast<double>(total) * 0.05));
  CHECK(a.train_text.rfind("chapter i. down the rabbit hole alice was beginning", 0) == 0);
  CHECK(normalize(a.train_text).text == a.train_text);  // already normalized
  CHECK(corpus->books[1].title == "A Small Tale");
  CHECK(corpus->books[1].train_text.rfind("chapter i. the beginning the cat sat", 0) == 0);
}

TEST_CASE("corpus: clear errors for a missing, empty or unreadable folder") {
  TempDir dir("corpus-errors");
  auto missing = load_corpus(dir.path() / "nope");
  REQUIRE_FALSE(missing.ok());
  CHECK(has(missing.error(), "does not exist"));

  write_file(dir.path() / "file.txt", "x");
  auto not_dir = load_corpus(dir.path() / "file.txt");
  REQUIRE_FALSE(not_dir.ok());
  CHECK(has(not_dir.error(), "not a folder"));

  std::filesystem::create_directories(dir.path() / "empty");
  auto empty = load_corpus(dir.path() / "empty");
  REQUIRE_FALSE(empty.ok());
  CHECK(has(empty.error(), "has no .txt files"));

  std::filesystem::create_directories(dir.path() / "odd" / "book.txt");  // a folder named like a book
  auto unreadable = load_corpus(dir.path() / "odd");
  REQUIRE_FALSE(unreadable.ok());
  CHECK(has(unreadable.error(), "book.txt"));
  CHECK(has(unreadable.error(), "not a readable file"));

  std::filesystem::create_directories(dir.path() / "blank");
  write_file(dir.path() / "blank" / "zero.txt", "");
  auto zero = load_corpus(dir.path() / "blank");
  REQUIRE_FALSE(zero.ok());
  CHECK(has(zero.error(), "empty"));

  std::filesystem::create_directories(dir.path() / "symbols");
  write_file(dir.path() / "symbols" / "digits.txt", "1234 5678 {} [] ()\n");
  auto nothing = load_corpus(dir.path() / "symbols");
  REQUIRE_FALSE(nothing.ok());
  CHECK(has(nothing.error(), "no text left"));
}
