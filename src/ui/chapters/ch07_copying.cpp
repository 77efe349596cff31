// Chapter 7: induction: A B ... A -> B, on nonsense the model never read.
#include <algorithm>

#include "am/model/alphabet.hpp"
#include "am/ui/facts.hpp"
#include "am/ui/head_roles.hpp"
#include "am/ui/live_numbers.hpp"
#include "am/ui/text_format.hpp"
#include "chapter_common.hpp"

namespace am::ui::chapters {
namespace {

struct Pair {
  HeadRef previous;   // first-layer head that looks one back most
  HeadRef induction;  // later-layer head with the highest induction score
};

// The path the model uses, from the analysis's measurement (circuit.copy_path): the
// first-layer head whose removal costs the most copying, into the strongest prefix matcher.
// Without the circuit block, the older score-based pair.
struct Path {
  Pair heads;
  bool measured = false;  // from circuit.copy_path
  bool found = false;     // the measurement found a copy path
};

Path copy_path(const AnalysisSummary& a) {
  Path p;
  p.heads = {strongest(a.heads, &HeadScores::previous, 0),
             strongest(a.heads, &HeadScores::induction, kLayers - 1)};
  if (!a.circuit) return p;
  const CopyPathSummary& cp = a.circuit->copy_path;
  p.measured = true;
  p.found = cp.found;
  if (cp.to_head >= 0) p.heads.induction = {kLayers - 1, cp.to_head};
  if (cp.from_head >= 0) p.heads.previous = {0, cp.from_head};
  return p;
}

// Where the head's attention from the last character actually went: the key with the
// largest weight.
int strongest_key(const float* row, int T) {
  int best = 0;
  for (int j = 1; j < T; ++j)
    if (row[j] > row[best]) best = j;
  return best;
}

// The measured copy path in words (or that there is none in this run).
std::string path_sentences(const AnalysisSummary& a, const RoleThresholds& t) {
  const CircuitSummary& c = *a.circuit;
  const CopyPathSummary& cp = c.copy_path;
  const std::string from = head_name(0, cp.from_head), to = head_name(kLayers - 1, cp.to_head);
  if (!cp.found) {
    return "\n\nIn this run no head copies. The best second-layer score for matching prefixes (on random "
           "letters "
           "written twice, the attention on the character after the earlier copy) is " +
           fmt_percent(cp.to_prefix_matching, 1) + ", by " + to + ", where an induction head needs " +
           fmt_percent(cp.min_prefix_matching) +
           "; pulling any first-layer head changes copy accuracy by at most " +
           fmt_percent(std::max(cp.from_drop, 0.0), 1) + " (" + fmt_percent(a.accuracy, 1) +
           " with every head in).";
  }
  std::string out = "\n\nIn this model the measured path is " + from + " \u2192 " + to + ". " + to +
                    " matches prefixes best: on random letters written twice it puts " +
                    fmt_percent(cp.to_prefix_matching) +
                    " of its attention on the character after the earlier copy. "
                    "Pulling " +
                    from + " alone drops copy accuracy from " + fmt_percent(a.accuracy) + " to " +
                    fmt_percent(a.accuracy - cp.from_drop) +
                    ", more than any other first-layer head does; with " + to + " pulled too, to " +
                    fmt_percent(a.accuracy - cp.pair_drop) + ". The weights agree: " + from +
                    "'s output is what " + to + "'s keys read most, " + fmt_fixed(cp.k_composition, 2) +
                    " above chance on the composition score";
  if (cp.k_agrees) {
    out += ", the highest of the first-layer heads.";
  } else if (cp.k_top_source >= 0) {
    out +=
        ", though " + head_name(0, cp.k_top_source) + " scores higher there (" +
        fmt_fixed(c.k_score[static_cast<std::size_t>(cp.k_top_source)][static_cast<std::size_t>(cp.to_head)],
                  2) +
        ").";
  }
  const HeadRef prev = strongest(a.heads, &HeadScores::previous, 0);
  if (prev.valid() && prev.head != cp.from_head) {
    double prev_drop = 0.0;
    HeadMask m;
    m.pulled[0][static_cast<std::size_t>(prev.head)] = true;
    if (auto acc = a.accuracy_with(m)) prev_drop = a.accuracy - *acc;
    out += " The first-layer head that looks one character back most, " + head_name(0, prev.head) + " (" +
           fmt_percent(a.heads[0][static_cast<std::size_t>(prev.head)].previous) +
           "), is not the one the copying rests on: pulling it leaves " +
           fmt_percent(a.accuracy - prev_drop) + ".";
  }
  const double prev_score = a.heads[0][static_cast<std::size_t>(cp.from_head)].previous;
  out += " " + from + " itself puts " + fmt_percent(prev_score) + " one character back on novel text";
  out += prev_score < t.previous ? ", under the " + fmt_percent(t.previous) +
                                       " threshold for a previous-character head: "
                                       "it spreads its attention over the last few characters."
                                 : ".";
  return out;
}

// Over-copying on novel text, for every run the folder holds.
std::string false_copy_sentences(const ChapterContext& c) {
  if (!c.analysis || !c.analysis->circuit) return "";
  const CircuitSummary& mine = *c.analysis->circuit;
  std::string out =
      "\n\nCopying has a price on ordinary text. When this model is at least " +
      fmt_percent(mine.false_copy_threshold) +
      " sure of the character that followed the last time the current one appeared, it is wrong " +
      fmt_percent(mine.false_copy_rate) + " of the time (" + fmt_int(mine.false_copy_wrong) + " of " +
      fmt_int(mine.false_copy_confident) + " such guesses in held-out novel text).";
  if (c.runs)
    for (const RunView& r : *c.runs)
      if (r.name != c.run && r.analysis && r.analysis->circuit)
        out += " The run \u201c" + r.title + "\u201d: " + fmt_percent(r.analysis->circuit->false_copy_rate) +
               " (" + fmt_int(r.analysis->circuit->false_copy_wrong) + " of " +
               fmt_int(r.analysis->circuit->false_copy_confident) + ").";
  return out;
}

// The copy path of the run on show: drawn, and its induction head lifted.
void live_stage(ChapterStage& s, const ChapterContext& c) {
  if (c.analysis) {
    const Path path = copy_path(*c.analysis);
    const Pair& p = path.heads;
    // only a path the model was measured to use is drawn
    s.view.highlight_path = !path.measured || path.found;
    s.view.path_heads[0] = std::make_pair(p.previous.layer, p.previous.head);
    s.view.path_heads[1] = std::make_pair(p.induction.layer, p.induction.head);
    s.lift = std::make_pair(p.induction.layer, p.induction.head);
  }
}

std::string body(const ChapterContext& c) {
  if (!has_pass(c)) return empty_text_note();
  const std::string text = window_text(c);
  const int last = c.acts->length() - 1;
  std::string out = "Read this: \u201c" + text + "\u201d.";
  const auto target = find_copy_target(text);
  const auto best = top_guesses(*c.acts, last, 1)[0];
  if (!target) {
    out +=
        " Its last character has not appeared before, so there is nothing to copy: the model's favourite "
        "is " +
        quote_char(id_to_char(best.id)) + " at " + fmt_percent(best.probability) +
        ". Type a stretch of nonsense twice, stopping part-way through the second copy, to see copying.";
  } else {
    const int expected = char_to_id(target->expected);
    out += " Its last character, " + quote_char(text.back()) + ", also stands at " + place(target->earlier);
    if (target->matched > 1)
      out += ", where the " + fmt_int(target->matched) + " characters up to it match the end of the text";
    out += ", and " + quote_char(target->expected) + " came next. A model that copies would guess " +
           quote_char(target->expected) + " now. This one gives it " +
           fmt_percent(probability_of(*c.acts, last, expected)) + pulled_note(c);
    if (compares_with_intact(c))
      out +=
          ", against " + fmt_percent(probability_of(*c.intact, last, expected)) + " with every head in place";
    out += "; its favourite is " + quote_char(id_to_char(best.id)) + " at " + fmt_percent(best.probability) +
           ".";
    if (text == kNonsenseText)
      out +=
          " No book put these letters together, so the answer cannot have been memorised: it has to be "
          "copied "
          "from earlier in the text.";
  }
  out +=
      "\n\nIt takes both layers. A previous-character head in the first layer marks each character with the "
      "one "
      "that came before it. A head in the next layer then takes the current character and asks: which "
      "character had this one just before it? It finds what followed the first time round and brings it "
      "over: "
      "A B \u2026 A \u2192 B. Researchers at Anthropic named these induction heads in " +
      std::to_string(facts::kInductionHeadsNamedYear) + ".";
  if (!c.analysis) {
    out +=
        "\n\nThe analysis file is missing, so which heads do this in the loaded model cannot be said from "
        "measured scores.";
    return out;
  }
  const RoleThresholds t = role_thresholds(c);
  const Path path = copy_path(*c.analysis);
  const Pair& p = path.heads;
  const HeadScores& is = scores_of(c.analysis->heads, p.induction);
  if (path.measured) {
    out += path_sentences(*c.analysis, t);
  } else {
    const HeadScores& ps = scores_of(c.analysis->heads, p.previous);
    out += "\n\nIn this model the analysis points to " + head_name_of(p.previous) + " (" +
           fmt_percent(ps.previous) + " of its attention one character back) and " +
           head_name_of(p.induction) + " (induction score " + fmt_percent(is.induction) + ").";
    if (ps.previous < t.previous)
      out += " That is below the analysis's threshold for a previous-character head, " +
             fmt_percent(t.previous) + ".";
    out += " " + describe_induction(c.analysis->heads, t);
  }
  if (target) {
    const int T = c.acts->length();
    const float* row = head_weights(*c.acts, p.induction.layer, p.induction.head, last);
    const int went = strongest_key(row, T);
    const std::string name = head_name_of(p.induction);
    out += " Right now " + name + " puts " + fmt_percent(row[target->next]) +
           " of the last character's attention on the " + quote_char(target->expected) + " at " +
           place(target->next);
    if (went == target->next)
      out += ", more than on any other place.";
    else
      out += "; most of it, " + fmt_percent(row[went]) + ", goes to the " +
             quote_char(text[static_cast<std::size_t>(went)]) + " at " + place(went) + ".";
  }
  if (is.space >= t.spaces && is.space >= t.spaces_over_share * is.space_share)
    out += " On ordinary text, where there is nothing to copy, " + head_name_of(p.induction) +
           " mostly rests on spaces (" + fmt_percent(is.space) + " of its attention).";
  if (c.analysis->demo)
    out += " On \u201c" + c.analysis->demo->text + "\u201d the analysis measured P(" +
           c.analysis->demo->expected + ") = " + fmt_fixed(c.analysis->demo->probability, 2) + " at step " +
           fmt_int(c.analysis->step) + ".";
  out += false_copy_sentences(c);
  return out;
}

std::string caption(const ChapterContext& c) {
  if (!c.analysis) return "previous-character head \u2192 induction head: A B \u2026 A \u2192 B";
  const Path path = copy_path(*c.analysis);
  if (path.measured && !path.found)
    return "no copy path in this run: nothing here copies what came next last time";
  const Pair p = path.heads;
  const char* why =
      path.measured ? " (pulling it costs the most copying) \u2192 " : " (previous character) \u2192 ";
  return head_name_of(p.previous) + why + head_name_of(p.induction) +
         " (induction): from the repeated character to what followed it the first time";
}

std::string try_this(const ChapterContext& c) {
  std::string s = "Invent your own nonsense, type it twice and stop part-way through the second copy";
  if (!c.analysis) return s + ".";
  if (const Path path = copy_path(*c.analysis); path.measured && !path.found) {
    s += ". This run does not copy: choose the other run in the drum's Run menu and compare";
  } else {
    s += "; then pull " + head_name_of(path.heads.induction) + " out of the rack and watch the copy fade";
  }
  return s + ".";
}

std::string prompt(const ChapterContext& c) {
  const auto target = find_copy_target(window_text(c));
  if (!target) return "Will the model find anything to copy in this text?";
  return "Will the model's favourite next character be " + quote_char(target->expected) +
         ", the one that followed " + quote_char(window_text(c).back()) + " last time?";
}

Reveal reveal(const ChapterContext& c) {
  if (!has_pass(c)) return no_text_reveal();
  Reveal r;
  const std::string text = window_text(c);
  const auto target = find_copy_target(text);
  const auto best = top_guesses(*c.acts, c.acts->length() - 1, 1)[0];
  if (!target) {
    r.correct_choice = 1;
    r.explanation = "The last character never appeared before, so there is nothing to copy.";
    return r;
  }
  r.correct_choice = id_to_char(best.id) == target->expected ? 0 : 1;
  r.explanation =
      "Its favourite is " + quote_char(id_to_char(best.id)) + " at " + fmt_percent(best.probability) + ".";
  return r;
}

}  // namespace

constinit const Chapter kCopying = {
    .title = "Copying what came next last time",
    .default_text = kNonsenseText,
    .stage = {.camera = CameraPose::kPlates,
              .focus = {machine::FocusPart::kPathPlates, machine::FocusPart::kCopyThread},
              .highlight = kHighlightPlates | kHighlightThreads | kHighlightReadout},
    .live_stage = live_stage,
    .body = body,
    .caption = caption,
    .try_this = try_this,
    .predict = PredictQuestion{.prompt = prompt, .choices = yes_no_choices, .reveal = reveal},
};

}  // namespace am::ui::chapters
