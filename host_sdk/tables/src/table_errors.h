// Every refusal of the table service: a status code, a stable reason and
// a message that says what was wrong (docs/errors.md lists them).
#pragma once

#include <cstdint>
#include <string>

#include <grpcpp/support/status.h>

namespace boardgame::tables::refuse {

grpc::Status unknown_table(const std::string& ref);
grpc::Status bad_table_ref();
grpc::Status spectator();
grpc::Status bad_token();
grpc::Status other_device(std::uint32_t seat);
grpc::Status stale_move(std::uint32_t game_number, std::uint32_t move_number);
grpc::Status waiting_for_players();
grpc::Status game_over(std::uint32_t game_number);
grpc::Status other_game(std::uint32_t asked, std::uint32_t current);
grpc::Status game_not_over(std::uint32_t game_number);
grpc::Status table_full();
grpc::Status seat_taken(std::uint32_t seat);
grpc::Status no_such_seat(std::uint32_t seat, std::size_t seats);
grpc::Status undo_not_allowed();
grpc::Status nothing_to_undo(bool cpu_opened);
grpc::Status bad_offer();
grpc::Status no_one_to_ask();
grpc::Status offer_pending(const std::string& kind);
grpc::Status offer_declined(const std::string& kind);
grpc::Status no_offer(const std::string& kind);
grpc::Status own_offer();
grpc::Status draws_not_supported(const std::string& game_id);
grpc::Status bad_name(const std::string& why);
grpc::Status bad_device_id();
grpc::Status bad_player_key(const std::string& why);
grpc::Status bad_seats(const std::string& why);
grpc::Status too_many_tables(std::size_t limit);
grpc::Status too_many_watchers(std::size_t limit);
grpc::Status too_many_guesses(std::size_t limit, std::int64_t wait_s);
grpc::Status watcher_too_slow(std::uint64_t version);
grpc::Status unknown_version(std::uint64_t asked, std::uint64_t current);
grpc::Status store_failed(const std::string& why);
grpc::Status table_closed();
grpc::Status table_moved();

}  // namespace boardgame::tables::refuse
