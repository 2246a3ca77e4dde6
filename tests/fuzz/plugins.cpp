#include "plugins.h"

#include "boardgame/plugin/export.h"
#include "boardgame/v1/error_detail.pb.h"
#include "boardgame/v1/game_service.pb.h"
#include "tictactoe/adapter/game.h"
#include "uttt/adapter/game.h"

namespace fuzz {

namespace v1 = boardgame::v1;

namespace {

constexpr BoardgamePlugin kUttt =
    boardgame::plugin::detail::entry_table<uttt::adapter::Game>();
constexpr BoardgamePlugin kTictactoe =
    boardgame::plugin::detail::entry_table<ttt::adapter::Game>();

// Replies land in a string, as game-host receives them.
struct Host {
  std::string bytes;
  bool room = true;
};

std::uint8_t* reserve(void* host, std::size_t size) {
  Host& h = *static_cast<Host*>(host);
  if (!h.room) return nullptr;
  h.bytes.resize(size);
  return reinterpret_cast<std::uint8_t*>(h.bytes.data());
}

std::int32_t never_cancelled(void*) { return 0; }

template <class Response>
bool parses(const std::string& bytes) {
  Response r;
  return r.ParseFromString(bytes);
}

bool response_parses(Call which, const std::string& bytes) {
  switch (which) {
    case Call::kDescribeGame: return parses<v1::DescribeGameResponse>(bytes);
    case Call::kSetup: return parses<v1::SetupResponse>(bytes);
    case Call::kListMoves: return parses<v1::ListMovesResponse>(bytes);
    case Call::kApplyMove: return parses<v1::ApplyMoveResponse>(bytes);
    case Call::kResign: return parses<v1::ResignResponse>(bytes);
    case Call::kGetOutcome: return parses<v1::GetOutcomeResponse>(bytes);
    case Call::kSuggestMove: return parses<v1::SuggestMoveResponse>(bytes);
    case Call::kGetRules: return parses<v1::GetRulesResponse>(bytes);
  }
  return false;
}

}  // namespace

const BoardgamePlugin& uttt_plugin() { return kUttt; }
const BoardgamePlugin& tictactoe_plugin() { return kTictactoe; }
const BoardgamePlugin& plugin_for(const std::string& game_id) {
  return game_id == kTictactoe.game_id ? kTictactoe : kUttt;
}

Reply call(const BoardgamePlugin& plugin, Call which, const std::uint8_t* data,
           std::size_t size, bool room) {
  Host host;
  host.room = room;
  BoardgameOutput out{&host, &reserve};
  // The CPU gets a few milliseconds: a deadline 20 ms away, as a host
  // passes it, leaves the search 2.5 ms.
  const BoardgameCancel cancel{&host, &never_cancelled, 20.0};
  std::int32_t code = -1;
  switch (which) {
    case Call::kDescribeGame: code = plugin.describe_game(data, size, &out); break;
    case Call::kSetup: code = plugin.setup(data, size, &out); break;
    case Call::kListMoves: code = plugin.list_moves(data, size, &out); break;
    case Call::kApplyMove: code = plugin.apply_move(data, size, &out); break;
    case Call::kResign: code = plugin.resign(data, size, &out); break;
    case Call::kGetOutcome: code = plugin.get_outcome(data, size, &out); break;
    case Call::kSuggestMove: code = plugin.suggest_move(data, size, &cancel, &out); break;
    case Call::kGetRules: code = plugin.get_rules(data, size, &out); break;
  }

  const std::string where = std::string(plugin.game_id) + " call " + std::to_string(int(which));
  switch (code) {
    case grpc::OK:
      require(room, where + ": OK without room for the response");
      require(response_parses(which, host.bytes), where + ": OK with a malformed response");
      break;
    case grpc::CANCELLED:
      require(which == Call::kSuggestMove, where + ": CANCELLED from a call that cannot be");
      [[fallthrough]];
    case grpc::INVALID_ARGUMENT:
    case grpc::NOT_FOUND:
    case grpc::FAILED_PRECONDITION:
    case grpc::UNIMPLEMENTED:
    case grpc::INTERNAL: {
      if (!room) break;
      v1::ErrorDetail detail;
      require(detail.ParseFromString(host.bytes),
              where + ": code " + std::to_string(code) + " with a malformed ErrorDetail");
      require(!detail.reason().empty() && !detail.message().empty(),
              where + ": code " + std::to_string(code) + " without a reason or a message");
      require(code != grpc::INTERNAL, where + ": INTERNAL: " + detail.message());
      break;
    }
    default:
      fail(where + ": undocumented status code " + std::to_string(code));
  }
  return {code, std::move(host.bytes)};
}

Reply call(const BoardgamePlugin& plugin, Call which,
           const google::protobuf::MessageLite& request) {
  const std::string bytes = request.SerializeAsString();
  return call(plugin, which, reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
}

v1::GameInfo described(const BoardgamePlugin& plugin) {
  v1::DescribeGameRequest request;
  request.set_game_id(plugin.game_id);
  return read<v1::DescribeGameResponse>(call(plugin, Call::kDescribeGame, request)).game();
}

}  // namespace fuzz
