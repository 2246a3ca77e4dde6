// Every call of the plugin ABI, in both plugins, with arbitrary request
// bytes. The first byte picks the call: bit 0 the plugin (uttt,
// tictactoe), bits 1-3 the call in table order, bit 4 a host that gives no
// room for the reply. The rest is the request.
#include "plugins.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  const std::uint8_t pick = data[0];
  const BoardgamePlugin& plugin = pick & 1 ? fuzz::tictactoe_plugin() : fuzz::uttt_plugin();
  const auto which = fuzz::Call(pick >> 1 & 7);
  const bool room = !(pick & 16);
  fuzz::call(plugin, which, data + 1, size - 1, room);
  return 0;
}
