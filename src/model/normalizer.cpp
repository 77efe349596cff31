#include "am/model/normalizer.hpp"

#include <cstdint>
#include <optional>

#include "am/model/alphabet.hpp"

namespace am {
namespace {

// Decodes one UTF-8 code point starting at text[i]; advances i. Returns nullopt
// (and advances one byte) for a malformed sequence: overlong forms, surrogates,
// values past U+10FFFF and truncated sequences are all rejected.
std::optional<char32_t> next_code_point(std::string_view text, std::size_t& i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char b0 = byte(i);
  if (b0 < 0x80) {
    ++i;
    return b0;
  }
  int length = 0;
  char32_t cp = 0;
  char32_t minimum = 0;
  if ((b0 & 0xE0) == 0xC0) {
    length = 2, cp = b0 & 0x1F, minimum = 0x80;
  } else if ((b0 & 0xF0) == 0xE0) {
    length = 3, cp = b0 & 0x0F, minimum = 0x800;
  } else if ((b0 & 0xF8) == 0xF0) {
    length = 4, cp = b0 & 0x07, minimum = 0x10000;
  } else {
    ++i;
    return std::nullopt;
  }
  if (i + static_cast<std::size_t>(length) > text.size()) {
    ++i;
    return std::nullopt;
  }
  for (int k = 1; k < length; ++k) {
    const unsigned char b = byte(i + static_cast<std::size_t>(k));
    if ((b & 0xC0) != 0x80) {
      ++i;
      return std::nullopt;
    }
    cp = (cp << 6) | (b & 0x3F);
  }
  if (cp < minimum || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
    ++i;
    return std::nullopt;
  }
  i += static_cast<std::size_t>(length);
  return cp;
}

// Latin-1 Supplement and Latin Extended-A letters folded to their base letters.
// Index = code point - 0xC0; "" means "not a letter".
constexpr const char* kLatin1Fold[64] = {
    "a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i", "i",  // C0-CF
    "d", "n", "o", "o", "o", "o", "o", "",  "o", "u", "u", "u", "u", "y", "th", "ss", // D0-DF
    "a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i", "i",  // E0-EF
    "d", "n", "o", "o", "o", "o", "o", "",  "o", "u", "u", "u", "u", "y", "th", "y",  // F0-FF
};

// Latin Extended-A (U+0100..U+017F): base letters in pairs (capital, small) mostly.
constexpr const char* kExtendedAFold =
    "aaaaaaccccccccddddeeeeeeeeeegggggggghhhhiiiiiiiiiijjjjkkkllllllllllnnnnnnnnnoooooooorrrrrrssssssssttttttuuuuuuuuuuuuwwyyyzzzzzzs";

// Ligatures and letters whose base is more than one letter; the table above holds one.
const char* extended_a_multi_letter(char32_t cp) {
  switch (cp) {
    case 0x132: case 0x133: return "ij";  // Ĳ ĳ
    case 0x149: return "'n";              // ŉ (n preceded by apostrophe)
    case 0x152: case 0x153: return "oe";  // Œ œ
    default: return nullptr;
  }
}

// Whether a Latin-1 or Latin Extended-A letter is a capital (so folding it also lower-cases it).
bool is_latin_capital(char32_t cp) {
  if (cp >= 0xC0 && cp <= 0xDE) return cp != 0xD7;  // × is not a letter
  if (cp < 0x100 || cp > 0x17F) return false;
  // Extended-A mostly alternates capital/small; ĸ, ŉ and ſ (small) break the rhythm.
  if (cp <= 0x137) return cp % 2 == 0;
  if (cp == 0x138) return false;
  if (cp <= 0x148) return cp % 2 == 1;
  if (cp == 0x149) return false;
  if (cp <= 0x177) return cp % 2 == 0;
  if (cp == 0x178) return true;
  if (cp <= 0x17E) return cp % 2 == 1;
  return false;
}

enum class Kind { kKeep, kLower, kAccent, kQuote, kStop, kSpace, kDrop };

struct Mapped {
  std::string out;
  Kind kind;
  bool capital = false;  // an accented capital: counted as lower-cased too
};

Mapped map_code_point(char32_t cp) {
  if (cp < 0x80) {
    const char c = static_cast<char>(cp);
    if (c >= 'a' && c <= 'z') return {std::string(1, c), Kind::kKeep};
    if (c >= 'A' && c <= 'Z') return {std::string(1, static_cast<char>(c - 'A' + 'a')), Kind::kLower};
    if (c == ' ') return {" ", Kind::kKeep};
    if (c == '.' || c == ',' || c == '\'') return {std::string(1, c), Kind::kKeep};
    if (c == '!' || c == '?' || c == ';' || c == ':') return {".", Kind::kStop};
    if (c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f' || c == '-')
      return {" ", Kind::kSpace};
    return {"", Kind::kDrop};
  }
  if (cp == 0x2018 || cp == 0x2019 || cp == 0x201B || cp == 0x02BC) return {"'", Kind::kQuote};
  // Dashes and hyphens (U+2010..U+2015, minus sign) and Unicode spaces become a space.
  if ((cp >= 0x2010 && cp <= 0x2015) || cp == 0x2212 || cp == 0x00A0 ||
      (cp >= 0x2000 && cp <= 0x200A) || cp == 0x2028 || cp == 0x2029 || cp == 0x202F ||
      cp == 0x205F || cp == 0x3000 || cp == 0x0085)
    return {" ", Kind::kSpace};
  if (cp == 0x2026) return {".", Kind::kStop};  // ellipsis ends a sentence
  if (cp == 0x00A1 || cp == 0x00BF) return {"", Kind::kDrop};  // ¡ ¿ lead, not end
  if (cp >= 0xC0 && cp <= 0xFF) {
    const char* folded = kLatin1Fold[cp - 0xC0];
    if (*folded != '\0') return {folded, Kind::kAccent, is_latin_capital(cp)};
    return {"", Kind::kDrop};
  }
  if (cp >= 0x100 && cp <= 0x17F) {
    const char* multi = extended_a_multi_letter(cp);
    return {multi ? std::string(multi) : std::string(1, kExtendedAFold[cp - 0x100]), Kind::kAccent,
            is_latin_capital(cp)};
  }
  // Combining accents (decomposed text writes é as e + U+0301): the base letter stays.
  if (cp >= 0x300 && cp <= 0x36F) return {"", Kind::kAccent};
  return {"", Kind::kDrop};
}

}  // namespace

bool NormalizeReport::changed() const {
  return lowercased + accents_removed + quotes_straightened + marks_to_stop + to_space +
             dropped + invalid_utf8 + collapsed >
         0;
}

std::string NormalizeReport::summary() const {
  std::string s;
  const auto add = [&](std::size_t n, const char* one, const char* many) {
    if (n == 0) return;
    if (!s.empty()) s += ", ";
    s += std::to_string(n) + " " + (n == 1 ? one : many);
  };
  add(lowercased, "capital lower-cased", "capitals lower-cased");
  add(accents_removed, "accent removed", "accents removed");
  add(quotes_straightened, "curly quote straightened", "curly quotes straightened");
  add(marks_to_stop, "mark turned into a full stop", "marks turned into full stops");
  add(to_space, "line break, tab or dash turned into a space",
      "line breaks, tabs or dashes turned into spaces");
  add(dropped, "character dropped (not in the alphabet)", "characters dropped (not in the alphabet)");
  add(invalid_utf8, "invalid byte dropped", "invalid bytes dropped");
  add(collapsed, "repeated space or full stop merged", "repeated spaces or full stops merged");
  return s.empty() ? "unchanged" : s;
}

Normalized normalize(std::string_view utf8) {
  Normalized result;
  result.text.reserve(utf8.size());
  NormalizeReport& report = result.report;
  std::size_t i = 0;
  if (utf8.substr(0, 3) == "\xEF\xBB\xBF") i = 3;  // a byte-order mark is not text
  while (i < utf8.size()) {
    const std::optional<char32_t> cp = next_code_point(utf8, i);
    if (!cp) {
      ++report.invalid_utf8;
      continue;
    }
    if (*cp == 0xFEFF) continue;
    const Mapped mapped = map_code_point(*cp);
    switch (mapped.kind) {
      case Kind::kKeep: break;
      case Kind::kLower: ++report.lowercased; break;
      case Kind::kAccent:
        ++report.accents_removed;
        if (mapped.capital) ++report.lowercased;
        break;
      case Kind::kQuote: ++report.quotes_straightened; break;
      case Kind::kStop: ++report.marks_to_stop; break;
      case Kind::kSpace: ++report.to_space; break;
      case Kind::kDrop: ++report.dropped; break;
    }
    for (char c : mapped.out) {
      // Runs of spaces or of full stops collapse to one.
      if ((c == ' ' || c == '.') && !result.text.empty() && result.text.back() == c) {
        ++report.collapsed;
        continue;
      }
      result.text.push_back(c);
    }
  }
  result.ids = encode(result.text);
  return result;
}

}  // namespace am
