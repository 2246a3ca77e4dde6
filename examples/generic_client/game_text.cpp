#include "game_text.h"

#include <cctype>
#include <charconv>

namespace game_client {
namespace {

constexpr std::string_view kGameNumber = "game_number";
constexpr std::string_view kResignedSeat = "resigned_seat";

std::string value_text(const v1::SettingValue& value) {
  switch (value.kind_case()) {
    case v1::SettingValue::kFlag: return value.flag() ? "on" : "off";
    case v1::SettingValue::kNumber: return std::to_string(value.number());
    case v1::SettingValue::kChoice: return value.choice();
    default: return "";
  }
}

std::vector<std::string_view> words(std::string_view text) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    std::size_t end = i;
    while (end < text.size() && !std::isspace(static_cast<unsigned char>(text[end]))) ++end;
    if (end > i) out.push_back(text.substr(i, end - i));
    i = end;
  }
  return out;
}

template <class Int>
bool parse_int(std::string_view text, Int* out) {
  if (text.empty()) return false;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), *out);
  return ec == std::errc() && end == text.data() + text.size();
}

// "name=value" split at its first '='; false without one, or with either
// side empty.
bool split_pair(std::string_view word, std::string_view* name, std::string_view* value) {
  const std::size_t eq = word.find('=');
  if (eq == std::string_view::npos || eq == 0 || eq + 1 == word.size()) return false;
  *name = word.substr(0, eq);
  *value = word.substr(eq + 1);
  return true;
}

}  // namespace

std::string write_game_text(const v1::GameState& state, const std::vector<std::string>& notations) {
  std::string out = state.game_id();
  for (const v1::Setting& s : state.settings()) out += " " + s.id() + "=" + value_text(s.value());
  if (state.game_number() > 1) out += " " + std::string(kGameNumber) + "=" + std::to_string(state.game_number());
  out += ":";
  for (const std::string& move : notations) out += " " + move;
  if (state.resigned_seat() != 0)
    out += " " + std::string(kResignedSeat) + "=" + std::to_string(state.resigned_seat());
  return out;
}

GameTextProblem read_game_text(std::string_view text, GameText* out) {
  const std::size_t colon = text.find(':');
  if (colon == std::string_view::npos) return {"game_text.no_colon", {}};
  const auto header = words(text.substr(0, colon));
  if (header.empty()) return {"game_text.no_game", {}};
  GameText game;
  game.game_id = std::string(header[0]);
  for (std::size_t i = 1; i < header.size(); ++i) {
    const std::string word(header[i]);
    std::string_view name, value;
    if (!split_pair(header[i], &name, &value)) return {"game_text.not_a_setting", {{"word", word}}};
    if (name == kGameNumber) {
      if (!parse_int(value, &game.game_number) || game.game_number == 0)
        return {"game_text.bad_game_number", {{"word", word}}};
      continue;
    }
    for (const auto& [id, unused] : game.settings)
      if (id == name) return {"game_text.setting_twice", {{"setting", id}}};
    game.settings.emplace_back(std::string(name), std::string(value));
  }
  const auto moves = words(text.substr(colon + 1));
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const std::string word(moves[i]);
    std::string_view name, value;
    if (split_pair(moves[i], &name, &value) && name == kResignedSeat) {
      if (i + 1 != moves.size()) return {"game_text.resigned_not_last", {{"word", word}}};
      if (!parse_int(value, &game.resigned_seat) || game.resigned_seat == 0)
        return {"game_text.bad_resigned_seat", {{"word", word}}};
      break;
    }
    if (word.find(':') != std::string::npos) return {"game_text.two_colons", {{"word", word}}};
    game.moves.push_back(word);
  }
  *out = std::move(game);
  return {};
}

GameTextProblem settings_of(const GameText& text, const v1::GameInfo& game, std::vector<v1::Setting>* out) {
  std::vector<v1::Setting> settings;
  for (const auto& [id, value] : text.settings) {
    const v1::SettingSpec* spec = nullptr;
    for (const v1::SettingSpec& s : game.settings())
      if (s.id() == id) spec = &s;
    if (spec == nullptr) return {"game_text.unknown_setting", {{"setting", id}, {"game", game.name()}}};
    v1::Setting setting;
    setting.set_id(id);
    v1::SettingValue* v = setting.mutable_value();
    switch (spec->type()) {
      case v1::SettingSpec::FLAG:
        if (value != "on" && value != "off") return {"game_text.not_a_flag", {{"setting", id}, {"word", value}}};
        v->set_flag(value == "on");
        break;
      case v1::SettingSpec::NUMBER: {
        std::int64_t n = 0;
        if (!parse_int(std::string_view(value), &n))
          return {"game_text.not_a_number", {{"setting", id}, {"word", value}}};
        v->set_number(n);
        break;
      }
      default: v->set_choice(value); break;
    }
    settings.push_back(std::move(setting));
  }
  *out = std::move(settings);
  return {};
}

}  // namespace game_client
