#include "am/ui/glossary.hpp"

#include <array>
#include <cctype>

namespace am::ui {
namespace {

// Longer terms first, so "induction score" is found before "induction head".
constexpr std::array kGlossary = {
    GlossaryEntry{"previous-character head", "A head that puts most of its weight on the character just before the query."},
    GlossaryEntry{"induction score", "How much of a head's weight lands on the character that followed an earlier copy of the current one: the signature of copying."},
    GlossaryEntry{"induction head", "A head that finds where the current character appeared before and looks at what came next, so the model can copy it."},
    GlossaryEntry{"residual stream", "The list of numbers each character carries through the machine; every attention and MLP stage adds to it."},
    GlossaryEntry{"role threshold", "The score a head must reach before the app calls it by a role such as previous-character or induction head."},
    GlossaryEntry{"vector length", "The square root of the sum of a list's numbers squared: how big the list is as a whole."},
    GlossaryEntry{"dot product", "Multiply two lists of numbers place by place and add the products: large when they point the same way."},
    GlossaryEntry{"embedding", "The list of numbers the model has learned for each character of its alphabet."},
    GlossaryEntry{"checkpoint", "The weights saved at one step of training; the drum turns through them."},
    GlossaryEntry{"attention", "Each character's way of gathering information from earlier characters, weighted by how well their keys match its query."},
    GlossaryEntry{"softmax", "Turns a row of scores into weights that are all positive and add up to one; bigger scores get much bigger shares."},
    GlossaryEntry{"ablation", "Pulling a head out (setting its output to zero) to see what the model loses without it."},
    GlossaryEntry{"logits", "The raw scores the read-out gives each possible next character, before softmax turns them into probabilities."},
    GlossaryEntry{"query", "What a character is looking for: a short list of numbers compared with every earlier key."},
    GlossaryEntry{"value", "What a character hands over when it is attended to: a short list of numbers, weighted and summed."},
    GlossaryEntry{"token", "One unit the model reads; here each token is a single character."},
    GlossaryEntry{"loss", "How surprised the model is by the right next character, averaged: lower is better. Shown in bits."},
    GlossaryEntry{"bits", "The unit of surprise: one bit is a fair coin's worth; a loss in nats divided by the natural log of two is the same loss in bits."},
    GlossaryEntry{"nats", "Surprise measured with natural logarithms; multiply by about one and a half (one over ln two) to get bits."},
    GlossaryEntry{"gelu", "The smooth bend in the MLP: negative inputs are squeezed towards zero, positive ones pass nearly unchanged."},
    GlossaryEntry{"mlp", "The small two-layer network after each attention stage, working on each character on its own."},
    GlossaryEntry{"head", "One of the four attention units in a layer, each with its own queries, keys and values."},
    GlossaryEntry{"key", "What a character offers to be found by: compared with a query by a dot product."},
    GlossaryEntry{"shutter", "The causal mask: it covers every later character, so a query can only look back."},
};

bool word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '-'; }

bool equal_ci(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i]))) return false;
  return true;
}

}  // namespace

std::span<const GlossaryEntry> glossary() { return kGlossary; }

std::vector<TermMatch> find_terms(std::string_view text) {
  std::vector<TermMatch> out;
  std::size_t i = 0;
  while (i < text.size()) {
    const bool word_start = i == 0 || !word_char(text[i - 1]);
    const GlossaryEntry* hit = nullptr;
    std::size_t hit_length = 0;
    if (word_start && word_char(text[i])) {
      for (const GlossaryEntry& e : kGlossary) {
        const std::size_t n = e.term.size();
        if (n <= hit_length || i + n > text.size() || !equal_ci(text.substr(i, n), e.term)) continue;
        // Whole words only; a plural "s" still counts ("heads", "keys").
        std::size_t end = i + n;
        if (end < text.size() && text[end] == 's' && (end + 1 == text.size() || !word_char(text[end + 1]))) ++end;
        if (end < text.size() && word_char(text[end])) continue;
        hit = &e;
        hit_length = end - i;
      }
    }
    if (hit != nullptr) {
      out.push_back({i, hit_length, hit});
      i += hit_length;
    } else {
      ++i;
    }
  }
  return out;
}

}  // namespace am::ui
