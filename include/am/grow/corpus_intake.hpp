// A learner's own text for training: a file or a folder of files, checked one by one
// (empty, binary, not UTF-8 or unreadable files are named and skipped), copied as .txt
// into the run's folder so the run can be resumed and repeated even if the originals
// move, then normalized and measured. Too little text is refused.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

#include "am/model/config.hpp"
#include "am/model/normalizer.hpp"
#include "am/core/result.hpp"
#include "am/train/corpus.hpp"

namespace am::grow {

// The least text worth training on. The trainer holds out the last share of each book
// (kHeldoutShare) and measures the validation loss on windows of the model's context; with
// fewer than this many windows the loss it plots is an average of a handful of samples and
// jumps about by more than the change it is meant to show.
inline constexpr std::size_t kMinValidationWindows = 8;
// In normalized characters: enough that the held-out share fills those windows.
inline constexpr std::size_t kMinCorpusCharacters =
    static_cast<std::size_t>(static_cast<double>(kMinValidationWindows * (kContext + 1)) / kHeldoutShare);

struct SkippedFile {
  std::filesystem::path path;
  std::string reason;  // "empty", "binary (a zero byte at 17)", "not UTF-8 (byte 3 of line 2)", ...
};

struct IntakeReport {
  std::vector<std::filesystem::path> accepted;  // the user's files that were kept
  std::vector<SkippedFile> skipped;
  NormalizeReport normalization;                // summed over the accepted files
  std::size_t characters = 0;                   // normalized, after Gutenberg stripping
  std::size_t validation_windows = 0;
  std::string summary() const;                  // one paragraph for the training panel
};

// Why one file cannot be used as text, or "" if it can.
std::string unusable_reason(const std::filesystem::path& path);

// Checks `source` (file or folder; a folder's regular files, not its sub-folders), copies
// the usable files into `staging` (created; must be new or empty) and measures them.
// Fails with a message naming every skipped file when nothing usable is left, and when the
// text is shorter than kMinCorpusCharacters.
Result<IntakeReport> take_in_corpus(const std::filesystem::path& source, const std::filesystem::path& staging);

}  // namespace am::grow
