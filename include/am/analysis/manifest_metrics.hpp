// The per-checkpoint metrics the analysis adds to weights/manifest.json, and reading
// them back. docs/analysis_schema.md documents every key.
#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "am/analysis/checkpoint_analysis.hpp"
#include "am/core/result.hpp"

namespace am::analysis {

// Version of analysis.json and of the metrics in manifest entries ("analysis_version").
inline constexpr int kAnalysisSchemaVersion = 1;
// Written beside a "val_loss" that the analysis measured (so a later run may replace it,
// while a trainer's own "val_loss" is left alone).
inline constexpr const char* kAnalysisValLossSource = "attention-analyze";
// Keys a trainer may use for its smoothed training loss, tried in this order.
inline constexpr const char* kTrainLossKeys[] = {"train_loss_smoothed", "smoothed_train_loss"};

using Json = nlohmann::ordered_json;  // keeps the key order others wrote

// Per-checkpoint record from measured metrics. val_loss: the manifest entry's own, if a
// trainer wrote a number there, else the loss measured on the held-out windows.
CheckpointRecord make_record(std::int64_t step, const std::string& file, const CheckpointMetrics& m,
                             const Json& manifest_entry);
// Reads back a record written by this schema version; nullopt if the entry has none.
std::optional<CheckpointRecord> record_from_manifest_entry(const Json& entry);

// Adds (or replaces) the analysis keys of a manifest checkpoint entry.
void write_metrics_into(Json& entry, const CheckpointRecord& record);
// {"L1H1": {"previous": …, …}, …, "L2H4": {…}}
Json head_table_json(const HeadTable& heads);

// Turns a manifest document into text; the tool passes the trainer's formatter so the
// file keeps one line per checkpoint. The default is plain 2-space JSON.
using ManifestFormatter = std::function<std::string(const Json&)>;

// Re-reads manifest.json, merges the records into it (matched by step; every other key
// kept, in order) and writes it atomically.
Status update_manifest(const std::filesystem::path& weights_dir, const std::vector<CheckpointRecord>& records,
                       const ManifestFormatter& format = {});

Status write_text_atomically(const std::filesystem::path& path, const std::string& text);

}  // namespace am::analysis
