#include "machine_view.hpp"

#include "am/model/config.hpp"
#include "am/model/forward.hpp"
#include "scene_source.hpp"

namespace am::app {

MachineView::MachineView(const Weights& weights, machine::TrainingTrack track) : weights_(weights) {
  input_.training = std::move(track);
  input_.training.current_step = weights.step;
}

void MachineView::set_text(const std::string& raw) {
  normalized_ = normalize(raw);
  // The model reads the last kContext characters; the scene shows exactly those.
  const std::size_t n = normalized_.text.size();
  const std::size_t start = n > static_cast<std::size_t>(kContext) ? n - kContext : 0;
  input_.text = normalized_.text.substr(start);
  input_.selected_position = -1;
  run_forward();
}

void MachineView::set_pulled(const HeadMask& pulled) {
  input_.pulled = pulled;
  run_forward();
}

void MachineView::run_forward() {
  forward(weights_, normalized_.ids, input_.pulled, acts_);
  input_.acts = &acts_;
  input_.intact = nullptr;
  if (input_.pulled.any()) {
    forward(weights_, normalized_.ids, HeadMask{}, intact_);
    input_.intact = &intact_;
  }
}

void MachineView::click(render::PickId id) {
  const machine::Part* part = scene_.part(id);
  if (part == nullptr) return;
  using machine::PartKind;
  switch (part->kind) {
    case PartKind::kSlug:
    case PartKind::kDial:
    case PartKind::kThread:
    case PartKind::kBead:
      if (part->position >= 0) input_.selected_position = part->position;
      break;
    case PartKind::kHeadPlate:
      if (part->layer >= 0 && part->head >= 0) {
        input_.selected_layer = part->layer;
        input_.selected_head = part->head;
      }
      break;
    case PartKind::kRackHead:
      if (part->layer >= 0 && part->head >= 0) {
        HeadMask m = input_.pulled;
        m.pulled[static_cast<std::size_t>(part->layer)][static_cast<std::size_t>(part->head)] =
            !m.pulled[static_cast<std::size_t>(part->layer)][static_cast<std::size_t>(part->head)];
        set_pulled(m);
      }
      break;
    default:
      break;
  }
}

void MachineView::build(double time_seconds) {
  input_.time_seconds = time_seconds;
  build_machine_scene(input_, scene_);
}

std::string MachineView::describe(render::PickId id) const {
  const machine::Part* part = scene_.part(id);
  return part == nullptr ? std::string() : describe_machine_part(*part, input_);
}

}  // namespace am::app
