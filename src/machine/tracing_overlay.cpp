// Issue 22, "why this character?", drawn on the machine: head plates and MLP housings
// tinted by their share of the explained score (plate_tint, mlp_tint), a glowing mat under
// the last character's embedding stretch, a bright rim on the part the chart's mouse is
// over, a gold thread from the largest head term's source position to the last place, and
// pale threads for the strongest patching cells (where the copy travels).
#include <algorithm>
#include <cmath>

#include "am/machine/encodings.hpp"
#include "builder.hpp"
#include "transforms.hpp"

namespace am::machine {

namespace {
const glm::vec4 kWhite{1.0f};
const glm::vec4 kLit{1.0f, 0.85f, 0.45f, 1.0f};        // the part the chart points at
const glm::vec4 kMarked{1.0f, 0.72f, 0.25f, 1.0f};     // the largest head term's thread
const glm::vec4 kPatchGlow{0.75f, 0.95f, 1.0f, 1.0f};  // patching threads
constexpr float kPlatePitch = 0.16f;                   // matches head_plates.cpp
constexpr float kHousingTop = 2.0f;                    // matches mlp_housing.cpp's wall height
constexpr int kAttributionHeads = 2;                   // parts 0, 1 are embed and pos

// White mixed towards copper (+) or blue (−) by |share|; the surfaces keep their metal.
glm::vec4 share_tint(float share) {
  if (!std::isfinite(share)) return kWhite;
  const float t = 0.8f * std::min(std::abs(share), 1.0f);
  const glm::vec4& pole = share >= 0.0f ? kBandPositive : kBandNegative;
  return kWhite * (1.0f - t) + pole * t;
}

float plate_y(const Builder& b, int layer, int head) {
  const Bay& bay = b.layout.bays[static_cast<std::size_t>(layer)];
  return head == b.lifted_head(layer) ? bay.lifted_y
                                      : bay.stack_base_y + static_cast<float>(head) * kPlatePitch;
}

// An arch from a to b rising `height` in the middle.
void arch(Builder& b, const glm::vec3& from, const glm::vec3& to, float height, float radius,
          const glm::vec4& color) {
  SweptTube& tube = b.tube(radius, color, Material::kGlow, 0);
  constexpr int kSegments = 24;
  for (int k = 0; k <= kSegments; ++k) {
    const float t = static_cast<float>(k) / kSegments;
    tube.points.push_back(from + (to - from) * t + glm::vec3(0.0f, height * std::sin(3.14159265f * t), 0.0f));
  }
}

void light_part(Builder& b, int part) {
  const Layout& L = b.layout;
  const float width = 2.0f * L.half_width + 0.2f;
  const int last = b.T - 1;
  if (part < kAttributionHeads) {  // embed, pos: the last character's first stretch
    const Stretch& st = L.stretches[0];
    b.add(Mesh::kBox, Material::kGlow,
          xf::box({L.x(last), L.tube_y - L.tube_radius - 0.05f, 0.5f * (st.z_front + st.z_back)},
                  {1.1f * L.spacing, 0.03f, st.z_front - st.z_back + 0.1f}),
          kLit);
  } else if (part < kAttributionHeads + kLayers * kHeads) {
    const int l = (part - kAttributionHeads) / kHeads, h = (part - kAttributionHeads) % kHeads;
    const Bay& bay = L.bays[static_cast<std::size_t>(l)];
    b.add(Mesh::kBox, Material::kGlow,
          xf::box({0.0f, plate_y(b, l, h) - 0.04f, 0.5f * (bay.z_front + bay.z_back)},
                  {width + 0.1f, 0.02f, bay.z_front - bay.z_back + 0.2f}),
          kLit);
  } else if (part < kAttributionHeads + kLayers * kHeads + kLayers) {
    const Housing& h = L.housings[static_cast<std::size_t>(part - kAttributionHeads - kLayers * kHeads)];
    b.add(Mesh::kBox, Material::kGlow,
          xf::box({0.0f, kHousingTop + 0.05f, 0.5f * (h.z_front + h.z_back)},
                  {width, 0.04f, h.z_front - h.z_back}),
          kLit);
  } else {  // bias: the read-out block
    b.add(Mesh::kBox, Material::kGlow,
          xf::box({0.0f, L.tube_y - L.tube_radius - 0.05f, L.readout_z}, {width, 0.03f, 0.8f}), kLit);
  }
}
}  // namespace

glm::vec4 plate_tint(const Builder& b, int layer, int head) {
  const TracingOverlay& t = b.in.tracing;
  if (!t.active) return kWhite;
  return share_tint(t.head_share[static_cast<std::size_t>(layer)][static_cast<std::size_t>(head)]);
}

glm::vec4 mlp_tint(const Builder& b, int layer) {
  const TracingOverlay& t = b.in.tracing;
  return t.active ? share_tint(t.mlp_share[static_cast<std::size_t>(layer)]) : kWhite;
}

void build_tracing_overlay(Builder& b) {
  const TracingOverlay& t = b.in.tracing;
  if (!t.active || b.acts == nullptr || b.T == 0) return;
  const Layout& L = b.layout;
  const int last = b.T - 1;
  const float s = L.spacing;
  // The last character's embedding (and position) stretch, on a mat of its share's colour.
  const Stretch& first = L.stretches[0];
  b.add(Mesh::kBox, Material::kGlow,
        xf::box({L.x(last), L.tube_y - L.tube_radius - 0.08f, 0.5f * (first.z_front + first.z_back)},
                {0.9f * s, 0.02f, first.z_front - first.z_back}),
        band_color(t.embed_share, 1.0f));
  if (t.lit_part >= 0) light_part(b, t.lit_part);
  // The largest head term: a gold thread from its source character to the last place, on its plate.
  if (t.marked_layer >= 0 && t.marked_source >= 0 && t.marked_source < b.T) {
    const Bay& bay = L.bays[static_cast<std::size_t>(t.marked_layer)];
    const float y = plate_y(b, t.marked_layer, t.marked_head) + 0.08f;
    const glm::vec3 from{L.x(t.marked_source), y, bay.z_front + 0.1f}, to{L.x(last), y, bay.z_front + 0.1f};
    arch(b, from, to, 0.4f + 0.3f * std::sqrt(static_cast<float>(last - t.marked_source) * s), 0.06f * s,
         kMarked);
    b.add(Mesh::kSphere, Material::kGlow, xf::sphere(from, 0.35f * s), kMarked);
  }
  // Patching: from the patched head's plate at that position to the last place at the read-out.
  for (const TracingOverlay::PatchThread& p : t.patch_threads) {
    if (p.position < 0 || p.position >= b.T || p.layer < 0 || p.layer >= kLayers) continue;
    const Bay& bay = L.bays[static_cast<std::size_t>(p.layer)];
    const glm::vec3 from{L.x(p.position), plate_y(b, p.layer, p.head) + 0.05f,
                         0.5f * (bay.z_front + bay.z_back)};
    const glm::vec3 to{L.x(last), L.tube_y + L.tube_radius + 0.1f, L.readout_z};
    const float w = std::clamp(std::abs(p.share), 0.0f, 1.0f);
    arch(b, from, to, 1.0f, (0.015f + 0.06f * std::sqrt(w)) * s, kPatchGlow * (0.35f + 0.65f * w));
    b.add(Mesh::kSphere, Material::kGlow, xf::sphere(from, (0.15f + 0.25f * w) * s), kPatchGlow);
  }
}

}  // namespace am::machine
