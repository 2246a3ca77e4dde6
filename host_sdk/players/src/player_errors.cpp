#include "player_errors.h"

#include "boardgame/host/error_status.h"

namespace boardgame::players::refuse {

using boardgame::host::error;
using std::to_string;

grpc::Status bad_name(const std::string& why) {
  return error(grpc::INVALID_ARGUMENT, "bad_name", "the name " + why);
}
grpc::Status bad_player_id() {
  return error(grpc::INVALID_ARGUMENT, "bad_player_id",
               "a player id is 16 letters, digits, '-' or '_', as CreatePlayer gives it");
}
grpc::Status bad_player_key() {
  return error(grpc::PERMISSION_DENIED, "bad_player_key",
               "the player key is not valid: no such player, or the secret is wrong or was "
               "replaced when the player moved to another device");
}
grpc::Status unknown_player(const std::string& player_id) {
  return error(grpc::NOT_FOUND, "unknown_player", "no player has the id '" + player_id + "'",
               {{"player", player_id}});
}
grpc::Status unknown_game(const std::string& game_id) {
  return error(grpc::NOT_FOUND, "unknown_game", "this host serves no game '" + game_id + "'",
               {{"game", game_id}});
}
grpc::Status bad_transfer_code() {
  return error(grpc::INVALID_ARGUMENT, "bad_transfer_code",
               "a transfer code is 8 letters and digits, as StartTransfer shows it");
}
grpc::Status unknown_transfer_code() {
  return error(grpc::NOT_FOUND, "unknown_transfer_code",
               "no player waits for this transfer code: it is wrong, used or expired");
}
grpc::Status too_many_transfer_guesses(std::size_t limit, std::int64_t wait_s) {
  return error(grpc::RESOURCE_EXHAUSTED, "too_many_transfer_guesses",
               to_string(limit) + " codes that match nothing were tried from this connection: "
               "try again in " + to_string(wait_s) + " s",
               {{"limit", to_string(limit)}, {"seconds", to_string(wait_s)}});
}
grpc::Status store_failed(const std::string& why) {
  return error(grpc::UNAVAILABLE, "store_failed", "the player store failed: " + why);
}

grpc::Status bad_rating_range(const std::string& why) {
  return error(grpc::INVALID_ARGUMENT, "bad_rating_range", "the rating range is wrong: " + why);
}
grpc::Status too_many_seeks(std::size_t limit, const std::string& who) {
  return error(grpc::RESOURCE_EXHAUSTED, "too_many_seeks",
               who + " " + to_string(limit) + " open seeks, the most allowed: end one first",
               {{"limit", to_string(limit)}});
}
grpc::Status unknown_seek(const std::string& seek_id) {
  return error(grpc::NOT_FOUND, "unknown_seek",
               "no open seek has the id '" + seek_id + "': it was paired or ended",
               {{"seek", seek_id}});
}
grpc::Status own_seek() {
  return error(grpc::FAILED_PRECONDITION, "own_seek", "a player cannot accept their own seek");
}
grpc::Status rating_out_of_range(std::uint32_t min, std::uint32_t max) {
  const std::string range = (min ? to_string(min) : std::string("any")) + " to " +
                            (max ? to_string(max) : std::string("any"));
  return error(grpc::FAILED_PRECONDITION, "rating_out_of_range",
               "the seek wants an opponent rated " + range,
               {{"min", to_string(min)}, {"max", to_string(max)}});
}

}  // namespace boardgame::players::refuse
