#include "options.hpp"

#include "am/cli/flag_bindings.hpp"

namespace am::app {
namespace {

using namespace am::cli;

// --size WxH fills two fields at once.
Binding<Options> window_size() {
  Binding<Options> b;
  b.needs = "WIDTHxHEIGHT, e.g. 1280x720";
  b.set = [](Options& o, std::string_view flag, std::string_view text) -> Status {
    const auto x = text.find('x');
    const auto w = parse_signed(flag, text.substr(0, x));
    const auto h = parse_signed(flag, x == std::string_view::npos ? "" : text.substr(x + 1));
    if (x == std::string_view::npos || !w || !h || *w < 64 || *h < 64 || *w > 8192 || *h > 8192)
      return fail(std::string(flag) + " needs WIDTHxHEIGHT between 64 and 8192, e.g. 1280x720; got '" +
                  std::string(text) + "'");
    o.width = static_cast<int>(*w);
    o.height = static_cast<int>(*h);
    return Ok{};
  };
  b.value = [](const Options& o) -> FlagValue {
    return std::to_string(o.width) + "x" + std::to_string(o.height);
  };
  return b;
}

Binding<Options> quality_choice() {
  std::vector<std::pair<std::string, QualityChoice>> names;
  for (const NamedValue<QualityChoice>& q : kQualityChoiceNames) names.emplace_back(q.name, q.value);
  return one_of(&Options::quality, names);
}

// The order here is the order of the help.
const FlagTable<Options>& flags() {
  static const FlagTable<Options> table = [] {
    FlagTable<Options> t;
    t.section("Model and weights:");
    t.add("weights-dir", "DIR",
          "folder with manifest.json and checkpoints, or runs.json and one folder\n"
          "per run (default: found automatically)",
          path(&Options::weights_dir));
    t.add("run", "NAME", "which run of the folder to open (default: the first; e.g. plain)",
          text(&Options::run));
    t.add("weights", "FILE", "one .safetensors checkpoint instead of the manifest's",
          path(&Options::weights_file));
    t.add("step", "N", "the checkpoint nearest to training step N (default: the last)",
          whole_number(&Options::step, 0LL));
    t.add("ablate", "LIST", "pull heads out, e.g. L2H4,L1H2 (layers and heads count from 1)",
          text(&Options::ablate));
    t.add("text", "TEXT", "the text to read (any UTF-8; it is normalized to the 30-character alphabet)",
          text(&Options::text));
    t.section("Engine output:");
    t.add("json", "",
          "print normalized text, ids, probabilities, per-head scores and attention\n"
          "weights, MLP activations and the residual stream at every stage",
          switch_on(&Options::json));
    t.add("all-activations", "", "with --json: also every recorded tensor by name (q, k, v, ...)",
          switch_on(&Options::json_all));
    t.add("attribute", "CHAR",
          "with --json: split the last place's score for CHAR (or 'top', the favourite)\n"
          "into the parts of the machine that wrote it",
          text(&Options::attribute));
    t.add("corrupt", "TEXT", "with --attribute: patch clean against TEXT (as long as --text), or 'auto'",
          text(&Options::corrupt));
    t.section("Window:");
    t.add("chapter", "K", "open at chapter K, counted from 0 (--list-chapters lists them)",
          whole_number(&Options::chapter, 0));
    t.add("beat", "N", "open at the chapter's beat N (0-based), at its end state",
          whole_number(&Options::beat, 0));
    t.add("list-chapters", "", "print the chapters and exit", switch_on(&Options::list_chapters));
    t.add("screenshot", "FILE", "render one frame offscreen, write a PNG and exit",
          path(&Options::screenshot));
    t.add("size", "WxH", "window or screenshot size", window_size());
    t.add("bench-frames", "N", "draw N frames and print frame-time percentiles, frames/s, draw calls",
          whole_number(&Options::bench_frames, 1));
    t.add("motion", "M",
          "with --bench-frames: still, orbit, scrub, ablate or play (the chapter's beats;\n"
          "default: the first four in turn); with --record: play, orbit or scrub (default: play\n"
          "where the chapter has beats, else orbit)",
          one_of(&Options::bench_motion, {{"still", "still"},
                                          {"orbit", "orbit"},
                                          {"scrub", "scrub"},
                                          {"ablate", "ablate"},
                                          {"play", "play"}}));
    t.add("bench-json", "FILE", "with --bench-frames: also write the figures as JSON",
          path(&Options::bench_json));
    t.add("bench-idle", "S",
          "open the window, leave it untouched for S seconds, print the CPU it uses in\n"
          "the 10 seconds after that, and close",
          whole_number(&Options::bench_idle, 0));
    t.add("quality", "Q", "auto, high, medium or low (default: the saved setting; high headless)",
          quality_choice());
    t.add("font-scale", "S", "text size, 0.5 to 3 (default: the saved setting; 1 headless)",
          real_number(&Options::font_scale, {0.5, 3.0}));
    t.add("script", "FILE", "replay user actions from FILE (one per line)", path(&Options::script));
    t.add("dump-state", "FILE", "with --script: write the resulting state as JSON",
          path(&Options::dump_state));
    t.section("Views, pictures and video:");
    t.add("open", "FILE", "open a saved view or a lesson (also: attention-machine FILE)",
          path(&Options::open));
    t.add("fresh", "", "start clean instead of reopening where the last session ended",
          switch_on(&Options::fresh));
    t.add("machine-only", "",
          "with --screenshot: the machine alone, at twice the size (at most 3840 px wide)",
          switch_on(&Options::machine_only));
    t.add("record", "FILE", "record a video (.mp4, H.264) or an animated .gif offscreen and exit",
          path(&Options::record));
    t.add("fps", "N", "with --record: frames per second", whole_number(&Options::fps, 1, 60));
    t.add("seconds", "S", "with --record: how long in seconds", real_number(&Options::seconds, {0.1, 600.0}));
    t.add("version", "", "", switch_on(&Options::version)).hide();  // listed with --help below
    return t;
  }();
  return table;
}

}  // namespace

std::string usage() {
  return "attention-machine: a tiny transformer, running live, drawn as a machine.\n"
         "\n"
         "Usage:\n"
         "  attention-machine [options]                 open the window\n"
         "  attention-machine --json --text TEXT        print the forward pass as JSON (no window)\n"
         "\n" +
         flag_help(flags(), 23) + "\n  --help, --version\n";
}

Result<Options> parse_options(const std::vector<std::string>& args) {
  // "attention-machine FILE [options]": a desktop's "Open with" passes the file alone.
  std::vector<std::string> flag_args = args;
  std::optional<std::filesystem::path> file;
  if (!flag_args.empty() && !flag_args.front().empty() && flag_args.front().front() != '-') {
    file = flag_args.front();
    flag_args.erase(flag_args.begin());
  }
  auto parsed = parse_flags(flags(), flag_args);
  if (!parsed) return fail(parsed.error());
  Options o = std::move(parsed->options);
  o.help = parsed->help;
  if (file) {
    if (o.open) return fail("a file to open is given twice (FILE and --open)");
    o.open = file;
  }
  if (o.weights_file && o.step) return fail("--weights and --step cannot be used together");
  if (o.json && !o.text) return fail("--json needs --text TEXT");
  if (o.json_all && !o.json) return fail("--all-activations only works with --json");
  if (o.attribute && !o.json) return fail("--attribute only works with --json");
  if (o.corrupt && !o.attribute) return fail("--corrupt only works with --attribute");
  if (o.dump_state && !o.script) return fail("--dump-state only works with --script");
  if (o.bench_idle && (o.bench_frames || o.script || o.screenshot))
    return fail(
        "--bench-idle opens the window on its own: not with --bench-frames, --script or --screenshot");
  if (o.bench_json && !o.bench_frames) return fail("--bench-json only works with --bench-frames");
  if (o.bench_motion && !o.bench_frames && !o.record)
    return fail("--motion only works with --bench-frames or --record");
  if (o.record && o.bench_motion && *o.bench_motion != "play" && *o.bench_motion != "orbit" &&
      *o.bench_motion != "scrub")
    return fail("--record's --motion is play, orbit or scrub, got '" + *o.bench_motion + "'");
  if (o.record && (o.screenshot || o.script || o.bench_frames || o.bench_idle))
    return fail("--record renders on its own: not with --screenshot, --script or the benchmarks");
  if (o.machine_only && !o.screenshot) return fail("--machine-only only works with --screenshot");
  if (!o.record && (parsed->given.count("fps") || parsed->given.count("seconds")))
    return fail("--fps and --seconds only work with --record");
  return o;
}

}  // namespace am::app
