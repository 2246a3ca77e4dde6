// Shared pieces of the host tests: temporary plugin folders, and an
// in-process game-host serving the real ultimate tic-tac-toe plugin with
// a client stub that also reads each error's ErrorDetail.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "boardgame/host/error_status.h"
#include "boardgame/host/game_service.h"
#include "boardgame/host/server.h"
#include "boardgame/v1/error_detail.pb.h"
#include "build_paths.h"

namespace host_test {

namespace v1 = boardgame::v1;
namespace fs = std::filesystem;

// A fresh folder, removed when the object dies.
class PluginFolder {
 public:
  PluginFolder();
  ~PluginFolder();
  PluginFolder(const PluginFolder&) = delete;
  PluginFolder& operator=(const PluginFolder&) = delete;

  // Links a library into the folder, under its own file name by default.
  void add(const fs::path& library, const std::string& name = {}) const;
  void write(const std::string& name, const std::string& text) const;
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

// The id of an ultimate tic-tac-toe move written "board/cell".
std::uint32_t move_id(std::string_view notation);

template <class Response>
struct Reply {
  grpc::Status status;
  Response response;
  v1::ErrorDetail detail;  // from the trailing metadata, on failure
};

// A refusal with this code and reason, whose message contains
// `message_part` and is repeated in the ErrorDetail.
template <class Response>
void expect_error(const Reply<Response>& reply, grpc::StatusCode code, const std::string& reason,
                  const std::string& message_part) {
  EXPECT_EQ(reply.status.error_code(), code) << reply.status.error_message();
  EXPECT_EQ(reply.detail.reason(), reason);
  EXPECT_EQ(reply.detail.message(), reply.status.error_message());
  EXPECT_NE(reply.status.error_message().find(message_part), std::string::npos)
      << reply.status.error_message();
}

// The value of an ErrorDetail argument, or "<missing>".
std::string arg(const v1::ErrorDetail& detail, const std::string& name);

class TestHost {
 public:
  // Serves these plugin libraries, loaded from a folder of their own.
  explicit TestHost(const std::vector<fs::path>& libraries = {UTTT_PLUGIN});
  ~TestHost();

  template <class Request, class Response>
  using Rpc = grpc::Status (v1::GameService::Stub::*)(grpc::ClientContext*, const Request&,
                                                      Response*);

  template <class Request, class Response>
  Reply<Response> call(Rpc<Request, Response> rpc, const Request& request,
                       int deadline_ms = 0) const {
    grpc::ClientContext context;
    if (deadline_ms)
      context.set_deadline(std::chrono::system_clock::now() +
                           std::chrono::milliseconds(deadline_ms));
    Reply<Response> reply;
    reply.status = (stub_.get()->*rpc)(&context, request, &reply.response);
    reply.detail = boardgame::host::error_detail_of(context);
    return reply;
  }

  // The calls as they come back, for tests of what the host refuses.
  Reply<v1::SetupResponse> try_setup(const std::vector<v1::Setting>& settings,
                                     std::uint32_t game_number = 0) const;
  Reply<v1::ListMovesResponse> try_list(const v1::GameState& state) const;

  // The calls of a game, asserting success.
  v1::GameState setup(const std::vector<v1::Setting>& settings = {},
                      std::uint32_t game_number = 1) const;
  std::vector<v1::Move> moves(const v1::GameState& state) const;
  v1::GameState apply(const v1::GameState& state, std::uint32_t move_id) const;
  v1::GameState apply(const v1::GameState& state, std::string_view notation) const {
    return apply(state, move_id(notation));
  }

  std::shared_ptr<grpc::Channel> channel() const { return channel_; }

 private:
  PluginFolder folder_;
  std::unique_ptr<boardgame::host::GameService> service_;
  boardgame::host::RunningServer server_;
  std::shared_ptr<grpc::Channel> channel_;
  std::unique_ptr<v1::GameService::Stub> stub_;
};

v1::Setting flag(const std::string& id, bool on);
v1::Setting number(const std::string& id, std::int64_t n);

}  // namespace host_test
