// Tooltip text for a picked part: what it is and its numbers, one fact a line.
#include <cstdarg>
#include <cstdio>
#include <string>

#include "am/machine/layout.hpp"
#include "am/machine/scene.hpp"
#include "am/model/alphabet.hpp"

namespace am::machine {

namespace {
void append(std::string& out, const char* fmt, ...) __attribute__((format(printf, 2, 3)));
void append(std::string& out, const char* fmt, ...) {
  char buf[256];
  va_list args;
  va_start(args, fmt);
  const int n = std::vsnprintf(buf, sizeof buf, fmt, args);
  va_end(args);
  if (n > 0) out.append(buf, static_cast<std::size_t>(std::min<int>(n, sizeof buf - 1)));
}

// "'u' (16)", or "space (3)": positions are zero-based like the text cursor.
std::string char_at(const SceneInput& in, int position) {
  const int T = in.acts ? in.acts->length() : 0;
  char c = '?';
  if (position >= 0 && position < T && in.text.size() >= static_cast<std::size_t>(T))
    c = in.text[in.text.size() - static_cast<std::size_t>(T) + static_cast<std::size_t>(position)];
  std::string s = c == ' ' ? std::string("space") : std::string("'") + c + "'";
  return s + " (place " + std::to_string(position + 1) + ")";  // places count from 1, as in the chapters
}

std::string char_name(char c) { return c == ' ' ? std::string("space") : std::string("'") + c + "'"; }
}  // namespace

std::string describe(const Part& part, const SceneInput& in) {
  std::string out;
  const std::string head =
      part.layer >= 0 && part.head >= 0 ? head_name(part.layer, part.head) : std::string();
  switch (part.kind) {
    case PartKind::kNone:
      break;
    case PartKind::kSlug:
      append(out, "character %s\n", char_at(in, part.position).c_str());
      append(out, "id %d of %d", part.index, kVocab);
      break;
    case PartKind::kBand: {
      const auto stage = static_cast<Stage>(part.stage);
      append(out, "%s · %s\n", stage_name(stage), char_at(in, part.position).c_str());
      append(out, "number %d of 32 = %.3f\n", part.index + 1, static_cast<double>(part.value));
      append(out, "colour scale (max |v| of this stretch) = %.3f", static_cast<double>(part.weight));
      break;
    }
    case PartKind::kDial:
    case PartKind::kAttentionCell:
      append(out, "%s · query %s → key %s\n", head.c_str(), char_at(in, part.position).c_str(),
             char_at(in, part.key).c_str());
      append(out, "q·k = %.2f\n", static_cast<double>(part.dot));
      append(out, "÷ √8 = %.2f\n", static_cast<double>(part.scaled));
      append(out, "weight after softmax = %.2f", static_cast<double>(part.weight));
      break;
    case PartKind::kThread:
      append(out, "%s · thread %s → %s\n", head.c_str(), char_at(in, part.position).c_str(),
             char_at(in, part.key).c_str());
      append(out, "attention weight = %.2f", static_cast<double>(part.weight));
      break;
    case PartKind::kBead:
      append(out, "%s · value of %s carried to %s\n", head.c_str(), char_at(in, part.key).c_str(),
             char_at(in, part.position).c_str());
      append(out, "times its weight = %.2f", static_cast<double>(part.weight));
      break;
    case PartKind::kShutter:
      append(out, "causal mask · %s · query %s\n", head.c_str(), char_at(in, part.position).c_str());
      append(out, "the %d character%s after it are hidden:\nweight exactly 0", part.index,
             part.index == 1 ? "" : "s");
      break;
    case PartKind::kMlpNeedle:
      append(out, "L%d MLP · neuron %d of %s\n", part.layer + 1, part.index + 1,
             char_at(in, part.position).c_str());
      append(out, "before GELU = %.3f\n", static_cast<double>(part.scaled));
      append(out, "after GELU = %.3f", static_cast<double>(part.value));
      break;
    case PartKind::kProbabilityColumn:
      append(out, "next after %s: %s\n", char_at(in, part.position).c_str(),
             char_name(id_to_char(part.index)).c_str());
      if (part.value < 0.0f) {
        append(out, "probability hidden until you answer the chapter's question");
        break;
      }
      append(out, "probability = %.1f %%", 100.0 * static_cast<double>(part.value));
      if (part.has_intact)
        append(out, "\nwith every head in the rack = %.1f %%", 100.0 * static_cast<double>(part.intact));
      break;
    case PartKind::kHeadPlate:
      append(out, "%s plate%s", head.c_str(), part.value > 0.5f ? " · pulled out (output set to 0)" : "");
      break;
    case PartKind::kRackHead:
      append(out, "%s · %s", head.c_str(),
             part.value > 0.5f ? "pulled out: its output is set to 0" : "in the rack");
      break;
    case PartKind::kDrum:
      append(out, "training step %lld", static_cast<long long>(part.step));
      // stored in nats, shown in bits like every loss on screen
      if (part.value >= 0.0f)
        append(out, "\nloss = %.2f bits", static_cast<double>(part.value) / 0.69314718055994530942);
      if (part.weight >= 0.0f)
        append(out, "\nrepeated nonsense right = %.0f %%", 100.0 * static_cast<double>(part.weight));
      break;
  }
  return out;
}

}  // namespace am::machine
