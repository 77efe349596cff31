// Chapter 6: what each head does, named from measured scores (and live ones).
#include <vector>

#include "am/ui/head_roles.hpp"
#include "am/ui/live_numbers.hpp"
#include "am/ui/text_format.hpp"
#include "chapter_common.hpp"

namespace am::ui::chapters {
namespace {

// An offset bin counts as part of where a head looks when it holds at least this share.
constexpr double kProfileShare = 0.1;

// "itself and the last 2 characters (34 %, 36 % and 17 %)": where a head without a
// named job puts its attention, from the analysis's offset profile.
std::string profile_words(const CircuitHead& h) {
  const auto& p = h.offset_profile;
  const int beyond = static_cast<int>(p.size()) - 1;
  int first = -1, last = -1;
  for (int d = 0; d < beyond; ++d)
    if (p[static_cast<std::size_t>(d)] >= kProfileShare) {
      if (first < 0) first = d;
      last = d;
    }
  if (first < 0)
    return "looks far back: " + fmt_percent(p[static_cast<std::size_t>(beyond)]) +
           " of its attention lands more than " + fmt_int(beyond - 1) + " characters back";
  std::vector<double> shares;
  for (int d = first; d <= last; ++d) shares.push_back(p[static_cast<std::size_t>(d)]);
  std::string where;
  if (first == 0 && last == 0)
    where = "on itself";
  else if (first == 0)
    where =
        "over itself and the last " + (last == 1 ? std::string("character") : fmt_int(last) + " characters");
  else if (first == last)
    where = "on the character " + fmt_int(first) + " back";
  else
    where = "over the characters " + fmt_int(first) + " to " + fmt_int(last) + " back";
  std::string list;
  for (std::size_t i = 0; i < shares.size(); ++i)
    list += (i == 0 ? "" : (i + 1 == shares.size() ? " and " : ", ")) + fmt_percent(shares[i]);
  std::string out = "spreads its attention " + where + " (" + list + ")";
  if (p[static_cast<std::size_t>(beyond)] >= kProfileShare)
    out += ", and " + fmt_percent(p[static_cast<std::size_t>(beyond)]) + " more than " + fmt_int(beyond - 1) +
           " characters back";
  return out;
}

// For every head of a layer with no named job: its offset profile in words.
std::string unnamed_heads(const AnalysisSummary& a, int layer, const RoleThresholds& t) {
  if (!a.circuit) return "";
  std::string out;
  for (int h = 0; h < kHeads; ++h) {
    const auto L = static_cast<std::size_t>(layer), H = static_cast<std::size_t>(h);
    if (role_of(a.heads[L][H], t) != HeadRole::kNone) continue;
    out += " " + head_name(layer, h) + " " + profile_words(a.circuit->heads[L][H]) + ".";
  }
  return out.empty() ? out : " Where no threshold is passed, the offsets tell what a head does:" + out;
}

bool any_induction(const HeadTable& table, const RoleThresholds& t) {
  for (const auto& layer : table)
    for (const auto& h : layer)
      if (h.induction >= t.induction) return true;
  return false;
}

// clang-format off
std::string body(const ChapterContext& c) {
  std::string out =
      "The " + std::to_string(kHeads) + " heads of a layer read exactly the same numbers, yet each has learned "
      "something different. Nobody handed out the jobs; training divided them.";
  if (answer_hidden(c))
    return out + "\n\nWhich head looks most at the character just before? Answer the question below; then the "
                 "measured jobs, and the table of every head's scores, appear here.";
  if (!c.analysis)
    return out + "\n\nThe analysis file is missing, so the jobs cannot be named from measured scores here.";
  out += "\n\nMeasured on held-out text:";
  const RoleThresholds t = role_thresholds(c);
  for (int l = 0; l < kLayers; ++l) out += " " + describe_layer_roles(c.analysis->heads, l, t);
  if (c.analysis->circuit) out += "\n\nThe table below scores every head; hover a cell for its number.";
  return out;
}

std::string numbers(const ChapterContext& c) {
  if (answer_hidden(c)) return {};
  std::string out;
  if (c.analysis) {
    out = "These are the scores of the step " + fmt_int(c.analysis->step) + " weights.";
    // the layer sentences already name any induction heads; otherwise say how close the best came
    if (!any_induction(c.analysis->heads, role_thresholds(c)))
      out += " " + describe_induction(c.analysis->heads, role_thresholds(c));
    for (int l = 0; l < kLayers; ++l) out += unnamed_heads(*c.analysis, l, role_thresholds(c));
  }
  if (has_pass(c) && c.acts->length() > 1) {
    const HeadTable live = live_head_scores(*c.acts, window_text(c));
    out += std::string(out.empty() ? "" : "\n\n") + "On the " + std::to_string(c.acts->length()) +
           " characters you are reading now (one short text, so these figures wobble more):";
    for (int l = 0; l < kLayers; ++l) out += " " + describe_layer_roles(live, l, role_thresholds(c));
  }
  return out;
}
// clang-format on

// The head scores the caption and the answer go by: the analysis's, or else the live
// pass's; all zero, with no source, when there is neither.
struct ScoresToGoBy {
  HeadTable table{};
  const char* source = nullptr;
};
ScoresToGoBy scores_to_go_by(const ChapterContext& c) {
  if (c.analysis) return {c.analysis->heads, "the analysis"};
  if (has_pass(c)) return {live_head_scores(*c.acts, window_text(c)), "the text on screen"};
  return {};
}

std::string caption(const ChapterContext& c) {
  if (answer_hidden(c)) return "every head against the same measures, after you answer";
  const HeadTable table = scores_to_go_by(c).table;
  std::string s;
  for (int l = 0; l < kLayers; ++l) {
    std::string layer = roles_caption(table, l, role_thresholds(c));
    // with offset profiles measured, an unnamed layer is described by them in the text
    if (c.analysis && c.analysis->circuit)
      if (const auto at = layer.find("no clear jobs"); at != std::string::npos)
        layer.replace(at, std::string("no clear jobs").size(), "spread over the last few characters");
    s += (l ? " | " : "") + layer;
  }
  return s;
}

// The head that looks at spaces most, and a text with many gaps for it to find.
constexpr std::string_view kSpacedText = "a cat and a dog sat on a mat in the sun by the sea";

std::string try_words(const ChapterContext& c) {
  if (!c.analysis)
    return "Type a long sentence with many spaces and see which head's threads gather on the gaps.";
  const HeadRef s = strongest(c.analysis->heads, &HeadScores::space);
  return "Type a sentence of short words, with many spaces: " + head_name_of(s) +
         ", the head that leans most on spaces, gathers its threads on the gaps.";
}

std::vector<std::string> try_actions(const ChapterContext& c) {
  if (!c.analysis) return {};
  return {"text " + std::string(kSpacedText),
          "head " + head_name_of(strongest(c.analysis->heads, &HeadScores::space))};
}

TryExpect try_expect(const ChapterContext& c) {
  if (!c.analysis) return {};
  const HeadRef s = strongest(c.analysis->heads, &HeadScores::space);
  return {head_name_of(s) + " puts more of its attention on spaces than spaces' share of the text",
          [s](const ChapterContext& after) {
            if (!has_pass(after) || window_text(after) != kSpacedText) return false;
            const HeadScores live = scores_of(live_head_scores(*after.acts, window_text(after)), s);
            return live.space > live.space_share;
          }};
}

std::vector<std::string> choices(const ChapterContext&) {
  std::vector<std::string> out;
  for (int l = 0; l < kLayers; ++l) out.push_back("layer " + std::to_string(l + 1));
  return out;
}

Reveal answer_from(const ChapterContext& c) {
  Reveal r;
  const auto [table, source] = scores_to_go_by(c);
  if (!source) return no_text_reveal();
  const HeadRef best = strongest(table, &HeadScores::previous);
  r.correct_choice = best.layer;
  r.explanation = std::string("By ") + source + ", " + head_name_of(best) + " puts " +
                  fmt_percent(scores_of(table, best).previous) +
                  " of its attention one character back, the most of any head.";
  return r;
}

}  // namespace

constinit const Chapter kEightHeads = {
    .title = "What the eight heads do",
    .default_text = "the cat sat on the mat, and the dog sat on the log.",
    .stage = {.camera = CameraPose::kPlates,
              .focus = {machine::FocusPart::kAllPlates},
              .view = {.show_beads = false},
              .highlight = kHighlightPlates | kHighlightThreads},
    .body = body,
    .numbers = numbers,
    .caption = caption,
    .try_this = {.words = try_words, .actions = try_actions, .expect = try_expect},
    .predict =
        PredictQuestion{
            .prompt = "Which layer do you think holds the head that looks most at the character just before?",
            .choices = choices,
            .answer_from = answer_from},
};

}  // namespace am::ui::chapters
