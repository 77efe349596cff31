// Writes the fuzzer's generated seeds into a folder: a whole valid model file
// (too big to keep in git) and model-level near misses of it.
// Usage: fuzz_make_seeds DIR
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <string>

#include "am/model/safetensors.hpp"
#include "am/model/weights.hpp"

namespace {

bool write(const std::filesystem::path& path, const am::Weights& weights) {
  const am::Status status = am::write_file_atomically(path, am::serialize_weights(weights));
  if (!status) std::fprintf(stderr, "fuzz_make_seeds: %s\n", status.error().c_str());
  return status.ok();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: fuzz_make_seeds DIR\n");
    return 2;
  }
  const std::filesystem::path dir = argv[1];
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) {
    std::fprintf(stderr, "fuzz_make_seeds: cannot create %s: %s\n", dir.c_str(), ec.message().c_str());
    return 1;
  }
  am::Weights valid = am::random_weights(1);
  valid.step = 1000;
  am::Weights with_nan = valid;
  with_nan.values[12345] = NAN;
  am::Weights zeros;  // all zero: valid, and maximally compressible for the mutator
  const bool ok = write(dir / "weights-valid.safetensors", valid) &&
                  write(dir / "weights-nan.safetensors", with_nan) &&
                  write(dir / "weights-zero.safetensors", zeros);
  return ok ? 0 : 1;
}
