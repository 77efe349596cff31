#include "am/grow/corpus_intake.hpp"

#include <algorithm>
#include <fstream>
#include <iterator>
#include <set>

#include "am/train/batcher.hpp"

namespace am::grow {
namespace {

namespace fs = std::filesystem;

// Position of the first malformed UTF-8 sequence, or npos.
std::size_t first_bad_utf8(const std::string& s) {
  std::size_t i = 0;
  while (i < s.size()) {
    const auto c = static_cast<unsigned char>(s[i]);
    std::size_t len = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xe ? 3 : (c >> 3) == 0x1e ? 4 : 0;
    if (len == 0 || (len == 2 && c < 0xc2) || i + len > s.size()) return i;
    for (std::size_t k = 1; k < len; ++k)
      if ((static_cast<unsigned char>(s[i + k]) & 0xc0) != 0x80) return i;
    i += len;
  }
  return std::string::npos;
}

std::string where(const std::string& s, std::size_t at) {
  const std::size_t line = 1 + static_cast<std::size_t>(std::count(s.begin(), s.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
  return "byte " + std::to_string(at + 1) + ", line " + std::to_string(line);
}

// Control bytes other than tab, newline, carriage return and form feed: a text file has none.
std::size_t first_binary_byte(const std::string& s) {
  for (std::size_t i = 0; i < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c == 0 || (c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f') || c == 0x7f) return i;
  }
  return std::string::npos;
}

Result<std::string> read_bytes(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return fail("unreadable (cannot open it; check its permissions)");
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) return fail("unreadable (the read failed)");
  return bytes;
}

std::string classify(const fs::path& path, std::string* contents) {
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) return "not a regular file";
  auto bytes = read_bytes(path);
  if (!bytes) return bytes.error();
  if (bytes->empty()) return "empty";
  if (const auto at = first_binary_byte(*bytes); at != std::string::npos) return "binary (a control byte at " + where(*bytes, at) + ")";
  if (const auto at = first_bad_utf8(*bytes); at != std::string::npos) return "not UTF-8 (at " + where(*bytes, at) + ")";
  if (normalize(strip_gutenberg(*bytes)).text.empty()) return "no letters in it";
  if (contents) *contents = std::move(*bytes);
  return "";
}

}  // namespace

std::string unusable_reason(const fs::path& path) { return classify(path, nullptr); }

std::string IntakeReport::summary() const {
  std::string out = std::to_string(accepted.size()) + (accepted.size() == 1 ? " file" : " files") + " read, " +
                    std::to_string(characters) + " characters after normalizing";
  out += normalization.changed() ? " (" + normalization.summary() + ")" : " (nothing needed changing)";
  out += ".";
  for (const SkippedFile& s : skipped) out += "\nSkipped " + s.path.filename().string() + ": " + s.reason + ".";
  return out;
}

Result<IntakeReport> take_in_corpus(const fs::path& source, const fs::path& staging) {
  std::error_code ec;
  if (!fs::exists(source, ec)) return fail("'" + source.string() + "' does not exist");
  std::vector<fs::path> files;
  if (fs::is_directory(source, ec)) {
    fs::directory_iterator it(source, ec);
    if (ec) return fail("cannot read the folder '" + source.string() + "': " + ec.message());
    for (; it != fs::directory_iterator(); it.increment(ec)) {
      if (ec) return fail("cannot read the folder '" + source.string() + "': " + ec.message());
      if (!it->path().filename().string().starts_with(".")) files.push_back(it->path());
    }
    std::sort(files.begin(), files.end());
    if (files.empty()) return fail("the folder '" + source.string() + "' is empty");
  } else {
    files.push_back(source);
  }

  IntakeReport report;
  std::vector<std::pair<fs::path, std::string>> texts;
  for (const fs::path& f : files) {
    std::string contents;
    const std::string why = classify(f, &contents);
    if (!why.empty()) {
      report.skipped.push_back({f, why});
      continue;
    }
    report.accepted.push_back(f);
    texts.emplace_back(f, std::move(contents));
  }
  if (texts.empty()) {
    std::string msg = "no usable text in '" + source.string() + "':";
    for (const SkippedFile& s : report.skipped) msg += "\n  " + s.path.filename().string() + ": " + s.reason;
    return fail(msg);
  }

  // Copied as NAME.txt (the trainer reads .txt files); two "notes.*" get distinct names.
  if (fs::exists(staging, ec) && fs::directory_iterator(staging, ec) != fs::directory_iterator())
    return fail("'" + staging.string() + "' already holds files");
  fs::create_directories(staging, ec);
  if (ec) return fail("cannot create '" + staging.string() + "': " + ec.message());
  std::set<std::string> used;
  for (const auto& [path, contents] : texts) {
    std::string stem = path.stem().string();
    if (stem.empty() || stem.starts_with(".")) stem = "text";
    std::string name = stem;
    for (int k = 2; used.count(name); ++k) name = stem + "-" + std::to_string(k);
    used.insert(name);
    std::ofstream out(staging / (name + ".txt"), std::ios::binary);
    out.write(contents.data(), static_cast<std::streamsize>(contents.size()));
    out.close();
    if (!out) return fail("cannot copy " + path.string() + " into the run (disk full?)");
    const Normalized n = normalize(strip_gutenberg(contents));
    NormalizeReport& r = report.normalization;
    r.lowercased += n.report.lowercased;
    r.accents_removed += n.report.accents_removed;
    r.quotes_straightened += n.report.quotes_straightened;
    r.marks_to_stop += n.report.marks_to_stop;
    r.to_space += n.report.to_space;
    r.dropped += n.report.dropped;
    r.invalid_utf8 += n.report.invalid_utf8;
    r.collapsed += n.report.collapsed;
  }

  // Measure what the trainer will see: its own loader, its own held-out split.
  auto corpus = load_corpus(staging);
  if (!corpus) return fail(corpus.error());
  for (const Book& b : corpus->books) report.characters += b.train_text.size() + b.heldout_text.size();
  report.validation_windows = train::validation_windows(*corpus, 0).size() / static_cast<std::size_t>(kContext + 1);
  if (report.characters < kMinCorpusCharacters || report.validation_windows < kMinValidationWindows)
    return fail("too little text: " + std::to_string(report.characters) + " characters after normalizing, giving " +
                std::to_string(report.validation_windows) + " held-out windows; training needs at least " +
                std::to_string(kMinCorpusCharacters) + " characters and " + std::to_string(kMinValidationWindows) +
                " held-out windows (the last part of each file is kept aside to measure the loss)");
  return report;
}

}  // namespace am::grow
