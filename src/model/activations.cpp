#include "am/model/activations.hpp"

#include <utility>

namespace am {

Activations::Activations(int T) { resize(T); }

Activations::Activations(const Activations& other) : T_(other.T_), block_(other.block_) { bind(); }

Activations& Activations::operator=(const Activations& other) {
  if (this != &other) {
    T_ = other.T_;
    block_ = other.block_;
    bind();
  }
  return *this;
}

Activations::Activations(Activations&& other) noexcept
    : T_(other.T_), block_(std::move(other.block_)) {
  bind();
  other.resize(0);
}

Activations& Activations::operator=(Activations&& other) noexcept {
  if (this != &other) {
    T_ = other.T_;
    block_ = std::move(other.block_);
    bind();
    other.resize(0);
  }
  return *this;
}

void Activations::resize(int T) {
  if (T < 0) T = 0;
  if (T > kContext) T = kContext;
  if (T == T_ && !entries_.empty()) return;  // same layout: no re-binding (and no allocation) per forward
  T_ = T;
  bind();
}

// Lays out every entry in one block and points the named views into it.
void Activations::bind() {
  entries_.clear();
  std::size_t offset = 0;
  const auto add = [&](std::string name, std::vector<int> shape) {
    std::size_t count = 1;
    for (int d : shape) count *= static_cast<std::size_t>(d);
    entries_.push_back({std::move(name), std::move(shape), offset, count});
    offset += count;
  };
  const int T = T_;
  add("embed", {T, kDModel});
  add("pos", {T, kDModel});
  add("x0", {T, kDModel});
  for (int l = 0; l < kLayers; ++l) {
    const std::string p = "blocks." + std::to_string(l) + ".";
    add(p + "ln1", {T, kDModel});
    add(p + "q", {kHeads, T, kDHead});
    add(p + "k", {kHeads, T, kDHead});
    add(p + "v", {kHeads, T, kDHead});
    add(p + "scores", {kHeads, T, T});
    add(p + "attn_weights", {kHeads, T, T});
    add(p + "head_out", {kHeads, T, kDHead});
    add(p + "attn_out", {T, kDModel});
    add(p + "resid_attn", {T, kDModel});
    add(p + "ln2", {T, kDModel});
    add(p + "mlp_pre", {T, kDMlp});
    add(p + "mlp_post", {T, kDMlp});
    add(p + "mlp_out", {T, kDModel});
    add(p + "resid_mlp", {T, kDModel});
  }
  add("ln_f", {T, kDModel});
  add("logits", {T, kVocab});
  add("probs", {T, kVocab});
  // Growing: exactly the new size (the contents are undefined anyway), not the vector's
  // doubling, so a block reused for texts of every length stays at the longest one's size.
  if (offset > block_.capacity()) {
    block_.clear();
    block_.reserve(offset);
  }
  block_.resize(offset);

  float* base = block_.data();
  std::size_t i = 0;
  const auto next = [&]() { return base + entries_[i++].offset; };
  embed = next();
  pos = next();
  x0 = next();
  for (auto& layer : layers) {
    layer.ln1 = next();
    layer.q = next();
    layer.k = next();
    layer.v = next();
    layer.scores = next();
    layer.weights = next();
    layer.head_out = next();
    layer.attn_out = next();
    layer.resid_attn = next();
    layer.ln2 = next();
    layer.mlp_pre = next();
    layer.mlp_post = next();
    layer.mlp_out = next();
    layer.resid_mlp = next();
  }
  ln_f = next();
  logits = next();
  probs = next();
}

std::span<const float> Activations::get(const std::string& name) const {
  for (const auto& e : entries_)
    if (e.name == name) return {block_.data() + e.offset, e.count};
  return {};
}

}  // namespace am
