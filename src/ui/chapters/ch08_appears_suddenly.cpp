// Chapter 8: the drum: copying appears in a short stretch of training.
#include <algorithm>
#include <cmath>
#include <vector>

#include "am/model/head_mask.hpp"
#include "am/ui/facts.hpp"
#include "am/ui/head_roles.hpp"
#include "am/ui/text_format.hpp"
#include "chapter_common.hpp"

namespace am::ui::chapters {
namespace {

// Lift the strongest induction head: its threads are what changes as the drum turns.
void live_stage(ChapterStage& s, const ChapterContext& c) {
  if (c.analysis) {
    const HeadRef i = strongest(c.analysis->heads, &HeadScores::induction);
    s.lift = std::make_pair(i.layer, i.head);
  }
}

std::string arrangement(const ManifestRecipe& r) {
  if (!r.repeat_share) return "The manifest does not record how the training text was arranged.";
  if (*r.repeat_share <= 0.0)
    return "Every training window was an ordinary stretch of the novels; the model never saw random letters.";
  std::string s = "How the text was arranged matters here, so plainly: in " + fmt_percent(*r.repeat_share) +
                  " of the training windows the trainer took a passage from the novels";
  if (r.repeat_min && r.repeat_max)
    s += " (" + std::to_string(*r.repeat_min) + " to " + std::to_string(*r.repeat_max) + " characters long)";
  s += " and repeated it to fill the window; the rest were ordinary stretches of the novels. All of it was "
       "real book text: the model never saw random letters.";
  return s;
}

// "the strongest induction score rose from 4 % (L2H3) to 52 % (L2H3)", from the
// head scores the analysis stored for both checkpoints.
std::string induction_growth(const TrainingRecord& t, const PhaseChange& p) {
  const CheckpointMetrics* before = t.at_step(p.before_step);
  const CheckpointMetrics* after = t.at_step(p.after_step);
  if (!before || !after || !before->heads || !after->heads) return {};
  const HeadRef b = strongest(*before->heads, &HeadScores::induction);
  const HeadRef a = strongest(*after->heads, &HeadScores::induction);
  return " Over the same steps the strongest induction score went from " +
         fmt_percent(scores_of(*before->heads, b).induction) + " (" + head_name_of(b) + ") to " +
         fmt_percent(scores_of(*after->heads, a).induction) + " (" + head_name_of(a) + ").";
}

// "a / b / c / d": every layer-1 head's share one character back (the one source every
// chapter and the table quote).
std::string layer1_previous(const AnalysisSummary& a) {
  std::string out;
  for (int h = 0; h < kHeads; ++h)
    out += (h ? " / " : "") + fmt_percent(a.heads[0][static_cast<std::size_t>(h)].previous);
  return out;
}

// What the difference in the data did, from the runs' own analyses.
std::string compare_runs(const ChapterContext& c) {
  if (!c.runs || c.runs->size() < 2) return "";
  std::vector<const RunView*> measured;
  for (const RunView& r : *c.runs)
    if (r.analysis && r.analysis->bits_per_char) measured.push_back(&r);
  if (measured.size() < 2) return "";
  std::string out =
      "\n\nWhat the data did. The weights folder holds " +
      fmt_int(static_cast<std::int64_t>(c.runs->size())) +
      " runs of this same model, trained with the same settings and the same seed; only the arrangement "
      "of the training text differs.";
  for (const RunView* r : measured) {
    const AnalysisSummary& a = *r->analysis;
    out += " \u201c" + r->title + "\u201d" + (r->name == c.run ? " (on show now)" : "") + ": " +
           r->arrangement + " It gets " + fmt_percent(a.accuracy) +
           " of the repeated nonsense right, needs " + fmt_fixed(*a.bits_per_char, 2) +
           " bits per character on held-out novel text, and its first-layer heads "
           "put " +
           layer1_previous(a) + " of their attention one character back.";
  }
  const RunView* copier = *std::max_element(
      measured.begin(), measured.end(),
      [](const RunView* x, const RunView* y) { return x->analysis->accuracy < y->analysis->accuracy; });
  const RunView* reader =
      *std::min_element(measured.begin(), measured.end(), [](const RunView* x, const RunView* y) {
        return *x->analysis->bits_per_char < *y->analysis->bits_per_char;
      });
  if (copier != reader)
    out += std::string(measured.size() == 2 ? " The run that copies better reads novels worse"
                                            : " The run that copies best reads novels worst") +
           ": induction heads formed where the data rewarded copying, and the plainer text taught the better "
           "guesses about ordinary prose.";
  else
    out += " Here one run is better at both.";
  out += " The drum overlays the other run's copy accuracy in green; switch runs in the drum's Run menu.";
  return out;
}

// clang-format off
std::string body(const ChapterContext& c) {
  const TrainingRecord* tr = c.training;
  if (!tr || tr->checkpoints.empty())
    return "The manifest of the training run is missing, so there is no drum to turn.";
  const auto& cps = tr->checkpoints;
  std::string out = "The drum holds the training run: " + fmt_int(static_cast<std::int64_t>(cps.size())) +
                    " saved checkpoints from step " + fmt_int(cps.front().step) + " to step " +
                    fmt_int(cps.back().step) + ". Turn it, and the machine takes on the weights of that moment.";
  if (!tr->has_accuracy())
    return out + "\n\nThe manifest carries no copy accuracy per checkpoint, so the sudden change cannot be shown "
                 "with measured numbers here.";
  const PhaseThresholds thresholds = phase_thresholds(c);
  if (const auto phase = find_phase_change(*tr, thresholds)) {
    out += "\n\nUp to step " + fmt_int(phase->before_step) + " the model could hardly copy: on unseen repeated "
           "nonsense it got the second copy right " + fmt_percent(phase->before_accuracy) + " of the time. By step " +
           fmt_int(phase->after_step) + ", " + fmt_int(phase->after_step - phase->before_step) +
           " steps later, it was " + fmt_percent(phase->after_accuracy) + ". That is when its induction heads formed.";
  } else {
    out += "\n\nIn this run the copy accuracy on repeated nonsense never jumped from at most " +
           fmt_percent(thresholds.low) + " to at least " + fmt_percent(thresholds.high) + ": it went from " +
           fmt_percent(*cps.front().nonsense_accuracy) + " at step " + fmt_int(cps.front().step) + " to " +
           fmt_percent(*cps.back().nonsense_accuracy) + " at the end.";
  }
  if (c.state)
    if (const CheckpointMetrics* now = tr->at_step(c.state->step); now && now->nonsense_accuracy) {
      out += " At step " + fmt_int(c.state->step) + ", where the drum stands, it gets " +
             fmt_percent(*now->nonsense_accuracy) + " right";
      if (c.state->pulled.any() && c.live_accuracy)
        out += ", and " + fmt_percent(*c.live_accuracy) + " with " + c.state->pulled.to_string(", ") + " pulled out";
      out += ".";
    }
  return out;
}

std::string numbers(const ChapterContext& c) {
  const TrainingRecord* tr = c.training;
  if (!tr || tr->checkpoints.empty()) return {};
  const auto& cps = tr->checkpoints;
  std::string out;
  if (tr->recipe.batch)
    out += "Each step reads " + fmt_int(*tr->recipe.batch) + " stretches of " + fmt_int(kContext) +
           " characters. ";
  out += arrangement(tr->recipe);
  if (!tr->has_accuracy()) return out;
  if (const auto phase = find_phase_change(*tr, phase_thresholds(c))) {
    const CheckpointMetrics* before = tr->at_step(phase->before_step);
    if (cps.front().val_loss && before && before->val_loss && phase->before_step > cps.front().step)
      out += " Before the jump its loss on held-out novel text had already fallen from " +
             fmt_fixed(nats_to_bits(*cps.front().val_loss), 2) + " to " +
             fmt_fixed(nats_to_bits(*before->val_loss), 2) + " bits per character.";
    out += " At the end, step " + fmt_int(cps.back().step) + ", it copies " +
           fmt_percent(*cps.back().nonsense_accuracy) + " right.";
    out += induction_growth(*tr, *phase);
    const auto [from, to] = bump_window(*phase);
    if (const auto bump = find_loss_bump(*tr, from, to))
      out += " Meanwhile the smoothed training loss rose from " + fmt_fixed(nats_to_bits(bump->trough), 3) + " to " +
             fmt_fixed(nats_to_bits(bump->peak), 3) + " bits (steps " + fmt_int(bump->trough_step) + " to " +
             fmt_int(bump->peak_step) + "): the kind of small bump a " +
             std::to_string(facts::kPhaseChangeStudyYear) + " study found in many models at this moment.";
    else
      out += " The smoothed training loss shows no rise around the change.";
  } else {
    const auto best = std::max_element(cps.begin(), cps.end(), [](const auto& a, const auto& b) {
      return *a.nonsense_accuracy < *b.nonsense_accuracy;
    });
    out += " Its best was " + fmt_percent(*best->nonsense_accuracy) + " at step " + fmt_int(best->step) + ".";
  }
  out += compare_runs(c);
  return out;
}
// clang-format on

std::string caption(const ChapterContext& c) {
  if (!c.training || !c.training->has_accuracy()) return "training steps on the drum";
  const auto phase = find_phase_change(*c.training, phase_thresholds(c));
  if (!phase) return "no sudden change in this run";
  return "Step " + fmt_int(phase->before_step) + " \u2192 step " + fmt_int(phase->after_step) +
         ": the repeated part right " + fmt_percent(phase->before_accuracy) + " \u2192 " +
         fmt_percent(phase->after_accuracy) + " of the time";
}

// The run to watch the jump in: this one, or another run of the folder that has one.
struct Jump {
  std::string run;  // empty: the run on show
  std::string title;
  PhaseChange phase;
};
std::optional<Jump> jump_to_watch(const ChapterContext& c) {
  const PhaseThresholds t = phase_thresholds(c);
  if (c.training && c.training->has_accuracy())
    if (const auto p = find_phase_change(*c.training, t)) return Jump{"", "", *p};
  if (c.runs)
    for (const RunView& r : *c.runs)
      if (r.name != c.run && r.training && r.training->has_accuracy())
        if (const auto p = find_phase_change(*r.training, t)) return Jump{r.name, r.title, *p};
  return std::nullopt;
}

std::string try_words(const ChapterContext& c) {
  const auto j = jump_to_watch(c);
  if (!j)
    return "Play through training with the drum's play button and watch the threads of the second layer.";
  std::string s = j->run.empty() ? std::string()
                                 : "In this run no copying appears. Choose \u201c" + j->title +
                                       "\u201d in the drum's Run menu, then d";
  s += std::string(j->run.empty() ? "D" : "") + "rag the drum from step " + fmt_int(j->phase.before_step) +
       " to step " + fmt_int(j->phase.after_step) + ": the copy accuracy jumps from " +
       fmt_percent(j->phase.before_accuracy) + " to " + fmt_percent(j->phase.after_accuracy) + ".";
  return s;
}

std::vector<std::string> try_actions(const ChapterContext& c) {
  const auto j = jump_to_watch(c);
  if (!j) return {};
  std::vector<std::string> out;
  if (!j->run.empty()) out.push_back("run " + j->run);
  out.push_back("step " + std::to_string(j->phase.before_step));
  out.push_back("step " + std::to_string(j->phase.after_step));
  return out;
}

TryExpect try_expect(const ChapterContext& c) {
  const auto j = jump_to_watch(c);
  if (!j) return {};
  const PhaseChange p = j->phase;
  return {"the copy accuracy reads " + fmt_percent(p.after_accuracy) + " at step " + fmt_int(p.after_step),
          [p](const ChapterContext& after) {
            if (!after.training || !after.state || after.state->step != p.after_step) return false;
            const CheckpointMetrics* m = after.training->at_step(p.after_step);
            return m && m->nonsense_accuracy && std::abs(*m->nonsense_accuracy - p.after_accuracy) < 1e-9;
          }};
}

}  // namespace

constinit const Chapter kAppearsSuddenly = {
    .title = "It appears suddenly",
    .default_text = kNonsenseText,
    .keeps_step = true,
    // The drum and what changes as it turns: the strongest induction head's threads.
    .stage = {.camera = CameraPose::kDrum,
              .focus = {machine::FocusPart::kDrum, machine::FocusPart::kThreads},
              .highlight = kHighlightDrum | kHighlightPlates},
    .live_stage = live_stage,
    .body = body,
    .numbers = numbers,
    .caption = caption,
    .try_this = {.words = try_words, .actions = try_actions, .expect = try_expect},
};

}  // namespace am::ui::chapters
