#include "options.hpp"

#include <charconv>

namespace am::app {
namespace {

template <typename T>
bool parse_number(const std::string& s, T& out) {
  const auto* end = s.data() + s.size();
  const auto [ptr, ec] = std::from_chars(s.data(), end, out);
  return ec == std::errc() && ptr == end;
}

}  // namespace

std::string usage() {
  return R"(attention-machine: a tiny transformer, running live, drawn as a machine.

Usage:
  attention-machine [options]                 open the window
  attention-machine --json --text TEXT        print the forward pass as JSON (no window)

Model and weights:
  --weights-dir DIR    folder with manifest.json and checkpoints, or runs.json and one folder
                       per run (default: found automatically)
  --run NAME           which run of the folder to open (default: the first; e.g. plain)
  --weights FILE       one .safetensors checkpoint instead of the manifest's
  --step N             the checkpoint nearest to training step N (default: the last)
  --ablate LIST        pull heads out, e.g. L2H4,L1H2 (layers and heads count from 1)
  --text TEXT          the text to read (any UTF-8; it is normalized to the 30-character alphabet)

Engine output:
  --json               print normalized text, ids, probabilities, per-head scores and attention
                       weights, MLP activations and the residual stream at every stage
  --all-activations    with --json: also every recorded tensor by name (q, k, v, ...)

Window:
  --chapter K          open at chapter K (0-10)
  --list-chapters      print the chapters and exit
  --screenshot FILE    render one frame offscreen, write a PNG and exit
  --size WxH           window or screenshot size (default 1280x800)
  --bench-frames N     draw N frames and print frame-time percentiles
  --script FILE        replay user actions from FILE (one per line)
  --dump-state FILE    with --script: write the resulting state as JSON

  --help, --version
)";
}

Result<Options> parse_options(const std::vector<std::string>& args) {
  Options o;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    const auto value = [&](const char* what) -> Result<std::string> {
      if (i + 1 >= args.size()) return fail(a + " needs " + what);
      return args[++i];
    };
#define AM_TAKE(var, what)            \
  auto var = value(what);             \
  if (!var) return fail(var.error());
    if (a == "--help" || a == "-h") {
      o.help = true;
    } else if (a == "--version") {
      o.version = true;
    } else if (a == "--list-chapters") {
      o.list_chapters = true;
    } else if (a == "--json") {
      o.json = true;
    } else if (a == "--all-activations") {
      o.json_all = true;
    } else if (a == "--text") {
      AM_TAKE(v, "a text (quote it)");
      o.text = *v;
    } else if (a == "--weights") {
      AM_TAKE(v, "a .safetensors file");
      o.weights_file = *v;
    } else if (a == "--weights-dir") {
      AM_TAKE(v, "a folder");
      o.weights_dir = *v;
    } else if (a == "--run") {
      AM_TAKE(v, "a run name, e.g. plain");
      o.run = *v;
    } else if (a == "--step") {
      AM_TAKE(v, "a training step (a whole number)");
      long long s = 0;
      if (!parse_number(*v, s) || s < 0) return fail("--step needs a non-negative whole number, got '" + *v + "'");
      o.step = s;
    } else if (a == "--ablate") {
      AM_TAKE(v, "a list of heads like L2H4,L1H2");
      o.ablate = *v;
    } else if (a == "--screenshot") {
      AM_TAKE(v, "an output .png path");
      o.screenshot = *v;
    } else if (a == "--chapter") {
      AM_TAKE(v, "a chapter number");
      int c = 0;
      if (!parse_number(*v, c) || c < 0) return fail("--chapter needs a chapter number, got '" + *v + "'");
      o.chapter = c;
    } else if (a == "--size") {
      AM_TAKE(v, "WIDTHxHEIGHT, e.g. 1280x720");
      const auto x = v->find('x');
      int w = 0, h = 0;
      if (x == std::string::npos || !parse_number(v->substr(0, x), w) || !parse_number(v->substr(x + 1), h) ||
          w < 64 || h < 64 || w > 8192 || h > 8192)
        return fail("--size needs WIDTHxHEIGHT between 64 and 8192, e.g. 1280x720; got '" + *v + "'");
      o.width = w;
      o.height = h;
    } else if (a == "--bench-frames") {
      AM_TAKE(v, "a number of frames");
      int n = 0;
      if (!parse_number(*v, n) || n <= 0) return fail("--bench-frames needs a positive number, got '" + *v + "'");
      o.bench_frames = n;
    } else if (a == "--script") {
      AM_TAKE(v, "a script file");
      o.script = *v;
    } else if (a == "--dump-state") {
      AM_TAKE(v, "an output .json path");
      o.dump_state = *v;
    } else {
      return fail("unknown option '" + a + "' (see --help)");
    }
#undef AM_TAKE
  }
  if (o.weights_file && o.step) return fail("--weights and --step cannot be used together");
  if (o.json && !o.text) return fail("--json needs --text TEXT");
  if (o.json_all && !o.json) return fail("--all-activations only works with --json");
  if (o.dump_state && !o.script) return fail("--dump-state only works with --script");
  return o;
}

}  // namespace am::app
