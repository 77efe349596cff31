#include "builder.hpp"

namespace am::machine {

void build_scene(const SceneInput& input, Scene& out) {
  Builder b(input, out);
  const Layout& L = b.layout;

  build_slugs(b);
  build_tubes(b);
  build_legend(b);
  build_head_plates(b);
  build_mlp_housings(b);
  build_readout(b);
  build_drum(b);
  build_rack(b);
  build_beat(b);
  build_tracing_overlay(b);

  Anchors& a = out.anchors;
  a.slugs = {0.0f, L.tube_y, L.slug_z};
  a.query = {b.query >= 0 ? L.x(b.query) : 0.0f, L.tube_y, L.slug_z};
  const Stretch& first = L.stretches[0];
  a.embedding = {0.0f, L.tube_y, 0.5f * (first.z_front + first.z_back)};
  for (int l = 0; l < kLayers; ++l) {
    const Bay& bay = L.bays[static_cast<std::size_t>(l)];
    const Housing& h = L.housings[static_cast<std::size_t>(l)];
    a.attention[static_cast<std::size_t>(l)] = {0.0f, bay.stack_base_y, 0.5f * (bay.z_front + bay.z_back)};
    a.mlp[static_cast<std::size_t>(l)] = {0.0f, 1.0f, 0.5f * (h.z_front + h.z_back)};
  }
  const Bay& lifted = L.bays[static_cast<std::size_t>(b.sel_layer)];
  a.lifted_plate = {0.0f, lifted.lifted_y, 0.5f * (lifted.z_front + lifted.z_back)};
  a.columns = {0.0f, L.column_base_y + 0.5f * L.column_height, L.columns_z};
  a.drum = L.drum_centre;
  a.rack = L.rack_centre;
  b.finish();
}

}  // namespace am::machine
