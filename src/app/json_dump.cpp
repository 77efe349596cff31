#include "json_dump.hpp"

#include <algorithm>
#include <numeric>

#include "am/model/alphabet.hpp"
#include "am/model/config.hpp"

namespace am::app {
namespace {

using nlohmann::ordered_json;

// rows x cols floats -> [[...], ...]
ordered_json matrix(const float* data, int rows, int cols) {
  ordered_json out = ordered_json::array();
  for (int r = 0; r < rows; ++r) out.push_back(std::vector<float>(data + r * cols, data + (r + 1) * cols));
  return out;
}

}  // namespace

ordered_json forward_to_json(const JsonDumpInput& in, const Activations& a) {
  const int T = a.length();
  ordered_json j;
  j["input"] = in.original_text;
  j["text"] = in.normalized.text;
  j["normalization"] = in.normalized.report.summary();
  j["window_start"] = in.window_start;
  j["read"] = in.normalized.text.substr(in.window_start);
  j["ids"] = std::vector<int>(in.normalized.ids.begin() + static_cast<long>(in.window_start), in.normalized.ids.end());
  j["alphabet"] = std::string(kAlphabet);
  j["weights"] = {{"file", in.weights_file}, {"step", in.step}};
  ordered_json pulled = ordered_json::array();
  for (int l = 0; l < kLayers; ++l)
    for (int h = 0; h < kHeads; ++h)
      if (in.pulled.pulled[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)]) pulled.push_back(head_name(l, h));
  j["pulled_heads"] = pulled;

  ordered_json next = ordered_json::array();
  if (T > 0) {
    const float* p = a.probs + (T - 1) * kVocab;
    std::vector<int> order(kVocab);
    std::iota(order.begin(), order.end(), 0);
    std::sort(order.begin(), order.end(), [&](int x, int y) { return p[x] > p[y]; });
    for (int r = 0; r < 5; ++r) next.push_back({{"char", id_to_string(order[static_cast<std::size_t>(r)])}, {"p", p[order[static_cast<std::size_t>(r)]]}});
  }
  j["top5_next"] = next;
  j["probabilities"] = matrix(a.probs, T, kVocab);

  ordered_json residual;
  residual["embedding"] = matrix(a.embed, T, kDModel);
  residual["position"] = matrix(a.pos, T, kDModel);
  residual["embedding+position"] = matrix(a.x0, T, kDModel);
  ordered_json layers = ordered_json::array();
  for (int l = 0; l < kLayers; ++l) {
    const LayerActivations& la = a.layers[static_cast<std::size_t>(l)];
    const std::string name = "L" + std::to_string(l + 1);
    residual[name + " after attention"] = matrix(la.resid_attn, T, kDModel);
    residual[name + " after MLP"] = matrix(la.resid_mlp, T, kDModel);
    ordered_json heads = ordered_json::array();
    for (int h = 0; h < kHeads; ++h)
      heads.push_back({{"head", head_name(l, h)},
                       {"scores", matrix(la.scores + h * T * T, T, T)},
                       {"attention_weights", matrix(la.weights + h * T * T, T, T)}});
    layers.push_back({{"layer", l + 1},
                      {"heads", heads},
                      {"mlp_pre_activation", matrix(la.mlp_pre, T, kDMlp)},
                      {"mlp_post_activation", matrix(la.mlp_post, T, kDMlp)}});
  }
  residual["final norm"] = matrix(a.ln_f, T, kDModel);
  j["residual_stream"] = residual;
  j["layers"] = layers;
  j["logits"] = matrix(a.logits, T, kVocab);

  if (in.all_activations) {
    ordered_json all;
    for (const auto& e : a.entries()) {
      const auto values = a.get(e.name);
      all[e.name] = {{"shape", e.shape}, {"data", std::vector<float>(values.begin(), values.end())}};
    }
    j["activations"] = all;
  }
  return j;
}

}  // namespace am::app
