#include "am/train/init.hpp"

#include <cmath>

#include "am/core/named_enum.hpp"
#include "am/train/rng.hpp"

namespace am::train {

namespace {
constexpr NamedValue<InitKind> kInitNames[] = {{InitKind::kTorch, "torch"}, {InitKind::kNormal, "normal"}};
}  // namespace

std::string to_string(InitKind k) { return name_of(kInitNames, k); }

Result<InitKind> parse_init(std::string_view text) {
  if (const auto k = parse_name(kInitNames, text)) return *k;
  return fail("--init must be " + names_listed(kInitNames) + " (got '" + std::string(text) + "')");
}

Weights initial_weights(const InitSettings& s) {
  Weights w;
  // A stream of its own, so init choices never shift the batches drawn later.
  Rng rng(s.seed ^ 0x1A17'5EED'0000'0001ull);
  for (const TensorInfo& t : parameter_table()) {
    float* p = w.values.data() + t.offset;
    const bool is_norm = t.name.starts_with("ln_f.") || t.name.find(".ln") != std::string::npos;
    const bool is_bias = t.name.ends_with(".bias");
    if (is_norm) {
      for (std::size_t i = 0; i < t.count; ++i) p[i] = is_bias ? 0.0f : 1.0f;
    } else if (t.name == "embed.weight") {
      for (std::size_t i = 0; i < t.count; ++i) p[i] = static_cast<float>(s.embed_std * rng.normal());
    } else if (s.kind == InitKind::kNormal) {
      for (std::size_t i = 0; i < t.count; ++i)
        p[i] = is_bias ? 0.0f : static_cast<float>(s.init_std * rng.normal());
    } else {
      // nn.Linear: weight [out, in] and bias both U(±1/√in).
      const std::string weight_name = is_bias ? t.name.substr(0, t.name.size() - 4) + "weight" : t.name;
      const TensorInfo* weight = find_parameter(weight_name);
      const double bound = 1.0 / std::sqrt(static_cast<double>(weight->shape[1]));
      for (std::size_t i = 0; i < t.count; ++i)
        p[i] = static_cast<float>(bound * (2.0 * rng.uniform() - 1.0));
    }
  }
  return w;
}

}  // namespace am::train
