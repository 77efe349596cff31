// The windowed app: the 3D machine drawn from the live forward pass, with the
// "Next character" panel on top. Also runs headless (--screenshot, --bench-frames).
#include "app_window.hpp"

#include <iostream>

#include "machine_app.hpp"
#include "model_source.hpp"

namespace am::app {

int run_window(const Options& options) {
  const auto started = MachineApp::Clock::now();
  if (auto pulled = HeadMask::parse(options.ablate); !pulled) {
    std::cerr << "attention-machine: --ablate: " << pulled.error() << "\n";
    return 2;
  }
  auto atlas = start_glyph_atlas();  // overlaps with loading the model and opening the window
  auto model = load_model(options.weights_file, options.weights_dir, options.step);
  if (!model) {
    std::cerr << "attention-machine: " << model.error() << "\n";
    return 1;
  }
  const bool headless = options.screenshot.has_value();
  auto app = MachineApp::create(options, std::move(*model), !headless, started, std::move(atlas));
  if (!app) {
    std::cerr << "attention-machine: " << app.error() << "\n";
    return 1;
  }
  if (options.screenshot) return run_screenshot(**app, *options.screenshot);
  if (options.bench_frames) return run_bench(**app, *options.bench_frames);
  return run_interactive(**app);
}

}  // namespace am::app
