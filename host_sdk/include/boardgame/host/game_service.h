// The boardgame.v1.GameService over a set of loaded plugins: each call goes
// to the plugin named by its game id.
//
// Calls a plugin answers alone are forwarded as bytes: the host reads only
// the game id to route them and never parses or re-serializes a state, so
// a game call costs the transport plus the plugin's own work. They run on
// gRPC's callback threads with no hand-off, except SuggestMove, which
// thinks for as long as it is allowed and so runs on a pool of one thread
// per core.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "boardgame/host/error_status.h"
#include "boardgame/host/game_plugin.h"
#include "boardgame/v1/game_service.grpc.pb.h"

namespace boardgame::host {

class WorkerPool;

namespace detail {
using Svc = v1::GameService;
using GameServiceBase = Svc::WithRawCallbackMethod_DescribeGame<
    Svc::WithRawCallbackMethod_Setup<Svc::WithRawCallbackMethod_ListMoves<
        Svc::WithRawCallbackMethod_ApplyMove<Svc::WithRawCallbackMethod_Resign<
            Svc::WithRawCallbackMethod_GetOutcome<Svc::WithRawCallbackMethod_SuggestMove<
                Svc::WithRawCallbackMethod_GetRules<Svc::WithRawCallbackMethod_ListGames<
                    Svc::WithRawCallbackMethod_AgreeDraw<Svc::Service>>>>>>>>>>;
}  // namespace detail

class GameService final : public detail::GameServiceBase {
 public:
  // Game ids must be unique, as load_plugins makes them.
  explicit GameService(std::vector<GamePlugin> games);
  // Finishes the SuggestMove calls still queued; call it after the server
  // has shut down.
  ~GameService() override;

  using Context = grpc::CallbackServerContext;
  using Reactor = grpc::ServerUnaryReactor;
  using Bytes = grpc::ByteBuffer;
  struct Route;  // how a forwarded call is routed and served

  Reactor* ListGames(Context*, const Bytes*, Bytes*) override;
  Reactor* DescribeGame(Context*, const Bytes*, Bytes*) override;
  Reactor* Setup(Context*, const Bytes*, Bytes*) override;
  Reactor* ListMoves(Context*, const Bytes*, Bytes*) override;
  Reactor* ApplyMove(Context*, const Bytes*, Bytes*) override;
  Reactor* Resign(Context*, const Bytes*, Bytes*) override;
  Reactor* GetOutcome(Context*, const Bytes*, Bytes*) override;
  Reactor* SuggestMove(Context*, const Bytes*, Bytes*) override;
  Reactor* GetRules(Context*, const Bytes*, Bytes*) override;
  Reactor* AgreeDraw(Context*, const Bytes*, Bytes*) override;

 private:
  // The game named game_id, or NOT_FOUND.
  grpc::Status find(const std::string& game_id, const GamePlugin** game) const;
  // Hands a request to the plugin its game id names and finishes the call
  // with the plugin's answer.
  Reactor* forward(Context* context, const Bytes* request, Bytes* response,
                   const Route& route) const;

  std::map<std::string, GamePlugin, std::less<>> games_;
  std::vector<std::string> listed_;  // ListGames' order: the order they were given in
  std::unique_ptr<WorkerPool> workers_;
};

}  // namespace boardgame::host
