#include "am/store/script_file.hpp"

#include <fstream>
#include <sstream>

namespace am::store {

Result<ui::Script> read_script_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return fail("cannot open script " + path.string());
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) return fail("cannot read script " + path.string());
  return ui::parse_script(text.str(), path.filename().string());
}

}  // namespace am::store
