// What a table host asks of the club's players: who a PlayerKey is. The
// players' side (players.h) answers; the tables only see this.
#pragma once

#include <grpcpp/support/status.h>

#include <string>

#include "boardgame/v1/player_service.pb.h"

namespace boardgame::players {

class PlayerDirectory {
 public:
  virtual ~PlayerDirectory() = default;
  // OK with the player's display name, or PERMISSION_DENIED
  // "bad_player_key" (unknown id or wrong secret alike), INVALID_ARGUMENT
  // "bad_player_id", UNAVAILABLE "store_failed".
  virtual grpc::Status identify(const v1::PlayerKey& key, std::string* name) = 0;
};

}  // namespace boardgame::players
