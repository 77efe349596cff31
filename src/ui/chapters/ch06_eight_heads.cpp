// Chapter 6: what each head does, named from measured scores (and live ones).
#include "am/ui/head_roles.hpp"
#include "am/ui/live_numbers.hpp"
#include "am/ui/text_format.hpp"
#include "chapter_common.hpp"

namespace am::ui::chapters {
namespace {

ChapterStage stage(const ChapterContext&) {
  ChapterStage s;
  s.camera = CameraPose::kPlates;
  s.focus = {machine::FocusPart::kAllPlates};
  s.view.show_beads = false;
  s.highlight = kHighlightPlates | kHighlightThreads;
  return s;
}

std::string body(const ChapterContext& c) {
  std::string out = "The " + std::to_string(kHeads) +
                    " heads of a layer read exactly the same numbers, yet each has learned something different. "
                    "Nobody handed out the jobs; training divided them.";
  if (c.analysis) {
    out += "\n\nMeasured by the analysis of the step " + fmt_int(c.analysis->step) + " weights on held-out text:";
    const RoleThresholds t = role_thresholds(c);
    for (int l = 0; l < kLayers; ++l) out += " " + describe_layer_roles(c.analysis->heads, l, t);
    out += " " + describe_induction(c.analysis->heads, t);
  } else {
    out += "\n\nThe analysis file is missing, so the jobs cannot be named from measured scores here; only the live "
           "figures below, from the text on screen, are available.";
  }
  if (has_pass(c) && c.acts->length() > 1) {
    const HeadScoreTable live = live_head_scores(*c.acts, window_text(c));
    out += "\n\nOn the " + std::to_string(c.acts->length()) +
           " characters you are reading now (one short text, so these figures wobble more):";
    for (int l = 0; l < kLayers; ++l) out += " " + describe_layer_roles(live, l, role_thresholds(c));
  }
  return out;
}

std::string caption(const ChapterContext& c) {
  HeadScoreTable table{};
  if (c.analysis)
    table = c.analysis->heads;
  else if (has_pass(c))
    table = live_head_scores(*c.acts, window_text(c));
  std::string s;
  for (int l = 0; l < kLayers; ++l) s += (l ? " | " : "") + roles_caption(table, l, role_thresholds(c));
  return s;
}

std::string try_this(const ChapterContext&) {
  return "Type a long sentence with many spaces and see which head's threads gather on the gaps between words.";
}

std::string prompt(const ChapterContext&) {
  return "Which layer do you think holds the head that looks most at the character just before?";
}

std::vector<std::string> choices(const ChapterContext&) {
  std::vector<std::string> out;
  for (int l = 0; l < kLayers; ++l) out.push_back("layer " + std::to_string(l + 1));
  return out;
}

Reveal reveal(const ChapterContext& c) {
  Reveal r;
  HeadScoreTable table{};
  std::string source;
  if (c.analysis) {
    table = c.analysis->heads;
    source = "the analysis";
  } else if (has_pass(c)) {
    table = live_head_scores(*c.acts, window_text(c));
    source = "the text on screen";
  } else {
    r.explanation = empty_text_note();
    return r;
  }
  const HeadRef best = strongest(table, &HeadScoreSet::previous);
  r.correct_choice = best.layer;
  r.explanation = "By " + source + ", " + head_name(best.layer, best.head) + " puts " +
                  fmt_percent(table[static_cast<std::size_t>(best.layer)][static_cast<std::size_t>(best.head)].previous) +
                  " of its attention one character back, the most of any head.";
  return r;
}

}  // namespace

Chapter ch06_eight_heads() {
  Chapter ch;
  ch.number = 6;
  ch.title = "Eight heads, eight jobs";
  ch.default_text = "the cat sat on the mat, and the dog sat on the log.";
  ch.stage = stage;
  ch.body = body;
  ch.caption = caption;
  ch.try_this = try_this;
  ch.predict = PredictQuestion{prompt, choices, reveal};
  return ch;
}

}  // namespace am::ui::chapters
