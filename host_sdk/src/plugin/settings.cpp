#include <string>

#include "records.h"

namespace boardgame::plugin {

namespace {

const v1::SettingSpec* find_spec(const v1::GameInfo& schema, std::string_view id) {
  for (const v1::SettingSpec& spec : schema.settings())
    if (spec.id() == id) return &spec;
  return nullptr;
}

}  // namespace

const v1::SettingValue& Settings::value(std::string_view id) const {
  for (const v1::Setting& s : chosen_)
    if (s.id() == id) return s.value();
  if (const v1::SettingSpec* spec = find_spec(schema_, id)) return spec->default_value();
  throw std::logic_error("the game reads setting '" + std::string(id) +
                         "', which is not in its schema");
}

namespace detail {

namespace {

bool same(const v1::SettingValue& a, const v1::SettingValue& b) {
  if (a.kind_case() != b.kind_case()) return false;
  switch (a.kind_case()) {
    case v1::SettingValue::kFlag: return a.flag() == b.flag();
    case v1::SettingValue::kNumber: return a.number() == b.number();
    case v1::SettingValue::kChoice: return a.choice() == b.choice();
    case v1::SettingValue::KIND_NOT_SET: return true;
  }
  return false;
}

std::string text(const v1::SettingValue& v) {
  switch (v.kind_case()) {
    case v1::SettingValue::kFlag: return v.flag() ? "true" : "false";
    case v1::SettingValue::kNumber: return std::to_string(v.number());
    case v1::SettingValue::kChoice: return "'" + v.choice() + "'";
    case v1::SettingValue::KIND_NOT_SET: break;
  }
  return "no value";
}

std::string allowed_list(const v1::SettingSpec& spec) {
  std::string list;
  for (const v1::AllowedValue& a : spec.allowed_values())
    list += (list.empty() ? "" : ", ") + text(a.value());
  return list;
}

void check_value(const v1::SettingSpec& spec, const v1::SettingValue& value) {
  for (const v1::AllowedValue& a : spec.allowed_values())
    if (same(a.value(), value)) return;
  const std::string why =
      spec.changeable() ? "it takes " + allowed_list(spec)
                        : "it cannot be changed from " + text(spec.default_value());
  throw Rejected(Code::kInvalidArgument, "bad_setting_value",
                 "setting '" + spec.id() + "' cannot be " + text(value) + ": " + why,
                 {{"setting", spec.id()}, {"value", text(value)}});
}

}  // namespace

void resolve_settings(const v1::GameInfo& schema, const SettingList& chosen, SettingList& out) {
  for (int i = 0; i < chosen.size(); ++i) {
    const v1::Setting& s = chosen[i];
    const v1::SettingSpec* spec = find_spec(schema, s.id());
    if (!spec) {
      std::string known;
      for (const v1::SettingSpec& k : schema.settings())
        known += (known.empty() ? "" : ", ") + k.id();
      throw Rejected(Code::kInvalidArgument, "unknown_setting",
                     "unknown setting '" + s.id() + "'; game '" + schema.id() +
                         "' has " + known,
                     {{"setting", s.id()}});
    }
    for (int j = 0; j < i; ++j)
      if (chosen[j].id() == s.id())
        throw Rejected(Code::kInvalidArgument, "duplicate_setting",
                       "setting '" + s.id() + "' is given more than once",
                       {{"setting", s.id()}});
    check_value(*spec, s.value());
  }
  out.Clear();
  for (const v1::SettingSpec& spec : schema.settings())
    for (const v1::Setting& c : chosen)
      if (c.id() == spec.id() && !same(c.value(), spec.default_value())) *out.Add() = c;
}

}  // namespace detail
}  // namespace boardgame::plugin
