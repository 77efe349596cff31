#include "am/ui/state_dump.hpp"

#include "am/model/alphabet.hpp"
#include "am/model/safetensors.hpp"
#include "am/ui/chapters.hpp"
#include "am/ui/live_numbers.hpp"
#include "am/ui/tracing_state.hpp"

namespace am::ui {

nlohmann::ordered_json dump_state(const AppState& state, const Activations& acts,
                                  std::optional<double> nonsense_accuracy) {
  nlohmann::ordered_json j;
  j["chapter"] = state.chapter;
  const Chapter* chapter = find_chapter(state.chapter);
  j["chapter_title"] = chapter ? std::string(chapter->title) : std::string();
  j["chapter_count"] = kChapterCount;  // chapters 0 .. chapter_count - 1 (a walk over all of them reads it)
  j["text"] = state.normalized.text;
  j["read"] = read_text(state);
  j["step"] = state.step;
  nlohmann::ordered_json pulled = nlohmann::ordered_json::array();
  for (int l = 0; l < kLayers; ++l)
    for (int h = 0; h < kHeads; ++h)
      if (state.pulled.pulled[static_cast<std::size_t>(l)][static_cast<std::size_t>(h)])
        pulled.push_back(head_name(l, h));
  j["pulled_heads"] = pulled;
  const int q = resolved_query(state);
  if (q >= 0) {
    j["selected_position"] = q + 1;  // one-based, as the user sees it
    j["selected_character"] = std::string(1, read_text(state)[static_cast<std::size_t>(q)]);
  } else {
    j["selected_position"] = nullptr;
    j["selected_character"] = nullptr;
  }
  j["selected_head"] = head_name(state.selected_layer, state.selected_head);
  // A question about the probabilities hides them here too, until Reveal.
  const bool hidden = probabilities_hidden(state);
  nlohmann::ordered_json top = nlohmann::ordered_json::array();
  if (!hidden)
    for (const Guess& g : top_guesses(acts, acts.length() - 1, 5))
      top.push_back({{"char", id_to_string(g.id)}, {"p", g.probability}});
  j["top5"] = top;
  j["top5_hidden"] = hidden;
  if (nonsense_accuracy)
    j["nonsense_accuracy"] = *nonsense_accuracy;
  else
    j["nonsense_accuracy"] = nullptr;
  j["generated"] = state.generated.text;
  j["generated_temperature"] = state.generated.temperature;
  j["generated_seed"] = state.generated.seed;
  j["write_temperature"] = state.write.temperature;
  j["write_seed"] = state.write.seed;
  j["run"] = state.run;
  j["status"] = state.status;
  j["quality"] = state.quality_active.empty() ? nullptr : nlohmann::ordered_json(state.quality_active);
  j["quality_choice"] = quality_choice_name(state.settings.quality);
  j["load_messages"] = state.load_messages;
  return j;
}

Status write_state_dump(const std::filesystem::path& path, const AppState& state, Engine& engine,
                        const nlohmann::ordered_json& extra) {
  const std::vector<int> ids = read_ids(state);
  const Activations acts = engine.forward(state.step, ids, state.pulled);
  nlohmann::ordered_json j = dump_state(state, acts, engine.nonsense_accuracy(state.step, state.pulled));
  if (const auto weights = engine.chapter_context(state).weights)  // issue 22: why this character?
    add_tracing_json(j, TracingCache{}.update(*weights, acts, state));
  if (extra.is_object())
    for (const auto& [key, value] : extra.items()) j[key] = value;
  const std::string text = j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
  const auto* bytes = reinterpret_cast<const std::uint8_t*>(text.data());
  return write_file_atomically(path, std::span<const std::uint8_t>(bytes, text.size()));
}

}  // namespace am::ui
