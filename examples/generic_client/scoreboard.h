// Wins, draws and losses per game and per opponent: one record for each
// pair of people on one screen (from the side of the name that sorts first;
// people who gave no names share one, from the first seat's side) and one
// per CPU level (from the person's side). Each game counts once, when it is
// decided.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "boardgame/rules/checked.h"
#include "match.h"

namespace game_client {

struct Record {
  std::uint32_t wins = 0, draws = 0, losses = 0;

  double points() const { return wins + draws / 2.0; }
  std::uint32_t games() const { return wins + draws + losses; }
};

class Scoreboard {
 public:
  // "two_players", "two_players:[\"Ana\",\"Bruno\"]" (named people, sorted),
  // "cpu_novato", "cpu_normal", "cpu_experto"; "" for a demo, which counts
  // for nobody.
  static std::string record_key(const MatchPlan& plan);
  // The names in a key of two named people, in the record's order; empty
  // for any other key.
  static std::vector<std::string> people(const std::string& key);
  static std::string cpu_key(Level level);
  static constexpr char kTwoPlayers[] = "two_players";

  // Adds a finished game's result; false when the plan's games are not
  // counted.
  bool count(const MatchPlan& plan, const v1::Outcome& outcome);

  // The record, zero when no game has been counted yet.
  Record record(const std::string& game_id, const std::string& key) const;
  // Every record of a game, by key.
  std::map<std::string, Record> records(const std::string& game_id) const;
  // The games with a record, by id.
  std::vector<std::string> games() const;

  nlohmann::json to_json() const;
  static boardgame::rules::Checked<Scoreboard> from_json(const nlohmann::json& json);

 private:
  std::map<std::string, std::map<std::string, Record>> records_;  // game id -> key -> record
};

}  // namespace game_client
