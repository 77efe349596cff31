// The files the analysis writes: weights/analysis.json, and the metrics it adds to each
// checkpoint entry of weights/manifest.json. docs/analysis_schema.md documents every key.
#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "am/analysis/chapter_facts.hpp"
#include "am/analysis/checkpoint_analysis.hpp"
#include "am/model/result.hpp"

namespace am::analysis {

inline constexpr int kAnalysisSchemaVersion = 1;
// Written beside a "val_loss" that the analysis measured (so a later run may replace it,
// while a trainer's own "val_loss" is left alone).
inline constexpr const char* kAnalysisValLossSource = "attention-analyze";
// Keys a trainer may use for its smoothed training loss, tried in this order.
inline constexpr const char* kTrainLossKeys[] = {"train_loss_smoothed", "smoothed_train_loss", "train_loss"};

using Json = nlohmann::ordered_json;  // keeps the key order others wrote

// Per-checkpoint record from measured metrics (val_loss from `entry` if the trainer
// wrote one there, else the measured held-out loss).
CheckpointRecord make_record(std::int64_t step, const std::string& file, const CheckpointMetrics& m,
                             const Json& manifest_entry);
// Reads back a record written by this schema version; nullopt if the entry has none.
std::optional<CheckpointRecord> record_from_manifest_entry(const Json& entry);

// The keys added to a manifest checkpoint entry (and repeated in analysis.json).
void write_metrics_into(Json& entry, const CheckpointRecord& record);

Json accuracy_json(const CopyAccuracy& a);
Json head_table_json(const HeadTable& heads);

struct AnalysisInputs {
  const NonsenseSet* set = nullptr;
  const std::vector<HeldoutWindow>* windows = nullptr;
  std::vector<std::string> book_names;    // index = HeldoutWindow::book
  std::vector<CheckpointRecord> series;   // every checkpoint with metrics, by step
  const CheckpointRecord* final_record = nullptr;
  const FinalAnalysis* final = nullptr;
  const ChapterFacts* facts = nullptr;
  RoleThresholds roles;
  PhaseThresholds phase;
};
Json analysis_json(const AnalysisInputs& in);

// Turns a manifest document into text; the tool passes the trainer's formatter so the
// file keeps one line per checkpoint. The default is plain 2-space JSON.
using ManifestFormatter = std::function<std::string(const Json&)>;

// Re-reads manifest.json, merges the records into it (matched by step; every other key
// kept, in order) and writes it atomically.
Status update_manifest(const std::filesystem::path& weights_dir, const std::vector<CheckpointRecord>& records,
                       const ManifestFormatter& format = {});

Status write_json_atomically(const std::filesystem::path& path, const Json& doc);

}  // namespace am::analysis
