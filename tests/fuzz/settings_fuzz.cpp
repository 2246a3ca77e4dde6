// Validating settings: a SetupRequest, as arbitrary bytes, through a
// plugin's setup (the game is chosen by its game id). The plugin must
// accept exactly the requests that name known settings once each with
// allowed values, judged here from its own published schema, and the
// state it starts must carry the settings in canonical form: setting the
// game up again from them gives the same state.
#include <algorithm>
#include <set>
#include <string>

#include "boardgame/v1/game_service.pb.h"
#include "plugins.h"

namespace v1 = boardgame::v1;
using fuzz::Call;
using fuzz::require;

namespace {

// Values compare by kind and value; unknown fields do not count.
bool same(const v1::SettingValue& a, const v1::SettingValue& b) {
  if (a.kind_case() != b.kind_case()) return false;
  switch (a.kind_case()) {
    case v1::SettingValue::kFlag: return a.flag() == b.flag();
    case v1::SettingValue::kNumber: return a.number() == b.number();
    case v1::SettingValue::kChoice: return a.choice() == b.choice();
    case v1::SettingValue::KIND_NOT_SET: return true;
  }
  return false;
}

const v1::GameInfo& schema(const BoardgamePlugin& plugin) {
  static const v1::GameInfo uttt = fuzz::described(fuzz::uttt_plugin());
  static const v1::GameInfo tictactoe = fuzz::described(fuzz::tictactoe_plugin());
  return &plugin == &fuzz::uttt_plugin() ? uttt : tictactoe;
}

bool allowed(const v1::GameInfo& game, const v1::Setting& setting) {
  for (const v1::SettingSpec& spec : game.settings())
    if (spec.id() == setting.id())
      return std::any_of(spec.allowed_values().begin(), spec.allowed_values().end(),
                         [&](const v1::AllowedValue& a) { return same(a.value(), setting.value()); });
  return false;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  v1::SetupRequest request;
  const bool parsed = request.ParseFromArray(data, int(size));
  const BoardgamePlugin& plugin = fuzz::plugin_for(request.game_id());
  const fuzz::Reply setup = fuzz::call(plugin, Call::kSetup, data, size);
  if (!parsed) {
    require(setup.code == grpc::INVALID_ARGUMENT, "malformed request not refused");
    return 0;
  }
  if (request.game_id() != plugin.game_id) {
    require(setup.code == grpc::NOT_FOUND, "another game's setup answered " +
                                               std::to_string(setup.code));
    return 0;
  }

  const v1::GameInfo& game = schema(plugin);
  std::set<std::string> ids;
  bool valid = true;
  for (const v1::Setting& s : request.settings())
    valid = valid && ids.insert(s.id()).second && allowed(game, s);
  require((setup.code == grpc::OK) == valid,
          "Setup answered " + std::to_string(setup.code) + " for " +
              (valid ? "valid" : "invalid") + " settings " + request.ShortDebugString());
  if (!valid) {
    require(setup.code == grpc::INVALID_ARGUMENT, "invalid settings answered " +
                                                      std::to_string(setup.code));
    return 0;
  }

  const v1::GameState state = fuzz::read<v1::SetupResponse>(setup).state();
  for (const v1::Setting& s : state.settings()) {
    require(std::any_of(request.settings().begin(), request.settings().end(),
                        [&](const v1::Setting& r) { return r.SerializeAsString() == s.SerializeAsString(); }),
            "the state holds a setting that was not chosen: " + s.ShortDebugString());
  }

  v1::SetupRequest again;
  again.set_game_id(request.game_id());
  again.set_game_number(request.game_number());
  *again.mutable_settings() = state.settings();
  const fuzz::Reply replay = fuzz::call(plugin, Call::kSetup, again);
  require(replay.code == grpc::OK &&
              fuzz::read<v1::SetupResponse>(replay).state().SerializeAsString() ==
                  state.SerializeAsString(),
          "the state's own settings set up another game");

  v1::ListMovesRequest list;
  *list.mutable_state() = state;
  const fuzz::Reply listed = fuzz::call(plugin, Call::kListMoves, list);
  require(listed.code == grpc::OK && fuzz::read<v1::ListMovesResponse>(listed).moves_size() > 0,
          "a new game has no legal move");
  return 0;
}
