// A game plugin's calls as the table service makes them: typed messages in
// and out, each failure the plugin's own status and ErrorDetail.
#pragma once

#include <cstdint>
#include <functional>

#include "boardgame/host/game_plugin.h"
#include "boardgame/v1/game_service.pb.h"

namespace boardgame::tables {

namespace v1 = ::boardgame::v1;

class GameRules {
 public:
  explicit GameRules(const host::GamePlugin& plugin) : plugin_(&plugin) {}

  const std::string& game_id() const { return plugin_->game_id(); }

  grpc::Status describe(v1::GameInfo* info) const;
  grpc::Status setup(const google::protobuf::RepeatedPtrField<v1::Setting>& settings,
                     std::uint32_t game_number, v1::GameState* state) const;
  grpc::Status apply(const v1::GameState& state, std::uint32_t seat, std::uint32_t move_id,
                     v1::GameState* next, v1::Move* move) const;
  grpc::Status resign(const v1::GameState& state, std::uint32_t seat, v1::GameState* next) const;
  // Whether the plugin can end a game in an agreed draw (ABI revision 2).
  bool draws() const { return plugin_->abi_revision() >= 2; }
  grpc::Status agree_draw(const v1::GameState& state, v1::GameState* next) const;
  // The CPU's move for the seat to move. `stop` is asked now and then; true
  // ends the search early with the best move so far.
  grpc::Status suggest(const v1::GameState& state, v1::SuggestMoveRequest::Level level,
                       std::uint32_t budget_ms, std::uint64_t iterations,
                       const std::function<bool()>& stop, v1::Move* move) const;

 private:
  const host::GamePlugin* plugin_;
};

}  // namespace boardgame::tables
