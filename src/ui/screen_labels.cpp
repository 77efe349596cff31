#include "am/ui/screen_labels.hpp"

#include <algorithm>
#include <cmath>

namespace am::ui {
namespace {

// A font's capital letters stand about this share of its size: an engraved label whose
// capitals are taller on screen than the twin's reads well enough as it is.
constexpr float kCapShare = 0.7f;

ScreenRect grown(const ScreenRect& r, float by) { return {r.x - by, r.y - by, r.w + 2.0f * by, r.h + 2.0f * by}; }

}  // namespace

std::optional<ProjectedLabel> project_label(const render::Label& label, const glm::mat4& view_projection,
                                            const glm::vec3& eye, const ScreenRect& viewport) {
  // Its face looks along right x up; from behind, the letters are mirrored or hidden.
  const glm::vec3 normal = glm::cross(label.right, label.up);
  if (glm::dot(normal, eye - label.position) <= 0.0f) return std::nullopt;
  const glm::vec3 centre = label.position + 0.5f * label.height * label.up;
  const auto at = project_to_window(view_projection, centre, viewport);
  if (!at || at->x < viewport.x || at->x > viewport.right() || at->y < viewport.y || at->y > viewport.bottom())
    return std::nullopt;
  // The cap height on screen: from the baseline to the top of the capitals.
  const auto base = project_to_window(view_projection, label.position, viewport);
  const auto top = project_to_window(view_projection, label.position + label.height * label.up, viewport);
  const float engraved = base && top ? glm::length(*top - *base) : 0.0f;
  const float depth = (view_projection * glm::vec4(centre, 1.0f)).w;  // the clip w: distance along the view
  return ProjectedLabel{at->x, at->y, engraved, depth};
}

std::vector<std::size_t> place_screen_labels(std::span<const ScreenLabelRequest> requests,
                                             const ScreenRect& viewport, std::span<const ScreenRect> keep_clear,
                                             float gap) {
  std::vector<std::size_t> drawn;
  std::vector<ScreenRect> taken;
  for (const ScreenRect& r : keep_clear) taken.push_back(grown(r, gap));
  for (std::size_t i = 0; i < requests.size(); ++i) {
    const ScreenLabelRequest& q = requests[i];
    if (q.px < kMinScreenLabelPx || q.box.w <= 0.0f || q.box.h <= 0.0f || !q.box.inside(viewport)) continue;
    if (std::any_of(taken.begin(), taken.end(), [&](const ScreenRect& t) { return t.overlaps(q.box); })) continue;
    drawn.push_back(i);
    taken.push_back(grown(q.box, gap));
  }
  return drawn;
}

std::vector<ScreenLabel> choose_screen_labels(std::span<const render::Label> labels,
                                              const glm::mat4& view_projection, const glm::vec3& eye,
                                              const ScreenRect& viewport, float px, const MeasureText& measure,
                                              std::span<const ScreenRect> keep_clear) {
  px = std::max(px, kMinScreenLabelPx);
  struct Candidate {
    std::size_t label;
    ProjectedLabel at;
  };
  std::vector<Candidate> seen;
  for (std::size_t i = 0; i < labels.size(); ++i) {
    if (labels[i].text.empty()) continue;
    const auto p = project_label(labels[i], view_projection, eye, viewport);
    if (p && p->engraved_px < kCapShare * px) seen.push_back({i, *p});
  }
  // Names and titles say more than one letter of the text (which the slugs show large):
  // they go first; then the nearer, which the eye is on; ties keep the machine's order.
  std::stable_sort(seen.begin(), seen.end(), [&](const Candidate& a, const Candidate& b) {
    const bool a_word = labels[a.label].text.size() > 1, b_word = labels[b.label].text.size() > 1;
    if (a_word != b_word) return a_word;
    return a.at.depth < b.at.depth;
  });
  const float pad = std::round(0.25f * px);
  std::vector<ScreenLabelRequest> requests;
  for (const Candidate& c : seen) {
    const glm::vec2 size = measure(labels[c.label].text, px) + glm::vec2(2.0f * pad);
    requests.push_back({{std::round(c.at.x - 0.5f * size.x), std::round(c.at.y - 0.5f * size.y), size.x, size.y}, px});
  }
  std::vector<ScreenLabel> out;
  for (std::size_t i : place_screen_labels(requests, viewport, keep_clear, 0.25f * px))
    out.push_back({seen[i].label, requests[i].box, px});
  return out;
}

}  // namespace am::ui
