// Scene build time: (activations, selection, view, time) -> draw list, the CPU
// part of a frame the machine owns (budget for build + upload + submit: 2 ms).
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "am/machine/scene.hpp"
#include "am/model/alphabet.hpp"
#include "am/model/forward.hpp"
#include "am/model/weights.hpp"

namespace {

std::string text_of_length(int n) {
  const std::string base = "the queen. the quick brown fox, it's said, ";
  std::string s;
  while (static_cast<int>(s.size()) < n) s += base;
  return s.substr(0, static_cast<std::size_t>(n));
}

// One animated frame after another into the same Scene, as the app does.
void BM_BuildScene(benchmark::State& state) {
  const int T = static_cast<int>(state.range(0));
  const am::Weights weights = am::random_weights(1);
  const std::string text = text_of_length(T);
  const am::Activations acts = am::forward(weights, am::encode(text));
  const am::Activations intact = acts;

  am::machine::SceneInput in;
  in.acts = &acts;
  in.intact = &intact;
  in.text = text;
  in.pulled.pulled[1][3] = true;  // ghost columns on
  in.view.highlight_path = true;  // two lifted plates, threads in both layers
  in.view.path_heads[0] = std::make_pair(0, 3);
  in.view.path_heads[1] = std::make_pair(1, 3);
  in.selected_layer = 1;
  in.selected_head = 3;
  for (int i = 0; i <= 90; ++i) {
    in.training.steps.push_back(i * 100);
    in.training.loss.push_back(3.0f - 0.01f * static_cast<float>(i));
    in.training.accuracy.push_back(0.01f * static_cast<float>(i));
  }
  in.training.current_step = 4000;

  am::machine::Scene scene;
  for (auto _ : state) {
    in.time_seconds += 1.0 / 60.0;
    am::machine::build_scene(in, scene);
    benchmark::DoNotOptimize(scene.draw.batches.data());
  }
  state.counters["instances"] = static_cast<double>(scene.draw.instance_count());
  state.counters["parts"] = static_cast<double>(scene.parts.size());
  state.counters["tubes"] = static_cast<double>(scene.draw.tubes.size());
  state.counters["labels"] = static_cast<double>(scene.draw.labels.size());
}
BENCHMARK(BM_BuildScene)->Arg(17)->Arg(64)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
