// Builds a scene from a real forward pass (seeded random weights) and finds
// instances by what they show, for the machine tests.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "am/machine/scene.hpp"
#include "am/model/alphabet.hpp"
#include "am/model/forward.hpp"
#include "am/model/weights.hpp"

namespace am::machine::test {

struct Fixture {
  explicit Fixture(const std::string& text, std::uint64_t seed = 7, const HeadMask& pulled = {})
      : weights(random_weights(seed)) {
    const std::vector<int> ids = encode(text);
    acts = forward(weights, ids, pulled);
    intact = forward(weights, ids);
    input.acts = &acts;
    input.text = text;
    input.pulled = pulled;
    if (pulled.any()) input.intact = &intact;
  }
  Scene build() const {
    Scene s;
    build_scene(input, s);
    return s;
  }
  Weights weights;
  Activations acts, intact;
  SceneInput input;
};

struct Found {
  render::Mesh mesh;
  render::Material material;
  render::Instance instance;  // a striped instance's stripe, as an instance of its own
  const Part* part;
};

// Every instance whose part is of `kind`, in draw-list order (a striped instance as its stripes).
inline std::vector<Found> instances_of(const Scene& s, PartKind kind) {
  std::vector<Found> out;
  for (int m = 0; m < render::kMeshCount; ++m)
    for (int mat = 0; mat < render::kMaterialCount; ++mat) {
      const auto mesh = static_cast<render::Mesh>(m);
      const auto material = static_cast<render::Material>(mat);
      for (const auto& whole : s.draw.batch(mesh, material))
        render::for_each_drawn_part(s.draw, whole, [&](const render::Instance& inst) {
          if (const Part* p = s.part(inst.pick); p != nullptr && p->kind == kind) out.push_back({mesh, material, inst, p});
        });
    }
  return out;
}

inline std::vector<const Part*> parts_of(const Scene& s, PartKind kind) {
  std::vector<const Part*> out;
  for (const auto& p : s.parts)
    if (p.kind == kind) out.push_back(&p);
  return out;
}

inline glm::vec3 translation(const render::Instance& i) { return glm::vec3(i.transform[3]); }
inline float axis_length(const render::Instance& i, int axis) { return glm::length(glm::vec3(i.transform[axis])); }

inline const char* kQueenText = "the queen. the qu";

}  // namespace am::machine::test
