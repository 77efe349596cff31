// The glossary finds its terms as whole words, longest first.
#include <catch2/catch.hpp>

#include <string>

#include "am/ui/glossary.hpp"

using namespace am::ui;

TEST_CASE("glossary: terms are found whole, case-insensitive, the longer one first", "[glossary]") {
  const std::string text = "Softmax turns each dot product into weights; an induction head has a high induction score.";
  const auto m = find_terms(text);
  std::vector<std::string> found;
  for (const auto& t : m) found.push_back(text.substr(t.start, t.length));
  CHECK(found == std::vector<std::string>{"Softmax", "dot product", "induction head", "induction score"});
}

TEST_CASE("glossary: no match inside a longer word but plurals count", "[glossary]") {
  const std::string text = "monkeys keys lossy losses heads";
  std::vector<std::string> found;
  for (const auto& t : find_terms(text)) found.push_back(text.substr(t.start, t.length));
  CHECK(found == std::vector<std::string>{"keys", "heads"});
}

TEST_CASE("glossary: every jargon word the issue names is explained, in one sentence", "[glossary]") {
  for (const char* term : {"softmax", "dot product", "vector length", "bits", "loss", "gelu", "token", "induction score",
                           "role threshold"}) {
    INFO(term);
    const auto m = find_terms(term);
    REQUIRE(m.size() == 1);
    CHECK(m[0].entry->sentence.size() > 20);
    CHECK(m[0].entry->sentence.back() == '.');
  }
}
