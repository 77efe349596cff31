// Chapter 9: ablation: pulling a head out and recounting.
#include "am/ui/ablation_contrasts.hpp"
#include "am/ui/text_format.hpp"
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
  if (drop >= kLargeDrop) return "it falls to " + fmt_percent(after) + ", " + fmt_points(drop) + " lower";
  if (std::abs(drop) <= kNegligibleDrop) return "almost nothing changes: " + fmt_percent(after);
  if (drop > 0) return "it drops to " + fmt_percent(after) + ", " + fmt_points(drop) + " lower";
  return "it rises to " + fmt_percent(after);
}

std::string live_part(const ChapterContext& c) {
  if (!c.state) return {};
  if (!c.state->pulled.any())
    return "Pull any head in the rack and the model is recounted on the same stretches with that head "
           "missing.";
  const std::string pulled = c.state->pulled.to_string();
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

std::string body(const ChapterContext& c) {
  std::string out =
      "Setting a head's output to zero is like pulling it out of the rack: everything else stays as it was.";
  if (!c.analysis) {
    out += "\n\nThe analysis file is missing, so the table of what each head costs is not available.";
    const std::string live = live_part(c);
    return live.empty() ? out : out + "\n\n" + live;
  }
  const AnalysisSummary& a = *c.analysis;
  out += " On ";
  out += a.sequences ? fmt_int(*a.sequences) + " unseen stretches" : std::string("unseen stretches");
  out += " of repeated nonsense, with every head in place, the step " + fmt_int(a.step) + " model gets " +
         fmt_percent(a.accuracy) + " of the characters right the second time round.";
  const AblationContrasts k = pick_contrasts(a);
  const auto& ind = scores_of(a.heads, k.induction);
  // below the threshold a head is not called an induction head
  const bool is_induction = ind.induction >= role_thresholds(c).induction;
  out += "\n\nPull out " + head_name_of(k.induction) +
         (is_induction
              ? ", the strongest induction head (score " + fmt_percent(ind.induction) + ")"
              : ", the head with the highest induction score (only " + fmt_percent(ind.induction) + ")") +
         ", and ";
  out += k.induction_accuracy ? effect(a.accuracy, *k.induction_accuracy)
                              : std::string("the table has no row for it");
  out += ".";
  if (k.relied_on.valid()) {
    const auto& rel = scores_of(a.heads, k.relied_on);
    out += " Pull out " + head_name_of(k.relied_on) +
           ", the earlier-layer head whose removal costs the most (it puts " + fmt_percent(rel.previous) +
           " of its attention one character back), and ";
    out += k.relied_on_accuracy ? effect(a.accuracy, *k.relied_on_accuracy)
                                : std::string("the table has no row for it");
    out += ".";
  }
  if (k.unimportant.valid() && k.unimportant_accuracy)
    out += " Pull out " + head_name_of(k.unimportant) + " instead, and " +
           effect(a.accuracy, *k.unimportant_accuracy) + ".";
  if (k.both_induction_accuracy)
    out += " With both " + head_name_of(k.induction) + " and " + head_name_of(k.second_induction) +
           " pulled, " + effect(a.accuracy, *k.both_induction_accuracy) + ".";
  const RoleThresholds t = role_thresholds(c);
  if (ind.induction < t.induction)
    out += " No head here reaches the analysis's induction threshold of " + fmt_percent(t.induction) + ".";
  else if (k.induction_accuracy && a.accuracy - *k.induction_accuracy < kLargeDrop)
    out += " No single induction head is indispensable here: pulling the strongest costs less than " +
           fmt_points(kLargeDrop) + ".";
  out += " Whether a head really matters, pulling it out tells you.";
  const std::string live = live_part(c);
  if (!live.empty()) out += "\n\n" + live;
  return out;
}

std::string caption(const ChapterContext& c) {
  if (!c.analysis) return "pull a head to recount";
  const AnalysisSummary& a = *c.analysis;
  const AblationContrasts k = pick_contrasts(a);
  std::string s = "Repeated nonsense, second time right: all heads " + fmt_percent(a.accuracy);
  const auto add = [&](HeadRef r, const std::optional<double>& acc) {
    if (r.valid() && acc) s += " \u00b7 without " + head_name_of(r) + " " + fmt_percent(*acc);
  };
  add(k.induction, k.induction_accuracy);
  add(k.relied_on, k.relied_on_accuracy);
  add(k.unimportant, k.unimportant_accuracy);
  return s;
}

std::string try_this(const ChapterContext& c) {
  if (!c.analysis) return "Pull heads out in the rack, one at a time, and push them back.";
  const AblationContrasts k = pick_contrasts(*c.analysis);
  std::string s = "Pull " + head_name_of(k.induction);
  if (!k.relied_on.valid()) return s + ", watch the copy's column beside its ghost, then push it back.";
  s += " and " + head_name_of(k.relied_on);
  return s + " together, watch the copy's column drop beside its ghost, then push them back.";
}

std::vector<std::string> choices(const ChapterContext&) {
  std::vector<std::string> out;
  for (int l = 0; l < kLayers; ++l)
    for (int h = 0; h < kHeads; ++h) out.push_back(head_name(l, h));
  return out;
}

Reveal reveal(const ChapterContext& c) {
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
  r.explanation = "Without " + head_name(l, h) + " the accuracy is " + fmt_percent(*worst) + ", against " +
                  fmt_percent(c.analysis->accuracy) + " with every head.";
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
    .caption = caption,
    .try_this = try_this,
    .predict =
        PredictQuestion{
            .prompt = "Which single head, pulled out alone, do you think costs the most accuracy?",
            .choices = choices,
            .reveal = reveal},
};

}  // namespace am::ui::chapters
