// The small rules of playing online that need no host: the seat a device
// keeps between runs, telling an invite code from a table id, the device id
// and the player's name as TableService accepts them, and the turn clock.
// The conversation itself is in online_play.cpp; the Watch stream in
// table_watch.h.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "boardgame/v1/table_service.pb.h"

namespace game_client {

namespace v1 = ::boardgame::v1;

// A seat this device holds at a table, kept in the data file so that the
// next run can go back to it (Rejoin). The token is the seat's secret: it
// is saved, sent, never shown.
struct OnlineSeat {
  std::string host;         // the --host address the table lives on
  std::string table_id;
  std::string invite_code;
  std::string game_id;
  std::uint32_t seat = 0;
  std::string token;
};

// An invite code is six letters and digits, any case; anything else is a
// table id. Surrounding spaces are dropped; "" gives an empty reference.
v1::TableRef parse_table_ref(std::string_view text);

// Whether a TableRef names the table of `seat` (by id or, ignoring case,
// by code).
bool same_table(const OnlineSeat& seat, const v1::TableRef& ref);

// 16 to 64 of [A-Za-z0-9_-], as TableService wants a device id.
bool valid_device_id(std::string_view id);
// A fresh device id: 24 characters drawn from `random` (a source of
// uniformly random 32-bit words; std::random_device by default).
std::string make_device_id(const std::function<std::uint32_t()>& random = {});

// 1 to 32 characters of valid UTF-8, no control characters.
bool valid_player_name(std::string_view name);

// Whole seconds left before `deadline_ms` (ms since the epoch), rounded
// up, never below 0; nullopt when no clock runs (deadline 0).
std::optional<std::int64_t> seconds_left(std::int64_t deadline_ms, std::int64_t now_ms);
std::int64_t now_ms();

// The version of the last event of the change a Play made: the player's own
// screen shows that change in full before the next prompt. A move that ends
// the game gives MOVE then GAME_OVER (table.proto), and the final board
// comes with GAME_OVER: waiting for the MOVE alone let "What next?" come
// first. The answer's table is the one after the whole change, or, when a
// retried Play is answered again, the MOVE event's table.
std::uint64_t own_change_end(const v1::PlayResponse& answer);

}  // namespace game_client
