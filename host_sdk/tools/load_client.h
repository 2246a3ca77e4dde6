// One client of the load test: plays whole games through the generic
// interface, with legal moves and with moves the host must refuse.
#pragma once

#include <grpcpp/channel.h>

#include <array>
#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "boardgame/v1/game_service.grpc.pb.h"
#include "call_times.h"

namespace host_tools {

enum class Method {
  kListGames,
  kDescribeGame,
  kGetRules,
  kSetup,
  kListMoves,
  kApplyMove,
  kResign,
  kGetOutcome,
  kSuggestMove,
};
inline constexpr std::size_t kMethods = 9;
const char* name_of(Method method);

// What the clients saw, merged at the end.
struct Tally {
  std::array<CallTimes, kMethods> times;
  // Calls by status code: [0] as expected, [1] not.
  std::map<int, std::array<long, 2>> statuses;
  // Answers with the expected status but wrong content, e.g. a suggested
  // move that is not legal.
  long wrong_answers = 0;
  // Requests sent to be refused, by the status they must get.
  std::map<int, long> deliberate;
  long games_finished = 0;
  long games_cut = 0;  // stopped by the time limit or by an unexpected result
  // Unexpected results, described, with how often each came: the first
  // few kinds only.
  std::map<std::string, long> surprises;

  long unexpected() const;
  void merge(const Tally& other);
};

// What every client shares.
struct LoadPlan {
  std::vector<std::string> games;      // the game ids to play, as ListGames gave them
  Clock::time_point end;               // no call starts after this
  std::atomic<long>* games_left;       // games still to start, all clients together
  int bad_move_percent = 10;           // share of turns that first try a refused move
  int suggest_percent = 2;             // share of turns played by SuggestMove
  std::atomic<bool> host_gone{false};  // stop at once: nobody answers any more
};

class LoadClient {
 public:
  LoadClient(std::shared_ptr<grpc::Channel> channel, const LoadPlan& plan, std::uint64_t seed);

  // Plays games until the plan's time or game count runs out.
  void run();
  const Tally& tally() const { return tally_; }

 private:
  struct Expect;
  template <class Request, class Response>
  using Rpc = grpc::Status (boardgame::v1::GameService::Stub::*)(grpc::ClientContext*,
                                                                 const Request&, Response*);
  // Makes a call and tallies it; true when it succeeded as expected.
  template <class Request, class Response>
  bool call(Method method, Rpc<Request, Response> rpc, const Request& request, Response* response,
            const Expect& expect);
  void surprise(const std::string& what);
  void wrong_answer(Method method, const std::string& what);

  bool time_left() const;
  // One whole game; false when it was cut short.
  bool play(const std::string& game);
  void read_about(const std::string& game);
  // A refused request for the turn of `state`, whose legal moves are `legal`.
  void try_bad_move(const boardgame::v1::GameState& state, const std::vector<std::uint32_t>& legal);
  void try_after_end(const boardgame::v1::GameState& state);

  std::unique_ptr<boardgame::v1::GameService::Stub> stub_;
  const LoadPlan& plan_;
  std::mt19937_64 rng_;
  // Every move id ListMoves has shown, per game: a known id that is not
  // legal now is a move the game must refuse with its own reason.
  std::map<std::string, std::set<std::uint32_t>> seen_ids_;
  Tally tally_;
};

}  // namespace host_tools
