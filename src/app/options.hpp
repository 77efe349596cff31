// Command-line flags of attention-machine, parsed into one plain struct.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "am/core/result.hpp"
#include "am/render/quality.hpp"

namespace am::app {

struct Options {
  bool help = false;
  bool version = false;
  bool list_chapters = false;

  // Engine, no window.
  bool json = false;              // --json: print the forward pass and exit
  bool json_all = false;          // --all-activations: every recorded tensor by name
  std::optional<std::string> text;
  std::optional<std::filesystem::path> weights_file;  // --weights FILE
  std::optional<std::filesystem::path> weights_dir;   // --weights-dir DIR
  std::string run;                                    // --run NAME ("" = the first run)
  std::optional<long long> step;                      // --step N (nearest checkpoint)
  std::string ablate;                                 // --ablate L2H4,L1H2
  std::optional<std::string> attribute;               // --attribute CHAR|top: with --json, the attribution
  std::optional<std::string> corrupt;                 // --corrupt TEXT|auto: with --attribute, the patching map

  // Window and headless rendering.
  std::optional<std::filesystem::path> screenshot;    // --screenshot out.png
  std::optional<int> chapter;
  std::optional<int> beat;                            // --beat N: the chapter's beat N (0-based), at its end state
  int width = 1280;
  int height = 800;
  std::optional<int> bench_frames;
  std::optional<int> bench_idle;  // --bench-idle S: untouched for S s, then 10 s of CPU measured
  std::optional<std::string> bench_motion;            // --motion still|orbit|scrub|ablate (default: all four)
  std::optional<std::filesystem::path> bench_json;    // --bench-json FILE: the bench's figures as JSON
  // --quality: the tier to draw at. Absent: the saved setting in the window, High headless
  // (screenshots and scripts then repeat on any machine).
  std::optional<render::QualityChoice> quality;
  std::optional<double> font_scale;  // --font-scale: the text size, for the window, scripts and screenshots
  std::optional<std::filesystem::path> script;
  std::optional<std::filesystem::path> dump_state;

  // Saved views, resume, pictures and video (docs/view_format.md).
  std::optional<std::filesystem::path> open;          // FILE or --open FILE: a view or a lesson
  bool fresh = false;                                 // --fresh: do not reopen the last session
  bool machine_only = false;                          // --machine-only: the viewport alone, at 2x
  std::optional<std::filesystem::path> record;        // --record FILE.mp4|FILE.gif
  int fps = 30;                                       // --fps N
  double seconds = 5.0;                               // --seconds S
};

// Parses argv; errors name the flag and what was expected.
Result<Options> parse_options(const std::vector<std::string>& args);
std::string usage();

}  // namespace am::app
