#include "host_link.h"

namespace game_client {
namespace {

using namespace std::chrono_literals;

// Generous for a host on the same machine; a call that takes longer means
// the host is stuck, and the player hears so instead of waiting forever.
constexpr std::chrono::milliseconds kCallTimeout = 10s;
constexpr char kErrorDetailKey[] = "boardgame-error-bin";

std::shared_ptr<grpc::Channel> open_channel(const std::string& address) {
  grpc::ChannelArguments args;
  // A host that restarts is found again within seconds, not minutes: the
  // table's watch resumes where it stopped.
  args.SetInt(GRPC_ARG_INITIAL_RECONNECT_BACKOFF_MS, 250);
  args.SetInt(GRPC_ARG_MAX_RECONNECT_BACKOFF_MS, 3000);
  return grpc::CreateCustomChannel(address, grpc::InsecureChannelCredentials(), args);
}

}  // namespace

HostLink::HostLink(std::string address)
    : address_(std::move(address)),
      channel_(open_channel(address_)),
      stub_(v1::GameService::NewStub(channel_)),
      tables_(v1::TableService::NewStub(channel_)),
      players_(v1::PlayerService::NewStub(channel_)) {}

Failure HostLink::connect(std::chrono::milliseconds patience) {
  if (channel_->WaitForConnected(std::chrono::system_clock::now() + patience)) return {};
  return {grpc::StatusCode::UNAVAILABLE, "no game host answers at " + address_, {}};
}

bool host_away(const Failure& failure) {
  switch (failure.code) {
    case grpc::StatusCode::UNAVAILABLE:
    case grpc::StatusCode::CANCELLED:          // the host stopped during the call
    case grpc::StatusCode::DEADLINE_EXCEEDED:
      return true;
    default:
      return false;
  }
}

Failure failure_of(const grpc::Status& status, const grpc::ClientContext& context) {
  if (status.ok()) return {};
  Failure failure{status.error_code(), status.error_message(), {}};
  const auto& trailers = context.GetServerTrailingMetadata();
  if (auto it = trailers.find(kErrorDetailKey); it != trailers.end())
    failure.detail.ParseFromArray(it->second.data(), int(it->second.size()));
  return failure;
}

template <class Stub, class Request, class Response>
Failure HostLink::call(Stub& stub,
                       grpc::Status (Stub::*method)(grpc::ClientContext*, const Request&, Response*),
                       const Request& request, Response* response, std::chrono::milliseconds timeout) {
  grpc::ClientContext context;
  context.set_deadline(std::chrono::system_clock::now() + timeout);
  grpc::Status status = (stub.*method)(&context, request, response);
  return failure_of(status, context);
}

template <class Stub, class Request, class Response>
Failure HostLink::game_call(Stub& stub,
                            grpc::Status (Stub::*method)(grpc::ClientContext*, const Request&, Response*),
                            const Request& request, Response* response, std::chrono::milliseconds timeout) {
  Failure f = call(stub, method, request, response, timeout);
  int attempt = 0;
  while (f && host_away(f) && outage_.wait && outage_.wait(++attempt)) {
    // A channel that saw the host die waits out its own backoff before
    // trying again; asking it to connect now finds a restarted host at once.
    channel_->GetState(/*try_to_connect=*/true);
    channel_->WaitForConnected(std::chrono::system_clock::now() + backoff_delay(attempt));
    f = call(stub, method, request, response, timeout);
  }
  if (!f && attempt > 0 && outage_.back) outage_.back();
  return f;
}

Failure HostLink::list_games(const v1::ListGamesRequest& q, v1::ListGamesResponse* r) {
  return game_call(*stub_, &v1::GameService::Stub::ListGames, q, r, kCallTimeout);
}
Failure HostLink::describe_game(const v1::DescribeGameRequest& q, v1::DescribeGameResponse* r) {
  return game_call(*stub_, &v1::GameService::Stub::DescribeGame, q, r, kCallTimeout);
}
Failure HostLink::get_rules(const v1::GetRulesRequest& q, v1::GetRulesResponse* r) {
  return game_call(*stub_, &v1::GameService::Stub::GetRules, q, r, kCallTimeout);
}
Failure HostLink::setup(const v1::SetupRequest& q, v1::SetupResponse* r) {
  return game_call(*stub_, &v1::GameService::Stub::Setup, q, r, kCallTimeout);
}
Failure HostLink::list_moves(const v1::ListMovesRequest& q, v1::ListMovesResponse* r) {
  return game_call(*stub_, &v1::GameService::Stub::ListMoves, q, r, kCallTimeout);
}
Failure HostLink::apply_move(const v1::ApplyMoveRequest& q, v1::ApplyMoveResponse* r) {
  return game_call(*stub_, &v1::GameService::Stub::ApplyMove, q, r, kCallTimeout);
}
Failure HostLink::resign(const v1::ResignRequest& q, v1::ResignResponse* r) {
  return game_call(*stub_, &v1::GameService::Stub::Resign, q, r, kCallTimeout);
}
Failure HostLink::suggest_move(const v1::SuggestMoveRequest& q, v1::SuggestMoveResponse* r) {
  return game_call(*stub_, &v1::GameService::Stub::SuggestMove, q, r,
              std::chrono::milliseconds(q.time_budget_ms()) + kCallTimeout);
}

Failure HostLink::create_table(const v1::CreateTableRequest& q, v1::CreateTableResponse* r) {
  return call(*tables_, &v1::TableService::Stub::CreateTable, q, r, kCallTimeout);
}
Failure HostLink::join_table(const v1::JoinTableRequest& q, v1::SeatResponse* r) {
  return call(*tables_, &v1::TableService::Stub::JoinTable, q, r, kCallTimeout);
}
Failure HostLink::rejoin(const v1::RejoinRequest& q, v1::SeatResponse* r) {
  return call(*tables_, &v1::TableService::Stub::Rejoin, q, r, kCallTimeout);
}
Failure HostLink::leave(const v1::SeatRequest& q, v1::TableResponse* r) {
  return call(*tables_, &v1::TableService::Stub::Leave, q, r, kCallTimeout);
}
Failure HostLink::play(const v1::PlayRequest& q, v1::PlayResponse* r) {
  Failure f = call(*tables_, &v1::TableService::Stub::Play, q, r, kCallTimeout);
  if (f.code == grpc::StatusCode::UNAVAILABLE || f.code == grpc::StatusCode::DEADLINE_EXCEEDED)
    f = call(*tables_, &v1::TableService::Stub::Play, q, r, kCallTimeout);
  return f;
}
Failure HostLink::resign_game(const v1::GameRequest& q, v1::TableResponse* r) {
  return call(*tables_, &v1::TableService::Stub::Resign, q, r, kCallTimeout);
}
Failure HostLink::undo(const v1::UndoRequest& q, v1::TableResponse* r) {
  return call(*tables_, &v1::TableService::Stub::Undo, q, r, kCallTimeout);
}
Failure HostLink::next_game(const v1::GameRequest& q, v1::TableResponse* r) {
  return call(*tables_, &v1::TableService::Stub::NextGame, q, r, kCallTimeout);
}
Failure HostLink::offer(const v1::OfferRequest& q, v1::TableResponse* r) {
  return call(*tables_, &v1::TableService::Stub::Offer, q, r, kCallTimeout);
}
Failure HostLink::answer_offer(const v1::AnswerOfferRequest& q, v1::TableResponse* r) {
  return call(*tables_, &v1::TableService::Stub::AnswerOffer, q, r, kCallTimeout);
}
Failure HostLink::get_table(const v1::TableRef& q, v1::TableResponse* r) {
  return call(*tables_, &v1::TableService::Stub::GetTable, q, r, kCallTimeout);
}
Failure HostLink::list_finished_games(const v1::TableRef& q, v1::ListFinishedGamesResponse* r) {
  return call(*tables_, &v1::TableService::Stub::ListFinishedGames, q, r, kCallTimeout);
}
std::unique_ptr<grpc::ClientReader<v1::TableEvent>> HostLink::watch(grpc::ClientContext* context,
                                                                    const v1::WatchRequest& request) {
  return tables_->Watch(context, request);
}

// Not retried while the host is away: each is one step the player asked
// for, and a refusal or a silent host is said at once.
Failure HostLink::create_player(const v1::CreatePlayerRequest& q, v1::PlayerKeyResponse* r) {
  return call(*players_, &v1::PlayerService::Stub::CreatePlayer, q, r, kCallTimeout);
}
Failure HostLink::get_player(const v1::GetPlayerRequest& q, v1::PlayerProfile* r) {
  return call(*players_, &v1::PlayerService::Stub::GetPlayer, q, r, kCallTimeout);
}
Failure HostLink::rename_player(const v1::RenamePlayerRequest& q, v1::PlayerProfile* r) {
  return call(*players_, &v1::PlayerService::Stub::RenamePlayer, q, r, kCallTimeout);
}
Failure HostLink::start_transfer(const v1::PlayerKey& q, v1::TransferCode* r) {
  return call(*players_, &v1::PlayerService::Stub::StartTransfer, q, r, kCallTimeout);
}
Failure HostLink::claim_transfer(const v1::ClaimTransferRequest& q, v1::PlayerKeyResponse* r) {
  return call(*players_, &v1::PlayerService::Stub::ClaimTransfer, q, r, kCallTimeout);
}
Failure HostLink::get_standings(const v1::StandingsRequest& q, v1::Standings* r) {
  return call(*players_, &v1::PlayerService::Stub::GetStandings, q, r, kCallTimeout);
}
Failure HostLink::accept_seek(const v1::AcceptSeekRequest& q, v1::Pairing* r) {
  return call(*players_, &v1::PlayerService::Stub::AcceptSeek, q, r, kCallTimeout);
}
Failure HostLink::get_lobby(const v1::LobbyRequest& q, v1::Lobby* r) {
  return call(*players_, &v1::PlayerService::Stub::GetLobby, q, r, kCallTimeout);
}
std::unique_ptr<grpc::ClientReader<v1::SeekEvent>> HostLink::seek(grpc::ClientContext* context,
                                                                  const v1::SeekRequest& request) {
  return players_->Seek(context, request);
}

}  // namespace game_client
