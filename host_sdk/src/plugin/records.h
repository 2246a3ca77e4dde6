// The generic bookkeeping around a game's record (settings, game number,
// moves, resignation): checking settings against the schema, rebuilding a
// match from a record, and deriving the rest of a GameState from a match.
#pragma once

#include <cstdint>
#include <memory>

#include "boardgame/plugin/export.h"
#include "boardgame/plugin/game.h"

namespace boardgame::plugin::detail {

using SettingList = google::protobuf::RepeatedPtrField<v1::Setting>;

// The game's texts in the published locale closest to `locale`, a BCP 47
// tag (empty: English). Throws Rejected (INVALID_ARGUMENT "bad_locale") for
// a malformed tag.
Texts texts_for(const Served& served, const std::string& locale);

// Writes the chosen settings in their canonical form into `out`: those
// that differ from their default, in schema order. Throws Rejected
// (INVALID_ARGUMENT) for an unknown setting, a setting given twice, or a
// value outside the setting's allowed values.
void resolve_settings(const v1::GameInfo& schema, const SettingList& chosen, SettingList& out);

// Starts a game, writing its state into `state`; throws Rejected for bad
// settings.
std::unique_ptr<Match> start(const Served& served, const SettingList& chosen,
                             std::uint32_t game_number, v1::GameState& state);

// Replays a client's state from its record alone into `state`, checking
// that every other field of `received` matches; throws Rejected
// (INVALID_ARGUMENT "bad_state") if anything does not.
std::unique_ptr<Match> rebuild(const Served& served, const v1::GameState& received,
                               v1::GameState& state);

// The side played by `seat` resigns.
void resign(Match& match, const v1::GameInfo& schema, std::uint32_t seat);

// Fills the derived fields of `state` (side seats, seat to move, view, outcome)
// from the match, replacing whatever they held.
void derive(const Match& match, const v1::GameInfo& schema, v1::GameState& state);

}  // namespace boardgame::plugin::detail
