// The words on each focus part's callout. Every figure comes from the part the
// scene built (its live numbers) and goes through text_format.
#include <algorithm>

#include "am/machine/beat_notes.hpp"
#include "am/model/alphabet.hpp"
#include "am/model/head_mask.hpp"
#include "am/ui/callouts.hpp"
#include "am/ui/chapters.hpp"
#include "am/ui/text_format.hpp"

namespace am::ui {
namespace {

using machine::FocusPart;
using machine::Part;

char char_at(const machine::SceneInput& in, int i) {
  return i >= 0 && i < static_cast<int>(in.text.size()) ? in.text[static_cast<std::size_t>(i)] : '?';
}

std::string head_of(const Part* p, const machine::SceneInput& in) {
  if (p != nullptr && p->layer >= 0 && p->head >= 0) return head_name(p->layer, p->head);
  return head_name(in.selected_layer, in.selected_head);
}

// The threads' or the beads' callout: the heaviest thread of the head, or what its beads carry.
std::string thread_words(FocusPart focus, const Part* rep, const machine::SceneInput& in,
                         const std::string& dot) {
  if (rep == nullptr) return focus == FocusPart::kThreads ? "threads" : "beads";
  if (focus == FocusPart::kBeads && rep->layer >= 0 && rep->head >= 0 &&
      in.pulled.pulled[static_cast<std::size_t>(rep->layer)][static_cast<std::size_t>(rep->head)])
    return head_of(rep, in) + " beads" + dot + "pulled out: they rest, nothing is carried back";
  if (focus == FocusPart::kBeads)
    return head_of(rep, in) + " beads" + dot + "values carried back, the biggest (weight " +
           fmt_fixed(rep->weight, 2) + ") from " + quote_char(char_at(in, rep->key));
  return head_of(rep, in) + " threads" + dot + "heaviest " + fmt_fixed(rep->weight, 2) + " to " +
         quote_char(char_at(in, rep->key));
}

// The copy thread's callout, by the beats' rule (machine::weight_look): "copies" only when
// the heaviest weight goes to a place right after an earlier copy of the query's character;
// otherwise where the weight goes, and why that is no copy.
std::string copy_thread_words(const Part* rep, const machine::SceneInput& in, const std::string& dot) {
  if (rep == nullptr || in.acts == nullptr) return {};
  const int q = rep->position;
  const machine::WeightLook look = machine::weight_look(*in.acts, in.text, rep->layer, rep->head, q);
  const std::string weight = "weight " + fmt_fixed(look.weight, 2);
  const std::string where = quote_char(char_at(in, look.key)) + ", place " + fmt_int(look.key + 1);
  if (look.after_copy) return head_of(rep, in) + " copies from " + where + dot + weight;
  const std::string target = look.key == q ? quote_char(char_at(in, q)) + " itself" : where;
  const std::string why = look.matches == 0 ? ", no earlier copy to follow"
                          : look.key == q   ? ", not copying"
                          : look.key == 0   ? ", nothing before it"
                                            : ", after " + quote_char(char_at(in, look.key - 1)) + ", not " +
                                                quote_char(char_at(in, q));
  return head_of(rep, in) + dot + weight + " on " + target + why;
}

}  // namespace

std::string callout_text(FocusPart focus, const Part* rep, const machine::SceneInput& in,
                         const AppState& state) {
  const int T = in.acts ? in.acts->length() : 0;
  const std::string dot = " \u00b7 ";
  switch (focus) {
    case FocusPart::kSlugs:
      return "type slugs" + dot + fmt_count(T, "character", "characters");
    case FocusPart::kQuerySlug:
      if (rep == nullptr) return "query";
      return "query" + dot + quote_char(char_at(in, rep->position)) + ", place " + fmt_int(rep->position + 1);
    case FocusPart::kEntryBands:
      return "embedding + position" + dot + fmt_int(kDModel) + " numbers per character";
    case FocusPart::kLiftedDials:
      if (rep == nullptr) return head_of(rep, in) + " dials";
      return head_of(rep, in) + " dials" + dot + "highest q\u00b7k/\u221a" + std::to_string(kDHead) + " = " +
             fmt_fixed(rep->scaled, 2) + " (" + quote_char(char_at(in, rep->key)) + ")";
    case FocusPart::kLiftedGrid: {
      const std::int64_t cells = static_cast<std::int64_t>(T) * (T + 1) / 2;
      // About n²/2: every character against itself and everything before, in each of the heads.
      return head_of(rep, in) + " weight grid" + dot + fmt_int(cells) +
             " cells, and as many in each of the " + fmt_int(kLayers * kHeads) + " heads";
    }
    case FocusPart::kShutter: {
      const std::int64_t hidden = static_cast<std::int64_t>(T) * (T - 1) / 2;
      return "shutter" + dot + "hides " + fmt_int(std::max<std::int64_t>(hidden, 0)) + " later cells";
    }
    case FocusPart::kThreads:
    case FocusPart::kBeads:
      return thread_words(focus, rep, in, dot);
    case FocusPart::kLayerPlates:
      return "layer " + std::to_string(std::clamp(in.selected_layer, 0, kLayers - 1) + 1) + " head plates";
    case FocusPart::kAllPlates:
      return fmt_int(kLayers * kHeads) + " head plates";
    case FocusPart::kPathPlates: {
      std::vector<std::string> names;
      for (const auto& ph : in.view.path_heads)
        if (ph) names.push_back(head_name(ph->first, ph->second));
      std::string s = "copy path";
      for (std::size_t i = 0; i < names.size(); ++i) s += (i == 0 ? dot : " \u2192 ") + names[i];
      return s;
    }
    case FocusPart::kCopyThread:
      return copy_thread_words(rep, in, dot);
    case FocusPart::kMlp:
      return "layer " + std::to_string(std::clamp(in.selected_layer, 0, kLayers - 1) + 1) + " MLP needles" +
             dot + fmt_int(kDMlp) + ", one per neuron";
    case FocusPart::kColumns:
      if (rep == nullptr || rep->index < 0) return "next-character columns";
      if (probabilities_hidden(state)) return "next-character columns" + dot + "hidden until you answer";
      return "next-character columns" + dot + quote_char(id_to_string(rep->index)[0]) + " " +
             fmt_probability(rep->value);
    case FocusPart::kDrum:
      if (rep == nullptr || rep->step < 0) return "training drum";
      {
        std::string s = "training drum" + dot + "step " + fmt_int(rep->step);
        if (rep->value >= 0.0f)
          s += dot + "loss " + fmt_fixed(nats_to_bits(rep->value), 2) + kUnitSpace + "bits";
        if (rep->weight >= 0.0f) s += dot + "copy " + fmt_percent(rep->weight);
        return s;
      }
    case FocusPart::kRack: {
      int pulled = 0;
      for (const auto& layer : in.pulled.pulled)
        for (bool p : layer) pulled += p ? 1 : 0;
      return "rack of heads" + dot + fmt_int(pulled) + " pulled";
    }
    case FocusPart::kBeatStretch:  // a beat's parts: its caption and notes speak for them
    case FocusPart::kBeatMlp:
    case FocusPart::kMachine:
    case FocusPart::kCount:
      break;
  }
  return {};
}

}  // namespace am::ui
