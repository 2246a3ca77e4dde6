#include "seats.h"

#include <cctype>

#include "boardgame/players/display_name.h"

#include "boardgame/tables/secrets.h"
#include "table_errors.h"

namespace boardgame::tables {

namespace {

std::string player_device(const std::string& player_id) { return "player:" + player_id; }

grpc::Status identify(players::PlayerDirectory* directory, const v1::PlayerKey& key,
                      std::string* name) {
  if (!directory)
    return refuse::bad_player_key("this host keeps no players: sit down with a device id");
  return directory->identify(key, name);
}

}  // namespace

grpc::Status check_player(players::PlayerDirectory* directory, const v1::Player& player,
                          v1::Player* who) {
  who->Clear();
  if (player.has_key()) {
    std::string name;
    if (const grpc::Status s = identify(directory, player.key(), &name); !s.ok()) return s;
    *who = club_player(player.key().player_id(), name);
    return grpc::Status::OK;
  }
  const players::NameCheck name = players::check_display_name(player.name());
  if (!name.ok()) return refuse::bad_name(name.problem);
  who->set_name(name.name);
  who->set_device_id(player.device_id());
  return check_device_id(player.device_id());
}

v1::Player club_player(const std::string& player_id, const std::string& name) {
  v1::Player who;
  who.set_name(name);
  who.set_device_id(player_device(player_id));
  who.mutable_key()->set_player_id(player_id);
  return who;
}

grpc::Status rejoining_device(players::PlayerDirectory* directory,
                              const v1::RejoinRequest& request, std::string* device_id) {
  if (request.has_player()) {
    std::string name;
    if (const grpc::Status s = identify(directory, request.player(), &name); !s.ok()) return s;
    *device_id = player_device(request.player().player_id());
    return grpc::Status::OK;
  }
  *device_id = request.device_id();
  return check_device_id(request.device_id());
}

grpc::Status check_device_id(const std::string& device_id) {
  if (device_id.size() < 16 || device_id.size() > 64) return refuse::bad_device_id();
  for (char c : device_id)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_')
      return refuse::bad_device_id();
  return grpc::Status::OK;
}

std::string seat_player(v1::TableRecord& record, std::uint32_t seat, const v1::Player& player) {
  v1::Seat& s = *record.mutable_table()->mutable_seats(int(seat) - 1);
  s.set_name(player.name());
  s.set_player_id(player.key().player_id());
  s.set_taken(true);
  s.set_absent(false);
  record.mutable_secrets(int(seat) - 1)->set_device_hash(secret_hash(player.device_id()));
  return new_seat_token(record, seat);
}

std::string new_seat_token(v1::TableRecord& record, std::uint32_t seat) {
  std::string token = new_token();
  record.mutable_secrets(int(seat) - 1)->set_token_hash(secret_hash(token));
  return token;
}

grpc::Status seat_of(const v1::TableRecord& record, const std::string& token, std::uint32_t* seat) {
  if (token.empty()) return refuse::spectator();
  for (const v1::SeatSecret& secret : record.secrets())
    if (!secret.token_hash().empty() && matches_hash(token, secret.token_hash())) {
      *seat = secret.seat();
      return grpc::Status::OK;
    }
  return refuse::bad_token();
}

bool same_device(const v1::TableRecord& record, std::uint32_t seat, const std::string& device_id) {
  const std::string& hash = record.secrets(int(seat) - 1).device_hash();
  return !hash.empty() && matches_hash(device_id, hash);
}

}  // namespace boardgame::tables
