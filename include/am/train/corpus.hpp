// The training corpus: a folder of Project Gutenberg .txt files turned into
// normalized text (the model's 30-character alphabet), split per book into the
// the rest for training and the last 5 % held out for validation.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "am/core/result.hpp"

namespace am {

struct Book {
  std::string name;          // file stem, e.g. "pg11"
  std::string title;         // from the Gutenberg "Title:" line when present, else the stem
  std::string train_text;    // normalized (am::normalize), all but the held-out part
  std::string heldout_text;  // normalized, last 5 %
  std::size_t raw_bytes = 0;
};

struct Corpus {
  std::vector<Book> books;
};

// Share of each book (at its end) held out for validation.
inline constexpr double kHeldoutShare = 0.05;

// Strips Project Gutenberg start/end markers, licence and front matter from one raw book.
// Front matter is everything before the first "chapter one" heading (CHAPTER I, Chapter 1,
// Letter 1, PART ONE, a lone "I", ...) that is followed by prose; [Illustration] blocks are
// removed everywhere; trailing lines without a lower-case letter ("THE END") are dropped.
// Text with no such heading keeps everything between the markers.
std::string strip_gutenberg(std::string_view raw);

// The book's title: the "Title:" line of a Gutenberg header, else the name in the
// "*** START OF THE PROJECT GUTENBERG EBOOK ... ***" marker (when it is not a number),
// else an empty string.
std::string gutenberg_title(std::string_view raw);

// Reads every .txt in dir (sorted by name), strips, normalizes, splits 95/5. Clear errors for a
// missing, empty or unreadable folder.
Result<Corpus> load_corpus(const std::filesystem::path& dir);

}  // namespace am
