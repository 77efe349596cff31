// Everything measured for one checkpoint, and the final checkpoint's extra studies
// (ablations, a prompt's prediction, bits per character against a bigram baseline).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "am/analysis/bigram.hpp"
#include "am/analysis/copy_accuracy.hpp"
#include "am/analysis/head_metrics.hpp"
#include "am/analysis/heldout_windows.hpp"
#include "am/analysis/model_passes.hpp"
#include "am/analysis/nonsense_set.hpp"
#include "am/model/head_mask.hpp"
#include "am/model/weights.hpp"

namespace am::analysis {

// The per-checkpoint numbers, as measured or as read back from the manifest.
struct CheckpointRecord {
  std::int64_t step = 0;
  std::string file;
  double accuracy = 0.0;                                   // right the second time, all words
  std::array<double, kNonsenseWordCounts> accuracy_by_words{};
  std::array<double, kCharClasses> accuracy_by_next_class{};
  HeadTable heads{};
  std::optional<double> val_loss;                          // nats/char on held-out text
  std::string val_loss_source;                             // "manifest" or "analysis"
  std::optional<double> train_loss_smoothed;               // from the manifest, if the trainer wrote it
  // the field's cheap scores, per head (absent in manifests written before them)
  std::optional<PerHead<double>> prefix_matching;          // Olsson et al., repeated random ids
  std::optional<PerHead<double>> previous_token;           // detect_head "previous", novel text
};

struct CheckpointMetrics {
  CopyAccuracy accuracy;
  HeadTable heads{};
  TextLoss heldout_loss;  // over the held-out windows
  PerHead<DetectScores> detect{};                              // detect_head, both texts
  PerHead<std::array<double, kProfileBins>> offset_profile{};  // held-out windows
  PerHead<double> prefix_matching{};                           // standard_repeated_random()
};

// One checkpoint: the nonsense set (accuracy, induction, duplicate) and the held-out
// windows (previous, two-back, self, spaces, entropy, loss). Windows may be empty: the
// text scores and loss are then zero (count 0).
CheckpointMetrics analyse_checkpoint(const Weights& weights, const NonsenseSet& set,
                                     const std::vector<HeldoutWindow>& windows, int threads);

struct AblationResult {
  HeadMask pulled;
  CopyAccuracy accuracy;
  double drop = 0.0;  // accuracy with all heads minus accuracy with these pulled
};

struct PromptPrediction {
  std::string prompt;
  std::string expected;                // what copying predicts (see expected_copy), "" if none
  std::array<double, kVocab> probs{};
};

struct TextComparison {
  std::string name;                    // book name, or "overall"
  std::string title;
  TextLoss model;
  TextLoss bigram;
};

struct HeldoutBook {
  std::string name;
  std::string title;
  std::vector<int> ids;
};

struct FinalAnalysis {
  std::int64_t step = 0;
  CopyAccuracy accuracy;                    // all heads in
  std::array<std::array<AblationResult, kHeads>, kLayers> single{};  // each head pulled alone
  std::optional<AblationResult> induction_pair;  // the two strongest layer-2 induction heads
  std::vector<PromptPrediction> prompts;
  std::vector<TextComparison> texts;        // per book, then "overall" last
};

// The prompts whose next-character prediction the chapters quote.
std::vector<std::string> standard_prompts();
// What an induction head would copy: the character that followed the previous occurrence
// of the prompt's last character ("qzxv kplw qzxv kp" -> "l"); "" if it never occurred.
std::string expected_copy(const std::string& prompt);

// Layer-2 heads ranked by induction score, strongest first.
std::vector<std::array<int, 2>> layer2_by_induction(const HeadTable& heads);

FinalAnalysis analyse_final(const Weights& weights, std::int64_t step, const NonsenseSet& set,
                            const HeadTable& heads, const std::vector<HeldoutBook>& books,
                            const BigramModel& bigram, int threads);

}  // namespace am::analysis
