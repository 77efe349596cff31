// The 30-character alphabet and the mapping between characters and ids.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace am {

inline constexpr std::string_view kAlphabet = "abcdefghijklmnopqrstuvwxyz .,'";

// Id of an alphabet character, or -1 for anything else.
int char_to_id(char c);
// The character for an id in [0, kVocab); '?' otherwise.
char id_to_char(int id);
// A printable label: "space" shown as "␣"-free ASCII words are the UI's job;
// this returns the raw character as a one-byte string.
std::string id_to_string(int id);

// Ids of an already-normalized string; characters outside the alphabet are skipped.
std::vector<int> encode(std::string_view normalized);
std::string decode(const std::vector<int>& ids);

}  // namespace am
