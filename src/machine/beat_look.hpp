// How a beat changes the look of the parts it is about (everything else is drawn as
// usual): which tube stretch it writes into and how much of it is written yet, how many
// slugs have arrived, how high the columns stand, where a needle or a bead is. Pure.
#pragma once

#include "am/machine/layout.hpp"
#include "am/machine/scene.hpp"

namespace am::machine {

// The stretch a beat writes into at its query (-1: none): stages after it are not
// written yet, stages before it are complete.
int beat_stretch(const BeatStage& beat);
// How many of the 32 bands of `stage` at `position` are shown (kDModel: all).
int bands_shown(const SceneInput& in, int stage, int position);
// Slugs: whether slug `position` has arrived, and how far above its place it still is.
bool slug_arrived(const SceneInput& in, int position, int length, float& drop);
// The share of their height the probability columns stand at (1: as usual).
float column_share(const SceneInput& in);
// The needle of MLP neuron `n` in `layer`: the value it shows now (post as usual).
float needle_value(const SceneInput& in, int layer, float pre, float post);
// Whether a beat is about this layer's needles (they are drawn larger while it is).
bool needles_in_beat(const SceneInput& in, int layer);
// Dials on the lifted plate in chapter 2's beats: the share of its score a dial's needle
// has swung to (0: not computed yet; 1: done).
float dial_share(const SceneInput& in, int layer, int head, int key);
// Threads: the share of its weight a thread shows (1 as usual), and beads' place along
// their thread (t = 1 at the key, 0 at the query; < 0: hidden), or nullopt for the usual.
float thread_share(const SceneInput& in, int layer, int head);
std::optional<float> bead_place(const SceneInput& in, int layer, int head);
// The shutter: how far above the plate it still hangs (0: down), or < 0: not drawn yet.
float shutter_lift(const SceneInput& in, int layer, int head);
// Grid cells: whether cell (i, j) is computed yet, and whether it is a cached row.
bool cell_shown(const SceneInput& in, int layer, int head, int i, int j, bool& cached);

}  // namespace am::machine
