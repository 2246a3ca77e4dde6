// A game's settings schema (GameInfo.settings) as the client uses it: which
// values a setting allows, how to show a value, and the platform's turn
// clock.
#pragma once

#include <chrono>
#include <optional>
#include <string>

#include "boardgame/v1/game_info.pb.h"
#include "boardgame/v1/game_state.pb.h"

namespace game_client {

namespace v1 = ::boardgame::v1;

bool same_value(const v1::SettingValue& a, const v1::SettingValue& b);
const v1::SettingSpec* find_spec(const v1::GameInfo& info, const std::string& id);
bool allowed(const v1::SettingSpec& spec, const v1::SettingValue& value);
// The value's label in the schema, or the bare value.
std::string value_label(const v1::SettingSpec& spec, const v1::SettingValue& value);

// The platform setting of the turn clock.
inline constexpr char kTimePerTurn[] = "time_per_turn";

// The time per turn a game was set up with: the platform setting
// "time_per_turn" (seconds, 0 for none) of the club's settings table, which
// the client runs since it stands for the platform.
std::optional<std::chrono::seconds> turn_clock(const v1::GameInfo& info, const v1::GameState& state);

}  // namespace game_client
