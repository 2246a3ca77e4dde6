#include "test_host.h"

#include <fstream>
#include <random>

#include "boardgame/host/loader.h"
#include "uttt/engine/notation.h"

namespace host_test {

PluginFolder::PluginFolder() {
  std::random_device random;
  path_ = fs::temp_directory_path() / ("club-host-test-" + std::to_string(random()));
  fs::create_directories(path_);
}

PluginFolder::~PluginFolder() {
  std::error_code ignored;
  fs::remove_all(path_, ignored);
}

void PluginFolder::add(const fs::path& library, const std::string& name) const {
  fs::create_symlink(library, path_ / (name.empty() ? library.filename() : fs::path(name)));
}

void PluginFolder::write(const std::string& name, const std::string& text) const {
  std::ofstream(path_ / name) << text;
}

TestHost::TestHost(const std::vector<fs::path>& libraries) {
  for (const fs::path& library : libraries) folder_.add(library);
  auto loaded = boardgame::host::load_plugins(folder_.path());
  service_ = std::make_unique<boardgame::host::GameService>(std::move(loaded.games));
  server_ = boardgame::host::start_server(*service_, {/*listen=*/"", 1 << 20});
  channel_ = server_.server->InProcessChannel(grpc::ChannelArguments());
  stub_ = v1::GameService::NewStub(channel_);
}

TestHost::~TestHost() { server_.server->Shutdown(); }

Reply<v1::SetupResponse> TestHost::try_setup(const std::vector<v1::Setting>& settings,
                                             std::uint32_t game_number) const {
  v1::SetupRequest request;
  request.set_game_id("uttt");
  for (const v1::Setting& s : settings) *request.add_settings() = s;
  request.set_game_number(game_number);
  return call(&v1::GameService::Stub::Setup, request);
}

Reply<v1::ListMovesResponse> TestHost::try_list(const v1::GameState& state) const {
  v1::ListMovesRequest request;
  *request.mutable_state() = state;
  return call(&v1::GameService::Stub::ListMoves, request);
}

v1::GameState TestHost::setup(const std::vector<v1::Setting>& settings,
                              std::uint32_t game_number) const {
  const auto reply = try_setup(settings, game_number);
  EXPECT_TRUE(reply.status.ok()) << reply.status.error_message();
  return reply.response.state();
}

std::vector<v1::Move> TestHost::moves(const v1::GameState& state) const {
  const auto reply = try_list(state);
  EXPECT_TRUE(reply.status.ok()) << reply.status.error_message();
  return {reply.response.moves().begin(), reply.response.moves().end()};
}

v1::GameState TestHost::apply(const v1::GameState& state, std::uint32_t move_id) const {
  v1::ApplyMoveRequest request;
  *request.mutable_state() = state;
  request.set_seat(state.seat_to_move());
  request.set_move_id(move_id);
  const auto reply = call(&v1::GameService::Stub::ApplyMove, request);
  EXPECT_TRUE(reply.status.ok()) << move_id << ": " << reply.status.error_message();
  return reply.response.state();
}

std::uint32_t move_id(std::string_view notation) {
  const auto m = uttt::parse_move(notation);
  if (!m) throw std::invalid_argument(m.error);
  return m.value;
}

v1::Setting flag(const std::string& id, bool on) {
  v1::Setting s;
  s.set_id(id);
  s.mutable_value()->set_flag(on);
  return s;
}

v1::Setting number(const std::string& id, std::int64_t n) {
  v1::Setting s;
  s.set_id(id);
  s.mutable_value()->set_number(n);
  return s;
}

std::string arg(const v1::ErrorDetail& detail, const std::string& name) {
  for (const auto& a : detail.args())
    if (a.name() == name) return a.value();
  return "<missing>";
}

}  // namespace host_test
