// The GPT-3 arithmetic and the number formats every sentence uses.
#include <catch2/catch.hpp>

#include "am/model/kv_cache.hpp"
#include "am/ui/drum_notes.hpp"
#include "am/ui/facts.hpp"
#include "am/ui/live_numbers.hpp"
#include "am/ui/text_format.hpp"

using namespace am;
using namespace am::ui;

TEST_CASE("GPT-3's KV cache: 96 x 12,288 x 2 x 2 bytes per token", "[facts]") {
  const facts::KvCacheCost c = facts::gpt3_kv_cache_cost();
  CHECK(c.numbers_per_token == 2359296.0);
  CHECK(c.bytes_per_token == 4718592.0);
  CHECK(c.bytes_for_context == 9663676416.0);
  CHECK(fmt_bytes(c.bytes_per_token) == "4.7\u00a0MB");
  CHECK(fmt_bytes(c.bytes_for_context) == "9.7\u00a0GB");
  CHECK(fmt_large(c.numbers_per_token) == "2.4\u00a0million");
}

TEST_CASE("our KV cache and the causal score count", "[facts]") {
  CHECK(KvCache::kFloatsPerToken == 128);
  CHECK(fmt_bytes(KvCache::kFloatsPerToken * sizeof(float)) == "512\u00a0bytes");
  CHECK(facts::causal_scores(1) == 1);
  CHECK(facts::causal_scores(17) == 153);
  CHECK(facts::causal_scores(2048) == 2098176);
  CHECK(fmt_large(static_cast<double>(facts::causal_scores(2048))) == "2.1\u00a0million");
}

TEST_CASE("number formats", "[format]") {
  CHECK(fmt_int(0) == "0");
  CHECK(fmt_int(999) == "999");
  CHECK(fmt_int(27166) == "27\u202f166");
  CHECK(fmt_int(-1234567) == "-1\u202f234\u202f567");
  CHECK(fmt_count(1, "second", "seconds") == "1 second");  // not "1 seconds"
  CHECK(fmt_count(0, "second", "seconds") == "0 seconds");
  CHECK(fmt_count(1500, "step", "steps") == "1\u202f500 steps");
  CHECK(fmt_fixed(0.8412, 2) == "0.84");
  CHECK(fmt_fixed(-0.0001, 2) == "0.00");
  CHECK(fmt_percent(0.835) == "84\u00a0%");
  CHECK(fmt_percent(0.0) == "0\u00a0%");
  CHECK(fmt_percent(1.0) == "100\u00a0%");
  CHECK(fmt_percent(0.0004) == "<\u00a00.1\u00a0%");
  CHECK(fmt_percent(0.9995) == ">\u00a099.9\u00a0%");
  CHECK(fmt_percent(0.998) == "99.8\u00a0%");  // not "100 %"
  CHECK(fmt_percent(0.003) == "0.3\u00a0%");   // not "0 %"
  CHECK(fmt_probability(0.25) == "25\u00a0%");
  CHECK(fmt_points(0.63) == "63\u00a0points");
  CHECK(fmt_points(-0.01) == "1\u00a0point");
  // A difference from the rounded parts: "93 %" and "26 %" are 67 points apart, although
  // the unrounded difference, 0.678, would print as 68.
  CHECK(fmt_points_between(0.934, 0.256) == "67\u00a0points");
  CHECK(fmt_points(0.934 - 0.256) == "68\u00a0points");
  CHECK(fmt_points_between(0.5, 0.494) == "1\u00a0point");
  // Two figures called different print differently; equal ones alike.
  CHECK(fmt_distinct(1.001, 1.004, 2) == std::make_pair(std::string("1.001"), std::string("1.004")));
  CHECK(fmt_distinct(2.24, 2.31, 2) == std::make_pair(std::string("2.24"), std::string("2.31")));
  CHECK(fmt_distinct(0.5, 0.5, 2) == std::make_pair(std::string("0.50"), std::string("0.50")));
  CHECK(fmt_bytes(32768) == "32.8\u00a0kB");
  CHECK(fmt_bytes(1e9) == "1\u00a0GB");
  CHECK(fmt_large(175e9) == "175\u00a0billion");
  CHECK(fmt_large(27166) == "27\u202f166");
  CHECK(fmt_ratio(175e9 / 27166) == "6.4\u00a0million");
  CHECK(fmt_ratio(3.89) == "3.9");
  CHECK(fmt_ratio(4.0) == "4");
  CHECK(quote_char(' ') == "the space");
  CHECK(quote_char('e') == "\u201ce\u201d");
  CHECK(join_words({"a"}) == "a");
  CHECK(join_words({"a", "b", "c"}) == "a, b and c");
  CHECK(heads_phrase({3}) == "head 3");
  CHECK(heads_phrase({2, 4}) == "heads 2 and 4");
}

TEST_CASE("sums are printed so that they add up", "[format]") {
  // 0.954 + 0.984 = 1.938: at two decimals 0.95 + 0.98 = 1.93, not 1.94; three decimals add up.
  CHECK(fmt_sum({0.954, 0.984}, 2) == std::vector<std::string>{"0.954", "0.984", "1.938"});
  // Parts that already add up keep their digits.
  CHECK(fmt_sum({0.25, 0.5}, 2) == std::vector<std::string>{"0.25", "0.50", "0.75"});
}

TEST_CASE("parameters are counted from the loaded tensors", "[facts]") {
  const Weights w = random_weights(1);
  CHECK(count_parameters(w) == 27166);
}

TEST_CASE("copy target is the character after the last character's previous appearance", "[facts]") {
  const auto t = find_copy_target("qzxv kplw qzxv kp");
  REQUIRE(t.has_value());
  CHECK(t->earlier == 6);
  CHECK(t->next == 7);
  CHECK(t->expected == 'l');
  CHECK_FALSE(find_copy_target("abc").has_value());
  CHECK_FALSE(find_copy_target("a").has_value());
  CHECK(find_copy_target("abab")->expected == 'a');  // the b at 1 was followed by a
}

TEST_CASE("a message shows a path inside home from ~/", "[format]") {
  CHECK(path_for_message("/home/ann/Pictures/a.png", "/home/ann") == "~/Pictures/a.png");
  CHECK(path_for_message("/home/ann/Pictures/a.png", "/home/ann/") == "~/Pictures/a.png");
  CHECK(path_for_message("/home/annie/a.png", "/home/ann") == "/home/annie/a.png");  // another home
  CHECK(path_for_message("/tmp/a.png", "/home/ann") == "/tmp/a.png");
  CHECK(path_for_message("/home/ann", "/home/ann") == "/home/ann");  // home itself: no file in it
  CHECK(path_for_message("/root/a.png", "") == "/root/a.png");        // no HOME
  CHECK(path_for_message("/a.png", "/") == "/a.png");                  // HOME=/ abbreviates nothing
}

TEST_CASE("the drum's notes say which checkpoints are still being read, or prepared", "[facts][drum]") {
  CHECK(am::ui::drum_slider_label(4000, false) == "step 4\u202f000");
  CHECK(am::ui::drum_slider_label(4000, true) == "step 4\u202f000 \u00b7 loading\u2026");
  CHECK(am::ui::drum_progress_note(std::size_t{40}, 181, 7050, 9000, 8, 8) ==
        "(loading 40 of 181: steps 7\u202f050\u20139\u202f000 are in)");
  CHECK(am::ui::drum_progress_note(std::nullopt, 181, 0, 9000, 3, 8) == "(preparing 3/8)");
  CHECK(am::ui::drum_progress_note(std::nullopt, 181, 0, 9000, 8, 8).empty());
}
