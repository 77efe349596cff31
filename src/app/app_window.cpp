// The windowed app: the 3D machine drawn from the live forward pass, with the
// explainer's panels on top. Also runs headless (--screenshot, --script, --bench-frames).
#include "app_window.hpp"

#include <iostream>

#include "am/video/video_writer.hpp"
#include "machine_app.hpp"
#include "recording.hpp"

namespace am::app {

int run_window(const Options& options) {
  const auto started = MachineApp::Clock::now();
  if (auto pulled = HeadMask::parse(options.ablate); !pulled) {
    std::cerr << "attention-machine: --ablate: " << pulled.error() << "\n";
    return 2;
  }
  // A recording's file type is known before anything loads (a typo costs no waiting).
  if (options.record)
    if (auto container = video::container_for(*options.record); !container) {
      std::cerr << "attention-machine: --record: " << container.error() << "\n";
      return 2;
    }
  auto atlas = start_glyph_atlas();  // overlaps with loading the model and opening the window
  // Screenshots and scripts run in a hidden window with default settings, so they repeat.
  const bool headless = options.screenshot.has_value() || options.script.has_value() || options.record.has_value();
  auto app = MachineApp::create(options, !headless, headless, started, std::move(atlas));
  if (!app) {
    std::cerr << "attention-machine: " << app.error() << "\n";
    return 1;
  }
  if (options.script) return run_script(**app, *options.script, options.dump_state);
  if (options.screenshot) return run_screenshot(**app, *options.screenshot);
  if (options.record) return run_record(**app);
  if (options.bench_frames) return run_bench(**app, *options.bench_frames);
  return run_interactive(**app, options.bench_idle);
}

}  // namespace am::app
