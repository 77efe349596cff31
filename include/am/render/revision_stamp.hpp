// Stamping a draw list's revision numbers for a builder that rebuilds the whole
// list every frame and cannot tell cheaply what changed: one pass over the list
// hashes each part once (FNV-1a over 8-byte words), and a part whose hash differs
// from the last call's gets a fresh revision; the others keep theirs. The hashing
// happens here, once a frame, on the builder's side; the renderer only compares.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>

#include "am/render/draw_list.hpp"

namespace am::render {

class RevisionStamp {
 public:
  // Sets list.revisions: last call's numbers where nothing changed, fresh ones elsewhere.
  void stamp(DrawList& list) {
    DrawListRevisions& rev = list.revisions;
    std::uint64_t stripes = kSeed;
    mix(stripes, list.stripe_colors.size());
    add(stripes, &list.stripe_fill, sizeof list.stripe_fill);
    add(stripes, list.stripe_colors.data(), list.stripe_colors.size() * sizeof(glm::vec4));
    keep(stripes_, stripes, rev.stripes);
    for (std::size_t m = 0; m < static_cast<std::size_t>(kMeshCount); ++m)
      for (std::size_t k = 0; k < static_cast<std::size_t>(kMaterialCount); ++k) {
        const auto& batch = list.batches[m][k];
        // Two chains in one pass: the transforms (shape), and colours and picks.
        std::uint64_t shape = kSeed, look = kSeed;
        mix(shape, batch.size());
        bool striped = false;
        for (const Instance& inst : batch) {
          add(shape, &inst.transform, sizeof inst.transform);
          add(look, &inst.color, sizeof inst.color);
          mix(look, inst.pick);
          mix(look, (std::uint64_t{inst.stripe_first} << 32) | inst.stripe_count);
          striped = striped || inst.stripe_count != 0;
        }
        // A striped batch looks different when its stripes' colours do.
        if (striped) mix(look, stripes);
        keep(shapes_[m][k], shape, rev.shapes[m][k]);
        std::uint64_t all = shape;
        mix(all, look);
        keep(batches_[m][k], all, rev.batches[m][k]);
      }

    std::array<std::uint64_t, kMaterialCount> tube_shape;
    tube_shape.fill(kSeed);
    std::uint64_t tube_look = kSeed;
    mix(tube_look, list.tubes.size());
    for (const SweptTube& t : list.tubes) {
      std::uint64_t& shape = tube_shape[static_cast<std::size_t>(t.material)];
      mix(shape, t.points.size());
      add(shape, &t.radius, sizeof t.radius);
      add(shape, t.points.data(), t.points.size() * sizeof(glm::vec3));
      mix(tube_look, static_cast<std::uint64_t>(t.material));
      add(tube_look, &t.color, sizeof t.color);
      mix(tube_look, t.pick);
    }
    std::uint64_t tubes_all = tube_look;
    for (std::size_t k = 0; k < tube_shape.size(); ++k) {
      keep(tube_shapes_[k], tube_shape[k], rev.tube_shapes[k]);
      mix(tubes_all, tube_shape[k]);
    }
    keep(tubes_, tubes_all, rev.tubes);

    std::uint64_t labels = kSeed;
    mix(labels, list.labels.size());
    for (const Label& l : list.labels) {
      mix(labels, l.text.size());
      add(labels, l.text.data(), l.text.size());
      for (const glm::vec3* v : {&l.position, &l.right, &l.up}) add(labels, v, sizeof(glm::vec3));
      add(labels, &l.height, sizeof l.height);
      add(labels, &l.color, sizeof l.color);
      mix(labels, l.raised ? 1u : 0u);
    }
    keep(labels_, labels, rev.labels);
  }

 private:
  static constexpr std::uint64_t kSeed = 0xcbf29ce484222325ull;
  static constexpr std::uint64_t kPrime = 0x100000001b3ull;
  static void mix(std::uint64_t& h, std::uint64_t word) { h = (h ^ word) * kPrime; }
  static void add(std::uint64_t& h, const void* data, std::size_t bytes) {
    const auto* p = static_cast<const unsigned char*>(data);
    std::size_t i = 0;
    for (; i + 8 <= bytes; i += 8) {
      std::uint64_t w = 0;
      std::memcpy(&w, p + i, 8);
      mix(h, w);
    }
    for (; i < bytes; ++i) mix(h, p[i]);
  }

  struct Tracked {
    std::uint64_t hash = 0, revision = 0;
  };
  // A fresh revision when the hash moved (or on the first call); the kept one otherwise.
  static void keep(Tracked& t, std::uint64_t hash, std::uint64_t& out) {
    if (t.revision == 0 || t.hash != hash) {
      t.hash = hash;
      t.revision = next_revision();
    }
    out = t.revision;
  }

  std::array<std::array<Tracked, kMaterialCount>, kMeshCount> batches_{}, shapes_{};
  std::array<Tracked, kMaterialCount> tube_shapes_{};
  Tracked tubes_, labels_, stripes_;
};

}  // namespace am::render
