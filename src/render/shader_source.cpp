#include "am/render/shader_source.hpp"

#include <cctype>
#include <fstream>
#include <sstream>

namespace am::render {
namespace {

constexpr int kMaxIncludeDepth = 8;

Result<std::string> read_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return fail("cannot read shader file " + path.string());
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// `#include "name"` -> name; empty if the line is not an include.
std::string included_name(const std::string& line) {
  std::size_t i = line.find_first_not_of(" \t");
  if (i == std::string::npos || line.compare(i, 8, "#include") != 0) return {};
  const std::size_t open = line.find('"', i + 8);
  const std::size_t close = open == std::string::npos ? open : line.find('"', open + 1);
  if (close == std::string::npos) return {};
  return line.substr(open + 1, close - open - 1);
}

Status append_file(const std::filesystem::path& dir, const std::string& name, int depth, bool top,
                   ShaderSource& out) {
  if (depth > kMaxIncludeDepth) return fail(name + ": includes nest deeper than 8 (a cycle?)");
  auto text = read_text(dir / name);
  if (!text) return fail(text.error());
  const int index = static_cast<int>(out.files.size());
  out.files.push_back(name);

  std::istringstream lines(*text);
  std::string line;
  int number = 0;
  while (std::getline(lines, line)) {
    ++number;
    if (top && number == 1) {
      if (line.rfind("#version", 0) != 0) return fail(name + ":1: the first line must be #version");
      out.text += line + "\n#line 2 " + std::to_string(index) + "\n";
      continue;
    }
    const std::string include = included_name(line);
    if (include.empty()) {
      out.text += line + "\n";
      continue;
    }
    out.text += "#line 1 " + std::to_string(out.files.size()) + "\n";
    if (auto s = append_file(dir, include, depth + 1, false, out); !s)
      return fail(name + ":" + std::to_string(number) + ": " + s.error());
    out.text += "#line " + std::to_string(number + 1) + " " + std::to_string(index) + "\n";
  }
  return Ok{};
}

// Parses digits at s[i]; returns -1 if none.
int parse_int(const std::string& s, std::size_t& i) {
  if (i >= s.size() || !std::isdigit(static_cast<unsigned char>(s[i]))) return -1;
  int v = 0;
  while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) v = v * 10 + (s[i++] - '0');
  return v;
}

std::string annotate_line(const std::string& line, const std::vector<std::string>& files) {
  // Mesa: "0:12(3): error: ..."; NVIDIA: "0(12) : error ..."; some add "ERROR: 0:12: ...".
  std::size_t start = 0;
  if (line.rfind("ERROR: ", 0) == 0 || line.rfind("WARNING: ", 0) == 0) start = line.find(' ') + 1;
  std::size_t i = start;
  const int file = parse_int(line, i);
  if (file < 0 || i >= line.size() || (line[i] != ':' && line[i] != '(')) return line;
  const char open = line[i++];
  const int number = parse_int(line, i);
  if (number < 0) return line;
  if (open == '(' && i < line.size() && line[i] == ')') ++i;
  if (i < line.size() && line[i] == '(') {  // Mesa's column "(3)"
    while (i < line.size() && line[i] != ')') ++i;
    if (i < line.size()) ++i;
  }
  const std::string name = file < static_cast<int>(files.size()) ? files[file] : "source " + std::to_string(file);
  return line.substr(0, start) + name + ":" + std::to_string(number) + line.substr(i);
}

}  // namespace

Result<ShaderSource> load_shader_source(const std::filesystem::path& dir, const std::string& name) {
  ShaderSource out;
  if (auto s = append_file(dir, name, 0, true, out); !s) return fail(s.error());
  return out;
}

std::string annotate_shader_log(const std::string& log, const std::vector<std::string>& files) {
  std::istringstream lines(log);
  std::string line, out;
  while (std::getline(lines, line)) {
    if (line.empty()) continue;
    out += annotate_line(line, files) + "\n";
  }
  return out;
}

}  // namespace am::render
