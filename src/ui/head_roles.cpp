#include "am/ui/head_roles.hpp"

#include <array>

#include "am/model/head_mask.hpp"
#include "am/ui/text_format.hpp"

namespace am::ui {
namespace {

const HeadScores& at(const HeadTable& t, int layer, int head) {
  return t[static_cast<std::size_t>(layer)][static_cast<std::size_t>(head)];
}

// The heads of one layer that share a role, with the score that earned it.
struct Group {
  std::vector<int> heads;      // one-based
  std::vector<double> scores;
  std::vector<double> shares;  // spaces only: what an even spread would give
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

bool one(const Group& g) { return g.heads.size() == 1; }
std::string pronoun(const Group& g) { return one(g) ? "its" : "their"; }

// "heads 2 and 4 put at least 40 % of their attention on the character just before (81 % and 77 %)"
std::string share_clause(const Group& g, double threshold, const std::string& where) {
  return heads_phrase(g.heads) + (one(g) ? " puts" : " put") + " at least " + fmt_percent(threshold) + " of " +
         pronoun(g) + " attention " + where + " (" + percents(g.scores) + ")";
}

double role_score(const HeadScores& s, HeadRole role) {
  switch (role) {
    case HeadRole::kInduction: return s.induction;
    case HeadRole::kPreviousCharacter: return s.previous;
    case HeadRole::kTwoBack: return s.two_back;
    case HeadRole::kDuplicate: return s.duplicate;
    case HeadRole::kSpaces: return s.space;
    case HeadRole::kSelf: return s.self;
    case HeadRole::kNone: return 0.0;
  }
  return 0.0;
}

constexpr int kRoles = static_cast<int>(HeadRole::kNone) + 1;

std::array<Group, kRoles> group_layer(const HeadTable& table, int layer, const RoleThresholds& t) {
  std::array<Group, kRoles> groups;
  for (int h = 0; h < kHeads; ++h) {
    const HeadScores& s = at(table, layer, h);
    const HeadRole role = role_of(s, t);
    Group& g = groups[static_cast<std::size_t>(role)];
    g.heads.push_back(h + 1);
    g.scores.push_back(role_score(s, role));
    g.shares.push_back(s.space_share);
  }
  return groups;
}

}  // namespace

HeadRef strongest(const HeadTable& table, double HeadScores::*field, int only_layer) {
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

std::string describe_layer_roles(const HeadTable& table, int layer, const RoleThresholds& t) {
  const auto groups = group_layer(table, layer, t);
  const auto group = [&](HeadRole r) -> const Group& { return groups[static_cast<std::size_t>(r)]; };
  std::vector<std::string> clauses;
  if (const Group& g = group(HeadRole::kInduction); !g.heads.empty())
    clauses.push_back(heads_phrase(g.heads) + (one(g) ? " is an induction head" : " are induction heads") +
                      ": inside a repeated stretch " + (one(g) ? "it puts" : "they put") + " at least " +
                      fmt_percent(t.induction) + " of " + pronoun(g) +
                      " attention on the character that followed the current one last time (" + percents(g.scores) +
                      ")");
  if (const Group& g = group(HeadRole::kPreviousCharacter); !g.heads.empty())
    clauses.push_back(share_clause(g, t.previous, "on the character just before"));
  if (const Group& g = group(HeadRole::kTwoBack); !g.heads.empty())
    clauses.push_back(share_clause(g, t.two_back, "two characters back"));
  if (const Group& g = group(HeadRole::kDuplicate); !g.heads.empty())
    clauses.push_back(share_clause(g, t.duplicate, "on earlier copies of the character being read"));
  if (const Group& g = group(HeadRole::kSpaces); !g.heads.empty())
    clauses.push_back(share_clause(g, t.spaces, "on spaces") + ", at least " + fmt_ratio(t.spaces_over_share) +
                      " times what spreading it evenly would give (" + percents(g.shares) + ")");
  if (const Group& g = group(HeadRole::kSelf); !g.heads.empty())
    clauses.push_back(share_clause(g, t.self, "on the character itself"));

  std::string sentence = "In layer " + std::to_string(layer + 1) + ", ";
  if (clauses.empty()) {
    const HeadRef best = strongest(table, &HeadScores::previous, layer);
    return sentence + "no head passes any of these thresholds; the most attention one character back is " +
           fmt_percent(at(table, layer, best.head).previous) + " (head " + std::to_string(best.head + 1) + ").";
  }
  for (std::size_t i = 0; i < clauses.size(); ++i) sentence += (i ? "; " : "") + clauses[i];
  sentence += ".";
  if (const Group& none = group(HeadRole::kNone); !none.heads.empty()) {
    std::vector<std::string> names;
    for (int h : none.heads) names.push_back(std::to_string(h));
    sentence += std::string(one(none) ? " Head " : " Heads ") + join_words(names) +
                (one(none) ? " has" : " have") + " no job that clears these thresholds.";
  }
  return sentence;
}

std::string roles_caption(const HeadTable& table, int layer, const RoleThresholds& t) {
  const auto groups = group_layer(table, layer, t);
  std::string s = "Layer " + std::to_string(layer + 1) + ": ";
  bool any = false;
  for (int r = 0; r + 1 < kRoles; ++r) {
    const Group& g = groups[static_cast<std::size_t>(r)];
    if (g.heads.empty()) continue;
    s += (any ? " \u00b7 " : "") + std::string(role_name(static_cast<HeadRole>(r))) + " (" +
         numbers(g.heads) + ")";
    any = true;
  }
  return any ? s : s + "no clear jobs";
}

std::string describe_induction(const HeadTable& table, const RoleThresholds& t) {
  std::vector<std::string> names;
  std::vector<double> scores;
  for (int l = 0; l < kLayers; ++l)
    for (int h = 0; h < kHeads; ++h)
      if (at(table, l, h).induction >= t.induction) {
        names.push_back(head_name(l, h));
        scores.push_back(at(table, l, h).induction);
      }
  if (names.empty()) {
    const HeadRef best = strongest(table, &HeadScores::induction);
    return "No head reaches the induction threshold of " + fmt_percent(t.induction) + ": the strongest, " +
           head_name(best.layer, best.head) + ", puts only " +
           fmt_percent(at(table, best.layer, best.head).induction) +
           " of its attention on the character that followed last time.";
  }
  const bool single = names.size() == 1;
  return join_words(names) + (single ? " reaches" : " reach") + " the induction threshold of " +
         fmt_percent(t.induction) + ": inside a repeated stretch " + (single ? "it puts " : "they put ") +
         percents(scores) + " of " + (single ? "its" : "their") +
         " attention on the character that followed the current one the first time.";
}

}  // namespace am::ui
