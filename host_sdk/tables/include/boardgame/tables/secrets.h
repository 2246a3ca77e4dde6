// The table service's secrets: seat tokens, ids and invite codes from the
// operating system's CSPRNG, kept only as SHA-256 hashes and compared in
// constant time.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace boardgame::tables {

// 32 random bytes in unpadded base64url (43 characters).
std::string new_token();
// 12 random bytes in unpadded base64url (16 characters): a table's or a
// player's id.
std::string new_table_id();
std::string new_player_id();

// Codes people read aloud: characters from an alphabet without look-alikes
// (no 0/O, 1/I/L). An invite code has six, about 887 million codes; a
// player's transfer code eight.
inline constexpr std::size_t kInviteCodeLength = 6;
inline constexpr std::size_t kTransferCodeLength = 8;
std::string new_invite_code(std::size_t length = kInviteCodeLength);
// The code in the form new_invite_code gives, from what a person typed
// (any case, spaces and dashes ignored); "" when it cannot be one.
std::string normal_invite_code(std::string_view typed, std::size_t length = kInviteCodeLength);

// SHA-256 of `secret`, 32 raw bytes.
std::string secret_hash(std::string_view secret);
// Whether `secret` hashes to `hash`, in time independent of where they differ.
bool matches_hash(std::string_view secret, std::string_view hash);

}  // namespace boardgame::tables
