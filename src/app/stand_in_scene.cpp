#include "stand_in_scene.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include <glm/gtc/matrix_transform.hpp>

#include "am/model/alphabet.hpp"
#include "am/model/config.hpp"

namespace am::app {
namespace {

using render::Material;
using render::Mesh;

glm::mat4 place(const glm::vec3& centre, const glm::vec3& size) {
  return glm::scale(glm::translate(glm::mat4(1.0f), centre), size);
}

glm::vec4 signed_color(float v, float scale) {
  const float t = std::pow(std::min(std::abs(v) / scale, 1.0f), 0.6f);
  const glm::vec4 neutral(0.80f, 0.82f, 0.84f, 1.0f), pos(0.86f, 0.38f, 0.10f, 1.0f), neg(0.10f, 0.32f, 0.88f, 1.0f);
  return glm::mix(neutral, v >= 0.0f ? pos : neg, t);
}

render::PickId add_part(machine::Scene& s, const machine::Part& p) {
  s.parts.push_back(p);
  return static_cast<render::PickId>(s.parts.size());
}

}  // namespace

void build_stand_in_scene(const machine::SceneInput& in, machine::Scene& s) {
  s.draw.clear();
  s.parts.clear();
  s.animated = false;
  const Activations* acts = in.acts;
  const int T = acts != nullptr ? std::min<int>(acts->length(), static_cast<int>(in.text.size())) : 0;
  const float spacing = T > 16 ? 16.0f / static_cast<float>(T) : 1.0f;
  const auto x_of = [&](int i) { return (static_cast<float>(i) - 0.5f * static_cast<float>(T - 1)) * spacing; };
  const int query = in.selected_position >= 0 && in.selected_position < T ? in.selected_position : T - 1;

  // The bed everything stands on.
  const float half = std::max(0.5f * spacing * static_cast<float>(T), 4.0f) + 1.0f;
  s.draw.batch(Mesh::kBevelBox, Material::kSteel).push_back({place({0, -0.1f, -5.0f}, {2 * half, 0.2f, 12.5f}), {0.55f, 0.5f, 0.45f, 1}, 0});

  float scale = 1e-6f;
  for (int i = 0; i < T * kDModel; ++i) scale = std::max(scale, std::abs(acts->x0[i]));
  for (int i = 0; i < T; ++i) {
    const float x = x_of(i);
    machine::Part slug{machine::PartKind::kSlug};
    slug.position = i;
    const auto pick = add_part(s, slug);
    s.draw.batch(Mesh::kBevelBox, Material::kBrass).push_back({place({x, 0.45f, 0.4f}, {0.8f * spacing, 0.7f, 0.5f}), glm::vec4(1), pick});
    const char c = in.text[static_cast<std::size_t>(i)];
    s.draw.labels.push_back({c == ' ' ? std::string("\xE2\x90\xA3") : std::string(1, c), {x, 0.28f, 0.651f}, {1, 0, 0}, {0, 1, 0},
                             0.36f * std::max(spacing, 0.5f), {1.0f, 0.9f, 0.7f, 1.0f}, true});
    // The tube and its 32 bands (embedding + position).
    s.draw.batch(Mesh::kCylinder, Material::kGlass).push_back(
        {glm::rotate(place({x, 0.5f, -2.0f}, glm::vec3(1)), glm::radians(90.0f), {1, 0, 0}) *
             glm::scale(glm::mat4(1), {0.42f * spacing, 4.4f, 0.42f * spacing}),
         {0.8f, 0.9f, 1.0f, 0.25f}, 0});
    for (int d = 0; d < kDModel; ++d) {
      const float v = acts->x0[i * kDModel + d];
      machine::Part band{machine::PartKind::kBand};
      band.position = i;
      band.index = d;
      band.stage = 0;
      band.value = v;
      s.draw.batch(Mesh::kCylinder, Material::kPaint).push_back(
          {glm::rotate(place({x, 0.5f, -0.1f - 0.12f * static_cast<float>(d)}, glm::vec3(1)), glm::radians(90.0f), {1, 0, 0}) *
               glm::scale(glm::mat4(1), {0.3f * spacing, 0.1f, 0.3f * spacing}),
           signed_color(v, scale), add_part(s, band)});
    }
  }

  // One row of dials: layer 1's selected head, scores of the query against every key.
  const int layer = std::clamp(in.selected_layer, 0, kLayers - 1), head = std::clamp(in.selected_head, 0, kHeads - 1);
  for (int j = 0; j <= query && T > 0; ++j) {
    const float score = acts->layers[layer].scores[(head * T + query) * T + j];
    const float weight = acts->layers[layer].weights[(head * T + query) * T + j];
    machine::Part dial{machine::PartKind::kDial};
    dial.position = query;
    dial.key = j;
    dial.layer = layer;
    dial.head = head;
    dial.scaled = score;
    dial.dot = score * std::sqrt(8.0f);
    dial.weight = weight;
    const auto pick = add_part(s, dial);
    const glm::vec3 c(x_of(j), 1.6f, -5.0f);
    const float r = 0.38f * spacing;
    s.draw.batch(Mesh::kDisc, Material::kBrass).push_back({glm::rotate(place(c, glm::vec3(2.3f * r)), glm::radians(90.0f), {1, 0, 0}), glm::vec4(1), pick});
    s.draw.batch(Mesh::kDisc, Material::kPaint).push_back(
        {glm::rotate(place(c + glm::vec3(0, 0, 0.01f), glm::vec3(2.0f * r)), glm::radians(90.0f), {1, 0, 0}), {0.93f, 0.89f, 0.80f, 1}, pick});
    const float angle = 1.5707963f * std::tanh(score / 4.0f);
    s.draw.batch(Mesh::kNeedle, Material::kSteel).push_back(
        {glm::scale(glm::rotate(place(c + glm::vec3(0, 0, 0.03f), glm::vec3(1)), -angle, {0, 0, 1}), {0.09f * r, 0.9f * r, 0.03f * r}),
         {0.4f, 0.4f, 0.45f, 1}, pick});
    s.draw.batch(Mesh::kSphere, Material::kBrass).push_back({place(c + glm::vec3(0, 0, 0.04f), glm::vec3(0.2f * r)), glm::vec4(1), pick});
    s.draw.batch(Mesh::kBox, Material::kBrass).push_back({place({c.x, 0.8f, -5.0f}, {0.12f, 1.6f - r, 0.06f}), glm::vec4(1), pick});
    // Thread from the query's dial to this key's, thickness by weight.
    machine::Part thread = dial;
    thread.kind = machine::PartKind::kThread;
    render::SweptTube tube;
    tube.radius = spacing * (0.008f + 0.05f * std::sqrt(weight));
    tube.color = glm::vec4(glm::vec3(1.0f, 0.7f, 0.3f) * (0.15f + 0.85f * weight), 1.0f);
    tube.material = Material::kGlow;
    tube.pick = add_part(s, thread);
    const glm::vec3 from(x_of(query), 1.6f + r, -5.0f), to(c.x, 1.6f + r, -5.0f);
    const float h = 0.25f + 0.35f * std::sqrt(std::abs(from.x - to.x));
    for (int k = 0; k <= 16; ++k) {
      const float t = static_cast<float>(k) / 16.0f;
      tube.points.push_back(glm::mix(from, to, t) + glm::vec3(0, h * 4.0f * t * (1.0f - t), 0));
    }
    if (j != query) s.draw.tubes.push_back(tube);
  }

  // The probability columns: glass tubes with liquid, labelled.
  for (int v = 0; v < kVocab && T > 0; ++v) {
    const float p = acts->probs[(T - 1) * kVocab + v];
    const float x = (static_cast<float>(v) - 14.5f) * 0.36f;
    machine::Part col{machine::PartKind::kProbabilityColumn};
    col.index = v;
    col.value = p;
    const auto pick = add_part(s, col);
    const float height = 2.2f;
    s.draw.batch(Mesh::kCylinder, Material::kLiquid).push_back(
        {place({x, 0.2f + 0.5f * height * p, -10.0f}, {0.22f, std::max(height * p, 0.002f), 0.22f}), {0.95f, 0.55f, 0.15f, 0.85f}, pick});
    s.draw.batch(Mesh::kCylinder, Material::kGlass).push_back({place({x, 0.2f + 0.5f * height, -10.0f}, {0.28f, height, 0.28f}), {0.9f, 0.95f, 1.0f, 0.2f}, pick});
    s.draw.batch(Mesh::kCylinder, Material::kBrass).push_back({place({x, 0.1f, -10.0f}, {0.34f, 0.2f, 0.34f}), glm::vec4(1), pick});
    const char c = id_to_char(v);
    s.draw.labels.push_back({c == ' ' ? std::string("\xE2\x90\xA3") : std::string(1, c), {x, 0.05f, -9.7f}, {1, 0, 0}, {0, 0, -1}, 0.14f,
                             {0.95f, 0.85f, 0.6f, 1.0f}, false});
  }
  s.draw.labels.push_back({"stand-in scene: the machine library is not built yet", {0, 0.02f, 1.4f}, {1, 0, 0}, {0, 0, -1}, 0.16f,
                           {0.9f, 0.75f, 0.5f, 1.0f}, false});

  machine::Anchors& a = s.anchors;
  a.bounds_min = {-half, 0.0f, -11.0f};
  a.bounds_max = {half, 3.0f, 1.0f};
  a.slugs = {0, 0.45f, 0.4f};
  a.query = {T > 0 ? x_of(query) : 0.0f, 0.45f, 0.4f};
  a.embedding = {0, 0.5f, -2.0f};
  a.attention = {glm::vec3(0, 1.6f, -5.0f), glm::vec3(0, 1.6f, -5.0f)};
  a.mlp = {glm::vec3(0, 1.0f, -6.5f), glm::vec3(0, 1.0f, -7.5f)};
  a.lifted_plate = {0, 1.6f, -5.0f};
  a.columns = {0, 1.2f, -10.0f};
  a.drum = {-half, 1.0f, -5.0f};
  a.rack = {half, 1.0f, -5.0f};
}

std::string describe_stand_in_part(const machine::Part& part, const machine::SceneInput& input) {
  char buf[256];
  const auto ch = [&](int i) {
    return i >= 0 && i < static_cast<int>(input.text.size()) ? input.text[static_cast<std::size_t>(i)] : '?';
  };
  switch (part.kind) {
    case machine::PartKind::kSlug:
      std::snprintf(buf, sizeof buf, "character %d: '%c'", part.position + 1, ch(part.position));
      return buf;
    case machine::PartKind::kBand:
      std::snprintf(buf, sizeof buf, "'%c', number %d of 32\nembedding + position = %+.3f", ch(part.position), part.index + 1,
                    part.value);
      return buf;
    case machine::PartKind::kDial:
    case machine::PartKind::kThread:
      std::snprintf(buf, sizeof buf, "L%dH%d: '%c' looks at '%c'\nq.k = %+.3f\nq.k / sqrt(8) = %+.3f\nweight = %.3f",
                    part.layer + 1, part.head + 1, ch(part.position), ch(part.key), part.dot, part.scaled, part.weight);
      return buf;
    case machine::PartKind::kProbabilityColumn:
      std::snprintf(buf, sizeof buf, "next is '%c': %.1f %%", id_to_char(part.index), 100.0 * part.value);
      return buf;
    default:
      return "";
  }
}

}  // namespace am::app
