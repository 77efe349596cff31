// Reading optional fields from parsed JSON without exceptions: a field of the wrong
// type counts as absent, so a newer or older file never crashes the app.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

namespace am::json_fields {

// The first of `keys` present in `object` as a number.
inline std::optional<double> number(const nlohmann::json& object, std::initializer_list<const char*> keys) {
  if (!object.is_object()) return std::nullopt;
  for (const char* k : keys) {
    const auto it = object.find(k);
    if (it != object.end() && it->is_number()) return it->get<double>();
  }
  return std::nullopt;
}

inline std::optional<std::int64_t> integer(const nlohmann::json& object,
                                           std::initializer_list<const char*> keys) {
  if (!object.is_object()) return std::nullopt;
  for (const char* k : keys) {
    const auto it = object.find(k);
    if (it != object.end() && it->is_number_integer()) return it->get<std::int64_t>();
  }
  return std::nullopt;
}

inline std::optional<std::string> string(const nlohmann::json& object,
                                         std::initializer_list<const char*> keys) {
  if (!object.is_object()) return std::nullopt;
  for (const char* k : keys) {
    const auto it = object.find(k);
    if (it != object.end() && it->is_string()) return it->get<std::string>();
  }
  return std::nullopt;
}

inline const nlohmann::json* member(const nlohmann::json& object, std::initializer_list<const char*> keys) {
  if (!object.is_object()) return nullptr;
  for (const char* k : keys) {
    const auto it = object.find(k);
    if (it != object.end() && !it->is_null()) return &*it;
  }
  return nullptr;
}

}  // namespace am::json_fields
