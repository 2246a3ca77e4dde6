#include "boardgame/tables/secrets.h"

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/rand.h>

#include <array>
#include <stdexcept>

namespace boardgame::tables {

namespace {

constexpr std::string_view kInviteAlphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

template <std::size_t N>
std::array<unsigned char, N> random_bytes() {
  std::array<unsigned char, N> bytes;
  if (RAND_bytes(bytes.data(), int(N)) != 1)
    throw std::runtime_error("the system's random generator failed");
  return bytes;
}

template <std::size_t N>
std::string base64url(const std::array<unsigned char, N>& bytes) {
  static constexpr char kDigits[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  std::string out;
  unsigned bits = 0, value = 0;
  for (unsigned char b : bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 6) {
      bits -= 6;
      out += kDigits[(value >> bits) & 63];
    }
  }
  if (bits) out += kDigits[(value << (6 - bits)) & 63];
  return out;
}

}  // namespace

std::string new_token() { return base64url(random_bytes<32>()); }

std::string new_table_id() { return base64url(random_bytes<12>()); }

std::string new_player_id() { return base64url(random_bytes<12>()); }

std::string new_invite_code(std::size_t length) {
  // Rejection sampling keeps every letter equally likely.
  constexpr unsigned kLimit = 256 - 256 % kInviteAlphabet.size();
  std::string code;
  while (code.size() < length)
    for (unsigned char b : random_bytes<16>())
      if (b < kLimit && code.size() < length) code += kInviteAlphabet[b % kInviteAlphabet.size()];
  return code;
}

std::string normal_invite_code(std::string_view typed, std::size_t length) {
  std::string code;
  for (char c : typed) {
    if (c == ' ' || c == '-') continue;
    if (c >= 'a' && c <= 'z') c = char(c - 'a' + 'A');
    if (kInviteAlphabet.find(c) == std::string_view::npos) return {};
    code += c;
  }
  return code.size() == length ? code : std::string();
}

std::string secret_hash(std::string_view secret) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned size = 0;
  if (EVP_Digest(secret.data(), secret.size(), digest, &size, EVP_sha256(), nullptr) != 1)
    throw std::runtime_error("SHA-256 failed");
  return std::string(reinterpret_cast<const char*>(digest), size);
}

bool matches_hash(std::string_view secret, std::string_view hash) {
  const std::string computed = secret_hash(secret);
  return hash.size() == computed.size() &&
         CRYPTO_memcmp(computed.data(), hash.data(), computed.size()) == 0;
}

}  // namespace boardgame::tables
