// Sentences about a tracing, built from its numbers only (the "why?" panel and chapter 12
// say the same thing the same way).
#pragma once

#include <string>
#include <string_view>

#include "am/analysis/tracing.hpp"

namespace am::ui {

// The head whose term is largest (most positive), as its index layer * kHeads + head; -1 if none.
int strongest_head(const analysis::Attribution& a);
// The source position that gave the most of one head's term.
int strongest_source(const analysis::Attribution& a, int head_index);
// "L2H4 gave +1.70 to 'l', +1.70 of it through the 'l' at place 8." (places count from 1;
// `text` is the text read, for the source character.)
std::string head_push_sentence(const analysis::Attribution& a, int head_index, std::string_view text);
// "'l' scores 9.99: the heads together +3.5, the MLPs +5.4, embedding and position −0.1, bias +1.1."
std::string score_summary(const analysis::Attribution& a);
// The strongest patching cell, e.g. "Copying L1H4's output at place 8 from the clean text brings
// back 54 % of the difference." ("" without a map).
std::string patching_sentence(const analysis::Tracing& t, std::string_view text);
// The link chapters 7 and 9 end with: "See who said it: chapter 12, Tracing a guess."
std::string see_who_said_it();
// A character as the sentences quote it: 'l', or 'space'.
std::string quoted_character(int id);

}  // namespace am::ui
