#include "online.h"

#include <algorithm>
#include <chrono>
#include <random>

namespace game_client {
namespace {

constexpr char kIdAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";  // 64

bool id_char(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
}

std::string upper(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    if (c >= 'a' && c <= 'z') c = char(c - 'a' + 'A');
  return out;
}

}  // namespace

v1::TableRef parse_table_ref(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  v1::TableRef ref;
  bool code = text.size() == 6;
  for (char c : text)
    if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))) code = false;
  if (code)
    ref.set_invite_code(upper(text));
  else
    ref.set_table_id(std::string(text));
  return ref;
}

bool same_table(const OnlineSeat& seat, const v1::TableRef& ref) {
  if (!ref.table_id().empty()) return ref.table_id() == seat.table_id;
  return !ref.invite_code().empty() && upper(ref.invite_code()) == upper(seat.invite_code);
}

bool valid_device_id(std::string_view id) {
  if (id.size() < 16 || id.size() > 64) return false;
  for (char c : id)
    if (!id_char(c)) return false;
  return true;
}

std::string make_device_id(const std::function<std::uint32_t()>& random) {
  std::random_device device;
  std::string id;
  while (id.size() < 24) {
    std::uint32_t word = random ? random() : device();
    for (int i = 0; i < 4 && id.size() < 24; ++i, word >>= 8) id += kIdAlphabet[word & 63];
  }
  return id;
}

bool valid_player_name(std::string_view name) {
  std::size_t characters = 0;
  for (std::size_t i = 0; i < name.size();) {
    const unsigned char c = static_cast<unsigned char>(name[i]);
    std::size_t length = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
    if (length == 0 || i + length > name.size()) return false;
    std::uint32_t code = length == 1 ? c : length == 2 ? (c & 0x1F) : length == 3 ? (c & 0x0F) : (c & 0x07);
    for (std::size_t k = 1; k < length; ++k) {
      const unsigned char next = static_cast<unsigned char>(name[i + k]);
      if ((next & 0xC0) != 0x80) return false;
      code = (code << 6) | (next & 0x3F);
    }
    // Overlong forms, surrogates and values past Unicode are not UTF-8.
    if ((length == 2 && code < 0x80) || (length == 3 && code < 0x800) || (length == 4 && code < 0x10000) ||
        (code >= 0xD800 && code <= 0xDFFF) || code > 0x10FFFF)
      return false;
    if (code < 0x20 || (code >= 0x7F && code < 0xA0)) return false;  // control characters
    i += length;
    ++characters;
  }
  return characters >= 1 && characters <= 32;
}

std::optional<std::int64_t> seconds_left(std::int64_t deadline_ms, std::int64_t now) {
  if (deadline_ms <= 0) return std::nullopt;
  const std::int64_t left = deadline_ms - now;
  if (left <= 0) return 0;
  return (left + 999) / 1000;
}

std::int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

std::uint64_t own_change_end(const v1::PlayResponse& answer) {
  const v1::Table& table = answer.table();
  // The MOVE event's table is already the final one, so a game it ended
  // still has its GAME_OVER, the next version, to come.
  if (table.phase() == v1::Table::GAME_OVER && table.version() <= answer.version()) return answer.version() + 1;
  return std::max(answer.version(), table.version());
}

}  // namespace game_client
