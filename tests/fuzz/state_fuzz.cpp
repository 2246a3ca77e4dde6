// Decoding a game state and applying a move: an ApplyMoveRequest, as
// arbitrary bytes, through a plugin's apply_move (the game is chosen by the
// state's game id). Beyond the ABI's contract, the answer must agree with
// the plugin's own list of legal moves for that state, and the state it
// returns must be accepted back.
#include <algorithm>
#include <string>

#include "boardgame/v1/game_service.pb.h"
#include "plugins.h"

namespace v1 = boardgame::v1;
using fuzz::Call;
using fuzz::require;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  v1::ApplyMoveRequest request;
  const bool parsed = request.ParseFromArray(data, int(size));
  const BoardgamePlugin& plugin = fuzz::plugin_for(request.state().game_id());
  const fuzz::Reply applied = fuzz::call(plugin, Call::kApplyMove, data, size);
  if (!parsed) {
    require(applied.code == grpc::INVALID_ARGUMENT, "malformed request not refused");
    return 0;
  }

  v1::ListMovesRequest list;
  *list.mutable_state() = request.state();
  const fuzz::Reply listed = fuzz::call(plugin, Call::kListMoves, list);
  if (listed.code != grpc::OK) {
    // A state the plugin does not accept: every call must refuse it alike.
    require(listed.code == grpc::INVALID_ARGUMENT, "ListMoves refused a state with " +
                                                       std::to_string(listed.code));
    require(applied.code == grpc::INVALID_ARGUMENT,
            "ApplyMove on a refused state answered " + std::to_string(applied.code));
    return 0;
  }

  const auto moves = fuzz::read<v1::ListMovesResponse>(listed).moves();
  const v1::GameState& state = request.state();
  const bool listed_move =
      request.has_move_id() &&
      std::any_of(moves.begin(), moves.end(),
                  [&](const v1::Move& m) { return m.id() == request.move_id(); });
  const bool turn = state.seat_to_move() != 0 && request.seat() == state.seat_to_move();
  require(state.seat_to_move() != 0 || moves.empty(), "moves listed after the end");
  require((applied.code == grpc::OK) == (turn && listed_move),
          "ApplyMove answered " + std::to_string(applied.code) + " for move " +
              std::to_string(request.move_id()) + (listed_move ? ", a listed move," : ", not listed,") +
              " by seat " + std::to_string(request.seat()));
  if (applied.code != grpc::OK) return 0;

  const auto response = fuzz::read<v1::ApplyMoveResponse>(applied);
  const v1::GameState& next = response.state();
  require(response.move().id() == request.move_id(), "ApplyMove reports another move");
  require(next.moves_size() == state.moves_size() + 1 &&
              next.moves(state.moves_size()) == request.move_id(),
          "the new state does not record the move");

  v1::GetOutcomeRequest outcome;
  *outcome.mutable_state() = next;
  const fuzz::Reply ended = fuzz::call(plugin, Call::kGetOutcome, outcome);
  require(ended.code == grpc::OK, "the plugin refuses the state it returned");
  require(fuzz::read<v1::GetOutcomeResponse>(ended).over() == (next.seat_to_move() == 0),
          "the outcome and the seat to move disagree");
  return 0;
}
