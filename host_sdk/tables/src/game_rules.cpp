#include "game_rules.h"

namespace boardgame::tables {

grpc::Status GameRules::describe(v1::GameInfo* info) const {
  v1::DescribeGameRequest request;
  request.set_game_id(game_id());
  v1::DescribeGameResponse response;
  const grpc::Status s = plugin_->call(&BoardgamePlugin::describe_game, request, &response);
  if (s.ok()) *info = std::move(*response.mutable_game());
  return s;
}

grpc::Status GameRules::setup(const google::protobuf::RepeatedPtrField<v1::Setting>& settings,
                              std::uint32_t game_number, v1::GameState* state) const {
  v1::SetupRequest request;
  request.set_game_id(game_id());
  *request.mutable_settings() = settings;
  request.set_game_number(game_number);
  v1::SetupResponse response;
  const grpc::Status s = plugin_->call(&BoardgamePlugin::setup, request, &response);
  if (s.ok()) *state = std::move(*response.mutable_state());
  return s;
}

grpc::Status GameRules::apply(const v1::GameState& state, std::uint32_t seat,
                              std::uint32_t move_id, v1::GameState* next, v1::Move* move) const {
  v1::ApplyMoveRequest request;
  *request.mutable_state() = state;
  request.set_seat(seat);
  request.set_move_id(move_id);
  v1::ApplyMoveResponse response;
  const grpc::Status s = plugin_->call(&BoardgamePlugin::apply_move, request, &response);
  if (!s.ok()) return s;
  *next = std::move(*response.mutable_state());
  if (move) *move = std::move(*response.mutable_move());
  return s;
}

grpc::Status GameRules::resign(const v1::GameState& state, std::uint32_t seat,
                               v1::GameState* next) const {
  v1::ResignRequest request;
  *request.mutable_state() = state;
  request.set_seat(seat);
  v1::ResignResponse response;
  const grpc::Status s = plugin_->call(&BoardgamePlugin::resign, request, &response);
  if (s.ok()) *next = std::move(*response.mutable_state());
  return s;
}

grpc::Status GameRules::agree_draw(const v1::GameState& state, v1::GameState* next) const {
  v1::AgreeDrawRequest request;
  *request.mutable_state() = state;
  v1::AgreeDrawResponse response;
  const grpc::Status s = plugin_->call(&BoardgamePlugin::agree_draw, request, &response);
  if (s.ok()) *next = std::move(*response.mutable_state());
  return s;
}

namespace {

std::int32_t stop_requested(void* stop) {
  return (*static_cast<const std::function<bool()>*>(stop))() ? 1 : 0;
}

}  // namespace

grpc::Status GameRules::suggest(const v1::GameState& state, v1::SuggestMoveRequest::Level level,
                                std::uint32_t budget_ms, std::uint64_t iterations,
                                const std::function<bool()>& stop, v1::Move* move) const {
  v1::SuggestMoveRequest request;
  *request.mutable_state() = state;
  request.set_level(level);
  request.set_time_budget_ms(budget_ms);
  request.set_iteration_budget(iterations);
  v1::SuggestMoveResponse response;
  const BoardgameCancel cancel{const_cast<std::function<bool()>*>(&stop), &stop_requested, -1};
  const grpc::Status s =
      plugin_->call(&BoardgamePlugin::suggest_move, request, cancel, &response);
  if (s.ok()) *move = std::move(*response.mutable_move());
  return s;
}

}  // namespace boardgame::tables
