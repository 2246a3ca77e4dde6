// boardgame.v1.PlayerService over Players, on gRPC's callback API like the
// table service. The calls are short store reads and writes, answered on
// the thread that takes them; a seek is a stream that lasts as long as it.
#pragma once

#include "boardgame/players/matchmaker.h"
#include "boardgame/players/players.h"
#include "boardgame/players/seeks.h"
#include "boardgame/v1/player_service.grpc.pb.h"

namespace boardgame::players {

class PlayerService final : public v1::PlayerService::CallbackService {
 public:
  // `players`, `seeks` and `matchmaker` must outlive the service. In a club,
  // Play now calls go to the matchmaker (matchmaker.h).
  PlayerService(Players& players, Seeks& seeks, Matchmaker& matchmaker)
      : players_(players), seeks_(seeks), matchmaker_(matchmaker) {}

  using Context = grpc::CallbackServerContext;
  using Unary = grpc::ServerUnaryReactor;

  Unary* CreatePlayer(Context*, const v1::CreatePlayerRequest*, v1::PlayerKeyResponse*) override;
  Unary* GetPlayer(Context*, const v1::GetPlayerRequest*, v1::PlayerProfile*) override;
  Unary* RenamePlayer(Context*, const v1::RenamePlayerRequest*, v1::PlayerProfile*) override;
  Unary* StartTransfer(Context*, const v1::PlayerKey*, v1::TransferCode*) override;
  Unary* ClaimTransfer(Context*, const v1::ClaimTransferRequest*, v1::PlayerKeyResponse*) override;
  Unary* GetStandings(Context*, const v1::StandingsRequest*, v1::Standings*) override;
  grpc::ServerWriteReactor<v1::SeekEvent>* Seek(Context*, const v1::SeekRequest*) override;
  Unary* AcceptSeek(Context*, const v1::AcceptSeekRequest*, v1::Pairing*) override;
  Unary* GetLobby(Context*, const v1::LobbyRequest*, v1::Lobby*) override;

 private:
  Players& players_;
  Seeks& seeks_;
  Matchmaker& matchmaker_;
};

}  // namespace boardgame::players
