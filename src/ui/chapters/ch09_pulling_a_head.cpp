// Chapter 9: ablation: pulling a head out and recounting.
#include "am/model/alphabet.hpp"
#include "am/ui/ablation_contrasts.hpp"
#include "am/ui/live_numbers.hpp"
#include "am/ui/text_format.hpp"
#include "am/ui/tracing_words.hpp"
#include "chapter_common.hpp"

namespace am::ui::chapters {
namespace {

// Lift the head whose pulling the chapter talks about first.
void live_stage(ChapterStage& s, const ChapterContext& c) {
  if (c.analysis) {
    const HeadRef i = pick_contrasts(*c.analysis).induction;
    s.lift = std::make_pair(i.layer, i.head);
  }
}

// "falls to N %" / "drops to N %" / "hardly moves: N %", worded by the size of the change.
std::string effect(double base, double after) {
  const double drop = base - after;
  if (drop >= kLargeDrop)
    return "it falls to " + fmt_percent(after) + ", " + fmt_points_between(base, after) + " lower";
  if (std::abs(drop) <= kNegligibleDrop) return "almost nothing changes: " + fmt_percent(after);
  if (drop > 0)
    return "it drops to " + fmt_percent(after) + ", " + fmt_points_between(base, after) + " lower";
  return "it rises to " + fmt_percent(after);
}

std::string live_part(const ChapterContext& c) {
  if (!c.state) return {};
  if (!c.state->pulled.any())
    return "Pull any head in the rack and the model is recounted on the same stretches with that head "
           "missing.";
  const std::string pulled = c.state->pulled.to_string(", ");
  if (c.live_accuracy)
    return "With " + pulled + " pulled out, the recount at step " + fmt_int(c.state->step) + " gives " +
           fmt_percent(*c.live_accuracy) + ".";
  if (c.analysis && c.state->step == c.analysis->step)
    if (const auto acc = c.analysis->accuracy_with(c.state->pulled))
      return "With " + pulled + " pulled out, the analysis measured " + fmt_percent(*acc) + ".";
  return "With " + pulled +
         " pulled out; a live recount is not available in this build, and the analysis did not "
         "measure this combination at this step.";
}

// clang-format off
std::string body(const ChapterContext& c) {
  std::string out =
      "Setting a head's output to zero is like pulling it out of the rack: everything else stays as it was.";
  if (!c.analysis) {
    out += "\n\nThe analysis file is missing, so the table of what each head costs is not available.";
    const std::string live = live_part(c);
    return live.empty() ? out : out + "\n\n" + live;
  }
  const AnalysisSummary& a = *c.analysis;
  out += " On " + (a.sequences ? fmt_int(*a.sequences) + " unseen stretches" : std::string("unseen stretches")) +
         " of repeated nonsense, with every head in place, the model gets " + fmt_percent(a.accuracy) +
         " of the characters right the second time round.";
  if (answer_hidden(c))
    return out + "\n\nWhich head matters most? Answer the question below; then what each pull costs appears here.";
  const AblationContrasts k = pick_contrasts(a);
  const auto& ind = scores_of(a.heads, k.induction);
  // below the threshold a head is not called an induction head
  const bool is_induction = ind.induction >= role_thresholds(c).induction;
  out += "\n\nPull out " + head_name_of(k.induction) +
         (is_induction ? ", the strongest induction head," : ", the head with the highest induction score,") + " and ";
  out += k.induction_accuracy ? effect(a.accuracy, *k.induction_accuracy) : std::string("the table has no row for it");
  out += ".";
  if (k.relied_on.valid()) {
    out += " Pull out " + head_name_of(k.relied_on) + ", the first-layer head the copying leans on most, and ";
    out += k.relied_on_accuracy ? effect(a.accuracy, *k.relied_on_accuracy) : std::string("the table has no row for it");
    out += ".";
  }
  if (k.unimportant.valid() && k.unimportant_accuracy)
    out += " Pull out " + head_name_of(k.unimportant) + " instead, and " + effect(a.accuracy, *k.unimportant_accuracy) + ".";
  out += " Whether a head really matters, pulling it out tells you.";
  const std::string live = live_part(c);
  if (!live.empty()) out += "\n\n" + live;
  return out + "\n\n" + see_who_said_it();  // issue 22
}

std::string numbers(const ChapterContext& c) {
  if (!c.analysis || answer_hidden(c)) return {};
  const AnalysisSummary& a = *c.analysis;
  const AblationContrasts k = pick_contrasts(a);
  const auto& ind = scores_of(a.heads, k.induction);
  const RoleThresholds t = role_thresholds(c);
  std::string out = head_name_of(k.induction) + "'s induction score is " + fmt_percent(ind.induction) + ".";
  if (k.relied_on.valid())
    out += " " + head_name_of(k.relied_on) + " puts " + fmt_percent(scores_of(a.heads, k.relied_on).previous) +
           " of its attention one character back.";
  if (k.both_induction_accuracy)
    out += " With both " + head_name_of(k.induction) + " and " + head_name_of(k.second_induction) + " pulled, " +
           effect(a.accuracy, *k.both_induction_accuracy) + ".";
  if (ind.induction < t.induction)
    out += " No head here reaches the analysis's induction threshold of " + fmt_percent(t.induction) + ".";
  else if (k.induction_accuracy && a.accuracy - *k.induction_accuracy < kLargeDrop)
    out += " No single induction head is indispensable here: pulling the strongest costs less than " +
           fmt_points(kLargeDrop) + ".";
  return out;
}
// clang-format on

std::string caption(const ChapterContext& c) {
  if (!c.analysis) return "pull a head to recount";
  const AnalysisSummary& a = *c.analysis;
  std::string s = "Repeated nonsense, second time right: all heads " + fmt_percent(a.accuracy);
  if (answer_hidden(c)) return s;
  const AblationContrasts k = pick_contrasts(a);
  const auto add = [&](HeadRef r, const std::optional<double>& acc) {
    if (r.valid() && acc) s += " \u00b7 without " + head_name_of(r) + " " + fmt_percent(*acc);
  };
  add(k.induction, k.induction_accuracy);
  add(k.relied_on, k.relied_on_accuracy);
  add(k.unimportant, k.unimportant_accuracy);
  return s;
}

// The heads the chapter contrasts (the strongest induction head, and the first-layer head
// the copying leans on when there is one), pulled together.
std::vector<HeadRef> pull_heads(const ChapterContext& c) {
  if (!c.analysis || !c.state || c.state->pulled.any()) return {};
  const AblationContrasts k = pick_contrasts(*c.analysis);
  if (!k.induction.valid()) return {};
  if (!k.relied_on.valid()) return {k.induction};
  return {k.induction, k.relied_on};
}

std::optional<double> pulled_copy(const ChapterContext& c, const std::vector<HeadRef>& heads) {
  HeadMask m;
  for (HeadRef h : heads)
    m.pulled[static_cast<std::size_t>(h.layer)][static_cast<std::size_t>(h.head)] = true;
  return copy_probability(c, m);
}

std::string names_of(const std::vector<HeadRef>& heads) {
  std::vector<std::string> names;
  for (HeadRef h : heads) names.push_back(head_name_of(h));
  return join_words(names);
}

std::string try_words(const ChapterContext& c) {
  const auto heads = pull_heads(c);
  const auto before = heads.empty() ? std::nullopt : copy_probability(c, HeadMask{});
  if (!before) return "Pull heads out in the rack, one at a time, and push them back.";
  const auto after = pulled_copy(c, heads);
  const std::string pull = "Pull " + names_of(heads) + (heads.size() > 1 ? " together" : "");
  const std::string copy = quote_char(find_copy_target(window_text(c))->expected);
  if (answer_hidden(c)) return pull + " and watch the column of the copy " + copy + " beside its ghost.";
  return pull + ": the copy " + copy + " goes from " + fmt_percent(*before) + " to " + fmt_percent(*after) +
         ", and its column changes beside its ghost.";
}

std::vector<std::string> try_actions(const ChapterContext& c) {
  const auto heads = pull_heads(c);
  if (heads.empty() || !copy_probability(c, HeadMask{})) return {};
  std::vector<std::string> out;
  for (HeadRef h : heads) out.push_back(pull_line(h));
  return out;
}

TryExpect try_expect(const ChapterContext& c) {
  const auto heads = pull_heads(c);
  const auto before = heads.empty() ? std::nullopt : copy_probability(c, HeadMask{});
  if (!before) return {};
  const double want = *pulled_copy(c, heads);
  return {
      answer_hidden(c) ? std::string("the copy's column changes") : "the copy goes to " + fmt_percent(want),
      [want](const ChapterContext& after) {
        const auto got = copy_probability(after, after.state->pulled);
        return got && std::abs(*got - want) < 1e-6;
      }};
}

Reveal answer_from(const ChapterContext& c) {
  Reveal r;
  if (!c.analysis) {
    r.explanation = "The analysis file is missing, so the answer cannot be measured here.";
    return r;
  }
  std::optional<double> worst;
  for (int l = 0; l < kLayers; ++l)
    for (int h = 0; h < kHeads; ++h)
      if (const auto acc = single_head_accuracy(*c.analysis, l, h); acc && (!worst || *acc < *worst)) {
        worst = acc;
        r.correct_choice = l * kHeads + h;
      }
  if (!worst) {
    r.explanation = "The analysis did not measure single heads.";
    return r;
  }
  const int l = r.correct_choice / kHeads, h = r.correct_choice % kHeads;
  r.explanation = head_name(l, h) + ": pulled out alone it costs " +
                  fmt_points_between(c.analysis->accuracy, *worst) + ", more than any other head.";
  return r;
}

}  // namespace

constinit const Chapter kPullingAHead = {
    .title = "Pulling a head out",
    .default_text = kNonsenseText,
    .stage = {.camera = CameraPose::kRack,
              .focus = {machine::FocusPart::kRack, machine::FocusPart::kColumns},
              .highlight = kHighlightRack | kHighlightReadout},
    .live_stage = live_stage,
    .body = body,
    .numbers = numbers,
    .caption = caption,
    .try_this = {.words = try_words, .actions = try_actions, .expect = try_expect},
    .predict =
        PredictQuestion{
            .prompt = "Which single head, pulled out alone, do you think costs the most accuracy?",
            .choices = head_choices,
            .answer_from = answer_from},
};

}  // namespace am::ui::chapters
