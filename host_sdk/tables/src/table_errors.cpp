#include "table_errors.h"

#include "boardgame/host/error_status.h"

namespace boardgame::tables::refuse {

using boardgame::host::error;
using std::to_string;

grpc::Status unknown_table(const std::string& ref) {
  return error(grpc::NOT_FOUND, "unknown_table",
               "no open table has the id or invite code '" + ref + "'", {{"table", ref}});
}
grpc::Status bad_table_ref() {
  return error(grpc::INVALID_ARGUMENT, "bad_table_ref",
               "name the table by its table_id or its invite_code");
}
grpc::Status spectator() {
  return error(grpc::PERMISSION_DENIED, "spectator",
               "spectators cannot act at a table: join a free seat first");
}
grpc::Status bad_token() {
  return error(grpc::PERMISSION_DENIED, "bad_token",
               "the seat token is not valid at this table: it is wrong, or an older one "
               "replaced by Rejoin, or its seat was left");
}
grpc::Status other_device(std::uint32_t seat) {
  return error(grpc::PERMISSION_DENIED, "other_device",
               "seat " + to_string(seat) + " was taken from another device: only that device can "
               "return to it", {{"seat", to_string(seat)}});
}
grpc::Status stale_move(std::uint32_t game_number, std::uint32_t move_number) {
  return error(grpc::FAILED_PRECONDITION, "stale_move",
               "the table has moved on: it is at move " + to_string(move_number) + " of game " +
                   to_string(game_number),
               {{"game", to_string(game_number)}, {"move", to_string(move_number)}});
}
grpc::Status waiting_for_players() {
  return error(grpc::FAILED_PRECONDITION, "waiting_for_players",
               "the game has not started: a seat is still free");
}
grpc::Status game_over(std::uint32_t game_number) {
  return error(grpc::FAILED_PRECONDITION, "game_over",
               "game " + to_string(game_number) + " is over: start the next one with NextGame",
               {{"game", to_string(game_number)}});
}
grpc::Status other_game(std::uint32_t asked, std::uint32_t current) {
  return error(grpc::FAILED_PRECONDITION, "other_game",
               "the call is about game " + to_string(asked) + ", but the table is at game " +
                   to_string(current),
               {{"game", to_string(current)}});
}
grpc::Status game_not_over(std::uint32_t game_number) {
  return error(grpc::FAILED_PRECONDITION, "game_not_over",
               "game " + to_string(game_number) + " is still being played",
               {{"game", to_string(game_number)}});
}
grpc::Status table_full() {
  return error(grpc::FAILED_PRECONDITION, "table_full", "every seat at this table is taken");
}
grpc::Status seat_taken(std::uint32_t seat) {
  return error(grpc::FAILED_PRECONDITION, "seat_taken",
               "seat " + to_string(seat) + " is taken or is the computer's",
               {{"seat", to_string(seat)}});
}
grpc::Status no_such_seat(std::uint32_t seat, std::size_t seats) {
  return error(grpc::INVALID_ARGUMENT, "bad_seats",
               "the table has seats 1 to " + to_string(seats) + ", not " + to_string(seat),
               {{"seat", to_string(seat)}});
}
grpc::Status undo_not_allowed() {
  return error(grpc::FAILED_PRECONDITION, "undo_not_allowed",
               "undo is only for a table where every other seat is the computer");
}
grpc::Status nothing_to_undo(bool cpu_opened) {
  return error(grpc::FAILED_PRECONDITION, "nothing_to_undo",
               cpu_opened ? "the computer's opening move cannot be taken back"
                          : "you have made no move in this game to take back");
}
grpc::Status bad_offer() {
  return error(grpc::INVALID_ARGUMENT, "bad_offer",
               "an offer is a draw, a takeback or the next game (Offer.Kind)");
}
grpc::Status no_one_to_ask() {
  return error(grpc::FAILED_PRECONDITION, "no_one_to_ask",
               "every other seat at this table is the computer: take back with Undo, start the "
               "next game with NextGame");
}
grpc::Status offer_pending(const std::string& kind) {
  return error(grpc::FAILED_PRECONDITION, "offer_pending",
               "an offer of " + kind + " is waiting for its answer: one offer at a time",
               {{"kind", kind}});
}
grpc::Status offer_declined(const std::string& kind) {
  return error(grpc::FAILED_PRECONDITION, "offer_declined",
               "this offer of " + kind +
                   " was declined in this position: it can be made again after the next move",
               {{"kind", kind}});
}
grpc::Status no_offer(const std::string& kind) {
  return error(grpc::FAILED_PRECONDITION, "no_offer",
               "no offer of " + kind + " is waiting for an answer (it was answered, withdrawn, "
               "or a move withdrew it)",
               {{"kind", kind}});
}
grpc::Status own_offer() {
  return error(grpc::FAILED_PRECONDITION, "own_offer",
               "an offer is accepted by another seat; its own seat may only withdraw it");
}
grpc::Status draws_not_supported(const std::string& game_id) {
  return error(grpc::FAILED_PRECONDITION, "draws_not_supported",
               "the plugin of game '" + game_id +
                   "' is built for an ABI revision without agreed draws (2 or later has them)",
               {{"game", game_id}});
}
grpc::Status bad_name(const std::string& why) {
  return error(grpc::INVALID_ARGUMENT, "bad_name", "the display name " + why);
}
grpc::Status bad_player_key(const std::string& why) {
  return error(grpc::PERMISSION_DENIED, "bad_player_key", why);
}
grpc::Status bad_device_id() {
  return error(grpc::INVALID_ARGUMENT, "bad_device_id",
               "the device id must be 16 to 64 letters, digits, '-' or '_'");
}
grpc::Status bad_seats(const std::string& why) {
  return error(grpc::INVALID_ARGUMENT, "bad_seats", why);
}
grpc::Status too_many_tables(std::size_t limit) {
  return error(grpc::RESOURCE_EXHAUSTED, "too_many_tables",
               "this host has its " + to_string(limit) + " open tables: try again later",
               {{"limit", to_string(limit)}});
}
grpc::Status too_many_watchers(std::size_t limit) {
  return error(grpc::RESOURCE_EXHAUSTED, "too_many_watchers",
               "this table already has its " + to_string(limit) + " watchers",
               {{"limit", to_string(limit)}});
}
grpc::Status too_many_guesses(std::size_t limit, std::int64_t wait_s) {
  return error(grpc::RESOURCE_EXHAUSTED, "too_many_guesses",
               "this connection has tried " + to_string(limit) +
                   " invite codes that match no table within a minute: check the code and try "
                   "again in " + to_string(wait_s) + " s",
               {{"limit", to_string(limit)}, {"seconds", to_string(wait_s)}});
}
grpc::Status watcher_too_slow(std::uint64_t version) {
  return error(grpc::RESOURCE_EXHAUSTED, "watcher_too_slow",
               "the watch fell too far behind the table and was closed at version " +
                   to_string(version) + ": watch again with after_version",
               {{"version", to_string(version)}});
}
grpc::Status unknown_version(std::uint64_t asked, std::uint64_t current) {
  return error(grpc::OUT_OF_RANGE, "unknown_version",
               "the table is at version " + to_string(current) + ", not yet at " + to_string(asked),
               {{"version", to_string(current)}});
}
grpc::Status store_failed(const std::string& why) {
  return error(grpc::UNAVAILABLE, "store_failed",
               "the host could not store the table (" + why + "): nothing was changed");
}
grpc::Status table_closed() {
  return error(grpc::NOT_FOUND, "unknown_table", "the table was closed");
}
grpc::Status table_moved() {
  return error(grpc::UNAVAILABLE, "table_moved",
               "another host of the club serves this table now: call again, or watch again");
}

}  // namespace boardgame::tables::refuse
