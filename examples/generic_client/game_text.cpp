#include "game_text.h"

#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>

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

bool is_space(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

// A line break or other control character in a name would end the tag
// line early: it is written as a space.
std::string tag_line(std::string_view name, std::string_view value) {
  std::string out = "[" + std::string(name) + " \"";
  for (char c : value) {
    if (c == '"' || c == '\\') out += '\\';
    out += static_cast<unsigned char>(c) < 0x20 || c == 0x7f ? ' ' : c;
  }
  return out + "\"]\n";
}

// `[Name "value"]`, spaces allowed around the parts. The problem names the
// line, so a hand-edited header can be put right.
GameTextProblem read_tag(std::string_view line, std::size_t number, std::string* name, std::string* value) {
  const Args where = {{"line", std::to_string(number)}, {"text", std::string(line)}};
  const GameTextProblem bad = {"game_text.bad_tag", where};
  std::size_t i = 1;  // past '['
  while (i < line.size() && is_space(line[i])) ++i;
  const std::size_t name_start = i;
  while (i < line.size() && (std::isalnum(static_cast<unsigned char>(line[i])) || line[i] == '_')) ++i;
  if (i == name_start) return bad;
  *name = std::string(line.substr(name_start, i - name_start));
  while (i < line.size() && is_space(line[i])) ++i;
  if (i == line.size() || line[i] != '"') return bad;
  value->clear();
  for (++i;; ++i) {
    if (i >= line.size()) return bad;
    if (line[i] == '"') break;
    if (line[i] == '\\') {
      if (i + 1 >= line.size() || (line[i + 1] != '"' && line[i + 1] != '\\')) return {"game_text.bad_escape", where};
      ++i;
    }
    *value += line[i];
  }
  ++i;
  while (i < line.size() && is_space(line[i])) ++i;
  if (i == line.size() || line[i] != ']' || !trim(line.substr(i + 1)).empty()) return bad;
  return {};
}

// PGN's way with halves: "1/2", not "0.5".
std::string score_text(double score) {
  const double twice = score * 2;
  if (std::fabs(twice - std::round(twice)) > 1e-9) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%g", score);
    return buffer;
  }
  const long long halves = std::llround(twice);
  if (halves % 2 == 0) return std::to_string(halves / 2);
  return std::to_string(halves) + "/2";
}

// The one-line form: the game, its settings, a colon and the moves.
GameTextProblem read_moves_line(std::string_view text, GameText* out);

}  // namespace

std::string GameText::tag(std::string_view name) const {
  for (const auto& [n, value] : tags)
    if (n == name) return value;
  return "";
}

std::string result_tag(const v1::GameState& state) {
  if (state.seat_to_move() != 0 || state.outcome().results().empty()) return "*";
  std::string out;
  for (const v1::SeatResult& r : state.outcome().results()) {
    double score = r.score();
    // A rules plugin that gives no score still says who won.
    if (score == 0 && r.result() == v1::SeatResult::WIN) score = 1;
    if (score == 0 && r.result() == v1::SeatResult::DRAW) score = 0.5;
    out += (out.empty() ? "" : "-") + score_text(score);
  }
  return out;
}

std::string write_game_text(const v1::GameState& state, const std::vector<std::string>& notations,
                            const GameTextHeader& header) {
  std::string settings;
  for (const v1::Setting& s : state.settings())
    settings += (settings.empty() ? "" : " ") + s.id() + "=" + value_text(s.value());
  std::string out = tag_line("Game", state.game_id());
  if (!header.date.empty()) out += tag_line("Date", header.date);
  for (std::size_t i = 0; i < header.seats.size(); ++i)
    out += tag_line("Seat" + std::to_string(i + 1), header.seats[i]);
  out += tag_line("Result", result_tag(state));
  if (!settings.empty()) out += tag_line("Settings", settings);
  out += state.game_id();
  for (const v1::Setting& s : state.settings()) out += " " + s.id() + "=" + value_text(s.value());
  if (state.game_number() > 1) out += " " + std::string(kGameNumber) + "=" + std::to_string(state.game_number());
  out += ":";
  for (const std::string& move : notations) out += " " + move;
  if (state.resigned_seat() != 0)
    out += " " + std::string(kResignedSeat) + "=" + std::to_string(state.resigned_seat());
  return out;
}

GameTextProblem read_game_text(std::string_view text, GameText* out) {
  std::vector<std::pair<std::string, std::string>> tags;
  std::size_t at = 0, number = 0;
  for (; at < text.size(); ++number) {
    std::size_t end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = trim(text.substr(at, end - at));
    if (!line.empty() && line.front() != '[') break;
    at = std::min(end + 1, text.size());
    if (line.empty()) continue;
    std::string name, value;
    if (GameTextProblem p = read_tag(line, number + 1, &name, &value); !p.key.empty()) return p;
    for (const auto& [n, unused] : tags)
      if (n == name) return {"game_text.tag_twice", {{"line", std::to_string(number + 1)}, {"tag", name}}};
    tags.emplace_back(std::move(name), std::move(value));
  }
  if (!tags.empty() && trim(text.substr(at)).empty()) return {"game_text.no_moves_line", {}};
  GameText game;
  if (GameTextProblem p = read_moves_line(text.substr(at), &game); !p.key.empty()) return p;
  game.tags = std::move(tags);
  // The header is read by people, the moves line by the client: a header
  // naming another game means the two were pasted from different texts.
  if (const std::string named = game.tag("Game"); !named.empty() && named != game.game_id)
    return {"game_text.header_game", {{"tag", named}, {"game", game.game_id}}};
  *out = std::move(game);
  return {};
}

namespace {

GameTextProblem read_moves_line(std::string_view text, GameText* out) {
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

}  // namespace

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
