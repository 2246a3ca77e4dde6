// Every refusal of the player service: a status code, a stable reason and
// a message that says what was wrong (docs/errors.md lists them).
#pragma once

#include <grpcpp/support/status.h>

#include <cstdint>
#include <string>

namespace boardgame::players::refuse {

grpc::Status bad_name(const std::string& why);
grpc::Status bad_player_id();
grpc::Status bad_player_key();
grpc::Status unknown_player(const std::string& player_id);
grpc::Status unknown_game(const std::string& game_id);
grpc::Status bad_transfer_code();
grpc::Status unknown_transfer_code();
grpc::Status too_many_transfer_guesses(std::size_t limit, std::int64_t wait_s);
grpc::Status store_failed(const std::string& why);
grpc::Status bad_rating_range(const std::string& why);
grpc::Status too_many_seeks(std::size_t limit, const std::string& who);
grpc::Status unknown_seek(const std::string& seek_id);
grpc::Status own_seek();
grpc::Status rating_out_of_range(std::uint32_t min, std::uint32_t max);

}  // namespace boardgame::players::refuse
