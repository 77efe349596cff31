// The rack on the right: eight slots (two layers of four heads). A pulled head
// (ablated) slides forward out of its slot and dims; its slot shows empty.
#include <cstdio>
#include <string>

#include "builder.hpp"
#include "transforms.hpp"

namespace am::machine {

namespace {
const glm::vec4 kWhite{1.0f};
const glm::vec4 kDim{0.40f, 0.40f, 0.42f, 1.0f};
const glm::vec4 kRecess{0.10f, 0.10f, 0.11f, 1.0f};
const glm::vec4 kInk{0.14f, 0.11f, 0.08f, 1.0f};
const glm::vec4 kLightInk{0.93f, 0.86f, 0.68f, 1.0f};
const glm::vec4 kPathGlow{1.0f, 0.85f, 0.45f, 1.0f};
constexpr float kSlotPitchX = 0.9f, kSlotPitchY = 0.72f;
constexpr float kFrameDepth = 0.8f;
const glm::vec3 kBlock{0.7f, 0.5f, 0.7f};
constexpr float kPullOut = 1.0f;  // more than a block's depth: clearly out of the slot
}  // namespace

// Where a head block rests when it is in the rack (the centre of its slot).
static glm::vec3 slot_centre(const glm::vec3& rack, int layer, int head) {
  // Layer 1 on top, heads left to right.
  return rack + glm::vec3((static_cast<float>(head) - 0.5f * (kHeads - 1)) * kSlotPitchX,
                          0.55f + (static_cast<float>(kLayers - 1 - layer) + 0.5f) * kSlotPitchY, 0.0f);
}

void build_rack(Builder& b) {
  const glm::vec3 rack = b.layout.rack_centre;
  const float w = kHeads * kSlotPitchX + 0.3f, h = kLayers * kSlotPitchY + 0.3f;
  const float frame_y = 0.55f + 0.5f * kLayers * kSlotPitchY;
  b.add(Mesh::kBevelBox, Material::kSteel, xf::box({rack.x, frame_y, rack.z}, {w, h, kFrameDepth}), kWhite);
  // Legs down to the bed.
  for (float sx : {-1.0f, 1.0f})
    b.add(Mesh::kBox, Material::kSteel, xf::box({rack.x + sx * (0.5f * w - 0.1f), 0.5f * (frame_y - 0.5f * h), rack.z},
                                                {0.12f, frame_y - 0.5f * h, 0.5f}), kWhite);
  b.front_label("heads: pull one out to silence it", {rack.x, frame_y + 0.5f * h + 0.15f, rack.z}, 0.15f, kLightInk);

  const float front = rack.z + 0.5f * kFrameDepth;
  for (int l = 0; l < kLayers; ++l)
    for (int hd = 0; hd < kHeads; ++hd) {
      const bool pulled = b.pulled(l, hd);
      const glm::vec3 slot = slot_centre(rack, l, hd);
      b.scene.anchors.rack_slots[static_cast<std::size_t>(l)][static_cast<std::size_t>(hd)] =
          {slot.x, slot.y, front - 0.5f * kBlock.z};
      b.add(Mesh::kBox, Material::kSteel, xf::box({slot.x, slot.y, front + 0.002f}, {kBlock.x + 0.06f, kBlock.y + 0.06f, 0.004f}),
            kRecess);

      const PickId pick = b.head_part(PartKind::kRackHead, l, hd);
      // In the rack the block sits in its slot with its face 0.1 proud of the frame.
      glm::vec3 c(slot.x, slot.y, front - 0.5f * kBlock.z + 0.1f);
      if (pulled) c += glm::vec3(0.0f, -0.06f, kPullOut);
      b.add(Mesh::kBevelBox, Material::kBrass, xf::box(c, kBlock), pulled ? kDim : kWhite, pick);
      if (b.highlighted(l, hd))
        b.add(Mesh::kBox, Material::kGlow, xf::box(c - glm::vec3(0, 0.5f * kBlock.y + 0.01f, 0), {kBlock.x + 0.08f, 0.02f, kBlock.z + 0.08f}),
              kPathGlow, pick);
      const std::string name = head_name(l, hd);
      b.front_label(name, c + glm::vec3(0.0f, -0.07f, 0.5f * kBlock.z + 0.003f), 0.15f, pulled ? kLightInk : kInk);
    }
}

}  // namespace am::machine
