// Chapter 12: tracing one guess back to the parts that made it (direct logit attribution)
// and to where the copy travels (patching). Every figure comes from the tracing of the pass
// on show: the session's (context.tracing), or computed here from the same pass.
#include "am/model/alphabet.hpp"
#include "am/ui/text_format.hpp"
#include "am/ui/tracing_state.hpp"
#include "am/ui/tracing_words.hpp"
#include "chapter_common.hpp"

namespace am::ui::chapters {
namespace {

// The context's tracing, or the same computed from its pass (tests and scripts hand none).
analysis::Tracing traced(const ChapterContext& c) {
  if (c.tracing) return *c.tracing;
  if (!c.state || !c.weights || !has_pass(c)) return {};
  return analysis::trace(*c.weights, *c.acts, read_ids(*c.state), c.state->pulled, c.state->tracing.target,
                         corruption_of(*c.state));
}

bool answered(const ChapterContext& c) { return c.state && !tracing_answer_hidden(*c.state); }

// Once answered, lift the head that pushed hardest, so its threads show where its push came
// from. Before, the first plate: a plate left lifted by an earlier chapter may be the answer.
void live_stage(ChapterStage& s, const ChapterContext& c) {
  s.lift = std::make_pair(0, 0);
  const analysis::Tracing t = traced(c);
  if (t.attribution.target >= 0 && answered(c)) {
    const int h = strongest_head(t.attribution);
    if (h >= 0) s.lift = std::make_pair(h / kHeads, h % kHeads);
  }
}

std::string body(const ChapterContext& c) {
  const analysis::Tracing t = traced(c);
  const analysis::Attribution& a = t.attribution;
  if (a.target < 0) return empty_text_note();
  const std::string who = quoted_character(a.target);
  std::string out = "Every part of the machine adds a number to " + who + "'s score. The chart \"why " + who +
                    "?\" lists them, and they add up to the score exactly.";
  if (!answered(c)) return out + "\n\nAnswer the question below, then the numbers appear.";
  out += "\n\n" + head_push_sentence(a, strongest_head(a), window_text(c));
  if (t.patched)
    out +=
        "\n\nNow an earlier character is changed, and one head's output at a time is copied back from the "
        "clean text. " +
        patching_sentence(t, window_text(c));
  else
    out += "\n\nOpen Patching and press Suggest to see where the copy travels.";
  return out;
}

std::string numbers(const ChapterContext& c) {
  const analysis::Tracing t = traced(c);
  const analysis::Attribution& a = t.attribution;
  if (a.target < 0 || !answered(c)) return {};
  std::string out = score_summary(a) + "\n";
  for (int i = 0; i < analysis::kAttributionParts; ++i) {
    const double v = a.parts[static_cast<std::size_t>(i)];
    out += (i ? " \u00b7 " : "") + analysis::attribution_part_name(i) + " " + (v < 0.0 ? "\u2212" : "+") +
           fmt_fixed(std::abs(v), 2);
  }
  return out;
}

std::string caption(const ChapterContext& c) {
  const analysis::Tracing t = traced(c);
  if (t.attribution.target < 0) return "type a text to trace";
  if (!answered(c)) return "why " + quoted_character(t.attribution.target) + "? answer the question first";
  return "why " + quoted_character(t.attribution.target) + "? the parts add up to its score";
}

bool can_corrupt(const ChapterContext& c) {
  return c.state && bool(analysis::suggest_corruption(read_ids(*c.state)));
}

std::string try_words(const ChapterContext& c) {
  if (can_corrupt(c))
    return "Press Suggest under Patching: one earlier character changes, and the heat map shows which head "
           "at "
           "which place carries the copy. Hover a bar to light its part in the machine.";
  return "Click another of the likeliest characters (right column) to ask why that one.";
}

// The second likeliest character at the last place, or -1.
int runner_up(const ChapterContext& c) {
  if (!has_pass(c)) return -1;
  const int last = c.acts->length() - 1;
  return analysis::best_other(*c.acts, last, analysis::favourite(*c.acts, last));
}

std::vector<std::string> try_actions(const ChapterContext& c) {
  if (can_corrupt(c)) return {"corrupt auto"};
  const int other = runner_up(c);
  if (other < 0) return {};
  return {"attribute " + (other == char_to_id(' ') ? std::string("space") : id_to_string(other))};
}

TryExpect try_expect(const ChapterContext& c) {
  if (can_corrupt(c))
    return {"the heat map fills in", [](const ChapterContext& after) {
              return after.state && after.state->tracing.corrupt == TracingChoice::Corrupt::kAuto &&
                     traced(after).patched;
            }};
  const int other = runner_up(c);
  if (other < 0) return {};
  return {"the chart explains " + quoted_character(other),
          [other](const ChapterContext& after) { return traced(after).attribution.target == other; }};
}

std::string prompt(const ChapterContext& c) {
  const analysis::Tracing t = traced(c);
  return "Which head do you think pushed " +
         (t.attribution.target >= 0 ? quoted_character(t.attribution.target) : std::string("the guess")) +
         " up the most?";
}

Reveal answer_from(const ChapterContext& c) {
  const analysis::Tracing t = traced(c);
  if (t.attribution.target < 0) return no_text_reveal();
  Reveal r;
  r.correct_choice = strongest_head(t.attribution);
  r.explanation = head_push_sentence(t.attribution, r.correct_choice, window_text(c));
  return r;
}

}  // namespace

constinit const Chapter kTracingAGuess = {
    .title = "Tracing a guess",
    .default_text = kNonsenseText,
    .stage = {.camera = CameraPose::kPlates,
              .focus = {machine::FocusPart::kAllPlates, machine::FocusPart::kMlp},
              .highlight = kHighlightPlates | kHighlightMlp},
    .live_stage = live_stage,
    .body = body,
    .numbers = numbers,
    .caption = caption,
    .try_this = {.words = try_words, .actions = try_actions, .expect = try_expect},
    .predict = PredictQuestion{.prompt = prompt, .choices = head_choices, .answer_from = answer_from},
};

}  // namespace am::ui::chapters
