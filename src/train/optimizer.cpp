#include "am/train/optimizer.hpp"

#include <algorithm>
#include <cmath>

#include "am/core/named_enum.hpp"
#include "am/model/weights.hpp"

namespace am::train {
namespace {

constexpr NamedValue<DecayOn> kDecayOnNames[] = {{DecayOn::kAll, "all"},
                                                 {DecayOn::kMatrices, "matrices"},
                                                 {DecayOn::kMatricesNoEmbed, "matrices-no-embed"},
                                                 {DecayOn::kNone, "none"}};
// "constant" is read too; "const" is the name written.
constexpr NamedValue<ScheduleKind> kScheduleNames[] = {{ScheduleKind::kCosine, "cosine"},
                                                       {ScheduleKind::kConstant, "const"},
                                                       {ScheduleKind::kConstant, "constant"}};

bool is_embedding(const std::string& name) {
  return name == "embed.weight" || name.starts_with("unembed.");
}

bool decays(DecayOn on, const TensorInfo& t) {
  switch (on) {
    case DecayOn::kAll: return true;
    case DecayOn::kMatrices: return t.shape.size() == 2;
    case DecayOn::kMatricesNoEmbed: return t.shape.size() == 2 && !is_embedding(t.name);
    case DecayOn::kNone: return false;
  }
  return false;
}

}  // namespace

std::string to_string(DecayOn d) { return name_of(kDecayOnNames, d); }

Result<DecayOn> parse_decay_on(std::string_view text) {
  if (const auto d = parse_name(kDecayOnNames, text)) return *d;
  return fail("--decay-on must be " + names_listed(kDecayOnNames) + " (got '" + std::string(text) + "')");
}

std::string to_string(ScheduleKind s) { return name_of(kScheduleNames, s); }

Result<ScheduleKind> parse_schedule(std::string_view text) {
  if (const auto s = parse_name(kScheduleNames, text)) return *s;
  return fail("--schedule must be " + names_listed(kScheduleNames) + " (got '" + std::string(text) + "')");
}

AdamW::AdamW(const AdamWSettings& settings)
    : settings_(settings), m_(kParamCount, 0.0f), v_(kParamCount, 0.0f) {}

void AdamW::step(float* params, const float* grads, double lr) {
  ++t_;
  const double bias1 = 1.0 - std::pow(settings_.beta1, static_cast<double>(t_));
  const double bias2_sqrt = std::sqrt(1.0 - std::pow(settings_.beta2, static_cast<double>(t_)));
  const float b1 = static_cast<float>(settings_.beta1);
  const float b2 = static_cast<float>(settings_.beta2);
  const float one_minus_b1 = static_cast<float>(1.0 - settings_.beta1);
  const float one_minus_b2 = static_cast<float>(1.0 - settings_.beta2);
  const float eps = static_cast<float>(settings_.eps);
  const float inv_bias2_sqrt = static_cast<float>(1.0 / bias2_sqrt);
  for (const TensorInfo& t : parameter_table()) {
    const double tensor_lr = lr * (is_embedding(t.name) ? settings_.embed_lr_mult : 1.0);
    const float shrink =
        static_cast<float>(1.0 - tensor_lr * (decays(settings_.decay_on, t) ? settings_.weight_decay : 0.0));
    const float step_size = static_cast<float>(tensor_lr / bias1);
    float* p = params + t.offset;
    const float* g = grads + t.offset;
    float* m = m_.data() + t.offset;
    float* v = v_.data() + t.offset;
    // The order of operations follows torch.optim.AdamW (decoupled decay first).
    for (std::size_t i = 0; i < t.count; ++i) {
      p[i] *= shrink;
      m[i] = m[i] * b1 + g[i] * one_minus_b1;
      v[i] = v[i] * b2 + g[i] * g[i] * one_minus_b2;
      const float denom = std::sqrt(v[i]) * inv_bias2_sqrt + eps;
      p[i] -= step_size * (m[i] / denom);
    }
  }
}

double learning_rate(const ScheduleSettings& s, std::int64_t step) {
  if (step < s.warmup) return s.lr * static_cast<double>(step + 1) / static_cast<double>(s.warmup);
  if (s.kind == ScheduleKind::kConstant) return s.lr;
  const double span = static_cast<double>(std::max<std::int64_t>(1, s.steps - s.warmup));
  const double progress = std::min(1.0, static_cast<double>(step - s.warmup) / span);
  const double cosine = 0.5 * (1.0 + std::cos(3.14159265358979323846 * progress));
  return s.lr * (s.min_lr_frac + (1.0 - s.min_lr_frac) * cosine);
}

double global_norm(const float* grads, std::size_t n) {
  double sum = 0.0;
  for (std::size_t i = 0; i < n; ++i) sum += static_cast<double>(grads[i]) * grads[i];
  return std::sqrt(sum);
}

double clip_by_global_norm(float* grads, std::size_t n, double max_norm) {
  const double norm = global_norm(grads, n);
  if (max_norm <= 0.0) return norm;
  const double coef = max_norm / (norm + 1e-6);
  if (coef < 1.0) {
    const float c = static_cast<float>(coef);
    for (std::size_t i = 0; i < n; ++i) grads[i] *= c;
  }
  return norm;
}

}  // namespace am::train
