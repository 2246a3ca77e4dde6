// Building a game's settings schema. Every row is labelled by the UI
// strings "setting.<id>.name", "setting.<id>.description" and the labels
// of its values, so the schema reads in the caller's language.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "boardgame/plugin/game.h"

namespace boardgame::plugin {

// One allowed value of a setting and its label.
struct Choice {
  v1::SettingValue value;
  std::string label;
};

Choice flag_choice(bool on, const Texts& texts);  // labelled value.on / value.off
Choice number_choice(std::int64_t n, std::string label);

// One row of the schema. The first choice is the default; a row with one
// choice cannot be changed.
void add_setting(v1::GameInfo& info, const Texts& texts, const std::string& id,
                 v1::SettingSpec::Type type, v1::SettingSpec::Category category,
                 const std::vector<Choice>& choices);

// What the club decides for every game: its settings table (players, time
// per turn, a player who leaves, draws, origin of the rules) and the local
// rule "alternate first turn", on by default. Games add their variants after.
void add_club_settings(v1::GameInfo& info, const Texts& texts);

// The seat (1 or 2) that opens game number `game_number` of a series: with
// "alternate first turn" on, seat 1 opens the odd games and seat 2 the even.
int first_seat(const Settings& settings, std::uint32_t game_number);

}  // namespace boardgame::plugin
