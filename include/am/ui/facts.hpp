// Facts about other systems and about history that the chapters compare with.
// They live here, named, in one place: chapters compute with them and never type
// a figure into a sentence.
#pragma once

#include <cstdint>

namespace am::ui::facts {

// GPT-3 (Brown et al., 2020, the 175B model).
inline constexpr double kGpt3Parameters = 175e9;
inline constexpr int kGpt3Layers = 96;
inline constexpr int kGpt3HeadsPerLayer = 96;
inline constexpr int kGpt3Width = 12288;        // numbers per token in the residual stream
inline constexpr int kGpt3Context = 2048;       // tokens read at a time
inline constexpr int kFp16Bytes = 2;            // bytes per 16-bit float
inline constexpr int kKeysAndValues = 2;        // a cache keeps a key and a value per layer

// Years of the papers the chapters mention.
inline constexpr int kTransformerPaperYear = 2017;     // "Attention Is All You Need"
inline constexpr int kResidualStreamPaperYear = 2021;  // "A Mathematical Framework for Transformer Circuits"
inline constexpr int kInductionHeadsNamedYear = 2021;  // same paper names induction heads
inline constexpr int kPhaseChangeStudyYear = 2022;     // "In-context Learning and Induction Heads"

// The KV cache of a model that keeps a key and a value of `width` numbers per layer.
struct KvCacheCost {
  double numbers_per_token = 0.0;
  double bytes_per_token = 0.0;
  double bytes_for_context = 0.0;
};
KvCacheCost kv_cache_cost(int layers, int width, int bytes_per_number, int context);
KvCacheCost gpt3_kv_cache_cost();

// Attention scores one head computes for n tokens with the causal mask: n(n+1)/2 ≈ n²/2.
std::int64_t causal_scores(std::int64_t n);

}  // namespace am::ui::facts
