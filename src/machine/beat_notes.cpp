// What a beat adds to the machine: its values as notes beside the parts (the window
// draws them at a readable size) and the few pieces that exist only while it plays —
// the exp bars, the best-so-far marker, the 32 numbers an attention or MLP block adds,
// drawn as bands above the tube they add into, the cache's keys.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "am/machine/beat_numbers.hpp"
#include "am/machine/encodings.hpp"
#include "am/machine/focus.hpp"
#include "beat_look.hpp"
#include "builder.hpp"
#include "transforms.hpp"

namespace am::machine {
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
  // The key's numbers, then its products, their sum and ÷√8 appear in turn.
  const float t = st.progress;
  std::string text = "key: " + number_rows(qk.key, kDHead, kDHead);
  if (t >= 0.2f) text += "\n\u00d7  " + number_rows(qk.products, kDHead, kDHead);
  if (t >= 0.4f) text += "\nsum = " + fixed(qk.dot);
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
  const double top = *std::max_element(row.exp.begin(), row.exp.end());
  constexpr float kHeight = 1.2f;
  const float t = std::clamp(st.progress, 0.0f, 1.0f);
  const float width = 0.45f * glm::length(g.key_step);
  for (std::size_t j = 0; j < row.exp.size(); ++j) {
    const double as_exp = row.exp[j] / top, as_weight = row.weights[j];
    double share = as_exp * (st.op == BeatOp::kExpBars && st.count < 0 ? t : 1.0);
    if (st.op == BeatOp::kDivide) share = as_exp + (as_weight - as_exp) * t;
    const float h = std::max(static_cast<float>(share) * kHeight, 0.01f);
    const glm::vec3 base =
        g.origin + g.query_step * static_cast<float>(st.query) + g.key_step * static_cast<float>(j);
    b.add(Mesh::kBox, Material::kGlow,
          xf::box(base + glm::vec3(0.0f, 0.5f * h + 0.02f, 0.0f), {width, h, width}), kBarGlow);
    if (static_cast<int>(j) == st.key) {
      const glm::vec3 top_at = base + glm::vec3(0.0f, h + 0.05f, 0.0f);
      if (st.op == BeatOp::kDivide)
        note(b, top_at, fixed(row.exp[j]) + " \u00f7 " + fixed(row.exp_sum) + " = " + fixed(row.weights[j]));
      else
        note(b, top_at, "exp(" + fixed(row.scores[j]) + ") = " + fixed(row.exp[j]));
    }
  }
  if (st.op == BeatOp::kExpBars && st.count >= 1) {
    const glm::vec3 end = g.origin + g.query_step * static_cast<float>(st.query) +
                          g.key_step * (static_cast<float>(st.query) + 1.0f) + glm::vec3(0.0f, 0.3f, 0.0f);
    note(b, end, "sum = " + fixed(row.exp_sum));
  }
}

void stream_notes(Builder& b, const BeatStage& st) {
  const Layout& L = b.layout;
  const int stage = beat_stretch(st);
  const Stretch* stretch = stage >= 0 ? L.stretch(static_cast<Stage>(stage)) : nullptr;
  if (stretch == nullptr) return;
  const int shown = bands_shown(b.in, stage, st.query);
  const float* before = stage == static_cast<int>(Stage::kEmbeddingPlusPosition) ? b.acts->embed
                        : stage == static_cast<int>(Stage::kAfterMlp1) + 2 * st.layer
                            ? b.acts->layers[static_cast<std::size_t>(st.layer)].resid_attn
                        : st.layer == 0 ? b.acts->x0
                                        : b.acts->layers[static_cast<std::size_t>(st.layer - 1)].resid_mlp;
  const std::size_t at = static_cast<std::size_t>(st.query) * kDModel;
  const float* after = stage_values(*b.acts, static_cast<Stage>(stage)) + at;
  const glm::vec3 anchor{L.x(st.query), L.tube_y + L.tube_radius,
                         L.band_z(*stretch, std::clamp(shown - 1, 0, kDModel - 1))};
  const int k = std::clamp(shown - 1, 0, kDModel - 1);
  switch (st.op) {
    case BeatOp::kEmbeddingRow:
    case BeatOp::kPositionWaves:
      note(b, anchor,
           (st.op == BeatOp::kEmbeddingRow ? "embedding\n" : "position (sin, cos)\n") +
               number_rows(after, shown, 8));
      return;
    case BeatOp::kAddBands:
      note(b, anchor,
           "band " + std::to_string(k + 1) + ": " + fixed(b.acts->embed[at + k]) + " + " +
               fixed(b.acts->pos[at + k]) + " = " + fixed(after[k]));
      return;
    case BeatOp::kAddIntoStream:
    case BeatOp::kMlpAddsBack: {
      const LayerActivations& la = b.acts->layers[static_cast<std::size_t>(st.layer)];
      const float* added = (st.op == BeatOp::kAddIntoStream ? la.attn_out : la.mlp_out) + at;
      const float scale = stage_scale(*b.acts, static_cast<Stage>(stage));
      floating_bands(b, *stretch, stage, before + at, scale, kDModel, 2, "before");
      floating_bands(b, *stretch, stage, added, scale, shown, 1,
                     st.op == BeatOp::kAddIntoStream ? "+ attention" : "+ MLP");
      floating_bands(b, *stretch, stage, after, scale, shown, 0, "= after");
      const float high = std::max(L.bays[0].lifted_y, L.bays[kLayers - 1].lifted_y) + 1.0f;
      note(b, {anchor.x, high, anchor.z},
           "band " + std::to_string(k + 1) + ": " + fixed(before[at + k]) + " + " + fixed(added[k]) + " = " +
               fixed(after[k]));
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

// Chapter 7: the thread the beat is about, with its weight and what it matches.
void path_notes(Builder& b, const BeatStage& st) {
  const render::PickId id = find_part(b.scene, [&](const Part& p) {
    return p.kind == PartKind::kThread && p.layer == st.layer && p.head == st.head &&
           p.position == st.query && p.key == st.key;
  });
  const float w =
      b.acts->layers[static_cast<std::size_t>(st.layer)].weights[(st.head * b.T + st.query) * b.T + st.key];
  char now[2], before[2], here[2];
  const std::string q(label_text(b.character(st.query), now));
  if (st.op == BeatOp::kPreviousChar) {
    note_on(b, id,
            "one back: " + std::string(label_text(b.character(st.key), here)) + ", weight " + fixed(w));
    return;
  }
  const std::string prev(label_text(b.character(st.key - 1), before));
  note_on(b, id,
          "after " + prev + " (query: " + q + "), weight " + fixed(w) + "\ncopies " +
              std::string(label_text(b.character(st.key), here)));
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
