#include "local_rules.h"

#include <system_error>

#include "boardgame/host/error_status.h"
#include "boardgame/host/loader.h"

namespace game_client {
namespace {

namespace host = boardgame::host;

// A plugin's status as HostLink gives a host's: the ErrorDetail travels in
// error_details() here, in the trailing metadata there.
Failure failure_from(const grpc::Status& status) {
  if (status.ok()) return {};
  Failure failure{status.error_code(), status.error_message(), {}};
  failure.detail.ParseFromString(status.error_details());
  return failure;
}

}  // namespace

LocalRules::LocalRules(std::filesystem::path folder) : folder_(std::move(folder)) {
  if (folder_.empty()) folder_ = host::default_plugin_folder();
  if (folder_.empty()) return;
  try {
    plugins_ = host::load_plugins(folder_).games;
  } catch (const std::filesystem::filesystem_error& e) {
    problem_ = e.code().message();
  }
}

std::vector<std::string> LocalRules::game_ids() const {
  std::vector<std::string> ids;
  for (const host::GamePlugin& p : plugins_) ids.push_back(p.game_id());
  return ids;
}

const host::GamePlugin* LocalRules::find(const std::string& game_id) const {
  for (const host::GamePlugin& p : plugins_)
    if (p.game_id() == game_id) return &p;
  return nullptr;
}

Failure LocalRules::run(const std::string& game_id, host::PluginCall call,
                        const google::protobuf::MessageLite& request,
                        google::protobuf::MessageLite* response) const {
  const host::GamePlugin* plugin = find(game_id);
  // Refused as a host refuses a game it does not serve.
  if (!plugin)
    return failure_from(host::error(grpc::StatusCode::NOT_FOUND, "unknown_game",
                                    "no plugin in " + folder_.string() + " plays '" + game_id + "'",
                                    {{"game", game_id}}));
  return failure_from(plugin->call(call, request, response));
}

Failure LocalRules::list_games(const v1::ListGamesRequest& request, v1::ListGamesResponse* response) {
  response->Clear();
  for (const host::GamePlugin& p : plugins_) {
    v1::DescribeGameRequest describe;
    describe.set_game_id(p.game_id());
    describe.set_locale(request.locale());
    v1::DescribeGameResponse described;
    const grpc::Status s = p.call(&BoardgamePlugin::describe_game, describe, &described);
    // As game-host: a plugin that fails is left out of the list, not the
    // whole list lost.
    if (s.error_code() == grpc::StatusCode::INTERNAL) continue;
    if (!s.ok()) return failure_from(s);
    *response->add_games() = std::move(*described.mutable_game());
  }
  return {};
}

Failure LocalRules::describe_game(const v1::DescribeGameRequest& q, v1::DescribeGameResponse* r) {
  return run(q.game_id(), &BoardgamePlugin::describe_game, q, r);
}

Failure LocalRules::get_rules(const v1::GetRulesRequest& q, v1::GetRulesResponse* r) {
  // Plugins of ABI revision 0 have no rules documents.
  if (const host::GamePlugin* p = find(q.game_id()); p && p->abi_revision() < 1)
    return failure_from(host::error(grpc::StatusCode::UNIMPLEMENTED, "not_supported",
                                    "game '" + q.game_id() + "' has no GetRules call",
                                    {{"game", q.game_id()}}));
  return run(q.game_id(), &BoardgamePlugin::get_rules, q, r);
}

Failure LocalRules::setup(const v1::SetupRequest& q, v1::SetupResponse* r) {
  return run(q.game_id(), &BoardgamePlugin::setup, q, r);
}

Failure LocalRules::list_moves(const v1::ListMovesRequest& q, v1::ListMovesResponse* r) {
  return run(q.state().game_id(), &BoardgamePlugin::list_moves, q, r);
}

Failure LocalRules::apply_move(const v1::ApplyMoveRequest& q, v1::ApplyMoveResponse* r) {
  return run(q.state().game_id(), &BoardgamePlugin::apply_move, q, r);
}

Failure LocalRules::resign(const v1::ResignRequest& q, v1::ResignResponse* r) {
  return run(q.state().game_id(), &BoardgamePlugin::resign, q, r);
}

}  // namespace game_client
