// The path box: where to save a view or a lesson, which file to open, where a recording
// goes. Used when the desktop has no file dialog (zenity, kdialog) of its own.
#include <cstring>

#include "am/ui/keep_panels.hpp"
#include "panel_widgets.hpp"

namespace am::ui {
namespace {

const char* title_of(FileAsk ask) {
  switch (ask) {
    case FileAsk::kOpen:
      return "Open a view or a lesson###file_dialog";
    case FileAsk::kSaveView:
      return "Save this view as###file_dialog";
    case FileAsk::kSaveLesson:
      return "Save the lesson as###file_dialog";
    case FileAsk::kRecord:
      return "Record to###file_dialog";
    case FileAsk::kNone:
      break;
  }
  return "###file_dialog";
}

}  // namespace

void ask_for_path(FileDialogState& dialog, FileAsk ask, const std::string& suggested) {
  dialog.ask = ask;
  dialog.path.fill('\0');
  std::strncpy(dialog.path.data(), suggested.c_str(), dialog.path.size() - 1);
  dialog.focus = true;
}

std::optional<std::string> draw_file_dialog(FileDialogState& dialog) {
  if (dialog.ask == FileAsk::kNone) return std::nullopt;
  bool open = true;
  ImGui::SetNextWindowSize(ImVec2(520, 0), ImGuiCond_Appearing);
  const ImVec2 centre = ImGui::GetMainViewport()->GetCenter();
  ImGui::SetNextWindowPos(centre, ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  std::optional<std::string> chosen;
  if (ImGui::Begin(title_of(dialog.ask), &open,
                   ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings)) {
    ImGui::TextUnformatted(dialog.ask == FileAsk::kOpen ? "The file's path (a view or a lesson, .json):"
                                                        : "The file's path:");
    if (dialog.focus) {
      ImGui::SetKeyboardFocusHere();
      dialog.focus = false;
    }
    ImGui::SetNextItemWidth(-1.0f);
    const bool enter =
        ImGui::InputText("##path", dialog.path.data(), dialog.path.size(),
                         ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_AutoSelectAll);
    const bool ok = ImGui::Button(dialog.ask == FileAsk::kOpen ? "Open" : "Save");
    ImGui::SameLine();
    if (ImGui::Button("Cancel")) open = false;
    if ((enter || ok) && dialog.path[0] != '\0') chosen = std::string(dialog.path.data());
  }
  ImGui::End();
  if (chosen || !open) dialog.ask = FileAsk::kNone;
  return chosen;
}

void draw_keep_menu_items(PanelActions& actions) {
  ImGui::Separator();
  if (ImGui::MenuItem("Save this view\u2026", "Ctrl+S")) actions.save_view = true;
  if (ImGui::MenuItem("Open a view or lesson\u2026", "Ctrl+O")) actions.open_view = true;
  if (ImGui::MenuItem("Picture of the machine", "Shift+F12")) actions.machine_screenshot = true;
  if (ImGui::MenuItem("Picture of the window", "F12")) actions.screenshot = true;
  if (ImGui::MenuItem("Record\u2026")) actions.record = true;
  ImGui::Separator();
  if (ImGui::MenuItem("Add this view to the lesson")) actions.lesson_add = true;
  if (ImGui::MenuItem("Lesson\u2026")) actions.show_lesson = true;
}

}  // namespace am::ui
