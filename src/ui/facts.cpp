#include "am/ui/facts.hpp"

#include "am/model/kv_cache.hpp"

namespace am::ui::facts {

KvCacheCost kv_cache_cost(int layers, int width, int bytes_per_number, int context) {
  KvCacheCost c;
  c.numbers_per_token = static_cast<double>(layers) * width * kKeysAndValues;
  c.bytes_per_token = c.numbers_per_token * bytes_per_number;
  c.bytes_for_context = c.bytes_per_token * context;
  return c;
}

KvCacheCost gpt3_kv_cache_cost() { return kv_cache_cost(kGpt3Layers, kGpt3Width, kFp16Bytes, kGpt3Context); }

std::int64_t causal_scores(std::int64_t n) { return am::causal_scores(n); }

}  // namespace am::ui::facts
