// The two game plugins as a host sees them, linked into the fuzzers, and a
// host-side caller whose replies are checked against the ABI's contract.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include <google/protobuf/message_lite.h>
#include <grpcpp/support/status_code_enum.h>

#include "boardgame/abi.h"
#include "boardgame/v1/game_service.pb.h"
#include "check.h"

namespace fuzz {

// The entry tables the plugins' shared libraries export: the same SDK
// template, without the Boost.DLL alias (two plugins share one program).
const BoardgamePlugin& uttt_plugin();
const BoardgamePlugin& tictactoe_plugin();
// The plugin of a game id; ultimate tic-tac-toe for any other id, which it
// must then refuse.
const BoardgamePlugin& plugin_for(const std::string& game_id);

// The calls of the entry table, in table order.
enum class Call : int {
  kDescribeGame,
  kSetup,
  kListMoves,
  kApplyMove,
  kResign,
  kGetOutcome,
  kSuggestMove,
  kGetRules,
};
constexpr int kCalls = 8;

struct Reply {
  std::int32_t code = -1;  // a grpc::StatusCode
  std::string bytes;  // the response or the ErrorDetail
};

// Calls `which` with the request bytes, as game-host does. With `room`
// false the host refuses to give memory for the reply.
//
// Aborts (a finding) unless the reply keeps the ABI's contract: a status
// code the SDK documents; on OK a response of the call's type; otherwise an
// ErrorDetail with a reason and a message; INTERNAL only when the host gave
// no room, since bad input must never make the plugin fail.
Reply call(const BoardgamePlugin& plugin, Call which, const std::uint8_t* data,
           std::size_t size, bool room = true);
Reply call(const BoardgamePlugin& plugin, Call which,
           const google::protobuf::MessageLite& request);

// Parses a reply known to hold a T (the fuzzer checked it already).
template <class T>
T read(const Reply& reply) {
  T message;
  message.ParseFromString(reply.bytes);
  return message;
}

// The game a plugin describes, in English: its settings schema.
boardgame::v1::GameInfo described(const BoardgamePlugin& plugin);

}  // namespace fuzz
