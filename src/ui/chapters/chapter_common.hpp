// Helpers the chapter files share: reading the context safely and the phrases
// several chapters use. Nothing here holds a figure; every number comes from the context.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "am/model/head_mask.hpp"
#include "am/ui/chapter.hpp"
#include "am/ui/head_roles.hpp"

namespace am::ui::chapters {

// One constant per chapter file, in the registry's order (chapter_registry.cpp).
extern const Chapter kOneCharacter;
extern const Chapter kCharactersBecomeNumbers;
extern const Chapter kQueriesAndKeys;
extern const Chapter kOnlyLookingBack;
extern const Chapter kBringingBack;
extern const Chapter kCutOpen;
extern const Chapter kEightHeads;
extern const Chapter kCopying;
extern const Chapter kAppearsSuddenly;
extern const Chapter kPullingAHead;
extern const Chapter kSquareAndCache;
extern const Chapter kGrowYourOwn;
extern const Chapter kTracingAGuess;

// The number the registry gives a chapter constant (its place in reading order; the
// constants themselves leave it 0).
int number_of(const Chapter& chapter);

// The example texts several chapters open with.
inline constexpr std::string_view kQueenText = "the queen. the qu";
inline constexpr std::string_view kNonsenseText = "qzxv kplw qzxv kp";  // letters no book put together

// True when there is a forward pass with at least one character.
bool has_pass(const ChapterContext& c);
// The characters the pass read ("" without a pass).
std::string window_text(const ChapterContext& c);
// The selected query, zero-based, clamped into the pass (-1 without a pass).
int query_index(const ChapterContext& c);
// The character at a zero-based place of the read window.
char char_at(const ChapterContext& c, int position);
// "place 3" for zero-based 2.
std::string place(int zero_based);
// "layer 1, head 4" for zero-based (0, 3).
std::string head_words(int layer, int head);
// head_name and the scores for a head picked out by a HeadRef.
std::string head_name_of(HeadRef head);
const HeadScores& scores_of(const HeadTable& table, HeadRef head);
// The lifted (selected) head, zero-based.
int lifted_layer(const ChapterContext& c);
int lifted_head(const ChapterContext& c);
// One head's attention weights (scores) in the live pass: [T, T], from the row of `query` on.
const float* head_weights(const Activations& acts, int layer, int head, int query = 0);
const float* head_scores(const Activations& acts, int layer, int head, int query = 0);
// "Type something ..." when there is nothing to read.
std::string empty_text_note();
// The answer of a question that needs a pass, when there is none to read.
Reveal no_text_reveal();
// True when heads are pulled and the pass with every head in place reads the same
// text, so a chapter can say what the intact model would have guessed (needs has_pass).
bool compares_with_intact(const ChapterContext& c);
// "(L2H4 pulled out)" or "" when every head is in place.
std::string pulled_note(const ChapterContext& c);
// Which step is loaded, and a warning when it is the untrained start.
std::string checkpoint_note(const ChapterContext& c);
// "3 places back", "just before it", "itself".
std::string distance_words(int query, int key);
// The analysis's stated thresholds, or the defaults without an analysis.
RoleThresholds role_thresholds(const ChapterContext& c);
PhaseThresholds phase_thresholds(const ChapterContext& c);
// True while the state's chapter has a question waiting for Reveal: its words then
// leave the answer out.
bool answer_hidden(const ChapterContext& c);
// P(the copy target) after the last character of the read text, in a fresh pass on the
// loaded weights with `pulled` pulled; nullopt without weights, text or anything to copy.
std::optional<double> copy_probability(const ChapterContext& c, const HeadMask& pulled);
// The script line that pulls a head: "pull L2H4".
std::string pull_line(HeadRef head);
// Standard yes/no choices.
std::vector<std::string> yes_no_choices(const ChapterContext&);
// Every head by name, layer by layer, for questions that ask which head: choice
// layer * kHeads + head is that head, as the answers count them.
std::vector<std::string> head_choices(const ChapterContext&);

}  // namespace am::ui::chapters
