#include "am/grow/run_store.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>

#include "am/model/safetensors.hpp"
#include "am/model/weights_dir.hpp"

namespace am::grow {
namespace {

namespace fs = std::filesystem;

std::string program_name() {
  std::ifstream in("/proc/self/comm");
  std::string name;
  std::getline(in, name);
  return name.empty() ? std::string("another program") : name;
}

// The run folder for `name`, refused unless it sits directly under root.
Result<fs::path> run_dir(const fs::path& root, const std::string& name) {
  if (auto ok = check_run_name(name); !ok) return fail(ok.error());
  return root / name;
}

}  // namespace

Result<fs::path> runs_root() {
  const char* xdg = std::getenv("XDG_DATA_HOME");
  fs::path base;
  if (xdg && *xdg) {
    base = xdg;
  } else {
    const char* home = std::getenv("HOME");
    if (!home || !*home) return fail("neither XDG_DATA_HOME nor HOME is set: there is nowhere to keep training runs");
    base = fs::path(home) / ".local" / "share";
  }
  return base / "attention-machine" / "runs";
}

Status check_run_name(const std::string& name) {
  if (name.empty()) return fail("a run needs a name");
  if (name.size() > 64) return fail("a run name has at most 64 characters");
  if (name.front() == '.') return fail("a run name must not start with '.'");
  for (char c : name) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
                    c == '_' || c == '.';
    if (!ok) return fail("run name '" + name + "': use only letters, digits, '-', '_' and '.'");
  }
  return Ok{};
}

nlohmann::json read_run_info(const fs::path& dir) {
  std::ifstream in(dir / kRunInfoFile, std::ios::binary);
  if (!in) return nlohmann::json::object();
  std::stringstream text;
  text << in.rdbuf();
  auto doc = nlohmann::json::parse(text.str(), nullptr, false);
  return doc.is_object() ? doc : nlohmann::json::object();
}

Status write_run_info(const fs::path& dir, const nlohmann::json& info) {
  const std::string text = info.dump(2) + "\n";
  return write_file_atomically(dir / kRunInfoFile, {reinterpret_cast<const std::uint8_t*>(text.data()), text.size()});
}

std::vector<SavedRun> list_runs(const fs::path& root) {
  std::vector<SavedRun> runs;
  std::error_code ec;
  for (fs::directory_iterator it(root, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (!check_run_name(name) || !it->is_directory(ec)) continue;
    SavedRun run;
    run.name = name;
    run.dir = it->path();
    const nlohmann::json info = read_run_info(run.dir);
    run.preset = info.value("preset", std::string());
    run.next_step = info.value("next_step", std::int64_t{0});
    run.steps = info.value("steps", std::int64_t{0});
    if (auto manifest = load_manifest(run.dir)) run.checkpoints = manifest->checkpoints.size();
    const bool finished = info.value("status", std::string()) == "finished";
    if (finished) run.status = RunStatus::kFinished;
    else if (fs::exists(run.dir / kStateFile, ec)) run.status = RunStatus::kResumable;
    runs.push_back(std::move(run));
  }
  std::sort(runs.begin(), runs.end(), [](const SavedRun& a, const SavedRun& b) { return a.name < b.name; });
  return runs;
}

std::vector<SavedRun> resumable_runs(const fs::path& root) {
  std::vector<SavedRun> out;
  for (SavedRun& r : list_runs(root))
    if (r.status == RunStatus::kResumable) out.push_back(std::move(r));
  return out;
}

Status rename_run(const fs::path& root, const std::string& from, const std::string& to) {
  auto src = run_dir(root, from);
  if (!src) return fail(src.error());
  auto dst = run_dir(root, to);
  if (!dst) return fail(dst.error());
  std::error_code ec;
  if (!fs::is_directory(*src, ec)) return fail("there is no saved run called '" + from + "'");
  if (fs::exists(*dst, ec)) return fail("a run called '" + to + "' already exists");
  auto lock = RunLock::acquire(*src);
  if (!lock) return fail(lock.error());
  fs::rename(*src, *dst, ec);
  if (ec) return fail("cannot rename run '" + from + "' to '" + to + "': " + ec.message());
  // A user's corpus is kept inside the run: its recorded path moves with it.
  nlohmann::json info = read_run_info(*dst);
  if (info.value("corpus_kind", std::string()) == "own") {
    info["corpus"] = (*dst / kCorpusFolder).string();
    (void)write_run_info(*dst, info);
  }
  return Ok{};
}

Status delete_run(const fs::path& root, const std::string& name) {
  auto dir = run_dir(root, name);
  if (!dir) return fail(dir.error());
  std::error_code ec;
  if (!fs::is_directory(*dir, ec)) return fail("there is no saved run called '" + name + "'");
  {
    auto lock = RunLock::acquire(*dir);
    if (!lock) return fail(lock.error());
  }
  fs::remove_all(*dir, ec);
  if (ec) return fail("cannot delete run '" + name + "': " + ec.message());
  return Ok{};
}

Result<RunLock> RunLock::acquire(const fs::path& dir) {
  const fs::path path = dir / kLockFile;
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) return fail("cannot open the run's lock " + path.string() + ": " + std::strerror(errno));
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    const int err = errno;
    std::string holder;
    char buf[256] = {};
    const ssize_t n = ::pread(fd, buf, sizeof buf - 1, 0);
    if (n > 0) holder.assign(buf, static_cast<std::size_t>(n));
    while (!holder.empty() && (holder.back() == '\n' || holder.back() == ' ')) holder.pop_back();
    ::close(fd);
    if (err == EWOULDBLOCK)
      return fail("run '" + dir.filename().string() + "' is in use by " +
                  (holder.empty() ? std::string("another process") : holder) +
                  "; close that one first, or train under another name");
    return fail("cannot lock " + path.string() + ": " + std::strerror(err));
  }
  const std::string who = program_name() + " (process " + std::to_string(::getpid()) + ")\n";
  if (::ftruncate(fd, 0) == 0) (void)!::pwrite(fd, who.data(), who.size(), 0);
  return RunLock(fd);
}

RunLock::RunLock(RunLock&& other) noexcept : fd_(other.fd_) { other.fd_ = -1; }

RunLock& RunLock::operator=(RunLock&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = other.fd_;
    other.fd_ = -1;
  }
  return *this;
}

RunLock::~RunLock() {
  if (fd_ >= 0) ::close(fd_);  // closing releases the flock
}

}  // namespace am::grow
