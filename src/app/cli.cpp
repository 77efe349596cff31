#include "cli.hpp"

#include <iostream>

#include "am/model/forward.hpp"
#include "json_dump.hpp"
#include "model_source.hpp"

namespace am::app {

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
  input.window_start = ids.size() > static_cast<std::size_t>(kContext) ? ids.size() - kContext : 0;
  input.weights_file = model->file.string();
  input.step = model->weights.step;
  input.pulled = *pulled;
  input.all_activations = options.json_all;
  const Activations acts = forward(model->weights, ids, *pulled);
  // Invalid UTF-8 in the echoed input must not make the dump itself throw.
  std::cout << forward_to_json(input, acts).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace)
            << "\n";
  return 0;
}

}  // namespace am::app
