#include "am/core/named_enum.hpp"
#include "am/ui/chapters.hpp"
#include "chapter_common.hpp"

namespace am::ui {

namespace {
// One pair a line reads as the table it is.
// clang-format off
constexpr NamedValue<CameraPose> kCameraPoseNames[] = {
    {CameraPose::kOverview, "overview"},
    {CameraPose::kFront, "front"},
    {CameraPose::kEmbedding, "embedding"},
    {CameraPose::kPlate, "plate"},
    {CameraPose::kShutter, "shutter"},
    {CameraPose::kThreads, "threads"},
    {CameraPose::kCutaway, "cutaway"},
    {CameraPose::kPlates, "plates"},
    {CameraPose::kDrum, "drum"},
    {CameraPose::kRack, "rack"},
};
// clang-format on
}  // namespace

const char* camera_pose_name(CameraPose pose) { return name_of(kCameraPoseNames, pose); }

const std::vector<Chapter>& all_chapters() {
  // Built once, in reading order: a chapter's number is its place in this list.
  static const std::vector<Chapter> chapters = [] {
    std::vector<Chapter> list = {
        chapters::kOneCharacter,    chapters::kCharactersBecomeNumbers,
        chapters::kQueriesAndKeys,  chapters::kOnlyLookingBack,
        chapters::kBringingBack,    chapters::kCutOpen,
        chapters::kEightHeads,      chapters::kCopying,
        chapters::kAppearsSuddenly, chapters::kPullingAHead,
        chapters::kSquareAndCache,  chapters::kGrowYourOwn,
        chapters::kTracingAGuess,
    };
    for (std::size_t k = 0; k < list.size(); ++k) list[k].number = static_cast<int>(k);
    return list;
  }();
  return chapters;
}

const Chapter* find_chapter(int number) {
  const auto& all = all_chapters();
  if (number < 0 || number >= static_cast<int>(all.size())) return nullptr;
  return &all[static_cast<std::size_t>(number)];
}

std::string list_chapters() {
  std::string out;
  for (const Chapter& c : all_chapters())
    out += std::to_string(c.number) + "  " + std::string(c.title) + "\n";
  return out;
}

std::vector<std::string> hides_names(std::uint32_t hides) {
  std::vector<std::string> out = {"text"};
  if (hides & kHidesPredictions) out.insert(out.end(), {"predictions", "columns", "callouts", "tooltips"});
  return out;
}

bool question_open(const AppState& state) {
  const Chapter* ch = find_chapter(state.chapter);
  return ch != nullptr && ch->predict && !(state.predict.chapter == state.chapter && state.predict.revealed);
}

bool question_revealed(const AppState& state, int number) {
  if (state.predict.chapter == number) return state.predict.revealed;
  const auto answered = state.answers.find(number);
  return answered != state.answers.end() && answered->second.revealed;
}

namespace {
bool hidden(const AppState& state, std::uint32_t what) {
  return question_open(state) && (find_chapter(state.chapter)->predict->hides & what) != 0;
}
}  // namespace

bool probabilities_hidden(const AppState& state) { return hidden(state, kHidesPredictions); }

void enter_chapter(AppState& state, const Chapter& chapter, const ChapterContext& context,
                   const std::vector<std::int64_t>& steps) {
  const int previous = state.chapter;
  state.chapter = chapter.number;
  // The learner's own text stays; the chapter's example is one button away (chapter panel).
  if (!state.own_text) set_text(state, std::string(chapter.default_text));
  // A question answered once stays answered when the learner comes back to its chapter.
  if (state.predict.chapter >= 0 && (state.predict.choice >= 0 || state.predict.revealed))
    state.answers[state.predict.chapter] = state.predict;
  const auto answered = state.answers.find(chapter.number);
  state.predict =
      answered != state.answers.end() ? answered->second : PredictState{chapter.number, -1, false};
  clear_written(state);
  state.playing = false;
  if (!chapter.keeps_step && !steps.empty()) state.step = steps.back();
  // Each chapter tells its story about the whole model and its last character: a head
  // pulled or a character chosen in an earlier chapter would change every figure it quotes
  // without a word, so they go back, and the status line says so.
  if (state.pulled.any() && state.chapter != previous)
    set_status(state, state.pulled.to_string(", ") + (state.pulled.count() == 1 ? " is" : " are") +
                          " back in the rack: each chapter starts with every head in place.");
  state.pulled = HeadMask{};
  state.selected_position = -1;
  if (const ChapterStage stage = chapter.stage_for(context); stage.lift)
    select_head(state, stage.lift->first, stage.lift->second);
}

}  // namespace am::ui
