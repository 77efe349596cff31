// attention-init-weights DIR [SEED]: writes a seeded random-init checkpoint and a
// one-entry manifest, so the app runs before any training has happened.
#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>
#include <string>

#include "am/model/safetensors.hpp"

int main(int argc, char** argv) {
  if (argc < 2 || argc > 3) {
    std::cerr << "usage: attention-init-weights DIR [SEED]\n";
    return 2;
  }
  const std::filesystem::path dir = argv[1];
  std::uint64_t seed = 0;
  try {
    if (argc == 3) seed = std::stoull(argv[2]);
  } catch (const std::exception&) {
    std::cerr << "attention-init-weights: SEED must be a whole number\n";
    return 2;
  }
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  const am::Weights weights = am::random_weights(seed);
  const std::string file = "step_000000.safetensors";
  if (auto s = am::save_weights(weights, dir / file); !s) {
    std::cerr << "attention-init-weights: " << s.error() << "\n";
    return 1;
  }
  const nlohmann::ordered_json manifest = {
      {"format", 1},
      {"recipe", {{"init", "random"}, {"seed", seed}}},
      {"checkpoints", {{{"step", 0}, {"file", file}}}}};
  const std::string text = manifest.dump(2) + "\n";
  if (auto s = am::write_file_atomically(dir / "manifest.json",
                                          {reinterpret_cast<const std::uint8_t*>(text.data()), text.size()});
      !s) {
    std::cerr << "attention-init-weights: " << s.error() << "\n";
    return 1;
  }
  std::cout << "wrote " << (dir / file).string() << " (seed " << seed << ")\n";
  return 0;
}
