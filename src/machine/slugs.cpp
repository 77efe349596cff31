// Type slugs: one brass block per character read, the letter raised on its front
// face. Space and the punctuation marks are built from raised brass pieces rather
// than font glyphs, so they stay visible whatever font the renderer has.
#include "am/model/alphabet.hpp"
#include "builder.hpp"
#include "beat_look.hpp"
#include "transforms.hpp"

namespace am::machine {

namespace {
const glm::vec4 kSlugTint{1.0f, 1.0f, 1.0f, 1.0f};
const glm::vec4 kFaceTint{1.15f, 1.08f, 0.95f, 1.0f};  // raised parts catch more light
const glm::vec4 kQueryGlow{1.0f, 0.62f, 0.25f, 1.0f};

// Raised marks for characters that fonts draw too small or not at all.
// face: centre of the front face; w, h: the slug face's width and height.
void raised_mark(Builder& b, char c, const glm::vec3& face, float w, float h, Material m, PickId pick) {
  const float relief = 0.05f * w;
  const glm::vec3 out(0.0f, 0.0f, 0.5f * relief);
  const float baseline = -0.22f * h;
  const glm::vec3 right(1, 0, 0);
  switch (c) {
    case ' ': {  // an open box "␣": a bar with two short uprights
      const float bar_w = 0.5f * w, t = 0.07f * h, up = 0.17f * h;
      b.add(Mesh::kBevelBox, m, xf::box(face + out + glm::vec3(0, baseline, 0), {bar_w, t, relief}), kFaceTint, pick);
      for (float sx : {-1.0f, 1.0f})
        b.add(Mesh::kBevelBox, m,
              xf::box(face + out + glm::vec3(sx * 0.5f * (bar_w - t), baseline + 0.5f * up, 0), {t, up, relief}),
              kFaceTint, pick);
      break;
    }
    case '.':
    case ',': {
      const float d = 0.17f * w;
      const glm::vec3 dot = face + out + glm::vec3(0, baseline + 0.5f * d, 0);
      b.add(Mesh::kBevelBox, m, xf::box(dot, {d, d, relief}), kFaceTint, pick);
      if (c == ',') {  // the tail hangs down and to the left
        const glm::vec3 top = dot + glm::vec3(0.35f * d, -0.3f * d, 0);
        const glm::vec3 bottom = dot + glm::vec3(-0.3f * d, -1.5f * d, 0);
        const glm::vec3 dir = glm::normalize(bottom - top);
        const glm::vec3 side = glm::normalize(glm::cross(dir, glm::vec3(0, 0, 1)));
        b.add(Mesh::kBevelBox, m, xf::oriented_box(0.5f * (top + bottom), side, dir, {0.55f * d, glm::length(bottom - top), relief}),
              kFaceTint, pick);
      }
      break;
    }
    case '\'': {
      const float tw = 0.12f * w, th = 0.24f * h;
      b.add(Mesh::kBevelBox, m, xf::box(face + out + glm::vec3(0, 0.24f * h, 0), {tw, th, relief}), kFaceTint, pick);
      break;
    }
    default: {
      char buf[2];
      b.label(label_text(c, buf), face + glm::vec3(0, baseline, 0.002f), right, {0, 1, 0}, 0.5f * h,
              {0.98f, 0.86f, 0.56f, 1.0f}, /*raised=*/true);
      break;
    }
  }
}
}  // namespace

void build_slugs(Builder& b) {
  const Layout& L = b.layout;
  const glm::vec3 size = L.slug_size;
  for (int t = 0; t < b.T; ++t) {
    float drop = 0.0f;  // a beat may still be bringing this slug in
    if (!slug_arrived(b.in, t, b.T, drop)) continue;
    const char c = b.character(t);
    Part p;
    p.kind = PartKind::kSlug;
    p.position = t;
    p.index = char_to_id(c);
    p.value = static_cast<float>(p.index);
    const PickId pick = b.part(p);

    const bool selected = t == b.query;
    const Material m = selected ? Material::kCopper : Material::kBrass;
    const glm::vec3 centre(L.x(t), L.tube_y + drop, L.slug_z);
    b.add(Mesh::kBevelBox, m, xf::box(centre, size), kSlugTint, pick);
    raised_mark(b, c, centre + glm::vec3(0, 0, 0.5f * size.z), size.x, size.y, m, pick);
    if (selected)  // a glowing base under the query character
      b.add(Mesh::kBox, Material::kGlow,
            xf::box({centre.x, 0.012f, centre.z}, {1.2f * size.x, 0.024f, 1.2f * size.z}), kQueryGlow, pick);
  }
}

}  // namespace am::machine
