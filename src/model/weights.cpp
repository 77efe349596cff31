#include "am/model/weights.hpp"

#include <cmath>
#include <random>

namespace am {
namespace {

std::vector<TensorInfo> build_table() {
  std::vector<TensorInfo> table;
  std::size_t offset = 0;
  const auto add = [&](std::string name, std::vector<std::int64_t> shape) {
    std::size_t count = 1;
    for (auto d : shape) count *= static_cast<std::size_t>(d);
    table.push_back({std::move(name), std::move(shape), offset, count});
    offset += count;
  };
  add("embed.weight", {kVocab, kDModel});
  for (int l = 0; l < kLayers; ++l) {
    const std::string p = "blocks." + std::to_string(l) + ".";
    add(p + "ln1.weight", {kDModel});
    add(p + "ln1.bias", {kDModel});
    add(p + "attn.q.weight", {kDModel, kDModel});
    add(p + "attn.k.weight", {kDModel, kDModel});
    add(p + "attn.v.weight", {kDModel, kDModel});
    add(p + "attn.o.weight", {kDModel, kDModel});
    add(p + "ln2.weight", {kDModel});
    add(p + "ln2.bias", {kDModel});
    add(p + "mlp.fc.weight", {kDMlp, kDModel});
    add(p + "mlp.fc.bias", {kDMlp});
    add(p + "mlp.proj.weight", {kDModel, kDMlp});
    add(p + "mlp.proj.bias", {kDModel});
  }
  add("ln_f.weight", {kDModel});
  add("ln_f.bias", {kDModel});
  add("unembed.weight", {kVocab, kDModel});
  add("unembed.bias", {kVocab});
  return table;
}

template <typename F>
ParamViewT<F> make_view(F* base) {
  const auto& table = parameter_table();
  std::size_t i = 0;
  const auto next = [&]() { return base + table[i++].offset; };
  ParamViewT<F> v{};
  v.embed = next();
  for (auto& layer : v.layers) {
    layer.ln1_w = next();
    layer.ln1_b = next();
    layer.q = next();
    layer.k = next();
    layer.v = next();
    layer.o = next();
    layer.ln2_w = next();
    layer.ln2_b = next();
    layer.fc_w = next();
    layer.fc_b = next();
    layer.proj_w = next();
    layer.proj_b = next();
  }
  v.lnf_w = next();
  v.lnf_b = next();
  v.unembed_w = next();
  v.unembed_b = next();
  return v;
}

}  // namespace

const std::vector<TensorInfo>& parameter_table() {
  static const std::vector<TensorInfo> table = build_table();
  return table;
}

const TensorInfo* find_parameter(const std::string& name) {
  for (const auto& t : parameter_table())
    if (t.name == name) return &t;
  return nullptr;
}

ParamView view_params(const float* block) { return make_view(block); }
MutableParamView view_params(float* block) { return make_view(block); }

Weights random_weights(std::uint64_t seed) {
  Weights w;
  std::mt19937_64 rng(seed);
  for (const auto& t : parameter_table()) {
    float* p = w.values.data() + t.offset;
    const bool is_norm = t.name.find("ln") != std::string::npos;
    const bool is_bias = t.name.size() >= 4 && t.name.compare(t.name.size() - 4, 4, "bias") == 0;
    if (is_norm) {
      for (std::size_t i = 0; i < t.count; ++i) p[i] = is_bias ? 0.0f : 1.0f;
    } else if (t.name == "embed.weight") {
      std::normal_distribution<float> normal(0.0f, 1.0f);
      for (std::size_t i = 0; i < t.count; ++i) p[i] = normal(rng);
    } else {
      // Linear layers: uniform(±1/sqrt(fan_in)) for weight and bias alike.
      const std::int64_t fan_in = is_bias ? (t.name.find("fc") != std::string::npos ? kDModel
                                             : t.name.find("proj") != std::string::npos ? kDMlp
                                                                                         : kDModel)
                                          : t.shape[1];
      const float bound = 1.0f / std::sqrt(static_cast<float>(fan_in));
      std::uniform_real_distribution<float> uniform(-bound, bound);
      for (std::size_t i = 0; i < t.count; ++i) p[i] = uniform(rng);
    }
  }
  return w;
}

}  // namespace am
