// Chapter 11: train the model inside the app and watch the copying appear. Every sentence
// is built from the run going on (its recipe, where it stands, its measured copying) and
// from the shipped run's manifest, which it is compared with.
#include <cmath>

#include "am/ui/text_format.hpp"
#include "chapter_common.hpp"

namespace am::ui::chapters {
namespace {

double bits(double nats) { return nats / std::log(2.0); }

// "41 of every 48 windows repeat a passage of 4 to 32 characters" from a recipe.
std::string recipe_words(const ManifestRecipe& r) {
  std::string out;
  if (r.steps) out += fmt_int(*r.steps) + " steps";
  if (r.batch) out += std::string(out.empty() ? "" : " of ") + fmt_int(*r.batch) + " windows each";
  if (r.learning_rate) out += ", a peak learning rate of " + fmt_fixed(*r.learning_rate, 3);
  if (r.repeat_share) {
    if (*r.repeat_share <= 0.0) {
      out += ", and plain novel text only: no passage is ever repeated";
    } else {
      out += ", and " + fmt_percent(*r.repeat_share) + " of the windows a passage";
      if (r.repeat_min && r.repeat_max)
        out += " of " + fmt_int(*r.repeat_min) + " to " + fmt_int(*r.repeat_max) + " characters";
      out += " repeated to fill the window";
    }
  }
  return out;
}

std::string crossing_words(const std::optional<PhaseChange>& p) {
  return "from " + fmt_percent(p->before_accuracy) + " at step " + fmt_int(p->before_step) + " to " +
         fmt_percent(p->after_accuracy) + " at step " + fmt_int(p->after_step) + ", " +
         fmt_int(p->after_step - p->before_step) + " steps";
}

// The shipped run's jump, said once: "as the shipped run did" when the grown run's is the same.
std::string shipped_crossing(const ChapterContext& c, const std::optional<PhaseChange>& mine = std::nullopt) {
  if (!c.shipped) return "";
  const auto p = find_phase_change(*c.shipped, phase_thresholds(c));
  if (!p) return " The shipped run shows no such jump.";
  if (mine && crossing_words(mine) == crossing_words(p))
    return " The shipped run jumped at exactly the same steps.";
  return " The shipped run jumped " + crossing_words(p) + ".";
}

// clang-format off
std::string before_any_run(const ChapterContext& c) {
  return "The model on the machine was grown by a trainer in this program, from random numbers, by reading the "
         "novels a window at a time and nudging every weight to make the next character likelier. You can do it "
         "again, here, and watch." + shipped_crossing(c) +
         "\n\nPick a recipe in the training panel and press Train. Each checkpoint joins the drum as soon as it is "
         "saved and measured; the machine follows the newest one, so you can watch the second layer's threads "
         "change as the copying appears.";
}

std::string numbers(const ChapterContext& c) {
  std::string out;
  if (c.shipped && c.shipped->recipe.steps) out = "The shipped recipe: " + recipe_words(c.shipped->recipe) + ".";
  const GrowingRun* g = c.growing;
  if (g && !g->progress.run_name.empty() && (!g->record.checkpoints.empty() || g->record.recipe.steps))
    out += std::string(out.empty() ? "" : " ") + "This run's recipe: " + recipe_words(g->record.recipe) +
           (g->own_text ? ", on your own text." : ", on the six novels.");
  return out;
}
// clang-format on

// The shipped recipe's jump: what training it again gives to watch.
std::optional<PhaseChange> shipped_jump(const ChapterContext& c) {
  if (!c.shipped) return std::nullopt;
  return find_phase_change(*c.shipped, phase_thresholds(c));
}

std::string try_words(const ChapterContext& c) {
  const auto p = shipped_jump(c);
  if (!p)
    return "Train with the plain novels preset: with no repeated passage, watch the copy accuracy stay low.";
  return "Train the shipped recipe and keep your eye on the drum's green curve: between step " +
         fmt_int(p->before_step) + " and step " + fmt_int(p->after_step) +
         " the copy accuracy jumps, and the second layer's threads lock onto the earlier copy. Then train "
         "the "
         "plain novels preset and watch it stay low.";
}

std::vector<std::string> try_actions(const ChapterContext& c) {
  if (!shipped_jump(c)) return {"train plain"};
  return {"train shipped"};
}

TryExpect try_expect(const ChapterContext& c) {
  const auto p = shipped_jump(c);
  if (!p) return {};
  const PhaseChange want = *p;
  return {"the copy accuracy jumps " + crossing_words(p) + ", as it did for the shipped run",
          [want](const ChapterContext& after) {
            if (!after.growing) return false;
            const auto got = find_phase_change(after.growing->record, phase_thresholds(after));
            return got && got->before_step == want.before_step && got->after_step == want.after_step;
          }};
}

std::string where_it_stands(const GrowingRun& g) {
  std::string out = "Run \u201c" + g.progress.run_name + "\u201d";
  if (g.progress.phase == grow::Phase::kPreparing) return out + " is reading its text.";
  if (g.progress.phase == grow::Phase::kFailed) return out + " stopped: " + g.progress.message;
  if (g.progress.step >= 0)
    out += " is at step " + fmt_int(g.progress.step) + " of " + fmt_int(g.progress.steps);
  if (g.progress.phase == grow::Phase::kPaused) out += ", paused";
  if (g.progress.phase == grow::Phase::kFinished)
    out = "Run \u201c" + g.progress.run_name + "\u201d finished all " + fmt_int(g.progress.steps) + " steps";
  if (g.progress.phase == grow::Phase::kStopped) out += ", stopped and saved; it can be continued";
  out += ". It has saved " + fmt_int(static_cast<std::int64_t>(g.progress.checkpoints)) + " checkpoints, " +
         fmt_int(static_cast<std::int64_t>(g.progress.measured)) + " of them measured.";
  if (g.progress.step > 0)
    out += " Its smoothed training loss is " + fmt_fixed(bits(g.progress.loss_smoothed), 2) +
           " bits per character.";
  if (g.progress.phase == grow::Phase::kTraining && g.progress.chars_per_second > 0.0)
    out += " It reads " + fmt_large(g.progress.chars_per_second) +
           " characters a second; at this pace it ends in about " +
           fmt_count(std::lround(g.progress.seconds_left), "second", "seconds") + ".";
  if (g.progress.phase == grow::Phase::kAnalysing)
    out += " Now the analysis runs over every checkpoint (" +
           fmt_int(static_cast<std::int64_t>(g.progress.analysed)) + " of " +
           fmt_int(static_cast<std::int64_t>(g.progress.analysis_total)) +
           " done), as it did for the shipped run.";
  return out;
}

std::string copying_so_far(const ChapterContext& c, const GrowingRun& g) {
  const PhaseThresholds t = phase_thresholds(c);
  const auto p = find_phase_change(g.record, t);
  std::string out;
  if (p) {
    out = "Its copy accuracy on repeated nonsense jumped " + crossing_words(p) + ".";
    out += shipped_crossing(c, p);
    out +=
        " That jump is the induction heads forming: a head in the first layer marks each character with the "
        "one "
        "before it, and a head in the second layer finds the earlier copy of the current character and reads "
        "what came next.";
    return out;
  }
  const CheckpointMetrics* latest = nullptr;
  for (const CheckpointMetrics& m : g.record.checkpoints)
    if (m.nonsense_accuracy) latest = &m;
  if (!latest) return "No checkpoint has been measured yet.";
  out = "Its copy accuracy on repeated nonsense is " + fmt_percent(latest->nonsense_accuracy.value()) +
        " at step " + fmt_int(latest->step) + ": it has not yet gone from below " + fmt_percent(t.low) +
        " to above " + fmt_percent(t.high) + ".";
  const bool plain = g.record.recipe.repeat_share && *g.record.recipe.repeat_share <= 0.0;
  if (plain && g.progress.phase == grow::Phase::kFinished)
    out += " With no repeated passages in its text nothing rewarded copying, and no induction head formed.";
  out += shipped_crossing(c);
  return out;
}

std::string body(const ChapterContext& c) {
  const GrowingRun* g = c.growing;
  if (!g || g->progress.run_name.empty()) return before_any_run(c);
  std::string out = where_it_stands(*g);
  if (!g->progress.corpus_report.empty()) out += "\n\nYour text: " + g->progress.corpus_report;
  out += "\n\n" + copying_so_far(c, *g);
  if (!g->following && g->running())
    out += "\n\nYou have turned the drum back; turn it to its newest checkpoint to follow the run again.";
  return out;
}

std::string caption(const ChapterContext& c) {
  const GrowingRun* g = c.growing;
  if (!g || g->progress.run_name.empty()) return "no run yet: pick a recipe and press Train";
  std::string s = g->progress.run_name + " \u00b7 " + grow::phase_name(g->progress.phase);
  if (g->progress.step >= 0)
    s += " \u00b7 step " + fmt_int(g->progress.step) + " of " + fmt_int(g->progress.steps);
  return s;
}

}  // namespace

constinit const Chapter kGrowYourOwn = {
    .title = "Grow your own",
    .default_text = kNonsenseText,
    .keeps_step = true,
    // The whole machine: the drum the run's checkpoints join, the threads that change as copying appears.
    .stage = {.camera = CameraPose::kOverview,
              .focus = {machine::FocusPart::kDrum, machine::FocusPart::kThreads},
              .highlight = kHighlightDrum | kHighlightThreads},
    .body = body,
    .numbers = numbers,
    .caption = caption,
    .try_this = {.words = try_words, .actions = try_actions, .expect = try_expect},
};

}  // namespace am::ui::chapters
