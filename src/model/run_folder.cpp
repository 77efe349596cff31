#include "am/model/run_folder.hpp"

#include <algorithm>
#include <charconv>
#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string_view>
#include <system_error>
#include <variant>

#include "am/model/safetensors.hpp"

namespace am {
namespace fs = std::filesystem;

std::string group_thousands(std::int64_t value) {
  const bool negative = value < 0;
  // Through unsigned, so the most negative value is no overflow.
  std::uint64_t magnitude =
      negative ? 0 - static_cast<std::uint64_t>(value) : static_cast<std::uint64_t>(value);
  std::string digits = std::to_string(magnitude);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return negative ? "-" + out : out;
}

std::string SkippedCheckpoint::message() const {
  return "step " + group_thousands(step) + ": " + reason + " \u2014 left out";
}

namespace {

// The size the file's own header promises: 8 + header length + the furthest data
// offset; 0 when even that cannot be read. `at_least`: only the header's own end is known.
std::uint64_t promised_size(const fs::path& path, std::uint64_t actual, bool& at_least) {
  at_least = false;
  std::ifstream in(path, std::ios::binary);
  unsigned char len_bytes[8];
  if (!in.read(reinterpret_cast<char*>(len_bytes), 8)) return 0;
  std::uint64_t header_len = 0;
  for (int i = 7; i >= 0; --i) header_len = (header_len << 8) | len_bytes[i];
  if (header_len > (std::uint64_t{1} << 26)) return 0;  // not a header of ours
  if (8 + header_len > actual) {                        // the header itself is cut
    at_least = true;
    return 8 + header_len;
  }
  std::string header(static_cast<std::size_t>(header_len), '\0');
  if (!in.read(header.data(), static_cast<std::streamsize>(header_len))) return 0;
  const auto doc = nlohmann::json::parse(header, nullptr, false);
  if (!doc.is_object()) return 0;
  std::uint64_t end = 0;
  for (const auto& [name, info] : doc.items()) {
    if (name == "__metadata__" || !info.is_object()) continue;
    const auto it = info.find("data_offsets");
    if (it == info.end() || !it->is_array() || it->size() != 2 || !(*it)[1].is_number_unsigned()) continue;
    end = std::max(end, (*it)[1].get<std::uint64_t>());
  }
  return end > (std::uint64_t{1} << 40) ? 0 : 8 + header_len + end;
}

bool is_step_file_name(const std::string& name, std::int64_t& step) {
  constexpr std::string_view kPrefix = "step_", kSuffix = ".safetensors";
  if (name.size() <= kPrefix.size() + kSuffix.size() || name.rfind(kPrefix, 0) != 0 ||
      name.compare(name.size() - kSuffix.size(), kSuffix.size(), kSuffix) != 0)
    return false;
  const char* first = name.data() + kPrefix.size();
  const char* last = name.data() + name.size() - kSuffix.size();
  const auto [end, ec] = std::from_chars(first, last, step);
  return ec == std::errc() && end == last && step >= 0 && *first != '-' && *first != '+';
}

}  // namespace

std::string describe_load_failure(const fs::path& path, const std::string& loader_error) {
  std::error_code ec;
  const auto actual = fs::file_size(path, ec);
  if (!ec) {
    bool at_least = false;
    const std::uint64_t promised = promised_size(path, actual, at_least);
    if (promised > actual)
      return "truncated, " + group_thousands(static_cast<std::int64_t>(actual)) + " of " +
             (at_least ? "at least " : "") + group_thousands(static_cast<std::int64_t>(promised)) + " bytes";
  }
  // The loader's messages start with the path; the learner already sees the step.
  std::string reason = loader_error;
  const std::string prefix = path.string() + ": ";
  if (reason.rfind(prefix, 0) == 0) reason.erase(0, prefix.size());
  return reason;
}

std::vector<CheckpointEntry> checkpoints_from_file_names(const fs::path& dir) {
  std::vector<CheckpointEntry> out;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    std::int64_t step = 0;
    if (is_step_file_name(name, step)) out.push_back({step, name});
  }
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) {
    return a.step != b.step ? a.step < b.step : a.file < b.file;
  });
  // Two names for one step (step_1 and step_000001): the first in name order stands.
  out.erase(
      std::unique(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.step == b.step; }),
      out.end());
  return out;
}

Result<RunListing> list_run_folder(const fs::path& dir) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return fail(dir.string() + ": not a folder");
  RunListing listing;
  auto manifest = load_manifest(dir);
  if (manifest) {
    listing.manifest = std::move(*manifest);
    listing.entries = std::move(listing.manifest.checkpoints);
  } else {
    listing.manifest_usable = false;
    listing.manifest.dir = dir;
    listing.entries = checkpoints_from_file_names(dir);
    listing.manifest_message = manifest.error() +
                               " \u2014 the checkpoints were found from their file names (" +
                               std::to_string(listing.entries.size()) + "), without the training curves";
  }
  listing.manifest.checkpoints.clear();
  return listing;
}

std::variant<StoredWeights, SkippedCheckpoint> load_checkpoint(const fs::path& dir,
                                                               const CheckpointEntry& entry) {
  const fs::path path = dir / entry.file;
  auto w = load_weights(path);
  if (!w) return SkippedCheckpoint{entry.step, entry.file, describe_load_failure(path, w.error())};
  w->step = entry.step;
  return StoredWeights::keep(std::move(*w));
}

std::string no_usable_checkpoint(const fs::path& dir, const RunListing& listing,
                                 const std::vector<SkippedCheckpoint>& skipped) {
  std::string why = dir.string() + ": no usable checkpoint";
  if (listing.entries.empty()) why += " (none listed, and no step_NNNNNN.safetensors file)";
  if (!listing.manifest_message.empty()) why += "\n  " + listing.manifest_message;
  for (const auto& s : skipped) why += "\n  " + s.message();
  return why;
}

}  // namespace am
