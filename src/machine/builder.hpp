// Shared state while one scene is built: the input, the layout, the selection,
// and helpers that append instances, labels, tubes and parts. The draw list's
// vectors keep their capacity from frame to frame (labels and tubes are reused
// element by element so their strings and point lists do not reallocate).
#pragma once

#include <cstddef>
#include <string_view>

#include "am/machine/layout.hpp"
#include "am/machine/scene.hpp"

namespace am::machine {

using render::Instance;
using render::Label;
using render::Material;
using render::Mesh;
using render::PickId;
using render::SweptTube;

class Builder {
 public:
  Builder(const SceneInput& input, Scene& scene);
  void finish();  // trims reused labels/tubes, computes the bounds, stamps the revisions

  const SceneInput& in;
  Scene& scene;
  const Activations* acts = nullptr;  // null when there is nothing to show
  Layout layout;
  int T = 0;
  int query = -1;     // selected position (-1 when T == 0)
  int sel_layer = 0, sel_head = 0;

  PickId part(const Part& p) {
    scene.parts.push_back(p);
    return static_cast<PickId>(scene.parts.size());
  }
  // A fresh part to fill in place (hot loops); its pick id is last_pick().
  Part& new_part() { return scene.parts.emplace_back(); }
  PickId last_pick() const { return static_cast<PickId>(scene.parts.size()); }
  void add(Mesh mesh, Material material, const glm::mat4& transform, const glm::vec4& color,
           PickId pick = 0) {
    scene.draw.batch(mesh, material).push_back(Instance{transform, color, pick});
  }
  Label& label(std::string_view text, const glm::vec3& position, const glm::vec3& right,
               const glm::vec3& up, float height, const glm::vec4& color, bool raised = false);
  // A label lying on a horizontal surface, read from the front.
  Label& floor_label(std::string_view text, const glm::vec3& position, float height, const glm::vec4& color);
  // A label standing upright, facing +Z.
  Label& front_label(std::string_view text, const glm::vec3& position, float height, const glm::vec4& color);
  SweptTube& tube(float radius, const glm::vec4& color, Material material, PickId pick);

  // The character read at a position ('?' when the text does not cover it).
  char character(int position) const;
  // Which head's plate is lifted in a layer (-1: none).
  int lifted_head(int layer) const;
  bool highlighted(int layer, int head) const;
  // Whether a head is pulled out in this scene.
  bool pulled(int layer, int head) const;
  // The pickable part of a head's plate or rack block. Its value is 1 while the head is
  // pulled out, so the tooltips read the same flag the drawing does.
  PickId head_part(PartKind kind, int layer, int head);

 private:
  std::size_t labels_used_ = 0;
  std::size_t tubes_used_ = 0;
};

// Short printable name for a character on labels: "sp" for space, else the character.
std::string_view label_text(char c, char (&buffer)[2]);

// The machine's sections; each appends its own instances, labels and parts.
void build_slugs(Builder& b);
void build_tubes(Builder& b);
void build_legend(Builder& b);
void build_head_plates(Builder& b);
void build_mlp_housings(Builder& b);
void build_readout(Builder& b);
void build_drum(Builder& b);
void build_rack(Builder& b);
// The playing beat's notes and the pieces that exist only while it plays (beat_notes.cpp).
void build_beat(Builder& b);
// Issue 22: tints, the marked thread and the patching threads (tracing_overlay.cpp).
void build_tracing_overlay(Builder& b);
// A head plate's colour: white, or mixed towards copper / blue by its share of the score.
glm::vec4 plate_tint(const Builder& b, int layer, int head);
// An MLP housing's colour, the same way.
glm::vec4 mlp_tint(const Builder& b, int layer);

}  // namespace am::machine
