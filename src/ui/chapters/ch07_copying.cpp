// Chapter 7: induction: A B ... A -> B, on nonsense the model never read.
#include <algorithm>
#include <cmath>

#include "am/model/alphabet.hpp"
#include "am/ui/facts.hpp"
#include "am/ui/head_roles.hpp"
#include "am/ui/live_numbers.hpp"
#include "am/ui/text_format.hpp"
#include "am/ui/tracing_words.hpp"
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
// `pulls`: what pulling one head costs may be said (chapter 9 asks it; revealed there).
std::string path_sentences(const AnalysisSummary& a, const RoleThresholds& t, bool pulls) {
  const CircuitSummary& c = *a.circuit;
  const CopyPathSummary& cp = c.copy_path;
  const std::string from = head_name(0, cp.from_head), to = head_name(kLayers - 1, cp.to_head);
  if (!cp.found) {
    return "\n\nIn this run no head copies. The best second-layer score for matching prefixes (on random "
           "letters "
           "written twice, the attention on the character after the earlier copy) is " +
           fmt_percent(cp.to_prefix_matching, 1) + ", by " + to + ", where an induction head needs " +
           fmt_percent(cp.min_prefix_matching) +
           (pulls ? "; pulling any first-layer head changes copy accuracy by at most " +
                        fmt_percent(std::max(cp.from_drop, 0.0), 1) + " (" + fmt_percent(a.accuracy, 1) +
                        " with every head in)."
                  : ".");
  }
  std::string out = "\n\nIn this model the measured path is " + from + " \u2192 " + to + ". " + to +
                    " matches prefixes best: on random letters written twice it puts " +
                    fmt_percent(cp.to_prefix_matching) +
                    " of its attention on the character after the earlier copy. ";
  // Chapter 9 asks which single head costs the most: its answer waits for its Reveal.
  if (pulls)
    out += "Pulling " + from + " alone drops copy accuracy from " + fmt_percent(a.accuracy) + " to " +
           fmt_percent(a.accuracy - cp.from_drop) + ", more than any other first-layer head does; with " +
           to + " pulled too, to " + fmt_percent(a.accuracy - cp.pair_drop) + ". ";
  else
    out += "What pulling each head costs, chapter " + std::to_string(number_of(kPullingAHead)) + " (\u201c" +
           std::string(kPullingAHead.title) + "\u201d) measures; answer its question to see it here too. ";
  out += "The weights agree: " + from + "'s output is what " + to + "'s keys read most, " +
         fmt_fixed(cp.k_composition, 2) + " above chance on the composition score";
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
  if (pulls && prev.valid() && prev.head != cp.from_head) {
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

// clang-format off
// What the text offers to copy, and (after Reveal) what the model makes of it.
std::string target_words(const ChapterContext& c) {
  const std::string text = window_text(c);
  const int last = c.acts->length() - 1;
  const auto target = find_copy_target(text);
  const auto best = top_guesses(*c.acts, last, 1)[0];
  if (!target) {
    std::string out = " Its last character has not appeared before, so there is nothing to copy.";
    if (!answer_hidden(c))
      out += " The model's favourite is " + quote_char(id_to_char(best.id)) + " at " + fmt_percent(best.probability) + ".";
    return out + " Type a stretch of nonsense twice, stopping part-way through the second copy.";
  }
  std::string out = " Its last character, " + quote_char(text.back()) + ", also stands at " + place(target->earlier);
  if (target->matched > 1)
    out += ", where the " + fmt_int(target->matched) + " characters up to it match the end of the text";
  out += ", and " + quote_char(target->expected) + " came next. A model that copies would guess " +
                    quote_char(target->expected) + " now.";
  if (text == kNonsenseText)
    out += " No book put these letters together, so that guess cannot have been memorised.";
  if (answer_hidden(c)) return out;
  out += " This one gives it " + fmt_percent(probability_of(*c.acts, last, char_to_id(target->expected))) + pulled_note(c);
  if (compares_with_intact(c))
    out += ", against " + fmt_percent(probability_of(*c.intact, last, char_to_id(target->expected))) + " with every head in place";
  return out + ".";
}

std::string body(const ChapterContext& c) {
  if (!has_pass(c)) return empty_text_note();
  std::string out = "Read this: \u201c" + window_text(c) + "\u201d." + target_words(c);
  out +=
      "\n\nIt takes both layers. A head in the first layer marks each character with the one before it. A head in "
      "the second layer then takes the current character and asks: which character had this one just before it? "
      "It finds what followed the first time and brings it over: A B \u2026 A \u2192 B. Researchers at Anthropic "
      "named these induction heads in " + std::to_string(facts::kInductionHeadsNamedYear) + ".";
  return out;
}

std::string numbers(const ChapterContext& c) {
  if (!c.analysis)
    return "The analysis file is missing, so which heads do this in the loaded model cannot be said from measured "
           "scores.";
  const RoleThresholds t = role_thresholds(c);
  const Path path = copy_path(*c.analysis);
  const Pair& p = path.heads;
  const HeadScores& is = scores_of(c.analysis->heads, p.induction);
  std::string out;
  if (path.measured) {
    out += path_sentences(*c.analysis, t, c.state && question_revealed(*c.state, number_of(kPullingAHead)));
  } else {
    const HeadScores& ps = scores_of(c.analysis->heads, p.previous);
    out += "In this model the analysis points to " + head_name_of(p.previous) + " (" + fmt_percent(ps.previous) +
           " of its attention one character back) and " + head_name_of(p.induction) + " (induction score " +
           fmt_percent(is.induction) + ").";
    if (ps.previous < t.previous)
      out += " That is below the analysis's threshold for a previous-character head, " + fmt_percent(t.previous) + ".";
    out += " " + describe_induction(c.analysis->heads, t);
  }
  const auto target = has_pass(c) ? find_copy_target(window_text(c)) : std::nullopt;
  if (target && !answer_hidden(c)) {
    const int T = c.acts->length(), last = T - 1;
    const float* row = head_weights(*c.acts, p.induction.layer, p.induction.head, last);
    const int went = strongest_key(row, T);
    out += " Right now " + head_name_of(p.induction) + " puts " + fmt_percent(row[target->next]) +
           " of the last character's attention on the " + quote_char(target->expected) + " at " + place(target->next);
    out += went == target->next ? ", more than on any other place."
                                : "; most of it, " + fmt_percent(row[went]) + ", goes to the " +
                                      quote_char(window_text(c)[static_cast<std::size_t>(went)]) + " at " +
                                      place(went) + ".";
  }
  if (is.space >= t.spaces && is.space >= t.spaces_over_share * is.space_share)
    out += " On ordinary text, where there is nothing to copy, " + head_name_of(p.induction) +
           " mostly rests on spaces (" + fmt_percent(is.space) + " of its attention).";
  if (c.analysis->demo && !answer_hidden(c))
    out += " On \u201c" + c.analysis->demo->text + "\u201d the analysis measured P(" + c.analysis->demo->expected +
           ") = " + fmt_fixed(c.analysis->demo->probability, 2) + " at step " + fmt_int(c.analysis->step) + ".";
  out += false_copy_sentences(c);
  while (!out.empty() && (out.front() == '\n' || out.front() == ' ')) out.erase(out.begin());
  return out + "\n\n" + see_who_said_it();  // issue 22
}
// clang-format on

std::string caption(const ChapterContext& c) {
  if (!c.analysis) return "previous-character head \u2192 induction head: A B \u2026 A \u2192 B";
  const Path path = copy_path(*c.analysis);
  if (path.measured && !path.found)
    return "no copy path in this run: nothing here copies what came next last time";
  const Pair p = path.heads;
  // (Not "pulling it costs the most": chapter 9 asks which head that is.)
  const char* why = path.measured ? " (first layer) \u2192 " : " (previous character) \u2192 ";
  return head_name_of(p.previous) + why + head_name_of(p.induction) +
         " (induction): from the repeated character to what followed it the first time";
}

// The pair of heads whose pulling takes most from the copy on this text, measured with a
// pass per pair on the loaded weights (the measured path first when it already does it).
struct PairPull {
  HeadRef a, b;
  double before = 0.0, after = 1.0;
};
std::optional<PairPull> best_pair(const ChapterContext& c) {
  const auto before = copy_probability(c, c.state ? c.state->pulled : HeadMask{});
  if (!before || c.state->pulled.any()) return std::nullopt;
  PairPull best;
  best.before = *before;
  const auto trial = [&](HeadRef x, HeadRef y) {
    HeadMask m;
    m.pulled[static_cast<std::size_t>(x.layer)][static_cast<std::size_t>(x.head)] = true;
    m.pulled[static_cast<std::size_t>(y.layer)][static_cast<std::size_t>(y.head)] = true;
    const double p = copy_probability(c, m).value_or(1.0);
    if (p < best.after) best = {x, y, *before, p};
  };
  if (c.analysis) {
    const Path path = copy_path(*c.analysis);
    if (path.found) trial(path.heads.previous, path.heads.induction);
    if (best.after < 0.5) return best;
  }
  for (int i = 0; i < kLayers * kHeads; ++i)
    for (int j = i + 1; j < kLayers * kHeads; ++j) trial({i / kHeads, i % kHeads}, {j / kHeads, j % kHeads});
  return best;
}

// The run that copies, when the one on show does not.
const RunView* copying_run(const ChapterContext& c) {
  if (!c.runs) return nullptr;
  for (const RunView& r : *c.runs)
    if (r.name != c.run && r.analysis && r.analysis->circuit && r.analysis->circuit->copy_path.found)
      return &r;
  return nullptr;
}

bool copies_here(const ChapterContext& c) {
  const auto p = copy_probability(c, c.state ? c.state->pulled : HeadMask{});
  return p && *p >= 0.5;
}

std::string try_words(const ChapterContext& c) {
  const std::string own =
      "Invent your own nonsense, type it twice and stop part-way through the second copy.";
  if (!has_pass(c) || !find_copy_target(window_text(c))) return own;
  if (!copies_here(c)) {
    if (const RunView* r = copying_run(c))
      return "This run hardly copies here. Choose \u201c" + r->title +
             "\u201d in the drum's Run menu: there the "
             "copy becomes the favourite.";
    return own;
  }
  const auto pair = best_pair(c);
  if (!pair) return own;
  const std::string heads = head_name_of(pair->a) + " and " + head_name_of(pair->b);
  const std::string copy = quote_char(find_copy_target(window_text(c))->expected);
  if (pair->after >= 0.5)
    return "Pull " + heads + " out of the rack: no pair of heads brings the copy " + copy +
           " below half on this text.";
  if (answer_hidden(c)) return "Pull " + heads + " out of the rack: the copy " + copy + " falls below half.";
  return "Pull " + heads + " out of the rack: the copy " + copy + " falls from " + fmt_percent(pair->before) +
         " to " + fmt_percent(pair->after) + ".";
}

std::vector<std::string> try_actions(const ChapterContext& c) {
  if (!has_pass(c) || !find_copy_target(window_text(c))) return {};
  if (!copies_here(c)) {
    if (const RunView* r = copying_run(c)) return {"run " + r->name};
    return {};
  }
  const auto pair = best_pair(c);
  if (!pair) return {};
  return {pull_line(pair->a), pull_line(pair->b)};
}

TryExpect try_expect(const ChapterContext& c) {
  if (!has_pass(c) || !find_copy_target(window_text(c))) return {};
  if (!copies_here(c)) {
    if (!copying_run(c)) return {};
    return {"the copy becomes the model's favourite", [](const ChapterContext& after) {
              const auto t = has_pass(after) ? find_copy_target(window_text(after)) : std::nullopt;
              return t &&
                     id_to_char(top_guesses(*after.acts, after.acts->length() - 1, 1)[0].id) == t->expected;
            }};
  }
  const auto pair = best_pair(c);
  if (!pair) return {};
  const double want = pair->after;
  return {
      answer_hidden(c) ? std::string("the copy falls below half") : "the copy falls to " + fmt_percent(want),
      [want](const ChapterContext& after) {
        const auto p = copy_probability(after, after.state->pulled);
        return p && *p < 0.5 && std::abs(*p - want) < 1e-6;
      }};
}

std::string prompt(const ChapterContext& c) {
  const auto target = find_copy_target(window_text(c));
  if (!target) return "Will the model find anything to copy in this text?";
  return "Will the model's favourite next character be " + quote_char(target->expected) +
         ", the one that followed " + quote_char(window_text(c).back()) + " last time?";
}

Reveal answer_from(const ChapterContext& c) {
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
    .numbers = numbers,
    .caption = caption,
    .try_this = {.words = try_words, .actions = try_actions, .expect = try_expect},
    .predict = PredictQuestion{.prompt = prompt,
                               .choices = yes_no_choices,
                               .answer_from = answer_from,
                               .hides = kHidesPredictions},
};

}  // namespace am::ui::chapters
