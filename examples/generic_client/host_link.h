// The connection to a game host: one call per GameService, TableService and
// PlayerService method, each with a deadline, each failure with its status
// and the ErrorDetail the host attached; and the streams, which have no
// deadline: TableService.Watch and PlayerService.Seek.
#pragma once

#include <chrono>
#include <memory>
#include <string>

#include <grpcpp/grpcpp.h>

#include "boardgame/v1/game_service.grpc.pb.h"
#include "boardgame/v1/player_service.grpc.pb.h"
#include "boardgame/v1/table_service.grpc.pb.h"
#include "game_rules.h"
#include "reconnect.h"

namespace game_client {

// Whether a failure says the host is not there (stopped, restarting,
// unreachable, stuck) rather than that it refused the request.
bool host_away(const Failure& failure);

// A finished call's status with the ErrorDetail of its trailing metadata.
Failure failure_of(const grpc::Status& status, const grpc::ClientContext& context);

class HostLink final : public GameRules {
 public:
  explicit HostLink(std::string address);

  const std::string& address() const { return address_; }

  // Waits until the channel connects; a failure says why not.
  Failure connect(std::chrono::milliseconds patience);

  // GameService calls are stateless (the whole state travels with each
  // request), so a call the host never answered is safely sent again: with
  // a policy, they are retried while the host is away. TableService and
  // PlayerService calls are not; online play has its own recovery.
  void set_outage_policy(OutagePolicy policy) { outage_ = std::move(policy); }

  Failure list_games(const v1::ListGamesRequest& request, v1::ListGamesResponse* response) override;
  Failure describe_game(const v1::DescribeGameRequest& request,
                        v1::DescribeGameResponse* response) override;
  Failure get_rules(const v1::GetRulesRequest& request, v1::GetRulesResponse* response) override;
  Failure setup(const v1::SetupRequest& request, v1::SetupResponse* response) override;
  Failure list_moves(const v1::ListMovesRequest& request, v1::ListMovesResponse* response) override;
  Failure apply_move(const v1::ApplyMoveRequest& request, v1::ApplyMoveResponse* response) override;
  Failure resign(const v1::ResignRequest& request, v1::ResignResponse* response) override;
  // The deadline leaves the search its time budget and a margin for the
  // transport.
  Failure suggest_move(const v1::SuggestMoveRequest& request, v1::SuggestMoveResponse* response);

  // --- TableService (docs/client.md, "Playing online") ---
  Failure create_table(const v1::CreateTableRequest& request, v1::CreateTableResponse* response);
  Failure join_table(const v1::JoinTableRequest& request, v1::SeatResponse* response);
  Failure rejoin(const v1::RejoinRequest& request, v1::SeatResponse* response);
  Failure leave(const v1::SeatRequest& request, v1::TableResponse* response);
  // A retry of the same request never plays twice (PlayRequest), so a call
  // lost on the way is sent once more.
  Failure play(const v1::PlayRequest& request, v1::PlayResponse* response);
  Failure resign_game(const v1::GameRequest& request, v1::TableResponse* response);
  Failure undo(const v1::UndoRequest& request, v1::TableResponse* response);
  Failure next_game(const v1::GameRequest& request, v1::TableResponse* response);
  Failure offer(const v1::OfferRequest& request, v1::TableResponse* response);
  Failure answer_offer(const v1::AnswerOfferRequest& request, v1::TableResponse* response);
  Failure get_table(const v1::TableRef& request, v1::TableResponse* response);
  Failure list_finished_games(const v1::TableRef& request, v1::ListFinishedGamesResponse* response);
  // Opens a Watch stream on `context` (no deadline: cancel it with
  // context->TryCancel()). Read events from it, then Finish() it and pass
  // the status to failure_of().
  std::unique_ptr<grpc::ClientReader<v1::TableEvent>> watch(grpc::ClientContext* context,
                                                            const v1::WatchRequest& request);

  // --- PlayerService (docs/players.md): the club's player, ratings, Play now ---
  Failure create_player(const v1::CreatePlayerRequest& request, v1::PlayerKeyResponse* response);
  Failure get_player(const v1::GetPlayerRequest& request, v1::PlayerProfile* response);
  Failure rename_player(const v1::RenamePlayerRequest& request, v1::PlayerProfile* response);
  Failure start_transfer(const v1::PlayerKey& request, v1::TransferCode* response);
  Failure claim_transfer(const v1::ClaimTransferRequest& request, v1::PlayerKeyResponse* response);
  Failure get_standings(const v1::StandingsRequest& request, v1::Standings* response);
  Failure accept_seek(const v1::AcceptSeekRequest& request, v1::Pairing* response);
  Failure get_lobby(const v1::LobbyRequest& request, v1::Lobby* response);
  // Opens a Seek stream on `context`, as watch() does: the seek lasts until
  // the stream ends or context->TryCancel() ends it.
  std::unique_ptr<grpc::ClientReader<v1::SeekEvent>> seek(grpc::ClientContext* context,
                                                          const v1::SeekRequest& request);

 private:
  template <class Stub, class Request, class Response>
  Failure call(Stub& stub, grpc::Status (Stub::*method)(grpc::ClientContext*, const Request&, Response*),
               const Request& request, Response* response, std::chrono::milliseconds timeout);

  // `call`, retried while the host is away and the policy says so.
  template <class Stub, class Request, class Response>
  Failure game_call(Stub& stub, grpc::Status (Stub::*method)(grpc::ClientContext*, const Request&, Response*),
                    const Request& request, Response* response, std::chrono::milliseconds timeout);

  std::string address_;
  OutagePolicy outage_;
  std::shared_ptr<grpc::Channel> channel_;
  std::unique_ptr<v1::GameService::Stub> stub_;
  std::unique_ptr<v1::TableService::Stub> tables_;
  std::unique_ptr<v1::PlayerService::Stub> players_;
};

}  // namespace game_client
