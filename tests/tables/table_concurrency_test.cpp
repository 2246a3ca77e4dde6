// Many people at many tables at once, through the real gRPC TableService
// in process: players and spectators on their own threads, watches that
// open, drop and resume, the CPU answering on its pool and a real timer
// thread. Labelled "concurrency": scripts/tsan.sh runs it under
// ThreadSanitizer.
#include <gtest/gtest.h>
#include <grpcpp/grpcpp.h>

#include <atomic>
#include <random>
#include <thread>

#include "boardgame/host/game_service.h"
#include "boardgame/host/loader.h"
#include "boardgame/host/server.h"
#include "boardgame/tables/table_service.h"
#include "boardgame/v1/game_service.grpc.pb.h"
#include "build_paths.h"

namespace {

namespace v1 = boardgame::v1;
using namespace boardgame;

struct InProcessHost {
  host::LoadResult games = host::load_plugins(CLUB_PLUGIN_DIR);
  tables::SystemClock clock;
  std::unique_ptr<tables::TableHost> table_host;
  std::unique_ptr<tables::TableService> table_service;
  std::unique_ptr<host::GameService> game_service;
  host::RunningServer server;

  // `max_calls_at_once`: the service's gate; a small one makes calls queue.
  explicit InProcessHost(std::size_t max_calls_at_once) {
    tables::TableHostOptions options;
    options.cpu_ms = 5;
    options.stand_in_ms = 5;
    options.grace_ms = 50;
    table_host = std::make_unique<tables::TableHost>(games.games, tables::open_store("memory"),
                                                     clock, options);
    table_service = std::make_unique<tables::TableService>(*table_host, max_calls_at_once);
    game_service = std::make_unique<host::GameService>(games.games);
    server = host::start_server({game_service.get(), table_service.get()}, host::ServerOptions{});
  }
  ~InProcessHost() {
    table_host->shutdown();
    server.server->Shutdown();
    server.server->Wait();
  }
  std::shared_ptr<grpc::Channel> channel() {
    return grpc::CreateChannel("127.0.0.1:" + std::to_string(server.port),
                               grpc::InsecureChannelCredentials());
  }
};

class TablesUnderLoad : public ::testing::TestWithParam<std::size_t> {};

TEST_P(TablesUnderLoad, PlayersSpectatorsAndTheCpuAtManyTablesAtOnce) {
  InProcessHost host(GetParam());
  constexpr int kTables = 8;
  std::atomic<int> finished_games{0}, failures{0};
  std::vector<std::thread> players;
  for (int t = 0; t < kTables; ++t)
    players.emplace_back([&, t] {
      auto channel = host.channel();
      auto tables = v1::TableService::NewStub(channel);
      auto games = v1::GameService::NewStub(channel);
      v1::CreateTableRequest create;
      create.set_game_id(t % 2 ? "uttt" : "tictactoe");
      create.add_seats()->set_kind(v1::SeatPlan::PERSON);
      create.add_seats()->set_kind(t % 4 == 0 ? v1::SeatPlan::PERSON : v1::SeatPlan::CPU);
      create.mutable_player()->set_name("Player " + std::to_string(t));
      create.mutable_player()->set_device_id("device-of-player-" + std::to_string(t));
      v1::CreateTableResponse created;
      {
        grpc::ClientContext context;
        if (!tables->CreateTable(&context, create, &created).ok()) return void(++failures);
      }
      const std::string id = created.table().table_id();
      std::vector<std::string> tokens = {created.ticket().token()};
      if (t % 4 == 0) {
        v1::JoinTableRequest join;
        join.mutable_table()->set_invite_code(created.table().invite_code());
        join.mutable_player()->set_name("Friend " + std::to_string(t));
        join.mutable_player()->set_device_id("device-of-friend-" + std::to_string(t));
        v1::SeatResponse joined;
        grpc::ClientContext context;
        if (!tables->JoinTable(&context, join, &joined).ok()) return void(++failures);
        tokens.push_back(joined.ticket().token());
      }
      // A spectator that drops its watch now and then and resumes.
      std::atomic<bool> done{false};
      std::thread spectator([&] {
        std::uint64_t seen = 0;
        bool first = true;
        while (!done) {
          grpc::ClientContext context;
          // A quiet table must not keep the spectator waiting for ever.
          context.set_deadline(std::chrono::system_clock::now() + std::chrono::milliseconds(300));
          v1::WatchRequest watch;
          watch.mutable_table()->set_table_id(id);
          if (!first) watch.set_after_version(seen);
          auto reader = tables->Watch(&context, watch);
          v1::TableEvent event;
          for (int i = 0; i < 5 && reader->Read(&event); ++i) {
            if (!first && event.version() != seen + 1) ++failures;
            seen = event.version();
            first = false;
          }
          context.TryCancel();
          reader->Finish();
        }
      });
      std::mt19937 pick{unsigned(t)};
      for (int game = 0; game < 3; ++game) {
        for (int step = 0; step < 200; ++step) {
          v1::TableRef ref;
          ref.set_table_id(id);
          v1::TableResponse now;
          {
            grpc::ClientContext context;
            if (!tables->GetTable(&context, ref, &now).ok()) return void(++failures);
          }
          const v1::Table& table = now.table();
          if (table.phase() == v1::Table::GAME_OVER) {
            v1::GameRequest next;
            next.set_table_id(id);
            next.set_token(tokens[0]);
            next.set_game_number(table.state().game_number());
            v1::TableResponse answered;
            grpc::ClientContext context;
            if (!tables->NextGame(&context, next, &answered).ok()) ++failures;
            ++finished_games;
            break;
          }
          const std::uint32_t mover = table.state().seat_to_move();
          if (mover == 0 || mover > tokens.size() ||
              table.seats(int(mover) - 1).plan().kind() != v1::SeatPlan::PERSON) {
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
            continue;
          }
          v1::ListMovesRequest list;
          *list.mutable_state() = table.state();
          v1::ListMovesResponse moves;
          {
            grpc::ClientContext context;
            if (!games->ListMoves(&context, list, &moves).ok() || moves.moves().empty()) continue;
          }
          v1::PlayRequest play;
          play.set_table_id(id);
          play.set_token(tokens[mover - 1]);
          play.set_game_number(table.state().game_number());
          play.set_move_number(table.next_move_number());
          play.set_move_id(moves.moves(int(pick() % unsigned(moves.moves_size()))).id());
          v1::PlayResponse played;
          grpc::ClientContext context;
          const grpc::Status s = tables->Play(&context, play, &played);
          // The CPU may have stood in meanwhile: a stale move is expected then.
          if (!s.ok() && s.error_code() != grpc::FAILED_PRECONDITION) ++failures;
        }
      }
      done = true;
      spectator.join();
    });
  for (auto& p : players) p.join();
  EXPECT_EQ(failures.load(), 0);
  EXPECT_GE(finished_games.load(), kTables);
}

// The default gate, and one so small that most calls wait their turn.
INSTANTIATE_TEST_SUITE_P(Gates, TablesUnderLoad,
                         ::testing::Values(tables::TableService::kMaxCallsAtOnce, 2),
                         [](const auto& info) { return "AtOnce" + std::to_string(info.param); });

}  // namespace
