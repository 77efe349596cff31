// What a beat adds to the machine: its values as notes beside the parts (the window
// draws them at a readable size) and the few pieces that exist only while it plays —
// the exp bars, the best-so-far marker, the 32 numbers an attention or MLP block adds,
// drawn as bands above the tube they add into, the cache's keys. First, the choices and
// formats the notes share with the captions (am/machine/beat_notes.hpp).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "am/machine/beat_notes.hpp"
#include "am/machine/beat_numbers.hpp"
#include "am/machine/encodings.hpp"
#include "am/machine/focus.hpp"
#include "beat_look.hpp"
#include "builder.hpp"
#include "transforms.hpp"

namespace am::machine {

std::string signed_fixed(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", std::fabs(v));
  const bool zero = std::string_view(buf) == "0.00";
  return (v < 0.0 && !zero ? "\u2212" : "") + std::string(buf);
}

std::string added_text(double t) {
  const std::string magnitude = signed_fixed(std::fabs(t));
  return (t < 0.0 && magnitude != "0.00" ? " \u2212 " : " + ") + magnitude;
}

std::string terms_text(std::initializer_list<double> terms) {
  std::string out;
  for (const double t : terms) out += out.empty() ? signed_fixed(t) : added_text(t);
  return out;
}

std::string sum_text(double a, double b, double total) {
  return terms_text({a, b}) + " = " + signed_fixed(total);
}

namespace {

// What a beat that adds into the tube adds, each [T, 32]: what the tube held, what is
// added, and their sum, as recorded (all null for a beat that adds nothing). The caption's
// band and the floating bands both read these.
struct Addition {
  const float *before = nullptr, *added = nullptr, *after = nullptr;
};

Addition addition_of(const Activations& acts, BeatOp op, int layer) {
  if (layer < 0 || layer >= kLayers) return {};
  const LayerActivations& la = acts.layers[static_cast<std::size_t>(layer)];
  switch (op) {
    case BeatOp::kAddBands:
      return {acts.embed, acts.pos, acts.x0};
    case BeatOp::kAddIntoStream:
      return {layer == 0 ? acts.x0 : acts.layers[static_cast<std::size_t>(layer - 1)].resid_mlp, la.attn_out,
              la.resid_attn};
    case BeatOp::kMlpAddsBack:
      return {la.resid_attn, la.mlp_out, la.resid_mlp};
    default:
      return {};
  }
}

}  // namespace

BandSum beat_band(const Activations& acts, BeatOp op, int layer, int query) {
  BandSum out;
  if (query < 0 || query >= acts.length()) return out;
  const auto [before, added, after] = addition_of(acts, op, layer);
  if (added == nullptr) return out;
  const std::size_t at = static_cast<std::size_t>(query) * kDModel;
  int best = 0;
  for (int k = 1; k < kDModel; ++k)
    if (std::fabs(added[at + k]) > std::fabs(added[at + best])) best = k;
  out.band = best;
  out.before = before[at + best];
  out.added = added[at + best];
  out.after = after[at + best];
  return out;
}

ShownSoftmax shown_softmax(const SoftmaxRow& row) {
  ShownSoftmax out;
  if (row.scores.empty()) return out;
  const double top = *std::max_element(row.scores.begin(), row.scores.end());
  // Plain exp(score) reads well while the bars add up to less than 100 000 and the largest is at least 1.
  out.shifted = !(row.exp_sum < 1e5) || top < 0.0;
  out.shift = out.shifted ? top : 0.0;
  for (const double s : row.scores) {
    out.bars.push_back(std::exp(s - out.shift));
    out.sum += out.bars.back();
  }
  return out;
}

WeightLook weight_look(const Activations& acts, std::string_view text, int layer, int head, int query) {
  WeightLook out;
  const int T = acts.length();
  if (query < 0 || query >= T || layer < 0 || layer >= kLayers || head < 0 || head >= kHeads) return out;
  const float* w =
      acts.layers[static_cast<std::size_t>(layer)].weights + (static_cast<std::size_t>(head) * T + query) * T;
  const auto at = [&](int i) { return i >= 0 && i < static_cast<int>(text.size()) ? text[i] : '\0'; };
  out.key = static_cast<int>(std::max_element(w, w + query + 1) - w);
  out.weight = w[out.key];
  out.one_back = out.key == query - 1;
  out.one_back_weight = query > 0 ? w[query - 1] : 0.0;
  const char now = at(query);
  for (int j = 1; j < query; ++j)
    if (at(j - 1) == now) {
      ++out.matches;
      if (out.match < 0 || w[j] > out.match_weight) {
        out.match = j;
        out.match_weight = w[j];
      }
    }
  out.after_copy = out.key >= 1 && out.key < query && at(out.key - 1) == now;
  return out;
}

namespace {

const glm::vec4 kBarGlow{1.0f, 0.72f, 0.30f, 1.0f};
const glm::vec4 kBestGlow{0.55f, 1.0f, 0.55f, 1.0f};
const glm::vec4 kCacheGlow{0.45f, 0.80f, 1.0f, 1.0f};

std::string fixed(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  return buf;
}

// Up to `count` numbers, `per_line` to a line.
template <typename Values>
std::string number_rows(const Values& values, int count, int per_line) {
  std::string out;
  for (int i = 0; i < count; ++i) {
    if (i > 0) out += i % per_line == 0 ? "\n" : "  ";
    out += fixed(static_cast<double>(values[static_cast<std::size_t>(i)]));
  }
  return out;
}

// `title` and the first `shown` of 32 numbers, 8 to a line; the title says how many of
// the 32 are listed, so a row still landing never reads as the whole.
template <typename Values>
std::string landed_rows(const char* title, const Values& values, int shown) {
  const std::string of = shown >= kDModel
                             ? "all " + std::to_string(kDModel)
                             : std::to_string(shown) + " of " + std::to_string(kDModel) + " so far";
  return std::string(title) + " \u00b7 " + of + (shown > 0 ? "\n" + number_rows(values, shown, 8) : "");
}

// The pick id of the first part `wanted` accepts (0: none).
template <typename Wanted>
render::PickId find_part(const Scene& s, Wanted wanted) {
  for (std::size_t i = 0; i < s.parts.size(); ++i)
    if (wanted(s.parts[i])) return static_cast<render::PickId>(i + 1);
  return 0;
}

void note(Builder& b, const glm::vec3& at, std::string text) {
  b.scene.notes.push_back({at, std::move(text)});
}

// A note at the top of a part's bounds; nothing when the part is not drawn.
void note_on(Builder& b, render::PickId id, std::string text) {
  if (id == 0) return;
  const Box box = pick_bounds(b.scene, id);
  if (box.empty()) return;
  note(b, {0.5f * (box.lo.x + box.hi.x), box.hi.y, 0.5f * (box.lo.z + box.hi.z)}, std::move(text));
}

render::PickId dial_of(const Scene& s, const BeatStage& st, int key) {
  return find_part(s, [&](const Part& p) {
    return p.kind == PartKind::kDial && p.layer == st.layer && p.head == st.head && p.key == key;
  });
}

// 32 numbers as a row of bands floating high over the query's tube at `stretch`, `level`
// rows up (0: the stream after the block, 1: what the block adds, 2: the stream before),
// above the plates and housings, so the sum reads from top to bottom. Pickable as bands.
void floating_bands(Builder& b, const Stretch& stretch, int stage, const float* values, float scale,
                    int shown, int level, const char* title) {
  const Layout& L = b.layout;
  const float x = L.x(b.in.beat.query), r = 0.8f * L.tube_radius;
  const float base = std::max(L.bays[0].lifted_y, L.bays[kLayers - 1].lifted_y) + 1.0f;
  const float y = base + 3.0f * r * static_cast<float>(level);
  for (int k = 0; k < kDModel; ++k) {
    Part& p = b.new_part();
    p.kind = PartKind::kBand;
    p.position = b.in.beat.query;
    p.stage = stage;
    p.index = k;
    p.value = values[k];
    p.weight = scale;
    const glm::vec4 c = k < shown ? band_color(values[k], scale) : glm::vec4(0.16f, 0.16f, 0.18f, 1.0f);
    b.add(Mesh::kCylinder, Material::kPaint,
          xf::cylinder_z({x, y, L.band_z(stretch, k)}, r, 0.8f * L.band_pitch), c, b.last_pick());
  }
  b.label(title,
          {x - r - 0.15f - 0.05f * static_cast<float>(std::string_view(title).size()), y - 0.08f,
           0.5f * (stretch.z_front + stretch.z_back)},
          {1, 0, 0}, {0, 1, 0}, 0.2f, {0.93f, 0.86f, 0.68f, 1.0f});
}

void query_key_notes(Builder& b, const BeatStage& st) {
  const QueryKey qk = query_key(*b.acts, st.layer, st.head, st.query, st.key);
  const render::PickId query_slug =
      find_part(b.scene, [&](const Part& p) { return p.kind == PartKind::kSlug && p.position == st.query; });
  note_on(b, query_slug, "query: " + number_rows(qk.query, kDHead, kDHead));
  // The key's numbers, then its products, their sum and ÷√8 appear in turn. Each row
  // says what it is: the second is key times query, not the query.
  const float t = st.progress;
  std::string text = "key (place " + std::to_string(st.key + 1) + "): " + number_rows(qk.key, kDHead, kDHead);
  if (t >= 0.2f) text += "\nkey \u00d7 query, number by number: " + number_rows(qk.products, kDHead, kDHead);
  if (t >= 0.4f) text += "\nthe " + std::to_string(kDHead) + " products add to " + fixed(qk.dot);
  if (t >= 0.6f) text += "\n\u00f7 \u221a8 = " + fixed(qk.score);
  note_on(b, dial_of(b.scene, st, st.key), text);
  // The best score so far keeps a green light above its dial.
  int best = -1;
  double best_score = -1e30;
  for (int j = 0; j <= st.key; ++j) {
    if (j == st.key && t < 0.6f) break;
    const double s = query_key(*b.acts, st.layer, st.head, st.query, j).score;
    if (s > best_score) {
      best_score = s;
      best = j;
    }
  }
  if (best >= 0)
    if (const Box box = pick_bounds(b.scene, dial_of(b.scene, st, best)); !box.empty())
      b.add(Mesh::kSphere, Material::kGlow,
            xf::sphere({box.centre().x, box.hi.y + 0.12f, box.centre().z}, 0.14f), kBestGlow);
}

// Chapter 3: a bar per key on the query's row of the grid, exp(score) shrinking to the weight.
void exp_bars(Builder& b, const BeatStage& st) {
  const PlateGrid& g = b.scene.grids[static_cast<std::size_t>(st.layer)];
  if (!g.present) return;
  const SoftmaxRow row = softmax_row(*b.acts, st.layer, st.head, st.query);
  const ShownSoftmax shown = shown_softmax(row);
  const double top = *std::max_element(shown.bars.begin(), shown.bars.end());
  constexpr float kHeight = 1.2f;
  const float t = std::clamp(st.progress, 0.0f, 1.0f);
  const float width = 0.45f * glm::length(g.key_step);
  for (std::size_t j = 0; j < shown.bars.size(); ++j) {
    const double as_exp = shown.bars[j] / top, as_weight = row.weights[j];
    double share = as_exp * (st.op == BeatOp::kExpBars && st.count < 0 ? t : 1.0);
    if (st.op == BeatOp::kDivide) share = as_exp + (as_weight - as_exp) * t;
    const float h = std::max(static_cast<float>(share) * kHeight, 0.01f);
    const glm::vec3 base =
        g.origin + g.query_step * static_cast<float>(st.query) + g.key_step * static_cast<float>(j);
    b.add(Mesh::kBox, Material::kGlow,
          xf::box(base + glm::vec3(0.0f, 0.5f * h + 0.02f, 0.0f), {width, h, width}), kBarGlow);
    if (static_cast<int>(j) == st.key) {
      const glm::vec3 top_at = base + glm::vec3(0.0f, h + 0.05f, 0.0f);
      // Shifted bars say what they take away: exp(41.10 − 41.10) = 1.00.
      const std::string exp_of =
          shown.shifted ? terms_text({row.scores[j], -shown.shift}) : fixed(row.scores[j]);
      if (st.op == BeatOp::kDivide)
        note(b, top_at, fixed(shown.bars[j]) + " \u00f7 " + fixed(shown.sum) + " = " + fixed(row.weights[j]));
      else
        note(b, top_at, "exp(" + exp_of + ") = " + fixed(shown.bars[j]));
    }
  }
  if (st.op == BeatOp::kExpBars && st.count >= 1) {
    const glm::vec3 end = g.origin + g.query_step * static_cast<float>(st.query) +
                          g.key_step * (static_cast<float>(st.query) + 1.0f) + glm::vec3(0.0f, 0.3f, 0.0f);
    note(b, end, "sum = " + fixed(shown.sum));
  }
}

void stream_notes(Builder& b, const BeatStage& st) {
  const Layout& L = b.layout;
  const int stage = beat_stretch(st);
  const Stretch* stretch = stage >= 0 ? L.stretch(static_cast<Stage>(stage)) : nullptr;
  if (stretch == nullptr) return;
  const int shown = bands_shown(b.in, stage, st.query);
  const std::size_t at = static_cast<std::size_t>(st.query) * kDModel;
  const float* after = stage_values(*b.acts, static_cast<Stage>(stage)) + at;
  const glm::vec3 anchor{L.x(st.query), L.tube_y + L.tube_radius,
                         L.band_z(*stretch, std::clamp(shown - 1, 0, kDModel - 1))};
  // An addition quotes the one band its caption quotes (beat_band), once that band has landed.
  const BandSum band = beat_band(*b.acts, st.op, st.layer, st.query);
  const bool band_landed = band.band >= 0 && band.band < shown;
  const std::string band_words =
      "band " + std::to_string(band.band + 1) + ": " + sum_text(band.before, band.added, band.after);
  const glm::vec3 band_at{L.x(st.query), L.tube_y + L.tube_radius,
                          L.band_z(*stretch, std::max(band.band, 0))};
  switch (st.op) {
    case BeatOp::kEmbeddingRow:
    case BeatOp::kPositionWaves:
      note(b, anchor,
           landed_rows(st.op == BeatOp::kEmbeddingRow ? "embedding" : "position (sin, cos)", after, shown));
      return;
    case BeatOp::kAddBands:
      if (band_landed) note(b, band_at, band_words);
      return;
    case BeatOp::kAddIntoStream:
    case BeatOp::kMlpAddsBack: {
      const Addition add = addition_of(*b.acts, st.op, st.layer);
      const float scale = stage_scale(*b.acts, static_cast<Stage>(stage));
      floating_bands(b, *stretch, stage, add.before + at, scale, kDModel, 2, "before");
      floating_bands(b, *stretch, stage, add.added + at, scale, shown, 1,
                     st.op == BeatOp::kAddIntoStream ? "+ attention" : "+ MLP");
      floating_bands(b, *stretch, stage, after, scale, shown, 0, "= after");
      const float high = std::max(L.bays[0].lifted_y, L.bays[kLayers - 1].lifted_y) + 1.0f;
      if (band_landed) note(b, {band_at.x, high, band_at.z}, band_words);
      return;
    }
    default:
      return;
  }
}

void head_notes(Builder& b, const BeatStage& st) {
  const HeadMix m = head_mix(*b.acts, st.layer, st.head, st.query);
  const auto on = [&](PartKind kind, int key) {
    return find_part(b.scene, [&](const Part& p) {
      return p.kind == kind && p.layer == st.layer && p.head == st.head && p.key == key;
    });
  };
  if (st.op == BeatOp::kValuesRide) {
    const std::size_t k = static_cast<std::size_t>(std::max(st.key, 0));
    note_on(b, on(PartKind::kBead, st.key),
            "value \u00d7 " + fixed(m.weights[k]) + "\n" + number_rows(m.values[k], kDHead, kDHead));
  } else if (st.op == BeatOp::kHeadOutput) {
    note_on(b, on(PartKind::kDial, st.query), "head output: " + number_rows(m.head_output, kDHead, kDHead));
  }
}

void mlp_notes(Builder& b, const BeatStage& st) {
  const MlpRow r = mlp_row(*b.acts, st.layer, st.query);
  const int n = std::clamp(st.key, 0, kDMlp - 1);
  const render::PickId id = find_part(b.scene, [&](const Part& p) {
    return p.kind == PartKind::kMlpNeedle && p.layer == st.layer && p.index == n;
  });
  const std::string name = "neuron " + std::to_string(n + 1) + ": ";
  if (st.op == BeatOp::kNeedlesRise) note_on(b, id, name + fixed(r.pre[static_cast<std::size_t>(n)]));
  if (st.op == BeatOp::kGeluBends)
    note_on(b, id,
            name + fixed(r.pre[static_cast<std::size_t>(n)]) + " \u2192 GELU \u2192 " +
                fixed(r.post[static_cast<std::size_t>(n)]));
}

void column_note(Builder& b, const BeatStage& st) {
  // A question about the model's guess waits: the column's figures stay hidden, as the columns do.
  if (st.key < 0 || st.progress < 0.999f || b.in.view.hide_probabilities) return;
  const render::PickId id = find_part(
      b.scene, [&](const Part& p) { return p.kind == PartKind::kProbabilityColumn && p.index == st.key; });
  const std::size_t at = static_cast<std::size_t>(b.query) * kVocab + static_cast<std::size_t>(st.key);
  note_on(b, id, "score " + fixed(b.acts->logits[at]) + " \u2192 " + fixed(100.0 * b.acts->probs[at]) + "%");
}

void grid_notes(Builder& b, const BeatStage& st) {
  const PlateGrid& g = b.scene.grids[static_cast<std::size_t>(st.layer)];
  if (!g.present) return;
  const int T = b.T;
  const glm::vec3 corner =
      g.origin + g.key_step * (static_cast<float>(T) + 0.5f) + glm::vec3(0.0f, 0.1f, 0.0f);
  if (st.op == BeatOp::kGridFill) {
    const std::int64_t filled = static_cast<std::int64_t>(
        std::floor(std::clamp(st.progress, 0.0f, 1.0f) * static_cast<float>(st.count) + 0.5f));
    note(b, corner, "scores computed: " + std::to_string(filled) + " of " + std::to_string(causal_cells(T)));
    return;
  }
  const CacheCounts c = cache_counts(st.count);
  const int row = st.count - 1;
  // The cache: the keys (and values) of the characters before, kept lit along the grid's front.
  if (row > 0) {
    const glm::vec3 a = g.origin - g.query_step * 0.9f - g.key_step * 0.4f;
    const glm::vec3 e = g.origin - g.query_step * 0.9f + g.key_step * (static_cast<float>(row) - 0.6f);
    b.add(Mesh::kCylinder, Material::kGlow, xf::segment(a, e, 0.05f), kCacheGlow);
    note(b, 0.5f * (a + e), "cache: " + std::to_string(c.cached_keys) + " keys and values");
  }
  const glm::vec3 row_end =
      g.origin + g.query_step * static_cast<float>(row) + g.key_step * (static_cast<float>(row) + 1.0f);
  note(b, row_end,
       "new row: " + std::to_string(c.scores_computed) +
           " dot products\nso far, 8 heads: " + std::to_string(c.dot_products_with_cache) +
           " with the cache, " + std::to_string(c.dot_products_without_cache) + " without");
}

// Chapter 7: the thread the beat is about, with its weight and what that place is: one
// back or not; right after an earlier copy of the query's character or not (weight_look).
void path_notes(Builder& b, const BeatStage& st) {
  const render::PickId id = find_part(b.scene, [&](const Part& p) {
    return p.kind == PartKind::kThread && p.layer == st.layer && p.head == st.head &&
           p.position == st.query && p.key == st.key;
  });
  const float w =
      b.acts->layers[static_cast<std::size_t>(st.layer)].weights[(st.head * b.T + st.query) * b.T + st.key];
  char now[2], before[2], here[2];
  const std::string q(label_text(b.character(st.query), now));
  const std::string k(label_text(b.character(st.key), here));
  const std::string weight = "weight " + fixed(w);
  if (st.key == st.query) {
    note_on(b, id, "itself (" + q + "), " + weight);
    return;
  }
  if (st.op == BeatOp::kPreviousChar) {
    const int back = st.query - st.key;
    note_on(b, id, (back == 1 ? "one back" : std::to_string(back) + " back") + ": " + k + ", " + weight);
    return;
  }
  if (st.key == 0) {
    note_on(b, id, "the first place, nothing before it: " + weight + "\nno copy: carries " + k);
    return;
  }
  const std::string prev(label_text(b.character(st.key - 1), before));
  if (prev == q)
    note_on(b, id, "after " + prev + ", like the query: " + weight + "\ncopies " + k);
  else
    note_on(b, id, "after " + prev + ", not " + q + " (the query): " + weight + "\nno copy: carries " + k);
}

}  // namespace

void build_beat(Builder& b) {
  b.scene.notes.clear();
  const BeatStage& st = b.in.beat;
  if (!st.active() || b.acts == nullptr || st.query < 0 || st.query >= b.T) return;
  BeatStage s = st;
  if (s.layer < 0) s.layer = b.sel_layer;
  if (s.head < 0) s.head = b.sel_head;
  switch (s.op) {
    case BeatOp::kQueryKey:
      if (s.key >= 0 && s.key <= s.query) query_key_notes(b, s);
      break;
    case BeatOp::kExpBars:
    case BeatOp::kDivide:
      exp_bars(b, s);
      break;
    case BeatOp::kEmbeddingRow:
    case BeatOp::kPositionWaves:
    case BeatOp::kAddBands:
    case BeatOp::kAddIntoStream:
    case BeatOp::kMlpAddsBack:
      stream_notes(b, s);
      break;
    case BeatOp::kValuesRide:
    case BeatOp::kHeadOutput:
      head_notes(b, s);
      break;
    case BeatOp::kNeedlesRise:
    case BeatOp::kGeluBends:
      mlp_notes(b, s);
      break;
    case BeatOp::kColumnsRise:
    case BeatOp::kSoftmax:
    case BeatOp::kCopy:
      column_note(b, s);
      break;
    case BeatOp::kGridFill:
    case BeatOp::kCacheRow:
      grid_notes(b, s);
      break;
    case BeatOp::kPreviousChar:
    case BeatOp::kInductionMatch:
      if (s.key >= 0 && s.key <= s.query) path_notes(b, s);
      break;
    default:
      break;
  }
}

}  // namespace am::machine
