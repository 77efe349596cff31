// Chapter 8: the drum: copying appears in a short stretch of training.
#include <algorithm>
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

std::string arrangement(const Recipe& r) {
  if (!r.repeat_share) return "The manifest does not record how the training text was arranged.";
  if (*r.repeat_share <= 0.0)
    return "Every training window was an ordinary stretch of the novels; the model never saw random letters.";
  std::string s = "How the text was arranged matters here, so plainly: in " + fmt_percent(*r.repeat_share) +
                  " of the training windows the trainer took a passage from the novels";
  if (r.repeat_min_length && r.repeat_max_length)
    s += " (" + std::to_string(*r.repeat_min_length) + " to " + std::to_string(*r.repeat_max_length) +
         " characters long)";
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

// "a / b / c / d": every layer-1 head's previous-token score (the field's detect_head
// score when the analysis has it).
std::string layer1_previous(const AnalysisSummary& a) {
  std::string out;
  for (int h = 0; h < kHeads; ++h) {
    const double v = a.circuit ? a.circuit->heads[0][static_cast<std::size_t>(h)].previous_token
                               : a.heads[0][static_cast<std::size_t>(h)].previous;
    out += (h ? " / " : "") + fmt_percent(v);
  }
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

std::string body(const ChapterContext& c) {
  const TrainingRecord* tr = c.training;
  if (!tr || tr->checkpoints.empty())
    return "The manifest of the training run is missing, so there is no drum to turn.";
  const auto& cps = tr->checkpoints;
  std::string out =
      "The drum on the left holds the training run: " + fmt_int(static_cast<std::int64_t>(cps.size())) +
      " saved checkpoints from step " + fmt_int(cps.front().step) + " to step " + fmt_int(cps.back().step);
  if (tr->recipe.batch_size)
    out += ", each step reading " + fmt_int(*tr->recipe.batch_size) + " stretches of " + fmt_int(kContext) +
           " characters";
  out += ". Turn it, and the machine takes on the weights of that moment";
  if (c.state) out += "; it stands at step " + fmt_int(c.state->step) + " now";
  out += ".\n\n" + arrangement(tr->recipe);

  if (!tr->has_accuracy()) {
    out +=
        "\n\nThe manifest carries no repeated-nonsense accuracy per checkpoint, so the sudden change cannot "
        "be "
        "shown with measured numbers here.";
    return out;
  }
  const PhaseThresholds thresholds = phase_thresholds(c);
  const auto phase = find_phase_change(*tr, thresholds);
  if (phase) {
    const std::int64_t span = phase->after_step - phase->before_step;
    out += "\n\nUp to step " + fmt_int(phase->before_step) + " the model could hardly copy";
    const CheckpointMetrics* before = tr->at_step(phase->before_step);
    if (cps.front().val_loss && before && before->val_loss && phase->before_step > cps.front().step)
      out += ", although its loss on held-out novel text had already fallen from " +
             fmt_fixed(nats_to_bits(*cps.front().val_loss), 2) + " to " +
             fmt_fixed(nats_to_bits(*before->val_loss), 2) + " bits per character";
    out += ": on unseen repeated nonsense it got the second copy right " +
           fmt_percent(phase->before_accuracy) + " of the time. By step " + fmt_int(phase->after_step) +
           ", " + fmt_int(span) + " steps later, it was " + fmt_percent(phase->after_accuracy) +
           "; at the end, step " + fmt_int(cps.back().step) + ", " +
           fmt_percent(*cps.back().nonsense_accuracy) + ".";
    out += induction_growth(*tr, *phase);
    const auto [from, to] = bump_window(*phase);
    if (const auto bump = find_loss_bump(*tr, from, to))
      out += " Meanwhile the smoothed training loss rose from " + fmt_fixed(bump->trough, 3) + " to " +
             fmt_fixed(bump->peak, 3) + " (steps " + fmt_int(bump->trough_step) + " to " +
             fmt_int(bump->peak_step) + "): the kind of small bump a " +
             std::to_string(facts::kPhaseChangeStudyYear) + " study found in many models at this moment.";
    else
      out += " The smoothed training loss shows no rise around the change.";
  } else {
    const auto best = std::max_element(cps.begin(), cps.end(), [](const auto& a, const auto& b) {
      return *a.nonsense_accuracy < *b.nonsense_accuracy;
    });
    out += "\n\nIn this run the accuracy on repeated nonsense never jumped from at most " +
           fmt_percent(thresholds.low) + " to at least " + fmt_percent(thresholds.high) + ": it went from " +
           fmt_percent(*cps.front().nonsense_accuracy) + " at step " + fmt_int(cps.front().step) + " to " +
           fmt_percent(*cps.back().nonsense_accuracy) + " at step " + fmt_int(cps.back().step) + ", best " +
           fmt_percent(*best->nonsense_accuracy) + " at step " + fmt_int(best->step) + ".";
  }
  if (c.state) {
    if (const CheckpointMetrics* now = tr->at_step(c.state->step); now && now->nonsense_accuracy) {
      out += "\n\nAt the current step the model gets " + fmt_percent(*now->nonsense_accuracy) + " right";
      if (c.state->pulled.any() && c.live_accuracy)
        out +=
            ", and " + fmt_percent(*c.live_accuracy) + " with " + c.state->pulled.to_string() + " pulled out";
      out += ".";
    }
  }
  out += compare_runs(c);
  return out;
}

std::string caption(const ChapterContext& c) {
  if (!c.training || !c.training->has_accuracy()) return "training steps on the drum";
  const auto phase = find_phase_change(*c.training, phase_thresholds(c));
  if (!phase) return "no sudden change in this run";
  return "Step " + fmt_int(phase->before_step) + " \u2192 step " + fmt_int(phase->after_step) +
         ": the repeated part right " + fmt_percent(phase->before_accuracy) + " \u2192 " +
         fmt_percent(phase->after_accuracy) + " of the time";
}

std::string try_this(const ChapterContext& c) {
  if (c.training && c.training->has_accuracy() && !find_phase_change(*c.training, phase_thresholds(c)) &&
      c.runs && c.runs->size() > 1)
    return "Press Space to play through training: in this run no copying appears. Then choose another run in "
           "the "
           "drum's Run menu and play it again to watch the induction threads form.";
  return "Press Space to play through training and watch the induction threads appear; heads you pull stay "
         "pulled "
         "while the drum turns.";
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
    .caption = caption,
    .try_this = try_this,
};

}  // namespace am::ui::chapters
