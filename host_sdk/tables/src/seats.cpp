#include "seats.h"

#include <cctype>

#include "boardgame/tables/secrets.h"
#include "table_errors.h"

namespace boardgame::tables {

namespace {

constexpr std::size_t kMaxNameLength = 32;  // characters

// The next code point of UTF-8 `text` from `at`, or -1 when malformed
// (overlong forms, surrogates and values past U+10FFFF included).
long next_code_point(const std::string& text, std::size_t& at) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char lead = byte(at);
  int extra = lead < 0x80 ? 0 : (lead >> 5) == 0x6 ? 1 : (lead >> 4) == 0xE ? 2 : (lead >> 3) == 0x1E ? 3 : -1;
  if (extra < 0 || (extra > 0 && at + std::size_t(extra) >= text.size())) return -1;
  long cp = extra == 0 ? lead : lead & (0x3F >> extra);
  for (int i = 1; i <= extra; ++i) {
    if ((byte(at + std::size_t(i)) & 0xC0) != 0x80) return -1;
    cp = (cp << 6) | (byte(at + std::size_t(i)) & 0x3F);
  }
  static constexpr long kSmallest[] = {0, 0x80, 0x800, 0x10000};
  if (cp < kSmallest[extra] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return -1;
  at += std::size_t(extra) + 1;
  return cp;
}

}  // namespace

grpc::Status check_player(const v1::Player& player) {
  const std::string& name = player.name();
  std::size_t length = 0;
  bool blank = true;
  for (std::size_t at = 0; at < name.size();) {
    const long cp = next_code_point(name, at);
    if (cp < 0) return refuse::bad_name("is not valid UTF-8");
    if (cp < 0x20 || (cp >= 0x7F && cp < 0xA0))
      return refuse::bad_name("contains a control character");
    if (cp != ' ') blank = false;
    ++length;
  }
  if (blank) return refuse::bad_name("is empty");
  if (length > kMaxNameLength)
    return refuse::bad_name("has " + std::to_string(length) + " characters; at most " +
                            std::to_string(kMaxNameLength) + " are allowed");
  return check_device_id(player.device_id());
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
