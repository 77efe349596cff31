#include "am/ui/head_roles.hpp"

#include "am/model/head_mask.hpp"
#include "am/ui/text_format.hpp"

namespace am::ui {
namespace {

const HeadScoreSet& at(const HeadScoreTable& t, int layer, int head) {
  return t[static_cast<std::size_t>(layer)][static_cast<std::size_t>(head)];
}

struct Group {
  std::vector<int> heads;      // one-based
  std::vector<double> scores;  // the score that earned the role
};

std::string percents(const std::vector<double>& values) {
  std::vector<std::string> words;
  for (double v : values) words.push_back(fmt_percent(v));
  return join_words(words);
}

std::string numbers(const std::vector<int>& one_based) {
  std::string s;
  for (std::size_t i = 0; i < one_based.size(); ++i) s += (i ? ", " : "") + std::to_string(one_based[i]);
  return s;
}

// "heads 2 and 4 put" / "head 3 puts": the verb agrees with the count.
std::string subject(const Group& g, const char* singular, const char* plural) {
  return heads_phrase(g.heads) + " " + (g.heads.size() == 1 ? singular : plural);
}

// "its" for one head, "their" for several.
std::string pronoun(const Group& g) { return g.heads.size() == 1 ? "its" : "their"; }

}  // namespace

HeadRole role_of(const HeadScoreSet& s, const RoleThresholds& t) {
  if (s.induction > t.induction) return HeadRole::kInduction;
  if (s.previous > t.previous) return HeadRole::kPreviousCharacter;
  if (s.two_back > t.two_back && s.two_back > s.previous && s.two_back > s.self) return HeadRole::kTwoBack;
  if (s.space >= t.space_min && s.space_share > 0.0 && s.space >= t.space_lift * s.space_share)
    return HeadRole::kSpaces;
  return HeadRole::kNone;
}

HeadRef strongest(const HeadScoreTable& table, double HeadScoreSet::*field, int only_layer) {
  HeadRef best;
  double best_value = -1.0;
  for (int l = 0; l < kLayers; ++l) {
    if (only_layer >= 0 && l != only_layer) continue;
    for (int h = 0; h < kHeads; ++h) {
      const double v = at(table, l, h).*field;
      if (v > best_value) {
        best_value = v;
        best = {l, h};
      }
    }
  }
  return best;
}

std::string describe_layer_roles(const HeadScoreTable& table, int layer, const RoleThresholds& t) {
  Group induction, previous, two_back, spaces, none;
  std::vector<double> space_shares;
  for (int h = 0; h < kHeads; ++h) {
    const HeadScoreSet& s = at(table, layer, h);
    switch (role_of(s, t)) {
      case HeadRole::kInduction: induction.heads.push_back(h + 1); induction.scores.push_back(s.induction); break;
      case HeadRole::kPreviousCharacter: previous.heads.push_back(h + 1); previous.scores.push_back(s.previous); break;
      case HeadRole::kTwoBack: two_back.heads.push_back(h + 1); two_back.scores.push_back(s.two_back); break;
      case HeadRole::kSpaces:
        spaces.heads.push_back(h + 1);
        spaces.scores.push_back(s.space);
        space_shares.push_back(s.space_share);
        break;
      case HeadRole::kNone: none.heads.push_back(h + 1); none.scores.push_back(s.previous); break;
    }
  }
  std::vector<std::string> clauses;
  if (!induction.heads.empty())
    clauses.push_back(subject(induction, "is an induction head", "are induction heads") +
                      ": inside a repeated stretch, more than " + fmt_percent(t.induction) + " of " +
                      pronoun(induction) + " attention lands on the character that followed the current one last time (" +
                      percents(induction.scores) + ")");
  if (!previous.heads.empty())
    clauses.push_back(subject(previous, "puts", "put") + " more than " + fmt_percent(t.previous) + " of " +
                      pronoun(previous) + " attention on the character just before (" + percents(previous.scores) + ")");
  if (!two_back.heads.empty())
    clauses.push_back(subject(two_back, "looks", "look") + " two characters back (" + percents(two_back.scores) +
                      ", above " + fmt_percent(t.two_back) + ") more than one back or at itself");
  if (!spaces.heads.empty())
    clauses.push_back(subject(spaces, "leans", "lean") + " towards spaces (" + percents(spaces.scores) +
                      " of " + pronoun(spaces) + " attention, where spreading it evenly would give " + percents(space_shares) + ")");
  std::string sentence = "In layer " + std::to_string(layer + 1) + ", ";
  if (clauses.empty()) {
    const HeadRef best = strongest(table, &HeadScoreSet::previous, layer);
    sentence += "no head passes any of these thresholds; the most attention one character back is " +
                fmt_percent(at(table, layer, best.head).previous) + " (head " + std::to_string(best.head + 1) + ").";
    return sentence;
  }
  for (std::size_t i = 0; i < clauses.size(); ++i) sentence += (i ? "; " : "") + clauses[i];
  sentence += ".";
  if (!none.heads.empty())
    sentence += " " + std::string(none.heads.size() == 1 ? "Head " : "Heads ") +
                join_words([&] {
                  std::vector<std::string> w;
                  for (int h : none.heads) w.push_back(std::to_string(h));
                  return w;
                }()) +
                (none.heads.size() == 1 ? " has" : " have") + " no job that clears these thresholds.";
  return sentence;
}

std::string roles_caption(const HeadScoreTable& table, int layer, const RoleThresholds& t) {
  std::vector<int> ind, prev, two, sp;
  for (int h = 0; h < kHeads; ++h) {
    switch (role_of(at(table, layer, h), t)) {
      case HeadRole::kInduction: ind.push_back(h + 1); break;
      case HeadRole::kPreviousCharacter: prev.push_back(h + 1); break;
      case HeadRole::kTwoBack: two.push_back(h + 1); break;
      case HeadRole::kSpaces: sp.push_back(h + 1); break;
      case HeadRole::kNone: break;
    }
  }
  std::vector<std::string> parts;
  if (!ind.empty()) parts.push_back("induction (" + numbers(ind) + ")");
  if (!prev.empty()) parts.push_back("previous character (" + numbers(prev) + ")");
  if (!two.empty()) parts.push_back("two back (" + numbers(two) + ")");
  if (!sp.empty()) parts.push_back("spaces (" + numbers(sp) + ")");
  std::string s = "Layer " + std::to_string(layer + 1) + ": ";
  if (parts.empty()) return s + "no clear jobs";
  for (std::size_t i = 0; i < parts.size(); ++i) s += (i ? " \u00b7 " : "") + parts[i];
  return s;
}

std::string describe_induction(const HeadScoreTable& table, const RoleThresholds& t) {
  std::vector<std::string> names;
  std::vector<double> scores;
  for (int l = 0; l < kLayers; ++l)
    for (int h = 0; h < kHeads; ++h)
      if (at(table, l, h).induction > t.induction) {
        names.push_back(head_name(l, h));
        scores.push_back(at(table, l, h).induction);
      }
  if (names.empty()) {
    const HeadRef best = strongest(table, &HeadScoreSet::induction);
    return "No head passes the induction threshold of " + fmt_percent(t.induction) + ": the strongest, " +
           head_name(best.layer, best.head) + ", puts only " +
           fmt_percent(at(table, best.layer, best.head).induction) +
           " of its attention on the character that followed last time.";
  }
  return join_words(names) + (names.size() == 1 ? " passes" : " pass") + " the induction threshold of " +
         fmt_percent(t.induction) + ": inside a repeated stretch " + (names.size() == 1 ? "it puts " : "they put ") +
         percents(scores) + " of " + (names.size() == 1 ? "its" : "their") +
         " attention on the character that followed the current one the first time.";
}

}  // namespace am::ui
