#include "cli.hpp"

#include <iostream>

#include "am/analysis/tracing.hpp"
#include "am/model/forward.hpp"
#include "json_dump.hpp"
#include "model_source.hpp"

namespace am::app {

namespace {

// --attribute CHAR [--corrupt TEXT|auto] -> the tracing, or a message naming the flag.
Result<analysis::Tracing> trace_for_json(const Weights& weights, const Activations& acts,
                                         const std::vector<int>& ids, const HeadMask& pulled,
                                         const std::string& target_text,
                                         const std::optional<std::string>& corrupt) {
  auto target = analysis::parse_target_character(target_text);
  if (!target) return fail("--attribute: " + target.error());
  analysis::Corruption c;
  if (corrupt) {
    c.kind = *corrupt == "auto" ? analysis::Corruption::Kind::kAuto : analysis::Corruption::Kind::kText;
    if (c.kind == analysis::Corruption::Kind::kText) c.ids = normalize(*corrupt).ids;
  }
  analysis::Tracing t = analysis::trace(weights, acts, ids, pulled, *target, c);
  if (corrupt && !t.patched) return fail("--corrupt: " + t.patching_error);
  return t;
}

}  // namespace

int run_json(const Options& options) {
  auto pulled = HeadMask::parse(options.ablate);
  if (!pulled) {
    std::cerr << "attention-machine: --ablate: " << pulled.error() << "\n";
    return 2;
  }
  auto model = load_model(options.weights_file, options.weights_dir, options.step, options.run);
  if (!model) {
    std::cerr << "attention-machine: " << model.error() << "\n";
    return 1;
  }
  for (const std::string& m : model->messages) std::cerr << "attention-machine: " << m << "\n";
  JsonDumpInput input;
  input.original_text = *options.text;
  input.normalized = normalize(*options.text);
  const auto& ids = input.normalized.ids;
  input.window_start = context_window_start(ids.size());
  input.weights_file = model->file.string();
  input.step = model->weights.step;
  input.pulled = *pulled;
  input.all_activations = options.json_all;
  const Activations acts = forward(model->weights, ids, *pulled);
  nlohmann::ordered_json out = forward_to_json(input, acts);
  if (options.attribute) {
    auto traced = trace_for_json(model->weights, acts, ids, *pulled, *options.attribute, options.corrupt);
    if (!traced) {
      std::cerr << "attention-machine: " << traced.error() << "\n";
      return 2;
    }
    out["attribution"] = analysis::attribution_json(*traced);
    if (options.corrupt) out["patching"] = analysis::patching_json(*traced);
  }
  // Invalid UTF-8 in the echoed input must not make the dump itself throw.
  std::cout << out.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
  return 0;
}

}  // namespace am::app
