// The training curves as the chapters and the drum read them: the drum's track for the
// machine scene. The sudden rise in copying and the loss bump around it are the
// analysis's searches (am/model/curve_search.hpp), run on the manifest's record.
#pragma once

#include <cstdint>

#include "am/machine/scene.hpp"
#include "am/model/curve_search.hpp"
#include "am/model/training_record.hpp"

namespace am::ui {

// The drum's data for the machine scene.
machine::TrainingTrack training_track(const TrainingRecord& record, std::int64_t current_step);

}  // namespace am::ui
