// Reading serialized messages without parsing them: enough to route a
// request and to check that a plugin answered with a message at all.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace boardgame::host {

// The string at field path 1 (depth 1: DescribeGameRequest.game_id,
// SetupRequest.game_id) or 1.1 (depth 2: the game_id of the `state` every
// other request carries as field 1; also the id of the game a
// DescribeGameResponse describes, or of the state a Setup, ApplyMove or
// Resign response holds). Empty when the field is absent, as protobuf reads
// it; nullopt when the bytes are not a protobuf message, or the id is not
// UTF-8 (protobuf refuses such a string).
std::optional<std::string> routed_game_id(std::string_view request, int depth);

// True when the bytes are a sequence of well-formed protobuf fields.
bool well_formed(std::string_view message);

}  // namespace boardgame::host
