// Attention: per layer a stack of four head plates over the tubes. The selected
// head's plate is lifted; on it stand a dial per visible key (needle = q·k/√8),
// threads from the query to each key (radius and brightness by weight) with beads
// travelling back to the query, the [query x key] weight grid and the slanted
// shutter (the causal mask) over every cell j > i.
#include <cmath>
#include <cstdio>
#include <string>

#include "am/machine/encodings.hpp"
#include "builder.hpp"
#include "beat_look.hpp"
#include "transforms.hpp"

namespace am::machine {

namespace {
constexpr float kPlateThickness = 0.05f;
constexpr float kPlatePitch = 0.16f;  // matches layout.cpp's stack
constexpr float kDialTilt = 0.35f;    // radians the dials lean back, towards a camera above
const float kSqrtDHead = std::sqrt(static_cast<float>(kDHead));

const glm::vec4 kWhite{1.0f};
const glm::vec4 kDim{0.38f, 0.38f, 0.40f, 1.0f};
const glm::vec4 kDialFace{0.94f, 0.91f, 0.83f, 1.0f};
const glm::vec4 kDialInk{0.16f, 0.12f, 0.08f, 1.0f};
const glm::vec4 kShutterTint{0.22f, 0.25f, 0.32f, 1.0f};  // blued steel, darker than the brass plate
const glm::vec4 kPathGlow{1.0f, 0.85f, 0.45f, 1.0f};
const glm::vec4 kBeadColor{1.0f, 0.86f, 0.55f, 1.0f};
const glm::vec4 kTabInk{0.12f, 0.10f, 0.08f, 1.0f};

// The dials' plane: x to the right, `up` leaning back, `normal` towards the viewer.
const glm::vec3 kRight{1.0f, 0.0f, 0.0f};
const glm::vec3 kDialUp{0.0f, std::cos(kDialTilt), -std::sin(kDialTilt)};
const glm::vec3 kDialNormal{0.0f, std::sin(kDialTilt), std::cos(kDialTilt)};

// A thread from the top of the query's dial (t = 0) to the top of a key's (t = 1):
// an arch in the dials' plane, higher for keys further back; a small loop for the query itself.
struct ThreadCurve {
  glm::vec3 from, to;
  float height = 0.0f;
  float loop_radius = 0.0f;  // > 0: the query attending to itself
  glm::vec3 at(float t) const {
    if (loop_radius > 0.0f) {
      const float a = 6.28318530718f * t;
      return from + kDialUp * (loop_radius * (1.0f - std::cos(a))) +
             kRight * (0.8f * loop_radius * std::sin(a));
    }
    return from + (to - from) * t + kDialUp * (height * std::sin(3.14159265359f * t));
  }
};

struct Head {
  int layer, head, T, query;
  const LayerActivations* la;
  float score(int i, int j) const { return la->scores[(head * T + i) * T + j]; }
  float weight(int i, int j) const { return la->weights[(head * T + i) * T + j]; }
  Part pair_part(PartKind kind, int i, int j) const {
    Part p;
    p.kind = kind;
    p.layer = layer;
    p.head = head;
    p.position = i;
    p.key = j;
    p.index = j;
    p.scaled = score(i, j);
    p.dot = p.scaled * kSqrtDHead;  // the activations store q·k already divided by √8
    p.weight = weight(i, j);
    p.value = kind == PartKind::kDial ? p.scaled : p.weight;
    return p;
  }
};

void build_grid_and_shutter(Builder& b, const Head& hd, const Bay& bay, float top_y) {
  const Layout& L = b.layout;
  const float s = L.spacing, pitch = bay.grid_row_pitch;
  const int T = hd.T;
  PlateGrid& g = b.scene.grids[static_cast<std::size_t>(hd.layer)];
  g.present = true;
  g.layer = hd.layer;
  g.head = hd.head;
  g.origin = {L.x(0), top_y, bay.grid_front_z - 0.5f * pitch};
  g.key_step = {s, 0.0f, 0.0f};
  g.query_step = {0.0f, 0.0f, -pitch};
  g.normal = {0.0f, 1.0f, 0.0f};
  const auto cell = [&](int i, int j) { return g.origin + g.query_step * float(i) + g.key_step * float(j); };

  // Weight cells, only where a weight can be non-zero (j <= i).
  for (int i = 0; i < T; ++i)
    for (int j = 0; j <= i; ++j) {
      bool cached = false;  // a beat may not have computed this cell yet
      if (!cell_shown(b.in, hd.layer, hd.head, i, j, cached)) continue;
      const Part p = hd.pair_part(PartKind::kAttentionCell, i, j);
      const PickId pick = b.part(p);
      const glm::vec4 colour = attention_cell_color(p.weight);
      b.add(Mesh::kBox, Material::kGlow,
            xf::box(cell(i, j) + glm::vec3(0, 0.004f, 0), {0.9f * s, 0.008f, 0.85f * pitch}),
            cached ? glm::vec4(glm::vec3(colour) * 0.45f, 1.0f) : colour, pick);
    }

  // The query's row framed in copper.
  {
    const float x0 = L.x(0) - 0.5f * s, x1 = L.x(hd.query) + 0.5f * s;
    const float bar = std::max(0.12f * pitch, 0.015f);
    for (float dz : {-0.5f, 0.5f}) {
      const glm::vec3 c = cell(hd.query, 0) + glm::vec3(0.5f * (x0 + x1) - L.x(0), 0.012f, dz * pitch);
      b.add(Mesh::kBox, Material::kCopper, xf::box(c, {x1 - x0, 0.02f, bar}), kWhite);
    }
  }

  // The shutter: row i covers keys i+1 .. T-1, a staircase whose steps follow the diagonal.
  const float shutter_up = shutter_lift(b.in, hd.layer, hd.head);  // a beat may be dropping it
  if (b.in.view.show_shutter && T > 1 && shutter_up >= 0.0f) {
    for (int i = 0; i + 1 < T; ++i) {
      const float x0 = L.x(i + 1) - 0.5f * s, x1 = L.x(T - 1) + 0.5f * s;
      Part p;
      p.kind = PartKind::kShutter;
      p.layer = hd.layer;
      p.head = hd.head;
      p.position = i;
      p.key = i + 1;
      p.index = T - 1 - i;  // how many keys it hides
      const PickId pick = b.part(p);
      const glm::vec3 row = cell(i, 0);
      b.add(Mesh::kBox, Material::kSteel,
            xf::box({0.5f * (x0 + x1), top_y + 0.035f + shutter_up, row.z}, {x1 - x0, 0.06f, pitch}), kShutterTint,
            pick);
    }
    // A brass edge along the slant.
    const glm::vec3 a = cell(0, 0) + glm::vec3(0.5f * s, 0.06f + shutter_up, 0.5f * pitch);
    const glm::vec3 e = cell(T - 1, T - 1) + glm::vec3(0.5f * s, 0.06f + shutter_up, 0.5f * pitch);
    b.add(Mesh::kCylinder, Material::kBrass, xf::segment(a, e, 0.025f), kWhite);
  }

  // Query characters at the left of their rows when the rows are tall enough to read.
  char buf[2];
  for (int i = 0; i < T; ++i) {
    if (pitch < 0.12f && i != hd.query) continue;
    const glm::vec3 c = cell(i, 0) + glm::vec3(-0.75f * s, 0.002f, 0.35f * pitch);
    b.floor_label(label_text(b.character(i), buf), c, std::min(0.7f * pitch, 0.3f * s), kTabInk);
  }
}

void build_dials_and_threads(Builder& b, const Head& hd, const Bay& bay, float top_y, bool highlighted) {
  const Layout& L = b.layout;
  const float s = L.spacing, r = 0.36f * s;
  const auto dial_centre = [&](int j) {
    return glm::vec3(L.x(j), top_y, bay.z_front - 0.22f) + kDialUp * (0.4f * s + r);
  };

  char buf[2];
  for (int j = 0; j <= hd.query; ++j) {
    const Part p = hd.pair_part(PartKind::kDial, hd.query, j);
    const PickId pick = b.part(p);
    const glm::vec3 c = dial_centre(j);
    // A brass stand, the bezel, the face, three ticks (left, up, right), the needle, its pivot.
    const glm::vec3 foot(L.x(j), top_y, bay.z_front - 0.22f);
    b.add(Mesh::kBox, Material::kBrass,
          xf::oriented_box(0.5f * (foot + c) - kDialNormal * 0.02f, kRight, kDialUp,
                           {0.12f * s, glm::length(c - foot), 0.02f}),
          kWhite, pick);
    b.add(Mesh::kDisc, Material::kBrass, xf::disc(c - kDialNormal * 0.006f, kDialNormal, kRight, 2.2f * r),
          kWhite, pick);
    b.add(Mesh::kDisc, Material::kPaint, xf::disc(c, kDialNormal, kRight, 2.0f * r), kDialFace, pick);
    for (float a : {-1.5707963f, 0.0f, 1.5707963f}) {
      const glm::vec3 dir = kDialUp * std::cos(a) + kRight * std::sin(a);
      b.add(Mesh::kBox, Material::kPaint,
            xf::oriented_box(c + dir * (0.85f * r) + kDialNormal * 0.003f, glm::cross(dir, kDialNormal), dir,
                             {0.05f * r, 0.22f * r, 0.004f}),
            kDialInk, pick);
    }
    const float angle = dial_share(b.in, hd.layer, hd.head, j) * dial_needle_angle(p.scaled);
    const glm::vec3 dir = kDialUp * std::cos(angle) + kRight * std::sin(angle);
    b.add(Mesh::kNeedle, Material::kSteel,
          xf::needle(c + kDialNormal * 0.008f, dir, glm::cross(dir, kDialNormal), 0.88f * r, 0.08f * r),
          {0.35f, 0.35f, 0.38f, 1.0f}, pick);
    b.add(Mesh::kSphere, Material::kBrass, xf::sphere(c + kDialNormal * 0.01f, 0.16f * r), kWhite, pick);
    b.label(label_text(b.character(j), buf), foot + kDialUp * (0.06f * s) + kDialNormal * 0.03f, kRight,
            kDialUp, 0.28f * s, kDialInk);
  }

  const bool threads = b.in.view.show_threads, beads = b.in.view.show_beads;
  if (!threads && !beads) return;
  const glm::vec3 from = dial_centre(hd.query) + kDialUp * r;
  for (int j = 0; j <= hd.query; ++j) {
    ThreadCurve curve;
    curve.from = from;
    curve.to = dial_centre(j) + kDialUp * r;
    if (j == hd.query)
      curve.loop_radius = 0.22f * s;
    else
      curve.height = 0.3f + 0.45f * std::sqrt(static_cast<float>(hd.query - j) * s);
    const float w = hd.weight(hd.query, j);
    const float shown_w = w * thread_share(b.in, hd.layer, hd.head);  // a beat may still be thickening it

    if (threads) {
      const PickId pick = b.part(hd.pair_part(PartKind::kThread, hd.query, j));
      SweptTube& tube = b.tube(thread_radius(shown_w, s), thread_color(shown_w, highlighted), Material::kGlow, pick);
      constexpr int kSegments = 20;
      for (int k = 0; k <= kSegments; ++k) tube.points.push_back(curve.at(static_cast<float>(k) / kSegments));
    }
    if (beads) {
      // Values travel from the key (t = 1) back to the query (t = 0); each thread has its own phase.
      // A pulled head hands nothing back: its beads rest at their keys.
      const bool pulled = b.pulled(hd.layer, hd.head);
      float t = pulled ? 1.0f : 0.5f;
      const std::optional<float> beat_t = bead_place(b.in, hd.layer, hd.head);
      if (beat_t) {
        t = *beat_t;  // a beat carries the beads: none while it is about something else
        if (t < 0.0f) continue;
      } else if (!b.in.view.reduced_motion && !pulled) {
        const double phase = b.in.time_seconds * 0.35 + 0.618034 * j;
        t = 1.0f - static_cast<float>(phase - std::floor(phase));
        b.scene.animated = true;
      }
      const PickId pick = b.part(hd.pair_part(PartKind::kBead, hd.query, j));
      b.add(Mesh::kSphere, Material::kGlow, xf::sphere(curve.at(t), bead_diameter(w, s)), kBeadColor, pick);
    }
  }
}

void build_plate_title(Builder& b, const Head& hd, const Bay& bay, float top_y) {
  // Flat on the plate's back strip, behind the grid.
  char buf[96];
  const std::string name = head_name(hd.layer, hd.head);
  std::snprintf(buf, sizeof buf, "%s   dials: q.k / sqrt(8)   grid: weights   shutter: j > i", name.c_str());
  b.floor_label(buf, {0.0f, top_y + 0.003f, bay.z_back + 0.16f}, 0.2f, kTabInk);
}
}  // namespace

void build_head_plates(Builder& b) {
  const Layout& L = b.layout;
  const float width = 2.0f * L.half_width;
  for (int l = 0; l < kLayers; ++l) {
    const Bay& bay = L.bays[static_cast<std::size_t>(l)];
    const float depth = bay.z_front - bay.z_back, zc = 0.5f * (bay.z_front + bay.z_back);
    const int lifted = b.lifted_head(l);
    for (int h = 0; h < kHeads; ++h) {
      const bool is_lifted = h == lifted;
      const bool pulled = b.pulled(l, h);
      const bool glow = b.highlighted(l, h);
      const float y = is_lifted ? bay.lifted_y : bay.stack_base_y + static_cast<float>(h) * kPlatePitch;
      const PickId pick = b.head_part(PartKind::kHeadPlate, l, h);
      const glm::vec4 tint = pulled ? kDim : plate_tint(b, l, h);
      const Material m = is_lifted ? Material::kBrass : Material::kSteel;
      b.add(Mesh::kBevelBox, m, xf::box({0.0f, y, zc}, {width, kPlateThickness, depth}), tint, pick);
      if (glow)
        b.add(Mesh::kBox, Material::kGlow,
              xf::box({0.0f, y - 0.035f, zc}, {width + 0.14f, 0.02f, depth + 0.14f}), kPathGlow, pick);
      // An index tab on the left, staggered so every head's name shows from above.
      const float tab_z = bay.z_front - 0.35f - static_cast<float>(h) * (depth - 0.7f) / (kHeads - 1);
      const glm::vec3 tab(-L.half_width - 0.4f, y, tab_z);
      b.add(Mesh::kBevelBox, m, xf::box(tab, {0.8f, kPlateThickness, 0.4f}), tint, pick);
      const std::string name = head_name(l, h);
      b.floor_label(name, tab + glm::vec3(0.0f, 0.5f * kPlateThickness + 0.003f, 0.08f), 0.15f, kTabInk);

      if (!is_lifted) continue;
      // Steel rods holding the lifted plate above the stack.
      const float base = bay.stack_base_y - 0.5f * kPlateThickness;
      for (float sx : {-1.0f, 1.0f})
        for (float sz : {-1.0f, 1.0f}) {
          const glm::vec3 foot(sx * (L.half_width - 0.1f), base, zc + sz * (0.5f * depth - 0.1f));
          b.add(Mesh::kCylinder, Material::kSteel, xf::segment(foot, {foot.x, y, foot.z}, 0.035f), kWhite);
        }
      if (b.acts == nullptr) continue;
      const Head hd{l, h, b.T, b.query, &b.acts->layers[static_cast<std::size_t>(l)]};
      const float top_y = y + 0.5f * kPlateThickness;
      build_grid_and_shutter(b, hd, bay, top_y);
      build_dials_and_threads(b, hd, bay, top_y, glow);
      build_plate_title(b, hd, bay, top_y);
    }
  }
}

}  // namespace am::machine
