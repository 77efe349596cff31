#include "am/model/head_scores.hpp"

#include <algorithm>
#include <cmath>

#include <nlohmann/json.hpp>

#include "am/model/head_mask.hpp"

namespace am {

void accumulate_offset(const float* attn, int T, int offset, MeanAccumulator& acc) {
  for (int i = std::max(offset, 1); i < T; ++i) acc.add(attn[i * T + (i - offset)]);
}

void accumulate_key_mass(const float* attn, int T, std::span<const bool> selected, MeanAccumulator& mass,
                         MeanAccumulator& share) {
  // rows past the end of `selected` cannot be judged; the stride stays T
  const int rows = std::min(T, static_cast<int>(selected.size()));
  int selected_so_far = rows > 0 && selected[0] ? 1 : 0;
  for (int i = 1; i < rows; ++i) {
    if (selected[static_cast<std::size_t>(i)]) ++selected_so_far;
    double m = 0.0;
    for (int j = 0; j <= i; ++j)
      if (selected[static_cast<std::size_t>(j)]) m += attn[i * T + j];
    mass.add(m);
    share.add(static_cast<double>(selected_so_far) / static_cast<double>(i + 1));
  }
}

void accumulate_space_mass(const float* attn, std::string_view text, int T, MeanAccumulator& mass,
                           MeanAccumulator& share) {
  std::array<bool, kContext> is_space{};
  const int n = std::min({T, kContext, static_cast<int>(text.size())});
  for (int j = 0; j < n; ++j)
    is_space[static_cast<std::size_t>(j)] = text[static_cast<std::size_t>(j)] == ' ';
  accumulate_key_mass(attn, T, std::span<const bool>(is_space.data(), static_cast<std::size_t>(n)), mass,
                      share);
}

void accumulate_entropy(const float* attn, int T, MeanAccumulator& acc) {
  for (int i = 1; i < T; ++i) {
    double h = 0.0;
    for (int j = 0; j <= i; ++j) {
      const double w = attn[i * T + j];
      if (w > 0.0) h -= w * std::log(w);
    }
    acc.add(h);
  }
}

void HeadAccumulators::merge(const HeadAccumulators& o) {
  previous.merge(o.previous);
  two_back.merge(o.two_back);
  self.merge(o.self);
  space.merge(o.space);
  space_share.merge(o.space_share);
  entropy.merge(o.entropy);
  induction.merge(o.induction);
  duplicate.merge(o.duplicate);
}

HeadScores HeadAccumulators::scores() const {
  HeadScores s;
  s.previous = previous.mean();
  s.two_back = two_back.mean();
  s.self = self.mean();
  s.space = space.mean();
  s.space_share = space_share.mean();
  s.entropy = entropy.mean();
  s.induction = induction.mean();
  s.duplicate = duplicate.mean();
  return s;
}

void merge(HeadAccumulatorTable& into, const HeadAccumulatorTable& from) {
  for (int l = 0; l < kLayers; ++l)
    for (int h = 0; h < kHeads; ++h)
      into[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)].merge(
          from[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)]);
}

HeadTable scores_of(const HeadAccumulatorTable& table) {
  HeadTable out{};
  for (int l = 0; l < kLayers; ++l)
    for (int h = 0; h < kHeads; ++h)
      out[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)] =
          table[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)].scores();
  return out;
}

void accumulate_text_scores(const float* attn, std::string_view text, int T, HeadAccumulators& acc) {
  accumulate_offset(attn, T, 1, acc.previous);
  accumulate_offset(attn, T, 2, acc.two_back);
  accumulate_offset(attn, T, 0, acc.self);
  accumulate_space_mass(attn, text, T, acc.space, acc.space_share);
  accumulate_entropy(attn, T, acc.entropy);
}

namespace {

double number_or_zero(const nlohmann::json& object, const char* key) {
  const auto it = object.find(key);
  return it != object.end() && it->is_number() ? it->get<double>() : 0.0;
}

HeadScores head_scores_from_json(const nlohmann::json& h) {
  HeadScores s;
  s.previous = number_or_zero(h, "previous");
  s.two_back = number_or_zero(h, "two_back");
  s.self = number_or_zero(h, "self");
  s.space = number_or_zero(h, "space");
  s.space_share = number_or_zero(h, "space_share");
  s.induction = number_or_zero(h, "induction");
  s.duplicate = number_or_zero(h, "duplicate");
  s.entropy = number_or_zero(h, "entropy");
  return s;
}

}  // namespace

std::optional<HeadTable> head_table_from_json(const nlohmann::json& heads) {
  if (!heads.is_object()) return std::nullopt;
  HeadTable table{};
  int seen = 0;
  for (int l = 0; l < kLayers; ++l)
    for (int h = 0; h < kHeads; ++h) {
      const auto it = heads.find(head_name(l, h));
      if (it == heads.end() || !it->is_object()) continue;
      table[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)] = head_scores_from_json(*it);
      ++seen;
    }
  if (seen != kLayers * kHeads) return std::nullopt;
  return table;
}

}  // namespace am
