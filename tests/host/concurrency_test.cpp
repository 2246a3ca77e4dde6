// The host under many clients at once: threads play whole games of
// ultimate tic-tac-toe and tic-tac-toe through every method of one
// in-process server, with refused moves, CPU suggestions, calls into a
// faulty plugin, and suggestions cancelled or cut by their deadline
// mid-search. Every answer must be the one a lone client would get.
// scripts/tsan.sh runs these under ThreadSanitizer (ctest -L concurrency).
#include <atomic>
#include <map>
#include <random>
#include <thread>

#include "boardgame/host/loader.h"
#include "test_host.h"

namespace host_test {
namespace {

using Stub = v1::GameService::Stub;

// What went wrong in one client thread, reported by the main thread.
struct Findings {
  std::vector<std::string> problems;

  void expect(bool ok, const std::string& what) {
    if (!ok) problems.push_back(what);
  }
  template <class Response>
  bool ok(const Reply<Response>& reply, const std::string& call) {
    expect(reply.status.ok(), call + " failed: " + reply.status.error_message());
    return reply.status.ok();
  }
};

void report(const std::vector<Findings>& findings) {
  for (std::size_t t = 0; t < findings.size(); ++t)
    for (const std::string& p : findings[t].problems) ADD_FAILURE() << "client " << t << ": " << p;
}

// Runs `client(i, findings[i])` on `count` threads at once.
template <class Client>
std::vector<Findings> run_clients(int count, Client&& client) {
  std::vector<Findings> findings{std::size_t(count)};
  std::vector<std::thread> threads;
  for (int i = 0; i < count; ++i)
    threads.emplace_back([&, i] { client(i, findings[std::size_t(i)]); });
  for (std::thread& t : threads) t.join();
  return findings;
}

// The faulty plugin throws; the host must answer INTERNAL and go on.
void call_the_faulty_game(const TestHost& host, Findings& f) {
  v1::ListMovesRequest request;
  request.mutable_state()->set_game_id("faulty");
  v1::Setting* fault = request.mutable_state()->add_settings();
  fault->set_id("fault");
  fault->mutable_value()->set_choice("throw");
  const auto reply = host.call(&Stub::ListMoves, request);
  f.expect(reply.status.error_code() == grpc::INTERNAL && reply.detail.reason() == "plugin_failure",
           "the faulty game gave " + reply.status.error_message());
}

// One whole game of `game`, as a client plays it, checking each answer;
// returns the moves played.
int play_game(const TestHost& host, const std::string& game, std::uint32_t seed, Findings& f) {
  std::mt19937 rng(seed);
  static const char* const kLocales[] = {"en", "es", "pt-PT", "de-AT"};
  const std::string locale = kLocales[rng() % std::size(kLocales)];

  v1::ListGamesRequest list_games;
  list_games.set_locale(locale);
  if (const auto listed = host.call(&Stub::ListGames, list_games); f.ok(listed, "ListGames"))
    f.expect(listed.response.games_size() == 3, "ListGames lists " +
                                                    std::to_string(listed.response.games_size()));
  v1::DescribeGameRequest describe;
  describe.set_game_id(game);
  describe.set_locale(locale);
  if (const auto described = host.call(&Stub::DescribeGame, describe); f.ok(described, "DescribeGame"))
    f.expect(described.response.game().id() == game, "DescribeGame of " + game);
  v1::GetRulesRequest rules;
  rules.set_game_id(game);
  rules.set_locale(locale);
  if (const auto got = host.call(&Stub::GetRules, rules); f.ok(got, "GetRules"))
    f.expect(!got.response.locale().empty(), "GetRules gave no locale");

  v1::SetupRequest setup;
  setup.set_game_id(game);
  setup.set_game_number(1 + rng() % 4);
  const auto started = host.call(&Stub::Setup, setup);
  if (!f.ok(started, "Setup")) return 0;
  v1::GameState state = started.response.state();
  const int resign_at = rng() % 3 == 0 ? int(rng() % 6) : -1;

  while (state.seat_to_move() != 0) {
    const std::string at = game + " ply " + std::to_string(state.moves_size()) + ": ";
    v1::ListMovesRequest list;
    *list.mutable_state() = state;
    const auto moves = host.call(&Stub::ListMoves, list);
    if (!f.ok(moves, at + "ListMoves")) return 0;
    if (moves.response.moves().empty()) {
      f.expect(false, at + "no moves in a game not over");
      return 0;
    }

    std::uint32_t move = moves.response.moves(int(rng() % unsigned(moves.response.moves_size()))).id();
    if (state.moves_size() % 5 == 1) {
      v1::SuggestMoveRequest suggest;
      *suggest.mutable_state() = state;
      suggest.set_level(v1::SuggestMoveRequest::NORMAL);
      suggest.set_iteration_budget(20);
      suggest.set_seed(rng());
      const auto suggested = host.call(&Stub::SuggestMove, suggest);
      if (!f.ok(suggested, at + "SuggestMove")) return 0;
      move = suggested.response.move().id();
    }

    v1::ApplyMoveRequest apply;
    *apply.mutable_state() = state;
    apply.set_move_id(move);
    apply.set_seat(3 - state.seat_to_move());  // the seat whose turn it is not
    const auto refused = host.call(&Stub::ApplyMove, apply);
    f.expect(refused.status.error_code() == grpc::FAILED_PRECONDITION &&
                 refused.detail.reason() == "not_your_turn",
             at + "a move out of turn gave " + refused.status.error_message());
    if (state.moves_size() % 8 == 3) call_the_faulty_game(host, f);

    if (state.moves_size() == resign_at) {
      v1::ResignRequest resign;
      *resign.mutable_state() = state;
      resign.set_seat(state.seat_to_move());
      const auto resigned = host.call(&Stub::Resign, resign);
      if (!f.ok(resigned, at + "Resign")) return 0;
      state = resigned.response.state();
    } else {
      apply.set_seat(state.seat_to_move());
      const auto applied = host.call(&Stub::ApplyMove, apply);
      if (!f.ok(applied, at + "ApplyMove")) return 0;
      f.expect(applied.response.state().moves_size() == state.moves_size() + 1,
               at + "ApplyMove did not add the move");
      state = applied.response.state();
    }

    v1::GetOutcomeRequest outcome;
    *outcome.mutable_state() = state;
    const auto scored = host.call(&Stub::GetOutcome, outcome);
    if (!f.ok(scored, at + "GetOutcome")) return 0;
    f.expect(scored.response.over() == (state.seat_to_move() == 0),
             at + "GetOutcome disagrees with the state");
  }
  return state.moves_size();
}

const std::vector<fs::path> kPlugins = {UTTT_PLUGIN, TICTACTOE_PLUGIN, FIXTURE_FAULTY};
const char* const kGames[] = {"uttt", "tictactoe"};

TEST(Concurrency, ClientsPlayBothGamesThroughEveryMethodAtOnce) {
  constexpr int kClients = 8;
  constexpr int kGamesEach = 3;
  const TestHost host(kPlugins);
  std::atomic<int> games_played{0};
  std::atomic<int> moves_played{0};
  const auto findings = run_clients(kClients, [&](int client, Findings& f) {
    for (int g = 0; g < kGamesEach; ++g) {
      moves_played += play_game(host, kGames[(client + g) % 2], std::uint32_t(client * 100 + g), f);
      ++games_played;
    }
  });
  report(findings);
  EXPECT_EQ(games_played, kClients * kGamesEach);
  // Whole games: tic-tac-toe takes at least 5 moves, ultimate far more;
  // a third of the games resign early.
  EXPECT_GT(moves_played, kClients * kGamesEach * 5) << moves_played;
}

// Long searches given up by their callers, either way, while other clients
// play: each stops and frees its worker, and the games go on.
TEST(Concurrency, SuggestionsCancelledOrPastTheirDeadlineStopWhilePlayGoesOn) {
  constexpr int kSearchers = 4;
  constexpr int kPlayers = 4;
  constexpr int kSearchesEach = 3;
  const TestHost host(kPlugins);
  const auto findings = run_clients(kSearchers + kPlayers, [&](int client, Findings& f) {
    if (client >= kSearchers) {
      for (int g = 0; g < 2; ++g) play_game(host, kGames[(client + g) % 2], std::uint32_t(client + 7 * g), f);
      return;
    }
    const auto stub = v1::GameService::NewStub(host.channel());
    std::mt19937 rng{std::uint32_t(client)};
    for (int s = 0; s < kSearchesEach; ++s) {
      const std::string game = kGames[(client + s) % 2];
      v1::SetupRequest setup;
      setup.set_game_id(game);
      const auto started = host.call(&Stub::Setup, setup);
      if (!f.ok(started, "Setup")) return;
      v1::SuggestMoveRequest request;
      *request.mutable_state() = started.response.state();
      request.set_level(v1::SuggestMoveRequest::EXPERTO);
      request.set_time_budget_ms(60'000);

      grpc::ClientContext context;
      const bool cancel = (client + s) % 2 == 0;
      const auto wait = std::chrono::milliseconds(5 + rng() % 60);
      if (!cancel) context.set_deadline(std::chrono::system_clock::now() + wait);
      v1::SuggestMoveResponse response;
      const auto began = std::chrono::steady_clock::now();
      std::thread canceller;
      if (cancel)
        canceller = std::thread([&context, wait] {
          std::this_thread::sleep_for(wait);
          context.TryCancel();
        });
      const grpc::Status status = stub->SuggestMove(&context, request, &response);
      if (canceller.joinable()) canceller.join();
      const auto took = std::chrono::steady_clock::now() - began;

      const std::string what = game + (cancel ? " cancelled" : " with a deadline") + " gave " +
                               std::to_string(status.error_code()) + " " + status.error_message();
      if (cancel)
        f.expect(status.error_code() == grpc::CANCELLED, what);
      else
        f.expect(status.error_code() == grpc::DEADLINE_EXCEEDED || status.ok(), what);
      // Far from the 60-second budget: the search heard its caller give up.
      f.expect(took < std::chrono::seconds(20), what + " only after the search's own budget");
    }
  });
  report(findings);
}

// The plugins straight through GamePlugin, with no gRPC in between: gRPC
// is not built with ThreadSanitizer, so its synchronization is hidden from
// it, while here it sees every access, the plugins' and the host's own.
// Searches are given up through BoardgameCancel from another thread.
TEST(Concurrency, PluginsCalledFromManyThreadsAtOnce) {
  PluginFolder folder;
  for (const fs::path& plugin : kPlugins) folder.add(plugin);
  const auto loaded = boardgame::host::load_plugins(folder.path());
  ASSERT_EQ(loaded.games.size(), 3u);
  std::map<std::string, const boardgame::host::GamePlugin*> games;
  for (const auto& g : loaded.games) games[g.game_id()] = &g;

  constexpr int kClients = 6;
  const auto findings = run_clients(kClients, [&](int client, Findings& f) {
    std::mt19937 rng{std::uint32_t(client)};
    for (int g = 0; g < 2; ++g) {
      const auto& game = *games.at(kGames[(client + g) % 2]);
      const std::string at = game.game_id() + " client " + std::to_string(client) + ": ";
      v1::SetupRequest setup;
      setup.set_game_id(game.game_id());
      v1::SetupResponse started;
      if (auto s = game.call(&BoardgamePlugin::setup, setup, &started); !s.ok())
        return f.expect(false, at + "Setup: " + s.error_message());
      v1::GameState state = started.state();
      while (state.seat_to_move() != 0) {
        v1::ListMovesRequest list;
        *list.mutable_state() = state;
        v1::ListMovesResponse moves;
        if (auto s = game.call(&BoardgamePlugin::list_moves, list, &moves); !s.ok() || moves.moves().empty())
          return f.expect(false, at + "ListMoves: " + s.error_message());
        v1::ApplyMoveRequest apply;
        *apply.mutable_state() = state;
        apply.set_seat(state.seat_to_move());
        apply.set_move_id(moves.moves(int(rng() % unsigned(moves.moves_size()))).id());

        if (state.moves_size() % 4 == 2) {
          // A long search, given up by a second thread after a few ms.
          v1::SuggestMoveRequest suggest;
          *suggest.mutable_state() = state;
          suggest.set_level(v1::SuggestMoveRequest::EXPERTO);
          suggest.set_time_budget_ms(60'000);
          std::atomic<bool> gave_up{false};
          const BoardgameCancel cancel{&gave_up,
                                       [](void* flag) -> std::int32_t {
                                         return static_cast<std::atomic<bool>*>(flag)->load();
                                       },
                                       -1};
          std::thread giver([&gave_up, wait = 1 + rng() % 10] {
            std::this_thread::sleep_for(std::chrono::milliseconds(wait));
            gave_up = true;
          });
          v1::SuggestMoveResponse suggested;
          const grpc::Status s = game.call(&BoardgamePlugin::suggest_move, suggest, cancel, &suggested);
          giver.join();
          if (!s.ok()) return f.expect(false, at + "SuggestMove: " + s.error_message());
          apply.set_move_id(suggested.move().id());
        }
        v1::ApplyMoveResponse applied;
        if (auto s = game.call(&BoardgamePlugin::apply_move, apply, &applied); !s.ok())
          return f.expect(false, at + "ApplyMove: " + s.error_message());
        state = applied.state();
      }
      v1::GetOutcomeRequest outcome;
      *outcome.mutable_state() = state;
      v1::GetOutcomeResponse scored;
      const grpc::Status s = game.call(&BoardgamePlugin::get_outcome, outcome, &scored);
      f.expect(s.ok() && scored.over(), at + "GetOutcome of a finished game: " + s.error_message());
    }
    // And the faulty plugin, throwing on this thread while others play.
    v1::ListMovesRequest faulty;
    faulty.mutable_state()->set_game_id("faulty");
    faulty.mutable_state()->add_settings()->set_id("fault");
    faulty.mutable_state()->mutable_settings(0)->mutable_value()->set_choice("throw");
    v1::ListMovesResponse none;
    const auto& broken = *games.at("faulty");
    f.expect(broken.call(&BoardgamePlugin::list_moves, faulty, &none).error_code() == grpc::INTERNAL,
             "the faulty plugin's exception was not contained");
  });
  report(findings);
}

}  // namespace
}  // namespace host_test
