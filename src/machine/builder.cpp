#include "builder.hpp"

#include <algorithm>

namespace am::machine {

namespace {
int clamp_index(int v, int n) { return std::clamp(v, 0, std::max(n - 1, 0)); }
}  // namespace

Builder::Builder(const SceneInput& input, Scene& out) : in(input), scene(out) {
  for (auto& per_mesh : scene.draw.batches)
    for (auto& batch : per_mesh) batch.clear();
  scene.draw.stripe_colors.clear();
  scene.parts.clear();
  scene.anchors = Anchors{};
  scene.grids = {};
  scene.animated = false;
  scene.notes.clear();

  if (in.acts != nullptr && in.acts->length() > 0) acts = in.acts;
  T = acts ? acts->length() : 0;
  query = T == 0 ? -1 : (in.selected_position < 0 || in.selected_position >= T ? T - 1 : in.selected_position);
  sel_layer = clamp_index(in.selected_layer, kLayers);
  sel_head = clamp_index(in.selected_head, kHeads);
  layout = compute_layout(T, in.view);
}

Label& Builder::label(std::string_view text, const glm::vec3& position, const glm::vec3& right,
                      const glm::vec3& up, float height, const glm::vec4& color, bool raised) {
  auto& labels = scene.draw.labels;
  if (labels_used_ == labels.size()) labels.emplace_back();
  Label& l = labels[labels_used_++];
  l.text.assign(text.data(), text.size());
  l.position = position;
  l.right = right;
  l.up = up;
  l.height = height;
  l.color = color;
  l.raised = raised;
  return l;
}

Label& Builder::floor_label(std::string_view text, const glm::vec3& position, float height,
                            const glm::vec4& color) {
  return label(text, position, {1, 0, 0}, {0, 0, -1}, height, color);
}

Label& Builder::front_label(std::string_view text, const glm::vec3& position, float height,
                            const glm::vec4& color) {
  return label(text, position, {1, 0, 0}, {0, 1, 0}, height, color);
}

SweptTube& Builder::tube(float radius, const glm::vec4& color, Material material, PickId pick) {
  auto& tubes = scene.draw.tubes;
  if (tubes_used_ == tubes.size()) tubes.emplace_back();
  SweptTube& t = tubes[tubes_used_++];
  t.points.clear();
  t.radius = radius;
  t.color = color;
  t.material = material;
  t.pick = pick;
  return t;
}

char Builder::character(int position) const {
  if (position < 0 || position >= T) return '?';
  // The text may be longer than the window the model read: its last T characters are the ones.
  const std::size_t n = in.text.size();
  if (n < static_cast<std::size_t>(T)) return '?';
  return in.text[n - static_cast<std::size_t>(T) + static_cast<std::size_t>(position)];
}

bool Builder::highlighted(int layer, int head) const {
  if (!in.view.highlight_path) return false;
  for (const auto& ph : in.view.path_heads)
    if (ph && ph->first == layer && ph->second == head) return true;
  return false;
}

bool Builder::pulled(int layer, int head) const {
  return in.pulled.pulled[static_cast<std::size_t>(layer)][static_cast<std::size_t>(head)];
}

PickId Builder::head_part(PartKind kind, int layer, int head) {
  return part(Part{.kind = kind, .layer = layer, .head = head, .value = pulled(layer, head) ? 1.0f : 0.0f});
}

int Builder::lifted_head(int layer) const {
  if (layer == sel_layer) return sel_head;
  if (in.view.highlight_path)
    for (const auto& ph : in.view.path_heads)
      if (ph && ph->first == layer && ph->second >= 0 && ph->second < kHeads) return ph->second;
  return -1;
}

void Builder::finish() {
  scene.draw.labels.resize(labels_used_);
  scene.draw.tubes.resize(tubes_used_);

  // Bounds of everything drawn, for framing the camera: the bed sets x and z (it
  // lies under everything), the tallest fixed parts set y, and the curves (threads,
  // drum) and labels are added point by point. Cheaper than visiting every instance.
  const Layout& L = layout;
  glm::vec3 lo(L.drum_centre.x - L.drum_radius - 0.6f, -0.12f, L.columns_z - 1.0f);
  glm::vec3 hi(L.rack_centre.x + 2.6f, 0.0f, L.slug_z + 1.2f);
  hi.y = std::max({L.column_base_y + L.column_height + 0.6f, L.drum_centre.y + 0.5f * L.drum_height + 0.3f,
                   L.bays[static_cast<std::size_t>(sel_layer)].lifted_y + 1.2f, 2.1f});
  for (int l = 0; l < kLayers; ++l)
    if (lifted_head(l) >= 0) hi.y = std::max(hi.y, L.bays[static_cast<std::size_t>(l)].lifted_y + 1.2f);
  const auto grow = [&](const glm::vec3& p, float r) {
    lo = glm::min(lo, p - glm::vec3(r));
    hi = glm::max(hi, p + glm::vec3(r));
  };
  for (const auto& t : scene.draw.tubes)
    for (const auto& p : t.points) grow(p, t.radius);
  for (const auto& l : scene.draw.labels) grow(l.position, l.height);
  scene.anchors.bounds_min = lo;
  scene.anchors.bounds_max = hi;
  // The one pass that tells the renderer what changed since the last build.
  scene.stamp.stamp(scene.draw);
}

std::string_view label_text(char c, char (&buffer)[2]) {
  if (c == ' ') return "sp";
  buffer[0] = c;
  buffer[1] = '\0';
  return {buffer, 1};
}

}  // namespace am::machine
