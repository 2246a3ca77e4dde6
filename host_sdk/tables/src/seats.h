// Who may sit down and act for a seat: display names, device ids, tokens.
#pragma once

#include <cstdint>
#include <string>

#include <grpcpp/support/status.h>

#include "boardgame/players/player_directory.h"
#include "boardgame/v1/table_record.pb.h"
#include "boardgame/v1/table_service.pb.h"

namespace boardgame::tables {

namespace v1 = ::boardgame::v1;

// The person sitting down as the seat will keep them, in `who`: a club
// player's name and id, with "player:ID" as their device (any device that
// holds the player gets the seat back); or the name, normalized, and the
// device id as sent. Else INVALID_ARGUMENT "bad_name" / "bad_device_id",
// PERMISSION_DENIED "bad_player_key", saying what is wrong. `directory`
// may be null on a host that keeps no players.
grpc::Status check_player(players::PlayerDirectory* directory, const v1::Player& player,
                          v1::Player* who);
grpc::Status check_device_id(const std::string& device_id);
// A club player already identified, as check_player would give them.
v1::Player club_player(const std::string& player_id, const std::string& name);
// The device a Rejoin speaks for: its player's, or the device id as sent.
grpc::Status rejoining_device(players::PlayerDirectory* directory,
                              const v1::RejoinRequest& request, std::string* device_id);

// Sits `player` in `seat` of `record` and returns the seat's new token.
std::string seat_player(v1::TableRecord& record, std::uint32_t seat, const v1::Player& player);
// A fresh token for `seat`; the one before stops working.
std::string new_seat_token(v1::TableRecord& record, std::uint32_t seat);

// The seat whose current token is `token`: PERMISSION_DENIED "spectator"
// for no token, "bad_token" for one of no seat.
grpc::Status seat_of(const v1::TableRecord& record, const std::string& token, std::uint32_t* seat);

// Whether `device_id` took `seat`.
bool same_device(const v1::TableRecord& record, std::uint32_t seat, const std::string& device_id);

}  // namespace boardgame::tables
