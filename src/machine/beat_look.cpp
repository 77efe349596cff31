#include "beat_look.hpp"

#include <algorithm>
#include <cmath>

#include "am/machine/beat_numbers.hpp"

namespace am::machine {
namespace {

// Whether the beat is about this plate (the beat's head, or the selected one when it names none).
bool on_beat_plate(const SceneInput& in, int layer, int head) {
  const BeatStage& s = in.beat;
  const int l = s.layer >= 0 ? s.layer : in.selected_layer;
  const int h = s.head >= 0 ? s.head : in.selected_head;
  return layer == l && head == h;
}

float clamp01(float v) { return std::clamp(v, 0.0f, 1.0f); }

}  // namespace

int beat_stretch(const BeatStage& beat) {
  const int l = std::max(beat.layer, 0);
  const int after_attention = static_cast<int>(Stage::kAfterAttention1) + 2 * l;
  switch (beat.op) {
    case BeatOp::kEmbeddingRow:
      return static_cast<int>(Stage::kEmbedding);
    case BeatOp::kPositionWaves:
      return static_cast<int>(Stage::kPosition);
    case BeatOp::kAddBands:
      return static_cast<int>(Stage::kEmbeddingPlusPosition);
    case BeatOp::kValuesRide:
    case BeatOp::kHeadOutput:
    case BeatOp::kAddIntoStream:
      return after_attention;
    case BeatOp::kNeedlesRise:
    case BeatOp::kGeluBends:
    case BeatOp::kMlpAddsBack:
      return after_attention + 1;
    default:
      return -1;
  }
}

int bands_shown(const SceneInput& in, int stage, int position) {
  const BeatStage& s = in.beat;
  const int target = beat_stretch(s);
  if (target < 0 || position != s.query || stage < target) return kDModel;
  if (stage > target) return 0;
  const bool writing = s.op == BeatOp::kEmbeddingRow || s.op == BeatOp::kPositionWaves ||
                       s.op == BeatOp::kAddBands || s.op == BeatOp::kAddIntoStream ||
                       s.op == BeatOp::kMlpAddsBack;
  if (!writing) return 0;
  return static_cast<int>(std::floor(clamp01(s.progress) * kDModel + 0.5f));
}

bool slug_arrived(const SceneInput& in, int position, int length, float& drop) {
  drop = 0.0f;
  if (in.beat.op != BeatOp::kSlugsEnter || length <= 0) return true;
  const float arrived = clamp01(in.beat.progress) * static_cast<float>(length);  // slugs in so far
  const float t = arrived - static_cast<float>(position);
  if (t <= 0.0f) return false;
  drop = t >= 1.0f ? 0.0f : 1.5f * (1.0f - t) * (1.0f - t);
  return true;
}

float column_share(const SceneInput& in) {
  switch (in.beat.op) {
    case BeatOp::kSlugsEnter:
      return 0.0f;
    case BeatOp::kColumnsRise:
    case BeatOp::kSoftmax:
    case BeatOp::kCopy:
      return clamp01(in.beat.progress);
    case BeatOp::kNeedlesRise:
    case BeatOp::kGeluBends:
    case BeatOp::kMlpAddsBack:
    case BeatOp::kInductionMatch:
    case BeatOp::kPreviousChar:
      return 0.0f;
    default:
      return 1.0f;
  }
}

float needle_value(const SceneInput& in, int layer, float pre, float post) {
  const BeatStage& s = in.beat;
  if (layer != s.layer) return post;
  const float t = clamp01(s.progress);
  switch (s.op) {
    case BeatOp::kNeedlesRise:
      return pre * t;
    case BeatOp::kGeluBends:
      return pre + (post - pre) * t;
    default:
      return post;
  }
}

bool needles_in_beat(const SceneInput& in, int layer) {
  const BeatOp op = in.beat.op;
  return layer == in.beat.layer &&
         (op == BeatOp::kNeedlesRise || op == BeatOp::kGeluBends || op == BeatOp::kMlpAddsBack);
}

float dial_share(const SceneInput& in, int layer, int head, int key) {
  const BeatStage& s = in.beat;
  if (s.op != BeatOp::kQueryKey || !on_beat_plate(in, layer, head)) return 1.0f;
  if (key < s.key) return 1.0f;
  if (key > s.key) return 0.0f;
  // The needle swings in the beat's last part, after the numbers have appeared.
  return clamp01((s.progress - 0.6f) / 0.4f);
}

float thread_share(const SceneInput& in, int layer, int head) {
  const BeatStage& s = in.beat;
  if (!on_beat_plate(in, layer, head)) return 1.0f;
  switch (s.op) {
    case BeatOp::kQueryKey:
    case BeatOp::kExpBars:
      return 0.0f;
    case BeatOp::kDivide:
      return clamp01(s.progress);
    default:
      return 1.0f;
  }
}

std::optional<float> bead_place(const SceneInput& in, int layer, int head) {
  const BeatStage& s = in.beat;
  if (!s.active()) return std::nullopt;
  if (!on_beat_plate(in, layer, head))
    return s.op == BeatOp::kNone ? std::nullopt : std::optional<float>(-1.0f);
  switch (s.op) {
    case BeatOp::kValuesRide:
      return 1.0f - clamp01(s.progress);
    case BeatOp::kHeadOutput:
      return 0.0f;
    case BeatOp::kCopy:
      return 1.0f - clamp01(s.progress);
    default:
      return -1.0f;
  }
}

float shutter_lift(const SceneInput& in, int layer, int head) {
  const BeatStage& s = in.beat;
  if (!on_beat_plate(in, layer, head)) return 0.0f;
  switch (s.op) {
    case BeatOp::kExpBars:
    case BeatOp::kDivide:
      return -1.0f;
    case BeatOp::kShutterDrops: {
      const float t = 1.0f - clamp01(s.progress);
      return 1.2f * t * t;
    }
    default:
      return 0.0f;
  }
}

bool cell_shown(const SceneInput& in, int layer, int head, int i, int j, bool& cached) {
  cached = false;
  const BeatStage& s = in.beat;
  if (!on_beat_plate(in, layer, head)) return true;
  if (s.op == BeatOp::kGridFill) {
    const std::int64_t filled = static_cast<std::int64_t>(
        std::floor(clamp01(s.progress) * static_cast<float>(std::max(s.count, 0)) + 0.5f));
    return causal_cells(i) + j < filled;  // row-major over the triangle
  }
  if (s.op == BeatOp::kCacheRow) {
    const int row = s.count - 1;  // the character arriving now
    if (i < row) {
      cached = true;
      return true;
    }
    if (i > row) return false;
    return static_cast<float>(j) < clamp01(s.progress) * static_cast<float>(row + 1) + 0.5f;
  }
  return true;
}

}  // namespace am::machine
