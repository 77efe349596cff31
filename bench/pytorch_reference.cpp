#include "pytorch_reference.hpp"

#include <cstdio>
#include <sstream>

namespace am::bench {
namespace {

// Wraps s in single quotes for /bin/sh (a path may hold spaces or quotes).
std::string shell_quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

}  // namespace

std::optional<ReferenceTiming> pytorch_forward_us(const std::filesystem::path& weights,
                                                  const std::vector<int>& ids, std::string& error) {
  const std::filesystem::path script = std::filesystem::path(AM_SOURCE_DIR) / "tools" / "reference.py";
  std::string id_list;
  for (int id : ids) {
    if (!id_list.empty()) id_list += ',';
    id_list += std::to_string(id);
  }
  const std::string command = std::string(kTorchPython) + " " + shell_quote(script.string()) +
                              " --bench --weights " + shell_quote(weights.string()) +
                              " --ids " + shell_quote(id_list) + " 2>&1";
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) {
    error = "could not start " + command;
    return std::nullopt;
  }
  std::string output;
  char buffer[512];
  while (std::fgets(buffer, sizeof buffer, pipe)) output += buffer;
  const int status = pclose(pipe);

  // The script prints "reference_forward_us <wall>" and "reference_forward_cpu_us <cpu>".
  ReferenceTiming timing;
  std::istringstream lines(output);
  std::string line;
  while (std::getline(lines, line)) {
    std::istringstream words(line);
    std::string key;
    double us = 0.0;
    if (!(words >> key >> us) || us <= 0.0) continue;
    if (key == "reference_forward_us") timing.wall_us = us;
    if (key == "reference_forward_cpu_us") timing.cpu_us = us;
  }
  if (status == 0 && timing.wall_us > 0.0 && timing.cpu_us > 0.0) return timing;
  error = command + " failed (status " + std::to_string(status) + "):\n" + output;
  return std::nullopt;
}

}  // namespace am::bench
