// host-bench: how much a game call costs next to a call that does nothing,
// against a running game-host on loopback.
//
//     host-bench --target 127.0.0.1:50051
//
// It prepares ApplyMove requests from a few whole games (states of every
// length from the first move to the last), then times ApplyMove against the
// gRPC health check, the trivial call, over the same channel. The calls
// alternate one by one, so that both meet the same load on the machine,
// and each call's rate is its count over the time spent in it.
//
// Both calls send requests serialized beforehand and take the response as
// bytes, so the two figures differ only by what the server does: the
// plugin's replay and checks of the state. A third row adds what a client
// spends on protobuf itself: ApplyMove through the generated stub.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <grpcpp/impl/client_unary_call.h>
#include <grpcpp/impl/rpc_method.h>
#include <grpcpp/support/byte_buffer.h>
#include <iostream>
#include <random>
#include <stdexcept>
#include <vector>

#include "boardgame/v1/game_service.grpc.pb.h"
#include "call_times.h"

namespace v1 = boardgame::v1;
using host_tools::CallTimes;
using host_tools::Clock;

namespace {

void check(const grpc::Status& s, const char* what) {
  if (!s.ok())
    throw std::runtime_error(std::string(what) + " failed: " + s.error_message());
}

// ApplyMove requests of `games` random games, every ply of each.
std::vector<v1::ApplyMoveRequest> prepare(v1::GameService::Stub& stub, const std::string& game,
                                          int games) {
  std::mt19937_64 rng(1);
  std::vector<v1::ApplyMoveRequest> requests;
  for (int g = 0; g < games; ++g) {
    grpc::ClientContext setup_context;
    v1::SetupRequest setup;
    setup.set_game_id(game);
    setup.set_game_number(std::uint32_t(g + 1));
    v1::SetupResponse started;
    check(stub.Setup(&setup_context, setup, &started), "Setup");
    v1::GameState state = started.state();
    while (state.seat_to_move()) {
      grpc::ClientContext list_context;
      v1::ListMovesRequest list;
      *list.mutable_state() = state;
      v1::ListMovesResponse moves;
      check(stub.ListMoves(&list_context, list, &moves), "ListMoves");
      v1::ApplyMoveRequest apply;
      *apply.mutable_state() = state;
      apply.set_seat(state.seat_to_move());
      apply.set_move_id(moves.moves(int(rng() % std::uint64_t(moves.moves_size()))).id());
      requests.push_back(apply);
      grpc::ClientContext apply_context;
      v1::ApplyMoveResponse applied;
      check(stub.ApplyMove(&apply_context, apply, &applied), "ApplyMove");
      state = applied.state();
    }
  }
  return requests;
}

grpc::ByteBuffer bytes_of(const std::string& serialized) {
  grpc::Slice slice(serialized);
  return grpc::ByteBuffer(&slice, 1);
}

}  // namespace

int main(int argc, char** argv) {
  std::string target = "127.0.0.1:50051";
  std::string game = "uttt";
  double seconds = 10;
  int games = 8;
  CLI::App app{"Measures ApplyMove against the gRPC health check on a running game-host."};
  app.add_option("--target", target, "address of the running game-host")->capture_default_str();
  app.add_option("--game", game, "game to play")->capture_default_str();
  app.add_option("--seconds", seconds, "measuring time, shared by the calls")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  app.add_option("--games", games, "games whose plies make the ApplyMove requests")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000));
  CLI11_PARSE(app, argc, argv);

  try {
    const auto channel = host_tools::connect_to_host(target);
    auto stub = v1::GameService::NewStub(channel);
    using grpc::internal::RpcMethod;
    const RpcMethod health_check("/grpc.health.v1.Health/Check", RpcMethod::NORMAL_RPC, channel);
    const RpcMethod apply_move("/boardgame.v1.GameService/ApplyMove", RpcMethod::NORMAL_RPC,
                               channel);

    const std::vector<v1::ApplyMoveRequest> requests = prepare(*stub, game, games);
    std::vector<grpc::ByteBuffer> serialized;
    std::size_t plies = 0;
    for (const auto& r : requests) {
      plies += std::size_t(r.state().moves_size());
      serialized.push_back(bytes_of(r.SerializeAsString()));
    }
    std::printf("target %s, game %s: %zu ApplyMove requests from %d games, %.1f moves of "
                "history on average\n",
                target.c_str(), game.c_str(), requests.size(), games,
                double(plies) / double(requests.size()));

    auto raw_call = [&](const RpcMethod& method, const grpc::ByteBuffer& request, const char* what) {
      grpc::ClientContext context;
      grpc::ByteBuffer response;
      check(grpc::internal::BlockingUnaryCall(channel.get(), method, &context, request, &response),
            what);
    };
    // An empty HealthCheckRequest asks about the whole server.
    const grpc::ByteBuffer health_request = bytes_of("");
    CallTimes health, apply, typed;
    const auto end = Clock::now() + std::chrono::duration<double>(seconds);
    for (std::size_t i = 0; Clock::now() < end; i = (i + 1) % requests.size()) {
      health.time([&] { raw_call(health_check, health_request, "health check"); });
      apply.time([&] { raw_call(apply_move, serialized[i], "ApplyMove"); });
      typed.time([&] {
        grpc::ClientContext context;
        v1::ApplyMoveResponse response;
        check(stub->ApplyMove(&context, requests[i], &response), "ApplyMove");
      });
    }

    std::printf("%-30s %9s %9s %9s %9s\n", "call", "calls", "calls/s", "p50 us", "p99 us");
    for (auto [name, series] : {std::pair{"grpc.health.v1 Check", &health},
                                std::pair{"GameService/ApplyMove", &apply},
                                std::pair{"ApplyMove, generated stub", &typed}})
      std::printf("%-30s %9zu %9.0f %9.1f %9.1f\n", name, series->count(), series->rate(),
                  series->percentile(0.50), series->percentile(0.99));
    std::printf("ApplyMove throughput / health check throughput: %.3f (target >= 0.9)\n",
                apply.rate() / health.rate());
    std::printf("the same through the generated stub:            %.3f\n",
                typed.rate() / health.rate());
  } catch (const std::exception& e) {
    std::cerr << "host-bench: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
