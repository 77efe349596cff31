// The numbers a chapter's beats show, read from one recorded forward pass. Most are
// recorded tensors as they are; the few the engine does not keep (the eight products
// of a query and a key, exp of a score, how many dot products a cache saves) are
// computed here, from recorded tensors only, by small pure functions that the tests
// check against the recorded values (products sum to the score times √8, exp / sum
// gives the recorded weights, before + attention = after). No GL.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "am/model/activations.hpp"
#include "am/model/config.hpp"

namespace am::machine {

// One named number or list, as a beat quotes it (the dump's beat.numbers).
struct BeatNumber {
  std::string name;
  std::vector<double> values;
  bool scalar = false;  // one number, written as a number rather than a list
};
using BeatNumbers = std::vector<BeatNumber>;
void add_number(BeatNumbers& out, std::string name, double value);
void add_list(BeatNumbers& out, std::string name, const float* values, int count);
void add_list(BeatNumbers& out, std::string name, const std::vector<double>& values);
// The number or list of that name, or nullptr.
const BeatNumber* find_number(const BeatNumbers& numbers, const std::string& name);

// Chapter 1: a character's embedding row, its position's sines and cosines, their sum.
struct EmbeddingSum {
  std::array<float, kDModel> embedding{}, position{}, sum{};
};
EmbeddingSum embedding_sum(const Activations& acts, int position);

// Chapter 2: one query against one key on one head (all zero-based here).
struct QueryKey {
  std::array<float, kDHead> query{}, key{}, products{};  // products[d] = query[d] * key[d]
  double dot = 0.0;                                      // Σ products
  double score = 0.0;                                    // dot / √8, as the engine records it
};
QueryKey query_key(const Activations& acts, int layer, int head, int query, int key);

// Chapter 3: one query's row of scores (keys 0..query) turned into weights.
struct SoftmaxRow {
  std::vector<double> scores;  // recorded q·k/√8
  std::vector<double> exp;     // exp(score), unshifted (the beat may show it shifted: shown_softmax)
  double exp_sum = 0.0;
  std::vector<double> weights;  // recorded softmax weights
};
SoftmaxRow softmax_row(const Activations& acts, int layer, int head, int query);

// Chapter 4: what one head hands the query, and what the whole layer adds to its stream.
struct HeadMix {
  std::vector<double> weights;                    // recorded weights over keys 0..query
  std::vector<std::array<float, kDHead>> values;  // each key's value, [query + 1][8]
  std::array<float, kDHead> head_output{};        // recorded Σ_j weight_j · value_j
  std::array<float, kDModel> attention_out{};     // the layer's attention output (all four heads, W_O)
  std::array<float, kDModel> stream_before{}, stream_after{};
};
HeadMix head_mix(const Activations& acts, int layer, int head, int query);
// Σ_j weight_j · value_j, computed (the tests compare it with the recorded head output).
std::array<float, kDHead> mixed_values(const HeadMix& mix);

// Chapter 5: one position through one layer's MLP, and the model's final guess there.
struct MlpRow {
  std::array<float, kDMlp> pre{}, post{};
  std::array<float, kDModel> out{}, stream_before{}, stream_after{};
  std::array<float, kDModel> final_norm{};
  std::array<float, kVocab> logits{}, probabilities{};
};
MlpRow mlp_row(const Activations& acts, int layer, int position);
// GELU as the model uses it (exact, with erf): mlp_post = gelu(mlp_pre).
double gelu(double x);

// Chapter 10: reading a text one character at a time, `typed` characters in (>= 1).
// Counts over every head of both layers, as KvCache::dot_products counts them.
struct CacheCounts {
  std::int64_t scores_computed = 0;             // this character's query row, one head: typed
  std::int64_t cached_keys = 0;                 // keys kept from before, one head: typed - 1
  std::int64_t dot_products_with_cache = 0;     // so far, with the cache: 8 · typed(typed+1)/2
  std::int64_t dot_products_without_cache = 0;  // so far, recomputing every prefix's grid
};
CacheCounts cache_counts(int typed);
// Cells of the causal [n x n] grid: n(n+1)/2.
std::int64_t causal_cells(std::int64_t n);

}  // namespace am::machine
