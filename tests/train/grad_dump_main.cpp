// train_grad_dump DIR: writes one batch, the weights it is evaluated at, and the
// trainer's loss and gradients (the production path: float, threads, shards) for
// tools/grad_check.py to compare with PyTorch autograd.
#include <iostream>
#include <string>

#include "am/model/safetensors.hpp"
#include "am/train/batch_gradient.hpp"
#include "am/train/batcher.hpp"
#include "am/train/corpus.hpp"
#include "am/train/init.hpp"

using namespace am;
using namespace am::train;

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: train_grad_dump DIR\n";
    return 2;
  }
  const std::filesystem::path dir = argv[1];
  std::filesystem::create_directories(dir);
  auto corpus = load_corpus(std::filesystem::path(AM_SOURCE_DIR) / "tests" / "train" / "fixtures" / "small_text");
  if (!corpus) {
    std::cerr << corpus.error() << "\n";
    return 1;
  }
  auto batcher = Batcher::create(*corpus, {12, 0.5, 4, 32});
  if (!batcher) {
    std::cerr << batcher.error() << "\n";
    return 1;
  }
  Rng rng(5);
  std::vector<int> windows;
  batcher->sample(rng, windows);

  // Random weights, with LayerNorm parameters moved off 1 and 0 so their gradients are exercised.
  Weights weights = initial_weights({InitKind::kTorch, 0.02, 1.0, 11});
  Rng noise(12);
  for (const TensorInfo& t : parameter_table())
    if (t.name.find("ln") != std::string::npos)
      for (std::size_t i = 0; i < t.count; ++i) weights.values[t.offset + i] += static_cast<float>(0.2 * noise.normal());

  BatchGradient engine(2);
  PreparedParams<float> prepared;
  prepared.prepare(weights.values.data());
  std::vector<float> grads(kParamCount);
  const double loss = engine.loss_and_gradient(prepared, windows, grads.data());

  std::vector<float> ids(windows.begin(), windows.end());
  const std::int64_t count = static_cast<std::int64_t>(windows.size() / kWindow);
  std::vector<NamedTensor> batch = {{"ids", {count, kWindow}, ids}};
  std::vector<NamedTensor> grad_tensors;
  for (const TensorInfo& t : parameter_table())
    grad_tensors.push_back({t.name, t.shape, {grads.data() + t.offset, t.count}});
  char loss_text[64];
  std::snprintf(loss_text, sizeof loss_text, "%.17g", loss);

  for (auto [name, bytes] :
       {std::pair{"weights.safetensors", serialize_weights(weights)},
        std::pair{"batch.safetensors", serialize_safetensors(batch, {})},
        std::pair{"grads.safetensors", serialize_safetensors(grad_tensors, {{"loss", loss_text}})}}) {
    if (auto ok = write_file_atomically(dir / name, bytes); !ok) {
      std::cerr << ok.error() << "\n";
      return 1;
    }
  }
  std::cout << "wrote " << count << " windows, loss " << loss_text << ", into " << dir.string() << "\n";
  return 0;
}
