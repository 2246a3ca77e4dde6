#include "scoreboard.h"

#include <algorithm>

namespace game_client {
namespace {

constexpr std::string_view kPeoplePrefix = "two_players:";

// The sorted names of two named people; empty unless every seat has one.
std::vector<std::string> named_people(const MatchPlan& plan) {
  std::vector<std::string> names;
  for (const SeatPlan& s : plan.seats) {
    if (!s.human || s.name.empty()) return {};
    names.push_back(s.name);
  }
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace

std::string Scoreboard::cpu_key(Level level) {
  switch (level) {
    case v1::SuggestMoveRequest::NOVATO: return "cpu_novato";
    case v1::SuggestMoveRequest::EXPERTO: return "cpu_experto";
    default: return "cpu_normal";
  }
}

std::string Scoreboard::record_key(const MatchPlan& plan) {
  switch (plan.mode) {
    case Mode::kTwoPlayers: {
      const auto names = named_people(plan);
      return names.empty() ? std::string(kTwoPlayers) : std::string(kPeoplePrefix) + nlohmann::json(names).dump();
    }
    case Mode::kDemo: return "";
    case Mode::kAgainstCpu:
      for (const SeatPlan& s : plan.seats)
        if (!s.human) return cpu_key(s.level);
  }
  return "";
}

bool Scoreboard::count(const MatchPlan& plan, const v1::Outcome& outcome) {
  const std::string key = record_key(plan);
  if (key.empty()) return false;
  std::uint32_t seat = 1;  // two people: the first seat's side of the record
  if (const auto names = named_people(plan); !names.empty())
    for (std::uint32_t s = 1; s <= plan.seats.size(); ++s)
      if (plan.seats[s - 1].name == names.front()) seat = s;
  if (plan.mode == Mode::kAgainstCpu) seat = plan.person_seat();
  for (const v1::SeatResult& r : outcome.results()) {
    if (r.seat() != seat) continue;
    Record& rec = records_[plan.game_id][key];
    switch (r.result()) {
      case v1::SeatResult::WIN: ++rec.wins; break;
      case v1::SeatResult::DRAW: ++rec.draws; break;
      case v1::SeatResult::LOSS: ++rec.losses; break;
      default: return false;
    }
    return true;
  }
  return false;
}

Record Scoreboard::record(const std::string& game_id, const std::string& key) const {
  auto game = records_.find(game_id);
  if (game == records_.end()) return {};
  auto it = game->second.find(key);
  return it == game->second.end() ? Record{} : it->second;
}

std::map<std::string, Record> Scoreboard::records(const std::string& game_id) const {
  auto game = records_.find(game_id);
  return game == records_.end() ? std::map<std::string, Record>{} : game->second;
}

std::vector<std::string> Scoreboard::people(const std::string& key) {
  if (key.rfind(kPeoplePrefix, 0) != 0) return {};
  const auto names = nlohmann::json::parse(key.substr(kPeoplePrefix.size()), nullptr, /*allow_exceptions=*/false);
  std::vector<std::string> out;
  if (!names.is_array()) return {};
  for (const auto& name : names) {
    if (!name.is_string()) return {};
    out.push_back(name.get<std::string>());
  }
  return out;
}

std::vector<std::string> Scoreboard::games() const {
  std::vector<std::string> ids;
  for (const auto& [id, records] : records_) ids.push_back(id);
  return ids;
}

nlohmann::json Scoreboard::to_json() const {
  nlohmann::json out = nlohmann::json::object();
  for (const auto& [game, records] : records_)
    for (const auto& [key, r] : records)
      out[game][key] = {{"wins", r.wins}, {"draws", r.draws}, {"losses", r.losses}};
  return out;
}

boardgame::rules::Checked<Scoreboard> Scoreboard::from_json(const nlohmann::json& json) {
  using Result = boardgame::rules::Checked<Scoreboard>;
  if (!json.is_object()) return Result::fail("the scoreboard is not an object");
  Scoreboard board;
  for (const auto& [game, records] : json.items()) {
    if (!records.is_object()) return Result::fail("the scoreboard of " + game + " is not an object");
    for (const auto& [key, r] : records.items()) {
      Record rec;
      for (auto [name, field] : {std::pair{"wins", &rec.wins}, std::pair{"draws", &rec.draws},
                                 std::pair{"losses", &rec.losses}}) {
        if (!r.contains(name) || !r[name].is_number_unsigned())
          return Result::fail("the record " + game + "/" + key + " has no count of " + name);
        *field = r[name].get<std::uint32_t>();
      }
      board.records_[game][key] = rec;
    }
  }
  return Result::ok(std::move(board));
}

}  // namespace game_client
