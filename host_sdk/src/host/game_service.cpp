#include "boardgame/host/game_service.h"

#include "boardgame/host/error_status.h"

#include <algorithm>
#include <chrono>

#include "boardgame/v1/error_detail.pb.h"
#include "wire.h"
#include "worker_pool.h"

namespace boardgame::host {

// How a forwarded call is routed and which plugin call serves it.
struct GameService::Route {
  const char* method;        // for error messages
  int game_id_depth;         // see routed_game_id
  std::uint32_t revision;    // the ABI revision that brought the call
  PluginCall call;
  CancellablePluginCall cancellable_call;
};

namespace {

void complete(GameService::Context* context, GameService::Reactor* reactor,
              const grpc::Status& status) {
  reactor->Finish(on_the_wire(context, status));
}

GameService::Reactor* finish(GameService::Context* context, const grpc::Status& status) {
  GameService::Reactor* reactor = context->DefaultReactor();
  complete(context, reactor, status);
  return reactor;
}

std::int32_t caller_gave_up(void* host) {
  const auto* context = static_cast<const GameService::Context*>(host);
  return context->IsCancelled() || std::chrono::system_clock::now() >= context->deadline();
}

double time_left_ms(const GameService::Context& context) {
  const auto deadline = context.deadline();
  if (deadline == std::chrono::system_clock::time_point::max()) return -1;
  const std::chrono::duration<double, std::milli> left =
      deadline - std::chrono::system_clock::now();
  return std::max(0.0, left.count());
}

// The request's bytes in one piece; gRPC usually hands them over so.
grpc::Slice contiguous(const grpc::ByteBuffer& bytes) {
  grpc::Slice slice;
  if (!bytes.TrySingleSlice(&slice).ok()) bytes.DumpToSingleSlice(&slice);
  return slice;
}

std::string_view view(const grpc::Slice& slice) {
  return {reinterpret_cast<const char*>(slice.begin()), slice.size()};
}

grpc::Status answered(const grpc::Status& status, const std::string& bytes,
                      grpc::ByteBuffer* response) {
  if (status.ok()) {
    grpc::Slice slice(bytes);
    *response = grpc::ByteBuffer(&slice, 1);
  }
  return status;
}

using Route = GameService::Route;
constexpr Route kDescribeGame{"DescribeGame", 1, 0, &BoardgamePlugin::describe_game, nullptr};
constexpr Route kSetup{"Setup", 1, 0, &BoardgamePlugin::setup, nullptr};
constexpr Route kListMoves{"ListMoves", 2, 0, &BoardgamePlugin::list_moves, nullptr};
constexpr Route kApplyMove{"ApplyMove", 2, 0, &BoardgamePlugin::apply_move, nullptr};
constexpr Route kResign{"Resign", 2, 0, &BoardgamePlugin::resign, nullptr};
constexpr Route kGetOutcome{"GetOutcome", 2, 0, &BoardgamePlugin::get_outcome, nullptr};
constexpr Route kSuggestMove{"SuggestMove", 2, 0, nullptr, &BoardgamePlugin::suggest_move};
constexpr Route kGetRules{"GetRules", 1, 1, &BoardgamePlugin::get_rules, nullptr};
constexpr Route kAgreeDraw{"AgreeDraw", 2, 2, &BoardgamePlugin::agree_draw, nullptr};

}  // namespace

GameService::GameService(std::vector<GamePlugin> games)
    : workers_(std::make_unique<WorkerPool>(std::max(1u, std::thread::hardware_concurrency()))) {
  for (GamePlugin& g : games) {
    std::string id = g.game_id();
    if (games_.emplace(id, std::move(g)).second) listed_.push_back(std::move(id));
  }
}

GameService::~GameService() = default;

grpc::Status GameService::find(const std::string& game_id, const GamePlugin** game) const {
  if (const auto it = games_.find(game_id); it != games_.end()) {
    *game = &it->second;
    return grpc::Status::OK;
  }
  std::string served;
  for (const auto& [id, plugin] : games_) served += (served.empty() ? "" : ", ") + id;
  return error(grpc::NOT_FOUND, "unknown_game",
               "unknown game '" + game_id + "'; this host serves: " +
                   (served.empty() ? "no games" : served),
               {{"game", game_id}});
}

GameService::Reactor* GameService::forward(Context* context, const Bytes* request,
                                           Bytes* response, const Route& route) const {
  const grpc::Slice bytes = contiguous(*request);
  const std::optional<std::string> game_id = routed_game_id(view(bytes), route.game_id_depth);
  if (!game_id)
    return finish(context, error(grpc::INVALID_ARGUMENT, "malformed_request",
                                 std::string("the request is not a valid boardgame.v1.") +
                                     route.method + "Request"));
  const GamePlugin* game = nullptr;
  if (const grpc::Status found = find(*game_id, &game); !found.ok())
    return finish(context, found);
  if (game->abi_revision() < route.revision)
    return finish(context, error(grpc::UNIMPLEMENTED, "not_supported",
                                 "game '" + *game_id + "' has no " + route.method +
                                     " call: its plugin is built for ABI revision " +
                                     std::to_string(game->abi_revision()) + ", the call came in " +
                                     std::to_string(route.revision),
                                 {{"game", *game_id}}));

  if (route.call) {
    std::string answer;
    const grpc::Status s = game->call(route.call, view(bytes), &answer);
    return finish(context, answered(s, answer, response));
  }
  // A long call: the reactor is handed back now and finished by a worker.
  Reactor* reactor = context->DefaultReactor();
  workers_->post([context, reactor, bytes, response, game, &route] {
    const BoardgameCancel cancel{context, &caller_gave_up, time_left_ms(*context)};
    std::string answer;
    const grpc::Status s =
        game->call(route.cancellable_call, view(bytes), cancel, &answer);
    complete(context, reactor, answered(s, answer, response));
  });
  return reactor;
}

// Raw like the others, so that bytes that are no ListGamesRequest get the
// same INVALID_ARGUMENT: gRPC's own parsing would answer UNIMPLEMENTED.
GameService::Reactor* GameService::ListGames(Context* context, const Bytes* request_bytes,
                                             Bytes* response_bytes) {
  const grpc::Slice bytes = contiguous(*request_bytes);
  v1::ListGamesRequest request;
  if (!request.ParseFromArray(bytes.begin(), int(bytes.size())))
    return finish(context, error(grpc::INVALID_ARGUMENT, "malformed_request",
                                 "the request is not a valid boardgame.v1.ListGamesRequest"));
  v1::ListGamesResponse response;
  for (const std::string& id : listed_) {
    const GamePlugin& game = games_.find(id)->second;
    v1::DescribeGameRequest describe;
    describe.set_game_id(id);
    describe.set_locale(request.locale());
    v1::DescribeGameResponse described;
    const grpc::Status s = game.call(&BoardgamePlugin::describe_game, describe, &described);
    // A game whose plugin fails is left out, so one faulty plugin cannot
    // empty the whole list; a call to that game still gets the error.
    if (s.error_code() == grpc::INTERNAL) continue;
    if (!s.ok()) return finish(context, s);
    *response.add_games() = std::move(*described.mutable_game());
  }
  return finish(context, answered(grpc::Status::OK, response.SerializeAsString(), response_bytes));
}

GameService::Reactor* GameService::DescribeGame(Context* c, const Bytes* q, Bytes* r) {
  return forward(c, q, r, kDescribeGame);
}
GameService::Reactor* GameService::Setup(Context* c, const Bytes* q, Bytes* r) {
  return forward(c, q, r, kSetup);
}
GameService::Reactor* GameService::ListMoves(Context* c, const Bytes* q, Bytes* r) {
  return forward(c, q, r, kListMoves);
}
GameService::Reactor* GameService::ApplyMove(Context* c, const Bytes* q, Bytes* r) {
  return forward(c, q, r, kApplyMove);
}
GameService::Reactor* GameService::Resign(Context* c, const Bytes* q, Bytes* r) {
  return forward(c, q, r, kResign);
}
GameService::Reactor* GameService::GetOutcome(Context* c, const Bytes* q, Bytes* r) {
  return forward(c, q, r, kGetOutcome);
}
GameService::Reactor* GameService::SuggestMove(Context* c, const Bytes* q, Bytes* r) {
  return forward(c, q, r, kSuggestMove);
}
GameService::Reactor* GameService::GetRules(Context* c, const Bytes* q, Bytes* r) {
  return forward(c, q, r, kGetRules);
}

GameService::Reactor* GameService::AgreeDraw(Context* c, const Bytes* q, Bytes* r) {
  return forward(c, q, r, kAgreeDraw);
}

}  // namespace boardgame::host
