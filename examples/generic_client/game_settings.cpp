#include "game_settings.h"

#include <algorithm>

namespace game_client {

bool same_value(const v1::SettingValue& a, const v1::SettingValue& b) {
  return a.SerializeAsString() == b.SerializeAsString();
}

const v1::SettingSpec* find_spec(const v1::GameInfo& info, const std::string& id) {
  for (const v1::SettingSpec& s : info.settings())
    if (s.id() == id) return &s;
  return nullptr;
}

bool allowed(const v1::SettingSpec& spec, const v1::SettingValue& value) {
  return std::any_of(spec.allowed_values().begin(), spec.allowed_values().end(),
                     [&](const v1::AllowedValue& a) { return same_value(a.value(), value); });
}

std::string value_label(const v1::SettingSpec& spec, const v1::SettingValue& value) {
  for (const v1::AllowedValue& a : spec.allowed_values())
    if (same_value(a.value(), value)) return a.label();
  switch (value.kind_case()) {
    case v1::SettingValue::kFlag: return value.flag() ? "1" : "0";
    case v1::SettingValue::kNumber: return std::to_string(value.number());
    case v1::SettingValue::kChoice: return value.choice();
    default: return "?";
  }
}

std::optional<std::chrono::seconds> turn_clock(const v1::GameInfo& info, const v1::GameState& state) {
  const v1::SettingSpec* spec = find_spec(info, kTimePerTurn);
  if (!spec || spec->category() != v1::SettingSpec::PLATFORM) return std::nullopt;
  for (const v1::Setting& s : state.settings())
    if (s.id() == kTimePerTurn && s.value().kind_case() == v1::SettingValue::kNumber &&
        s.value().number() > 0)
      return std::chrono::seconds(s.value().number());
  return std::nullopt;
}

}  // namespace game_client
