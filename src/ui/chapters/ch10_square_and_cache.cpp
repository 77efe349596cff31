// Chapter 10: the quadratic cost of attention, and the KV cache that avoids
// recomputing it when writing one character at a time.
#include "am/model/kv_cache.hpp"
#include "am/ui/facts.hpp"
#include "am/engine/generation.hpp"
#include "am/ui/text_format.hpp"
#include "chapter_common.hpp"

namespace am::ui::chapters {
namespace {

constexpr double kBytesPerFloat32 = sizeof(float);
constexpr int kWriteCount = 20;  // what the Write button adds (kGenerateButtonCount)

// How many times the scores grow when the text doubles.
double doubling_factor(std::int64_t n) {
  return static_cast<double>(facts::causal_scores(2 * n)) / static_cast<double>(facts::causal_scores(n));
}

// clang-format off
std::string body(const ChapterContext& c) {
  const int heads = kLayers * kHeads;
  std::string out =
      "To read n characters, each head works out about half of n\u00b2 scores: every character against itself "
      "and everything before it.";
  if (has_pass(c)) {
    const std::int64_t n = c.acts->length();
    out += " The text now has n = " + fmt_int(n) + " characters, so each head computes " +
           fmt_int(facts::causal_scores(n)) + " scores and all " + std::to_string(heads) + " heads together " +
           fmt_int(heads * facts::causal_scores(n)) + ".";
    if (!answer_hidden(c))
      out += " Twice as many characters would mean " + fmt_ratio(doubling_factor(n)) +
             " times the scores: this is the quadratic cost of attention.";
  }
  out +=
      "\n\nWhen a model writes one character at a time, the keys and values of everything before do not change. "
      "They can be kept, and only the new character needs a query: this is the KV cache.";
  if (c.state && !c.state->generated.text.empty()) {
    const Generation& g = c.state->generated;
    out += " Writing \u201c" + g.text + "\u201d took " + fmt_int(g.dots_with_cache) +
           " dot products with the cache, against " + fmt_int(g.dots_without_cache) + " without it.";
  }
  return out;
}

std::string numbers(const ChapterContext& c) {
  std::string out = "GPT-3 reads " + fmt_int(facts::kGpt3Context) + " tokens at a time: in each of its "
                    "full-attention layers that is " +
                    fmt_large(static_cast<double>(facts::causal_scores(facts::kGpt3Context))) + " scores per head.";
  if (c.weights && has_pass(c)) {
    // Feed the text through the cache to count its dot products on this very text.
    const Generation fed = engine::generate_greedy(*c.weights, read_ids(*c.state), c.state->pulled, 0);
    out += " Reading the current text through the cache, one character at a time, took " +
           fmt_int(fed.dots_with_cache) + " dot products across all heads; re-reading the whole text for every "
           "new character would have taken " + fmt_int(fed.dots_without_cache) + ".";
  }
  if (c.state && !c.state->generated.text.empty()) {
    const Generation& g = c.state->generated;
    out += " The last writing was " + fmt_int(static_cast<std::int64_t>(g.text.size())) + " characters, " +
           (g.temperature > 0.0f ? "drawn at temperature " + fmt_fixed(g.temperature, 2) + " with seed " +
                                       fmt_int(static_cast<std::int64_t>(g.seed))
                                 : std::string("always taking the favourite")) + ".";
  }
  const double ours_per_token = KvCache::kFloatsPerToken * kBytesPerFloat32;
  out += "\n\nThe cache costs memory. In this model each character keeps " +
         std::to_string(KvCache::kFloatsPerToken) + " numbers (" + std::to_string(kLayers) +
         " layers \u00d7 a key and a value \u00d7 " + std::to_string(kDModel) + "), " + fmt_bytes(ours_per_token) +
         " as " + std::to_string(static_cast<int>(kBytesPerFloat32 * 8)) + "-bit floats; a full window of " +
         std::to_string(kContext) + " characters takes " + fmt_bytes(ours_per_token * kContext) + ".";
  const facts::KvCacheCost g = facts::gpt3_kv_cache_cost();
  out += " At GPT-3's size, with every one of its " + fmt_int(facts::kGpt3Layers) + " layers keeping a key and a "
         "value of " + fmt_int(facts::kGpt3Width) + " numbers for every token, that is " +
         fmt_large(g.numbers_per_token) + " numbers per token: " + fmt_bytes(g.bytes_per_token) + " in " +
         std::to_string(facts::kFp16Bytes * 8) + "-bit floats, and " + fmt_bytes(g.bytes_for_context) + " for " +
         fmt_int(facts::kGpt3Context) + " tokens.";
  return out;
}
// clang-format on

std::string caption(const ChapterContext& c) {
  std::string s =
      "with the cache: about n dot products per new character \u00b7 without: about half of n\u00b2";
  if (has_pass(c)) s += " \u00b7 now n = " + fmt_int(c.acts->length());
  return s;
}

std::optional<Generation> would_write(const ChapterContext& c) {
  if (!c.weights || !has_pass(c)) return std::nullopt;
  return engine::generate_greedy(*c.weights, read_ids(*c.state), c.state->pulled, kWriteCount);
}

std::string try_words(const ChapterContext& c) {
  std::string s;
  if (const auto g = would_write(c))
    s = "Press Write: " + std::to_string(kWriteCount) + " more characters take " +
        fmt_int(g->dots_with_cache) + " dot products with the cache, against " +
        fmt_int(g->dots_without_cache) + " without it.";
  else
    s = "Type some text, then press Write to continue it with the cache.";
  if (c.runs && c.runs->size() > 1) {
    std::string others;
    for (const RunView& r : *c.runs)
      if (r.name != c.run) others += (others.empty() ? "\u201c" : ", \u201c") + r.title + "\u201d";
    s += " Then choose " + others +
         " in the drum's Run menu and press Write again: the same model, trained on "
         "differently arranged text, continues it differently.";
  }
  return s;
}

std::vector<std::string> try_actions(const ChapterContext& c) {
  if (!would_write(c)) return {};
  return {"generate " + std::to_string(kWriteCount)};
}

TryExpect try_expect(const ChapterContext& c) {
  const auto g = would_write(c);
  if (!g) return {};
  const std::int64_t with = g->dots_with_cache, without = g->dots_without_cache;
  return {fmt_int(with) + " dot products with the cache, " + fmt_int(without) + " without",
          [with, without](const ChapterContext& after) {
            const Generation& got = after.state->generated;
            return got.dots_with_cache == with && got.dots_without_cache == without && with < without;
          }};
}

std::vector<std::string> choices(const ChapterContext&) {
  return {"about the same", "about twice as many", "about four times as many"};
}

Reveal answer_from(const ChapterContext& c) {
  Reveal r;
  const std::int64_t n = has_pass(c) ? c.acts->length() : kContext / 2;
  const double f = doubling_factor(n);
  // Closest of the three answers (factors one, two and four).
  const double options[] = {1.0, 2.0, 4.0};
  r.correct_choice = 0;
  for (int i = 1; i < 3; ++i)
    if (std::abs(f - options[i]) < std::abs(f - options[r.correct_choice])) r.correct_choice = i;
  r.explanation = "From " + fmt_int(n) + " to " + fmt_int(2 * n) +
                  " characters the scores per head go from " + fmt_int(facts::causal_scores(n)) + " to " +
                  fmt_int(facts::causal_scores(2 * n)) + ", " + fmt_ratio(f) + " times as many.";
  return r;
}

}  // namespace

constinit const Chapter kSquareAndCache = {
    .title = "The square and the cache",
    .default_text = kQueenText,
    .stage = {.camera = CameraPose::kOverview,
              .focus = {machine::FocusPart::kLiftedGrid, machine::FocusPart::kLiftedDials},
              .highlight = kHighlightDials | kHighlightThreads},
    .body = body,
    .numbers = numbers,
    .caption = caption,
    .try_this = {.words = try_words, .actions = try_actions, .expect = try_expect},
    .predict =
        PredictQuestion{.prompt = "If the text were twice as long, how many scores would each head compute?",
                        .choices = choices,
                        .answer_from = answer_from},
};

}  // namespace am::ui::chapters
