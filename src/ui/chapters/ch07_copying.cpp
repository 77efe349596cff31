// Chapter 7: induction: A B ... A -> B, on nonsense the model never read.
#include "am/model/alphabet.hpp"
#include "am/ui/facts.hpp"
#include "am/ui/head_roles.hpp"
#include "am/ui/live_numbers.hpp"
#include "am/ui/text_format.hpp"
#include "chapter_common.hpp"

namespace am::ui::chapters {
namespace {

constexpr std::string_view kDemo = "qzxv kplw qzxv kp";

struct Pair {
  HeadRef previous;   // layer-1 head that looks one back most
  HeadRef induction;  // later-layer head with the highest induction score
};

Pair measured_pair(const AnalysisSummary& a) {
  return {strongest(a.heads, &HeadScoreSet::previous, 0), strongest(a.heads, &HeadScoreSet::induction, kLayers - 1)};
}

const HeadScoreSet& scores(const AnalysisSummary& a, HeadRef r) {
  return a.heads[static_cast<std::size_t>(r.layer)][static_cast<std::size_t>(r.head)];
}

ChapterStage stage(const ChapterContext& c) {
  ChapterStage s;
  s.camera = CameraPose::kPlates;
  s.focus = {machine::FocusPart::kPathPlates, machine::FocusPart::kCopyThread};
  s.highlight = kHighlightPlates | kHighlightThreads | kHighlightReadout;
  if (c.analysis) {
    const Pair p = measured_pair(*c.analysis);
    s.view.highlight_path = true;
    s.view.path_heads[0] = std::make_pair(p.previous.layer, p.previous.head);
    s.view.path_heads[1] = std::make_pair(p.induction.layer, p.induction.head);
    s.lift = std::make_pair(p.induction.layer, p.induction.head);
  }
  return s;
}

std::string body(const ChapterContext& c) {
  if (!has_pass(c)) return empty_text_note();
  const std::string text = window_text(c);
  const int last = c.acts->length() - 1;
  std::string out = "Read this: \u201c" + text + "\u201d.";
  const auto target = find_copy_target(text);
  const auto best = top_guesses(*c.acts, last, 1)[0];
  if (!target) {
    out += " Its last character has not appeared before, so there is nothing to copy: the model's favourite is " +
           quote_char(id_to_char(best.id)) + " at " + fmt_percent(best.probability) +
           ". Type a stretch of nonsense twice, stopping part-way through the second copy, to see copying.";
  } else {
    const int expected = char_to_id(target->expected);
    out += " Its last character, " + quote_char(text.back()) + ", also stands at " + place(target->earlier) +
           ", where " + quote_char(target->expected) + " came next. A model that copies would guess " +
           quote_char(target->expected) + " now. This one gives it " +
           fmt_percent(probability_of(*c.acts, last, expected)) + pulled_note(c);
    if (c.state->pulled.any() && c.intact && c.intact->length() == c.acts->length())
      out += ", against " + fmt_percent(probability_of(*c.intact, last, expected)) + " with every head in place";
    out += "; its favourite is " + quote_char(id_to_char(best.id)) + " at " + fmt_percent(best.probability) + ".";
    if (text == kDemo)
      out += " No book put these letters together, so the answer cannot have been memorised: it has to be copied "
             "from earlier in the text.";
  }
  out += "\n\nIt takes both layers. A previous-character head in the first layer marks each character with the one "
         "that came before it. A head in the next layer then takes the current character and asks: which "
         "character had this one just before it? It finds what followed the first time round and brings it over: "
         "A B \u2026 A \u2192 B. Researchers at Anthropic named these induction heads in " +
         std::to_string(facts::kInductionHeadsNamedYear) + ".";
  if (!c.analysis) {
    out += "\n\nThe analysis file is missing, so which heads do this in the loaded model cannot be said from "
           "measured scores.";
    return out;
  }
  const Pair p = measured_pair(*c.analysis);
  const RoleThresholds t = role_thresholds(c);
  const HeadScoreSet& ps = scores(*c.analysis, p.previous);
  const HeadScoreSet& is = scores(*c.analysis, p.induction);
  out += "\n\nIn this model the analysis points to " + head_name(p.previous.layer, p.previous.head) + " (" +
         fmt_percent(ps.previous) + " of its attention one character back) and " +
         head_name(p.induction.layer, p.induction.head) + " (induction score " + fmt_percent(is.induction) + ").";
  if (ps.previous < t.previous)
    out += " That is below the analysis's threshold for a previous-character head, " + fmt_percent(t.previous) +
           ".";
  out += " " + describe_induction(c.analysis->heads, t);
  if (target) {
    const int T = c.acts->length();
    const float* row = head_weights(*c.acts, p.induction.layer, p.induction.head) + static_cast<std::size_t>(last) * T;
    out += " Right now " + head_name(p.induction.layer, p.induction.head) + " puts " + fmt_percent(row[target->next]) +
           " of the last character's attention on the " + quote_char(target->expected) + " at " +
           place(target->next) + ".";
  }
  if (is.space >= t.spaces && is.space >= t.spaces_over_share * is.space_share)
    out += " On ordinary text, where there is nothing to copy, " + head_name(p.induction.layer, p.induction.head) +
           " mostly rests on spaces (" + fmt_percent(is.space) + " of its attention).";
  if (c.analysis->demo)
    out += " On \u201c" + c.analysis->demo->text + "\u201d the analysis measured P(" + c.analysis->demo->expected +
           ") = " + fmt_fixed(c.analysis->demo->probability, 2) + " at step " + fmt_int(c.analysis->step) + ".";
  return out;
}

std::string caption(const ChapterContext& c) {
  if (!c.analysis) return "previous-character head \u2192 induction head: A B \u2026 A \u2192 B";
  const Pair p = measured_pair(*c.analysis);
  return head_name(p.previous.layer, p.previous.head) + " (previous character) \u2192 " +
         head_name(p.induction.layer, p.induction.head) +
         " (induction): from the repeated character to what followed it the first time";
}

std::string try_this(const ChapterContext& c) {
  std::string s = "Invent your own nonsense, type it twice and stop part-way through the second copy";
  if (c.analysis) {
    const Pair p = measured_pair(*c.analysis);
    s += "; then pull " + head_name(p.induction.layer, p.induction.head) + " out of the rack and watch the copy fade";
  }
  return s + ".";
}

std::string prompt(const ChapterContext& c) {
  const auto target = find_copy_target(window_text(c));
  if (!target) return "Will the model find anything to copy in this text?";
  return "Will the model's favourite next character be " + quote_char(target->expected) + ", the one that followed " +
         quote_char(window_text(c).back()) + " last time?";
}

Reveal reveal(const ChapterContext& c) {
  Reveal r;
  if (!has_pass(c)) {
    r.explanation = empty_text_note();
    return r;
  }
  const std::string text = window_text(c);
  const auto target = find_copy_target(text);
  const auto best = top_guesses(*c.acts, c.acts->length() - 1, 1)[0];
  if (!target) {
    r.correct_choice = 1;
    r.explanation = "The last character never appeared before, so there is nothing to copy.";
    return r;
  }
  r.correct_choice = id_to_char(best.id) == target->expected ? 0 : 1;
  r.explanation = "Its favourite is " + quote_char(id_to_char(best.id)) + " at " + fmt_percent(best.probability) + ".";
  return r;
}

}  // namespace

Chapter ch07_copying() {
  Chapter ch;
  ch.number = 7;
  ch.title = "Copying what came next last time";
  ch.default_text = kDemo;
  ch.stage = stage;
  ch.body = body;
  ch.caption = caption;
  ch.try_this = try_this;
  ch.predict = PredictQuestion{prompt, yes_no_choices, reveal};
  return ch;
}

}  // namespace am::ui::chapters
