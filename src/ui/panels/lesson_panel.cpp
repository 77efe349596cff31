// The lesson: the views a teacher collected, in order, each with a title and a note.
// Add the view on show, move entries up and down, remove them, show one, save the lesson.
// In presentation mode Page Down / Page Up step through it and the note is the caption.
#include <string>

#include "am/ui/chapters.hpp"
#include "am/ui/keep_panels.hpp"
#include "panel_widgets.hpp"

namespace am::ui {

void draw_lesson_panel(const store::Lesson& lesson, std::size_t current, LessonPanelState& panel,
                       LessonIntents& intents) {
  if (!panel.open) return;
  if (!widgets::begin_panel("Lesson", &panel.open, ImVec2(0.35f, 0.15f), ImVec2(440, 420))) {
    ImGui::End();
    return;
  }
  ImGui::TextWrapped(
      "Collect views for a class: each keeps the chapter, text, step, pulled heads and camera. "
      "In presentation mode (F11), Page Down and Page Up step through them.");
  ImGui::Separator();
  ImGui::TextUnformatted("Title of the next view");
  ImGui::SetNextItemWidth(-1.0f);
  ImGui::InputText("##lesson_title", panel.title.data(), panel.title.size());
  ImGui::TextUnformatted("Note for the class (shown as the caption)");
  ImGui::InputTextMultiline("##lesson_note", panel.note.data(), panel.note.size(),
                            ImVec2(-1.0f, 3.0f * ImGui::GetTextLineHeightWithSpacing()));
  if (ImGui::Button("Add this view")) intents.add = true;
  ImGui::SameLine();
  ImGui::BeginDisabled(lesson.entries.empty());
  if (ImGui::Button("Save the lesson\u2026")) intents.save = true;
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::Checkbox("Caption", &panel.show_caption);
  ImGui::Separator();
  if (lesson.entries.empty()) ImGui::TextDisabled("No views yet.");
  for (std::size_t i = 0; i < lesson.entries.size(); ++i) {
    const store::LessonEntry& e = lesson.entries[i];
    ImGui::PushID(static_cast<int>(i));
    if (ImGui::ArrowButton("##up", ImGuiDir_Up)) intents.move = std::make_pair(i, -1);
    ImGui::SameLine(0.0f, 2.0f);
    if (ImGui::ArrowButton("##down", ImGuiDir_Down)) intents.move = std::make_pair(i, +1);
    ImGui::SameLine();
    const Chapter* chapter = find_chapter(e.view.chapter);
    const std::string label = std::to_string(i + 1) + ". " +
                              (e.title.empty() ? std::string("(untitled)") : e.title) + "  \u2014 chapter " +
                              std::to_string(e.view.chapter) + ", step " + std::to_string(e.view.step);
    if (ImGui::Selectable(label.c_str(), i == current, 0,
                          ImVec2(ImGui::GetContentRegionAvail().x - 30.0f, 0.0f)))
      intents.go = i;
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("%s%s%s", chapter ? std::string(chapter->title).c_str() : "",
                        e.note.empty() ? "" : "\n", e.note.c_str());
    ImGui::SameLine();
    if (ImGui::SmallButton("x")) intents.remove = i;
    ImGui::PopID();
  }
  ImGui::End();
}

void draw_lesson_caption(const FrameLayout& layout, const store::LessonEntry& entry, std::size_t index,
                         std::size_t count) {
  if (layout.viewport.empty()) return;
  const std::string head = std::to_string(index + 1) + " / " + std::to_string(count) + "  " + entry.title;
  const float width = 0.8f * static_cast<float>(layout.viewport.w);
  ImDrawList* draw = ImGui::GetForegroundDrawList();
  ImFont* font = ImGui::GetFont();
  const float size = ImGui::GetFontSize() * 1.15f;
  const ImVec2 head_size = font->CalcTextSizeA(size, width, width, head.c_str());
  const ImVec2 note_size =
      entry.note.empty() ? ImVec2(0, 0) : font->CalcTextSizeA(size, width, width, entry.note.c_str());
  const float pad = 0.6f * size;
  const float box_w = std::max(head_size.x, note_size.x) + 2.0f * pad;
  const float box_h = head_size.y + note_size.y + 2.0f * pad + (entry.note.empty() ? 0.0f : 0.3f * size);
  const float x =
      static_cast<float>(layout.viewport.x) + 0.5f * (static_cast<float>(layout.viewport.w) - box_w);
  const float y = static_cast<float>(layout.viewport.y + layout.viewport.h) - box_h - 1.5f * size;
  draw->AddRectFilled(ImVec2(x, y), ImVec2(x + box_w, y + box_h), IM_COL32(20, 16, 12, 210), pad);
  draw->AddText(font, size, ImVec2(x + pad, y + pad), IM_COL32(240, 200, 120, 255), head.c_str(), nullptr,
                width);
  if (!entry.note.empty())
    draw->AddText(font, size, ImVec2(x + pad, y + pad + head_size.y + 0.3f * size),
                  IM_COL32(235, 225, 205, 255), entry.note.c_str(), nullptr, width);
}

int draw_record_panel(RecordPanelState& panel, bool invisible) {
  if (!panel.open) return 0;
  // In the recording's own frames the dialog is there but drawn fully transparent: a window
  // left out of a frame is not hoverable in the next, and Cancel would not take its click.
  if (invisible) ImGui::PushStyleVar(ImGuiStyleVar_Alpha, 0.0f);
  int result = 0;
  bool open = true;
  ImGui::SetNextWindowSize(ImVec2(460, 0), ImGuiCond_Always);  // height: fitted every frame
  const ImVec2 centre = ImGui::GetMainViewport()->GetCenter();
  ImGui::SetNextWindowPos(centre, ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  if (ImGui::Begin("Record a video###record", &open,
                   ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings)) {
    ImGui::BeginDisabled(panel.recording);
    ImGui::TextUnformatted("File (.mp4 for slides and browsers, .gif for chats)");
    ImGui::SetNextItemWidth(-1.0f);
    ImGui::InputText("##record_path", panel.path.data(), panel.path.size());
    ImGui::SliderInt("frames per second", &panel.fps, 10, 60);
    ImGui::SliderFloat("seconds", &panel.seconds, 1.0f, 30.0f, "%.0f");
    ImGui::RadioButton("the chapter's steps", &panel.motion, 0);
    ImGui::SameLine();
    ImGui::RadioButton("turn around", &panel.motion, 1);
    ImGui::SameLine();
    ImGui::RadioButton("through training", &panel.motion, 2);
    ImGui::EndDisabled();
    if (panel.recording) {
      ImGui::ProgressBar(panel.progress, ImVec2(-1.0f, 0.0f));
      // On the press, by the button's rectangle: between two of the window's frames the
      // recording draws its own, and ImGui's hover and release tracking lose the click there.
      const bool cancel = ImGui::Button("Cancel");
      if (cancel || (ImGui::IsMouseClicked(ImGuiMouseButton_Left) &&
                     ImGui::IsMouseHoveringRect(ImGui::GetItemRectMin(), ImGui::GetItemRectMax())))
        result = -1;
    } else {
      if (ImGui::Button("Start") && panel.path[0] != '\0') result = +1;
      ImGui::SameLine();
      if (ImGui::Button("Close")) open = false;
    }
    if (!panel.message.empty()) widgets::text_wrapped_whole(panel.message);
  }
  ImGui::End();
  if (invisible) {
    ImGui::PopStyleVar();
    return 0;
  }
  if (!open) {
    if (panel.recording) result = -1;
    panel.open = false;
  }
  return result;
}

}  // namespace am::ui
